"""A key script's press lands once however loaded the PC is (CI's host at a load of 20 on
two cores): the simulated board holds a key it is tapped with until the firmware has read it
down for KEY_SETTLE_MS by the firmware's own clock, then lets it go (sim/link.py's "T"
frame). A host that answered late used to let go late: the key was held past the
debouncer's REPEAT_DELAY_MS and a Down stepped twice (a seat's level, the match length or
the deal number one step off).

The stand-in board's pin interrupts give each change of a key the time the host made it,
however late the firmware takes it in: two presses made while the firmware was busy are two
presses in its key queue (given the time they were taken in, the second was a bounce)."""

import ast
import subprocess
import time

from deckhw.buttons import PRESS, RELEASE, REPEAT_DELAY_MS
from deckmate import runtime
from deckmate.sim.boards import read_board
from deckmate.sim.link import TICKS_PERIOD, ticks_ms
from deckmate.sim.script import KEY_SETTLE_MS, HeadlessBoard
from play_sim import play
from sim_helpers import run_with_link
from text_boxes import read_boxes

POLLS = """
import machine, time
from deckhw.buttons import Buttons
keys = Buttons({"down": machine.Pin(%d, machine.Pin.IN, machine.Pin.PULL_UP)})
events = []
start = time.ticks_ms()
while len(events) < 2 and time.ticks_diff(time.ticks_ms(), start) < 5000:
    events += keys.poll(time.ticks_ms())
    machine.idle()
    time.sleep_ms(%d)
print(events)
"""


def polls_of_a_tap(every_ms, hold_ms=KEY_SETTLE_MS):
    """The debouncer's events when the host taps Down once and the firmware polls the keys
    every `every_ms` (a firmware starved of the CPU polls late); and whether the firmware
    told the host it was done with the tap."""
    code = POLLS % (read_board("pico_lcd_13").keys["down"], every_ms)
    link, text = run_with_link(code, connected=lambda link, running: link.tap("down", hold_ms))
    return ast.literal_eval(text.strip().splitlines()[-1]), link.settled(0)


def test_a_tap_is_one_press_and_one_release_when_the_firmware_polls_often():
    assert polls_of_a_tap(1) == ([("down", PRESS), ("down", RELEASE)], True)


def test_a_tap_is_one_press_and_one_release_when_the_firmware_polls_late():
    late = REPEAT_DELAY_MS + 100  # a poll this late used to see the key still down: a REPEAT
    assert polls_of_a_tap(late) == ([("down", PRESS), ("down", RELEASE)], True)


def test_a_key_script_steps_once_a_press_however_late_the_host_answers(tmp_path, monkeypatch):
    settle = HeadlessBoard.settle

    def late_settle(self, lag_ms, what):  # the host starved after each answer of the board
        settle(self, lag_ms, what)
        time.sleep((REPEAT_DELAY_MS + 100) / 1000)

    monkeypatch.setattr(HeadlessBoard, "settle", late_settle)
    shots = play(tmp_path / "flash.img", ["down", "down", "press", "shot history"],
                 tmp_path / "shots", fresh=True, text_boxes=True)
    assert [box.text for box in read_boxes(shots[0]) if box.kind == "text"][0] == "History"


BUSY = """
import machine, time
from deckhw.buttons import Buttons
keys = Buttons({"down": machine.Pin(%d, machine.Pin.IN, machine.Pin.PULL_UP)},
               machine.ticks_ms)
machine.idle()  # ready: the host presses Down twice while it is busy
time.sleep_ms(%d)
events = []
for _ in range(3):
    events += [(name, kind) for name, kind in keys.poll(time.ticks_ms())]
    time.sleep_ms(50)
print(events)
"""


def test_presses_made_while_the_firmware_is_busy_reach_its_queue_each_at_its_own_time():
    busy_ms, times = 600, []

    def presses(link, running):
        while link.idle_count == 0 and running():
            link.pump(0.05)
        times.append(time.monotonic())
        for keys in (["down"], [], ["down"], []):  # a change every 40 ms, sent as made
            link.press(keys)
            time.sleep(0.04)
        times.append(time.monotonic())

    code = BUSY % (read_board("pico_lcd_13").keys["down"], busy_ms)
    _, text = run_with_link(code, connected=presses)
    made, sent = times
    assert (sent - made) * 1000 < busy_ms / 2  # all of them while it was busy
    assert ast.literal_eval(text.strip().splitlines()[-1]) == \
        [("down", PRESS), ("down", RELEASE)] * 2


def test_the_host_s_ticks_are_the_firmware_s():
    code = "import time\nprint(time.ticks_ms())"
    before = ticks_ms()
    firmware = int(subprocess.run([runtime.micropython_path(), "-c", code], capture_output=True,
                                  text=True, check=True).stdout)
    after = ticks_ms()
    assert (firmware - before) % TICKS_PERIOD <= (after - before) % TICKS_PERIOD
