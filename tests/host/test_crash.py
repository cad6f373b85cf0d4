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

KINDS, OPTIONS = ["human", "easy", "easy"], {"compounding": True}  # a bot plays first
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


def play_through_a_fault(tmp_path, fault):
    """The Scioto match started, the fault met before the person's first decision, the crash
    screen shot, its centre key, the resume offer's, then the centre key to the end."""
    expected = expected_match("scioto", KINDS, OPTIONS, 3, "sim")
    flash_path = tmp_path / "flash.img"
    shots = play(flash_path, start_keys("scioto", KINDS, OPTIONS) + ["shot crash", "press"]
                 + ["shot offer", "press"] + ["press"] * expected.presses,
                 tmp_path / "shots", fresh=True, fault=fault)
    return expected, flash_path, shots


def test_a_fault_in_a_bots_think_is_recorded_and_the_match_resumes(tmp_path):
    expected, flash_path, shots = play_through_a_fault(
        tmp_path, "deckcore.bots.levels LevelBot.choose 1")
    record = crash_record(flash_path)
    assert record["error"] == INJECTED and record["fw"]
    assert "in bot_choice" in record["trace"] and record["trace"].endswith(INJECTED + "\n")
    crash_screen = tmp_path / "crash-expected.png"
    save_screenshot(run_with_link(CRASH_SCREEN)[0].panel, str(crash_screen))
    assert pixels(shots[0]) == pixels(crash_screen)
    assert pixels(shots[1]) != pixels(crash_screen)  # the resume offer
    log = device_log(flash_path)
    same_match(log, expected)
    assert json.loads(log.splitlines()[-1])["reason"] == "completed"
    check_replay(tmp_path, log)


def test_a_fault_in_the_tables_draw_is_recorded_and_the_match_resumes(tmp_path):
    # the table's third draw: after the deal and the first bot's card, the log already open
    expected, flash_path, shots = play_through_a_fault(
        tmp_path, "deckapp.play.table TableScreen.draw 3")
    record = crash_record(flash_path)
    assert record["error"] == INJECTED
    assert "in _draw_area" in record["trace"]
    log = device_log(flash_path)
    same_match(log, expected)
    check_replay(tmp_path, log)
