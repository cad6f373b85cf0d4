"""Key scripts: the simulated board played headless, with screenshots.

One step a line: a key (`up down left right press a b x y`) pressed and released;
`hold KEY MS`; `quick [MS] KEY ...` (the keys pressed one after the other, each MS after
the one before, 2 * QUICK_MS unless given, and held half of that: a person's quick presses
while a screen changes. They reach the board at once, each change with its own time, as if
the firmware had been busy the whole time: only the pins' interrupts and the key queue
(deckhw/buttons.py) hand them on); `until KEY TEXT` (KEY pressed until a text on the panel
reads TEXT, at most UNTIL_PRESSES times: a choice made whatever the device remembered, e.g.
`until right Scioto` on the set-up's game row); `wait MS`; `shot NAME` (NAME.png, 240x240,
the app area); `# comment`.
After each step the host waits until the firmware is idle (board.idle(), nothing left to
do) rather than for a fixed time. A key (and a hold) is a tap of the side channel
(sim/link.py): the board holds it until the firmware has read it down for KEY_SETTLE_MS
(longer than the debouncer needs; a hold's MS) by the firmware's own clock, then lets it
go, so a press lands once however loaded the host is (a host slow to let go would make it
repeat).

`run_script` is the Python API (tests and screenshot tools use it); `deckmate sim --headless`
calls it. With `text_boxes`, each shot NAME.png gets NAME.boxes.json beside it: the boxes
of text and cards on the panel (device/text_boxes.py has their form).
"""

import json
import os
import re
import signal
import subprocess
import tempfile
import time

from deckmate.sim import firmware
from deckmate.sim.boards import read_board
from deckmate.sim.link import TICKS_PERIOD, ticks_ms

KEYS = ("up", "down", "left", "right", "press", "a", "b", "x", "y")
KEY_SETTLE_MS = 30       # longer than deckhw/buttons.py DEBOUNCE_MS (a test checks)
QUICK_MS = 30            # a level of a `quick` step: longer than a bounce, shorter than a change
UNTIL_PRESSES = 20       # an `until` step's presses before it fails
ANSWER_TIMEOUT_S = 30.0  # no idle for this long: the firmware stopped answering
APP_SIZE = 240
FAULT_FIRED = "deckmate sim: fault injected"  # device/sim_fault.py's FIRED
SHOT_NAME = re.compile(r"^[A-Za-z0-9_.-]+$")
BOX_LINE, AFRESH_LINE = "text-box\t", "text-boxes afresh\t"  # device/text_boxes.py
COVERED_LINE, ROWS_LINE = "text-boxes covered\t", "text-boxes rows\t"


class ScriptError(Exception):
    """A key script that cannot be run (the message names the line)."""


class TextNotShown(ScriptError):
    """An `until` step whose text did not show (the message names the line)."""


class FaultNotFired(Exception):
    """A key script run with a fault to inject that ended without the fault happening (a test
    of the fault path that would pass without its fault)."""


class FirmwareFailed(Exception):
    """The firmware crashed, exited or stopped answering; the message has its output."""


def parse_script(lines):
    """[(line number, step, argument...)] of a key script, or ScriptError naming the line."""
    steps = []
    for number, line in enumerate(lines, 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        step = words[0]
        if step in KEYS and len(words) == 1:
            steps.append((number, "key", step))
        elif step == "hold" and len(words) == 3 and words[1] in KEYS and words[2].isdigit():
            steps.append((number, "hold", words[1], int(words[2])))
        elif step == "quick" and quick_step(words[1:]):
            steps.append((number, "quick") + quick_step(words[1:]))
        elif step == "until" and len(words) > 2 and words[1] in KEYS:
            steps.append((number, "until", words[1], " ".join(words[2:])))
        elif step == "wait" and len(words) == 2 and words[1].isdigit():
            steps.append((number, "wait", int(words[1])))
        elif step == "shot" and len(words) == 2 and SHOT_NAME.match(words[1]):
            steps.append((number, "shot", words[1]))
        else:
            raise ScriptError("line %d: unknown step %r (steps: %s, hold KEY MS, quick [MS] KEY "
                              "..., MS at least %d, until KEY TEXT, wait MS, shot NAME, # comment)"
                              % (number, line.strip(), " ".join(KEYS), 2 * QUICK_MS))
    return steps


def quick_step(words):
    """(pace ms, key, ...) of a `quick` step's words after `quick`, or () if they are not one."""
    pace = int(words[0]) if words and words[0].isdigit() else 2 * QUICK_MS
    keys = tuple(words[1:] if words and words[0].isdigit() else words)
    if not keys or [key for key in keys if key not in KEYS] or pace < 2 * QUICK_MS:
        return ()
    return (pace,) + keys


def check_keys(steps, board):
    """ScriptError for the first step that presses a key `board` (a BoardDefinition) lacks."""
    for step in steps:
        keys = (step[3:] if step[1] == "quick" else
                step[2:3] if step[1] in ("key", "hold", "until") else ())
        for key in keys:
            if key not in board.keys:
                raise ScriptError("line %d: the board %s has no key %r (it has: %s)"
                                  % (step[0], board.name, key, " ".join(sorted(board.keys))))


def save_screenshot(panel, path):
    """The app area (the centre 240x240 of the panel) as a PNG."""
    from PIL import Image
    picture = Image.frombytes("RGB", (panel.width, panel.height), panel.rgb())
    left = (panel.width - APP_SIZE) // 2
    top = (panel.height - APP_SIZE) // 2
    picture.crop((left, top, left + APP_SIZE, top + APP_SIZE)).save(path)


def box_of(fields):
    """A box [layer, kind, x, y, width, height, text, whole, room] from the fields of a line
    the recorder printed (device/text_boxes.py): text, whole and room None where they do not
    apply (whole also when the text is whole)."""
    layer, kind, x, y, width, height, left, right, shortened, text, whole = fields.split("\t")
    room = None if left == "-" else [int(left), int(right)]
    return [layer, kind, int(x), int(y), int(width), int(height),
            text if kind == "text" else None, whole if shortened == "1" else None, room]


class HeadlessBoard:
    """The firmware running with its output in a file and the host waiting on its idles."""

    def __init__(self, flash, board="pico_lcd_13", heapsize=firmware.HEAPSIZE, fresh=False,
                 held_at_boot=(), fault=None, text_boxes=False, boxes_files=None,
                 flash_blocks=None):
        """`text_boxes`: the recorder of the panel's texts on; `boxes_files` (as text_boxes
        unless given): each shot's boxes written beside it; `flash_blocks`: the size of a new
        flash."""
        self.boxes_files = text_boxes if boxes_files is None else boxes_files
        self.link = firmware.prepare(flash, board, fresh, held_at_boot, blocks=flash_blocks)
        self.flash = flash
        self.heapsize = heapsize
        self.fault = fault
        self.text_boxes = text_boxes
        self.boxes = {"bars": [], "area": [], "dialog": []}  # as far as the output is read
        self.boxes_read_to = 0
        self.output = tempfile.TemporaryFile()
        self.process = None
        self.resets_seen = 0
        self.start()

    def start(self):
        """Start the firmware; with a fault to inject, armed until it has happened once
        (device/sim_fault.py)."""
        env = firmware.environment(self.link.path, self.flash, text_boxes=self.text_boxes)
        if self.fault and FAULT_FIRED not in self.output_text():
            env["DECKMATE_SIM_FAULT"] = self.fault
        if self.process is not None:  # (a restart: the last start's port)
            self.process.stdin.close()
        # its USB serial port: a pipe nobody writes to, as a board's with no PC talking to it
        # (at the end of /dev/null the port would read as ready at every pass)
        self.process = subprocess.Popen(
            firmware.command(firmware.heap_with_text_boxes(self.heapsize) if self.text_boxes
                             else self.heapsize),
            stdin=subprocess.PIPE, stdout=self.output, stderr=subprocess.STDOUT, env=env)

    def output_text(self):
        self.output.seek(0)
        return self.output.read().decode(errors="replace")

    def latest_boxes(self):
        """The boxes on the panel, the bars' first: the lines the firmware printed since the
        last call, added to the boxes then."""
        self.output.seek(self.boxes_read_to)
        whole_lines = self.output.read().rpartition(b"\n")[0]  # not a line still being printed
        if whole_lines:
            self.boxes_read_to += len(whole_lines) + 1
        for line in whole_lines.decode(errors="replace").splitlines():
            if line.startswith(BOX_LINE):
                box = box_of(line[len(BOX_LINE):])
                if box not in self.boxes[box[0]]:  # (drawn again over itself: rows not marked)
                    self.boxes[box[0]].append(box)
            elif line.startswith(ROWS_LINE):
                layer, first, end = line[len(ROWS_LINE):].split("\t")
                self.boxes[layer] = [box for box in self.boxes[layer]
                                     if not (box[3] < int(end) and int(first) < box[3] + box[5])]
            elif line.startswith(AFRESH_LINE):
                layer = line[len(AFRESH_LINE):]
                for name in ("bars", "area") if layer == "all" else (layer,):
                    self.boxes[name] = []
            elif line.startswith(COVERED_LINE):
                left, top, width, height = map(int, line[len(COVERED_LINE):].split("\t"))
                self.boxes["area"] = [box for box in self.boxes["area"] if not (
                    box[2] < left + width and left < box[2] + box[4]
                    and box[3] < top + height and top < box[3] + box[5])] + self.boxes["dialog"]
                self.boxes["dialog"] = []
        return self.boxes["bars"] + self.boxes["area"]

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.process.stdin.close()
        self.link.close()
        self.output.close()

    def fail(self, reason):
        raise FirmwareFailed("%s\n--- firmware output ---\n%s"
                             % (reason, self.output_text()[-4000:]))

    def wait_until(self, condition, what):
        deadline = time.monotonic() + ANSWER_TIMEOUT_S
        idles = self.link.idle_count
        while not condition():
            self.link.pump(0.05)
            if self.link.idle_count != idles:  # only an idle counts as an answer
                idles = self.link.idle_count
                deadline = time.monotonic() + ANSWER_TIMEOUT_S
            status = self.process.poll()
            if status is not None:
                while self.link.pump(0):  # what it sent before exiting
                    pass
                if self.link.resets > self.resets_seen:
                    self.resets_seen = self.link.resets
                    self.start()
                    continue
                self.fail("the firmware exited (status %d) while %s" % (status, what))
            if time.monotonic() > deadline:
                self.process.send_signal(signal.SIGINT)  # its traceback shows where it hung
                time.sleep(0.5)
                self.fail("the firmware stopped answering (no idle for %d s) while %s"
                          % (ANSWER_TIMEOUT_S, what))

    def settle(self, lag_ms, what):
        self.wait_until(lambda: self.link.settled(lag_ms), what)

    def next_idle(self, what):
        seen = self.link.idle_count
        self.wait_until(lambda: self.link.idle_count > seen, what)

    def run_step(self, step, shots_dir):
        number, kind = step[0], step[1]
        what = "running line %d (%s)" % (number, " ".join(str(part) for part in step[1:]))
        if kind == "until":
            for _ in range(UNTIL_PRESSES):
                if step[3] in [box[6] for box in self.latest_boxes()]:
                    return None
                self.run_step((number, "key", step[2]), shots_dir)
            if step[3] not in [box[6] for box in self.latest_boxes()]:
                raise TextNotShown("line %d: %r not on the panel after %d presses of %s (is "
                                   "the cursor on the row that shows it?)"
                                   % (number, step[3], UNTIL_PRESSES, step[2]))
        elif kind in ("key", "hold"):
            self.link.tap(step[2], KEY_SETTLE_MS if kind == "key" else max(KEY_SETTLE_MS, step[3]))
            self.settle(0, what)
        elif kind == "quick":  # made over the last moments, sent at once
            pace, keys = step[2], step[3:]
            # those moments after the last step's changes (each key's first change here
            # more than a bounce after its last)
            time.sleep((len(keys) * pace + QUICK_MS) / 1000)
            start = ticks_ms() - len(keys) * pace
            for index, key in enumerate(keys):
                self.link.press([key], (start + index * pace) % TICKS_PERIOD)
                self.link.press([], (start + index * pace + pace // 2) % TICKS_PERIOD)
            self.settle(KEY_SETTLE_MS, what)
        elif kind == "wait":
            time.sleep(step[2] / 1000)
            self.next_idle(what)
        elif kind == "shot":
            self.next_idle(what)
            path = os.path.join(shots_dir, step[2] + ".png")
            save_screenshot(self.link.panel, path)
            if self.boxes_files:
                with open(path[:-len(".png")] + ".boxes.json", "w") as boxes:
                    json.dump(self.latest_boxes(), boxes)
            return path
        return None


def run_script(lines, flash, shots_dir, heapsize=firmware.HEAPSIZE, board="pico_lcd_13",
               fresh=False, held_at_boot=(), output=None, fault=None,
               text_boxes=False, flash_blocks=None):
    """Boot the simulated board on the flash image file `flash`, play the key script `lines`
    and write its shots into `shots_dir`. Returns the PNG paths written. Raises ScriptError
    for a bad script or a key the board lacks (before booting) and FirmwareFailed if the
    firmware crashed, exited or stopped answering. `output(text)`, when given, gets what the
    firmware printed, once the board is switched off. `fault` ("MODULE CLASS.METHOD N KIND")
    makes the Nth call of that method fail, once: KIND `error` a RuntimeError, `memory` a
    MemoryError, `full` the store's StoreFull (device/sim_fault.py: tests of the fault path);
    FaultNotFired if the script ended without it.
    `text_boxes`: each shot's boxes in NAME.boxes.json too (the firmware gets the heap and
    the recorder's room, firmware.TEXT_BOXES_HEAP_KB). `flash_blocks`: the size of a new
    flash (flash.install_image)."""
    steps = parse_script(lines)
    check_keys(steps, read_board(board))
    if shots_dir:
        os.makedirs(shots_dir, exist_ok=True)
    reads_panel = any(step[1] == "until" for step in steps)
    headless = HeadlessBoard(flash, board, heapsize, fresh, held_at_boot, fault,
                             text_boxes or reads_panel, boxes_files=text_boxes,
                             flash_blocks=flash_blocks)
    shots = []
    try:
        headless.settle(0, "booting")
        for step in steps:
            path = headless.run_step(step, shots_dir)
            if path:
                shots.append(path)
        if fault and FAULT_FIRED not in headless.output_text():
            raise FaultNotFired(
                "the fault %r never happened: the script ended before the method's call %s "
                "(give a count the script reaches, or a method the firmware calls)"
                % (fault, fault.split()[2]))
    finally:
        if output is not None:
            output(headless.output_text())
        headless.close()
    return shots
