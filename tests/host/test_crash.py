"""A fault never costs the match (issue 23): an exception that escapes a bot's think (here a
MemoryError, the heap filled) or a screen's draw is recorded on flash, the panel says that
the game is saved, and the centre key resets the board, whose boot offers the match again;
it then goes on to its end with the log it would have had without the fault. The faults are
injected by the simulated board (host/deckmate/sim/device/sim_fault.py), not by the firmware.
The record, a full flash and About are checked under MicroPython on their own."""

import json
import os

from PIL import Image

from deckmate.runtime import run_core
from deckmate.sim import flash
from deckmate.sim.script import save_screenshot
from deckmate.store_files import read_checked
from helpers import FIRMWARE, ROOT
from play_sim import check_replay, device_log, expected_match, fast_bots_keys, play
from sim_helpers import run_with_link
from test_keep_score import MATCHES as KEPT_MATCHES, script as keep_script
from test_play_device import same_match, start_keys
from text_boxes import read_boxes

KINDS, OPTIONS = ["human", "easy", "easy"], {"compounding": True}  # two bots play first
INJECTED = "RuntimeError: a fault injected by the test"
OFFER = os.path.join(ROOT, "docs", "screens", "crash-offer.png")  # tools/crash_screens.py's

CRASH_SCREEN = """
import boards.pico_lcd_13 as definition
from deckapp.crash import show
from deckapp.settings import Settings
from deckui import theme
board = definition.make_board()
settings = Settings()
theme.apply(board.display, settings.scheme, settings.four_colour)
show(board.display, %r, True, True)
board.idle()
"""


# Under MicroPython: the text the crash code draws, read by replacing deckui.font.text.
DRAWN_TEXT = """
import json
import sys
sys.path.append(%r)
from deckui import font
drawn = []
font.text = lambda canvas, string, *rest: drawn.append(string) or 0
from deckapp.store import Store, StoreFull
import framebuf


class Display(framebuf.FrameBuffer):
    def __init__(self):
        super().__init__(bytearray(240 * 120), 240, 240, framebuf.GS4_HMSB)

    def mark(self, first, end):
        pass

    def show(self):
        pass


store = Store(%r)
store.boot()

def think(depth):
    if depth:
        think(depth - 1)
    raise ValueError("no legal card " + "x" * 2000)
"""


def run_drawing(tmp_path, code):
    status, out, err = run_core(DRAWN_TEXT % (FIRMWARE, str(tmp_path)) + code, heap="512K")
    assert status == 0, out + err
    return json.loads(out.strip().splitlines()[-1])


def test_the_record_holds_the_error_its_traceback_the_version_and_the_time(tmp_path):
    record = run_drawing(tmp_path, """
from deckapp import crash
try:
    think(60)
except ValueError as error:
    assert crash.record(store, error)
print(json.dumps(crash.last(store)))
""")
    assert record["error"] == ("ValueError: no legal card " + "x" * 2000)[:200]
    assert record["fw"] == "0.1.0" and len(record["time"]) == len("2026-12-02 17:07")
    calls = record["trace"].splitlines()
    assert len(record["trace"]) <= 1200 and len(calls) < 60  # the innermost calls kept
    assert [call.startswith('  File "<stdin>", line ') and call.endswith(", in think")
            for call in calls] == [True] * len(calls)


def test_a_full_flash_keeps_the_last_record_and_the_screen_says_the_error_is_not_noted(tmp_path):
    found = run_drawing(tmp_path, """
from deckapp import crash
from deckapp.crash import record, last, show
record(store, ValueError("the first"))
class FullStore(Store):
    def save_state(self, name, value):
        raise StoreFull("saving a state")
full = FullStore(%r)
saved = record(full, ValueError("the second"))
show(Display(), "ValueError: the second", False, saved)
print(json.dumps([saved, last(store)["error"], drawn]))
""" % str(tmp_path))
    saved, error, drawn = found
    assert not saved and error == "ValueError: the first"
    assert "It could not be noted: the flash is full." in " ".join(drawn)
    assert "Restart" in drawn and "Resume" not in drawn  # no game was open


def test_about_shows_the_time_and_the_line_of_the_last_error_cut_to_its_width(tmp_path):
    drawn = run_drawing(tmp_path, """
from deckapp.about import AboutScreen
from deckapp.crash import record
import deckapp.crash
deckapp.crash.today = lambda: "2026-12-02 17:07"
record(store, RuntimeError("a fault injected by the test"))
class App:
    pass
about = AboutScreen()
about.app = App()
about.app.store, about.app.device_id = store, "e6613852835b2a29"
about.draw(Display())
print(json.dumps(drawn))
""")
    assert drawn[-2] == "Last error, 2026-12-02 17:07"
    assert drawn[-1].endswith("..") and INJECTED.startswith(drawn[-1][:-2])  # cut to fit


def pixels(path):
    return Image.open(path).convert("RGB").tobytes()


def crash_record(flash_path):
    return read_checked(flash.read_file(str(flash_path), "state/crash.chk"))[0]


def play_through_a_fault(tmp_path, fault, presses_before, resume=("press",)):
    """The Scioto match started and `presses_before` centre presses made, the fault met, the
    crash screen shot, its centre key, the resume offer's (or the keys `resume`), then the
    centre key to the end."""
    expected = expected_match("scioto", KINDS, OPTIONS, 3, "sim")
    flash_path = tmp_path / "flash.img"
    shots = play(flash_path, start_keys("scioto", KINDS, OPTIONS) + ["press"] * presses_before
                 + ["shot crash", "press", "shot offer"] + list(resume)
                 + ["press"] * (expected.presses - presses_before),
                 tmp_path / "shots", fresh=True, fault=fault, text_boxes=True)
    return expected, flash_path, shots


def texts(shot):
    return " ".join(box.text for box in read_boxes(shot) if box.kind == "text")


def expected_crash_screen(tmp_path, error_line):
    """The crash screen drawn on its own: a game open, the record saved."""
    path = tmp_path / "crash-expected.png"
    save_screenshot(run_with_link(CRASH_SCREEN % error_line)[0].panel, str(path))
    return pixels(path)


# Where a fault is met, the match resumes exactly as it would have gone on: the bots' plays
# after the person's decision (their generators are saved at the person's turn).

def test_a_bot_that_runs_out_of_memory_is_recorded_and_the_match_resumes(tmp_path):
    # the third decision of a bot: the first after the person's first card. Resume and B at
    # once, while the table opens: B waits for the match and opens its menu, as at the table
    # (it reset to the offer: the resumed table is alone on the stack); B again goes back.
    expected, flash_path, shots = play_through_a_fault(
        tmp_path, "deckcore.bots.levels LevelBot.choose 3 memory", 1,
        ["quick press b", "shot match-menu", "b"])
    assert texts(shots[2]).startswith("Match ") and "Abandon the match" in texts(shots[2])
    record = crash_record(flash_path)
    assert record["error"].startswith("MemoryError: memory allocation failed") and record["fw"]
    assert "in bot_choice" in record["trace"]
    assert pixels(shots[0]) == expected_crash_screen(tmp_path, record["error"])
    assert pixels(shots[1]) == pixels(OFFER)
    log = device_log(flash_path, crashed=True)
    same_match(log, expected)
    assert json.loads(log.splitlines()[-1])["reason"] == "completed"
    check_replay(tmp_path, log)


def test_a_fault_in_the_tables_draw_is_recorded_and_the_match_resumes(tmp_path):
    # the table's fourth draw: the person's first turn, after two bots' cards
    expected, flash_path, shots = play_through_a_fault(
        tmp_path, "deckapp.play.table TableScreen.draw 4 error", 0)
    record = crash_record(flash_path)
    assert record["error"] == INJECTED
    assert "in _draw_area" in record["trace"]
    assert pixels(shots[0]) == expected_crash_screen(tmp_path, INJECTED)
    assert pixels(shots[1]) == pixels(OFFER)
    log = device_log(flash_path, crashed=True)
    same_match(log, expected)
    assert json.loads(log.splitlines()[-1])["reason"] == "completed"
    check_replay(tmp_path, log)


def test_a_fault_in_the_scorekeepers_totals_is_recorded_and_the_kept_match_resumes(tmp_path):
    # The script's `until right Scioto` reads the panel's text boxes: the fault fires with
    # their recorder on too (device/sim_boot.py chains the two)
    keys = keep_script("scioto")
    committed = keys.index("shot confirm-scioto") + 2  # after its A, which commits hand 1
    flash_path = tmp_path / "flash.img"
    # Resume and B at once: the totals, not a reset to the offer (B waits for the match)
    shots = play(flash_path, keys[:committed] + ["shot crash", "press", "shot offer",
                                                 "quick press b", "shot resumed"]
                 + keys[committed:], tmp_path / "shots", fresh=True, text_boxes=True,
                 fault="deckapp.keep.totals TotalsScreen.draw 2 error")  # the totals again
    record = crash_record(flash_path)
    assert record["error"] == INJECTED and "in _draw_area" in record["trace"]
    shot = dict((os.path.basename(path), path) for path in shots)
    assert pixels(shot["crash.png"]) == expected_crash_screen(tmp_path, INJECTED)
    assert texts(shot["resumed.png"]).startswith("Scioto "), texts(shot["resumed.png"])
    log = device_log(flash_path, crashed=True)
    totals, winners, hands = KEPT_MATCHES["scioto"]
    assert json.loads(log.splitlines()[-1]) == {"t": "end", "reason": "completed",
                                                 "totals": totals, "winner": winners,
                                                 "hands": hands}
    check_replay(tmp_path, log)


def test_a_fault_between_a_hands_last_play_and_its_result_resumes_with_the_hand_scored(
        tmp_path):
    # The heap filled as the log took the first hand's result, after its last play (a bot's):
    # the resume writes the result the play would have and deals the next hand; played on to
    # its end, the log ends completed, the rules core's check accepts it, and it is the uncut
    # match's (test_play_session cuts a match at every write of its log). Every resume failed
    # there: the replayed hand was over, and the table asked a bot to play in it.
    expected = expected_match("scioto", KINDS, OPTIONS, 3, "sim")
    result = [json.loads(line)["t"] for line in expected.lines].index("result")
    flash_path = tmp_path / "flash.img"
    rest = expected.presses - expected.summaries[0] - 1  # (the first summary's Next: skipped)
    play(flash_path, start_keys("scioto", KINDS, OPTIONS) + ["press"] * expected.summaries[0]
         + ["press", "press", "shot table"] + ["press"] * rest, tmp_path, fresh=True,
         fault="deckapp.store LogWriter.__call__ %d memory" % (result + 1))
    record = crash_record(flash_path)  # the injected fault's, not one at each resume
    assert record["error"].startswith("MemoryError") and "in _write" in record["trace"]
    log = device_log(flash_path, crashed=True)
    assert json.loads(log.splitlines()[-1])["reason"] == "completed"
    check_replay(tmp_path, log)  # the rules core's check of the whole log: a finished match
    same_match(log, expected)  # the uncut match's log, byte for byte (but the header's device)


def test_a_fault_before_the_end_line_resumes_to_the_match_summary_and_writes_the_end(tmp_path):
    # The last play's result written, its end line not (the heap filled as the log took it):
    # the resume writes the end line the match would have had and shows the match's summary
    # (it drew a table with no hand, a second fault at each resume). The offer's press and
    # the summary's Done come at once, while the table opens: the second waits for the match.
    expected = expected_match("scioto", KINDS, OPTIONS, 3, "sim")
    flash_path = tmp_path / "flash.img"
    keys, menu = start_keys("scioto", KINDS, OPTIONS), len(fast_bots_keys())  # (Play chosen)
    shots = play(flash_path, keys[:menu] + ["shot menu"] + keys[menu:]
                 + ["press"] * expected.summaries[-1] + ["press", "quick press press", "shot end"],
                 tmp_path / "shots", fresh=True,
                 fault="deckapp.store LogWriter.__call__ %d memory" % len(expected.lines))
    record = crash_record(flash_path)  # the injected fault's, not a second one
    assert record["error"].startswith("MemoryError") and "in _write" in record["trace"]
    log = device_log(flash_path, crashed=True)
    check_replay(tmp_path, log)  # the rules core's check of the whole log: a finished match
    same_match(log, expected)
    assert pixels(shots[1]) == pixels(shots[0])  # the main menu: no match open


def test_a_match_abandoned_on_the_offer_after_its_last_hand_was_scored_ends_completed(tmp_path):
    # The same fault before the end line; the person picks Abandon on the offer (X, then A
    # to confirm): every hand was played and scored, so the log ends "completed", not
    # "abandoned", and the stats count the match.
    expected = expected_match("scioto", KINDS, OPTIONS, 3, "sim")
    flash_path = tmp_path / "flash.img"
    play(flash_path, start_keys("scioto", KINDS, OPTIONS) + ["press"] * expected.summaries[-1]
         + ["press", "x", "a"], fresh=True,
         fault="deckapp.store LogWriter.__call__ %d memory" % len(expected.lines))
    log = device_log(flash_path, crashed=True)
    assert json.loads(log.splitlines()[-1])["reason"] == "completed"
    check_replay(tmp_path, log)  # the rules core's check of the whole log: a finished match
    same_match(log, expected)
