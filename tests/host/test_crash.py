"""A fault never costs the match (issue 23): an exception that escapes a bot's think or a
screen's draw is recorded on flash, the panel says that the game is saved, and the centre key
resets the board, whose boot offers the match again; it then goes on to its end with the log
it would have had without the fault. The faults are injected by the simulated board
(host/deckmate/sim/device/sim_fault.py), not by the firmware."""

import json

from PIL import Image

from deckmate.sim import flash
from deckmate.sim.script import save_screenshot
from deckmate.store_files import read_checked
from play_sim import check_replay, device_log, expected_match, play
from sim_helpers import run_with_link
from test_play_device import same_match, start_keys

KINDS, OPTIONS = ["human", "easy", "easy"], {"compounding": True}  # two bots play first
INJECTED = "RuntimeError: a fault injected by the test"

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
""" % INJECTED


def pixels(path):
    return Image.open(path).convert("RGB").tobytes()


def crash_record(flash_path):
    return read_checked(flash.read_file(str(flash_path), "state/crash.chk"))[0]


def play_through_a_fault(tmp_path, fault, presses_before):
    """The Scioto match started and `presses_before` centre presses made, the fault met, the
    crash screen shot, its centre key, the resume offer's, then the centre key to the end."""
    expected = expected_match("scioto", KINDS, OPTIONS, 3, "sim")
    flash_path = tmp_path / "flash.img"
    shots = play(flash_path, start_keys("scioto", KINDS, OPTIONS) + ["press"] * presses_before
                 + ["shot crash", "press", "shot offer", "press"]
                 + ["press"] * (expected.presses - presses_before),
                 tmp_path / "shots", fresh=True, fault=fault)
    return expected, flash_path, shots


def expected_crash_screen(tmp_path):
    path = tmp_path / "crash-expected.png"
    save_screenshot(run_with_link(CRASH_SCREEN)[0].panel, str(path))
    return pixels(path)


# Where a fault is met, the match resumes exactly as it would have gone on: the bots' plays
# after the person's decision (their generators are saved at the person's turn).

def test_a_fault_in_a_bots_think_is_recorded_and_the_match_resumes(tmp_path):
    # the third decision of a bot: the first after the person's first card
    expected, flash_path, shots = play_through_a_fault(
        tmp_path, "deckcore.bots.levels LevelBot.choose 3", 1)
    record = crash_record(flash_path)
    assert record["error"] == INJECTED and record["fw"]
    assert "in bot_choice" in record["trace"] and record["trace"].endswith(INJECTED + "\n")
    assert pixels(shots[0]) == expected_crash_screen(tmp_path)
    assert pixels(shots[1]) != pixels(shots[0])  # the resume offer
    log = device_log(flash_path)
    same_match(log, expected)
    assert json.loads(log.splitlines()[-1])["reason"] == "completed"
    check_replay(tmp_path, log)


def test_a_fault_in_the_tables_draw_is_recorded_and_the_match_resumes(tmp_path):
    # the table's fourth draw: the person's first turn, after two bots' cards
    expected, flash_path, shots = play_through_a_fault(
        tmp_path, "deckapp.play.table TableScreen.draw 4", 0)
    record = crash_record(flash_path)
    assert record["error"] == INJECTED
    assert "in _draw_area" in record["trace"]
    assert pixels(shots[0]) == expected_crash_screen(tmp_path)
    log = device_log(flash_path)
    same_match(log, expected)
    assert json.loads(log.splitlines()[-1])["reason"] == "completed"
    check_replay(tmp_path, log)
