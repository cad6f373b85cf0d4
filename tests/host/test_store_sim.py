"""The simulated board (`deckmate sim`'s SimulatedBoard: the firmware image on a file-backed
LittleFS flash) killed during a match and during a prune (issue 14, point 4). The match is
played by the app's play code from the REPL (tests/store/device_actions.py copied to the
flash): the play screens are not on main yet. After each kill the board starts again, the
store boots without damage, the saved logs replay, the match resumes and the prune finishes."""

import contextlib
import json
import os
import subprocess

import pytest

from deckmate.sim import flash
from deckmate.sim.board import SimulatedBoard
from helpers import ROOT, tool
from play_sim import (check_replay, device_log, expected_match, fast_bots_keys, play,
                      setup_keys)
from test_play_device import same_match
from test_sim_serial import mpremote, wait_for_app

ACTIONS = os.path.join(ROOT, "tests", "store", "device_actions.py")
STORE = "import device_actions\nfrom deckapp.store import Store\nstore = Store('/')\n"
BOOTED = STORE + "store.boot()\n"
DEAL = 3


@contextlib.contextmanager
def started(flash, fresh=False):
    """A board started on the flash image, closed at the end unless it was killed."""
    board = SimulatedBoard(flash, fresh=fresh)
    try:
        wait_for_app(board)
        yield board
    finally:
        if board.running:
            board.close()


def check(board):
    state = json.loads(mpremote(board, "exec", STORE + "device_actions.check(store)")
                       .splitlines()[-1])
    assert state["problems"] == [], state
    assert all(replays for _, _, replays in state["closed"]), state
    assert state["resumed"] is not False, state
    return state


def kill_when_printed(board, code, text):
    """Run `code` on the board and kill the board (SIGKILL) once it has printed `text`."""
    process = subprocess.Popen([tool("mpremote"), "connect", board.serial_path, "exec", code],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    output = ""
    while text not in output:
        line = process.stdout.readline()
        assert line, output
        output += line
    board.close()
    process.kill()
    process.communicate()


def test_the_simulator_killed_during_a_match_and_during_a_prune(tmp_path):
    flash_path = str(tmp_path / "flash.img")
    with started(flash_path, fresh=True) as board:
        mpremote(board, "fs", "cp", ACTIONS, ":device_actions.py")
        mpremote(board, "exec", BOOTED + "device_actions.play(store)")
        kill_when_printed(board, BOOTED + "device_actions.play(store, seed=8)", "decision 20")

    with started(flash_path) as board:
        state = check(board)
        assert len(state["closed"]) == 1 and state["open_lines"] >= 20, state
        mpremote(board, "exec", BOOTED + "device_actions.play(store)")  # the match goes on
        mpremote(board, "exec", BOOTED + "device_actions.play(store, seed=9)")
        saved = check(board)["closed"]
        assert len(saved) == 3 and saved[0] == state["closed"][0]
        kill_when_printed(board, BOOTED + "device_actions.prune(store)", "pruning")

    with started(flash_path) as board:
        assert all(log in saved for log in check(board)["closed"])
        mpremote(board, "exec", BOOTED + "device_actions.prune(store)")
        assert check(board)["closed"] == []


def text_rows(png, top, bottom):
    """The rows between top and bottom that hold any pixel other than the background's."""
    from PIL import Image
    picture = Image.open(png).convert("RGB")
    background = picture.getpixel((0, top))
    return [y for y in range(top, bottom)
            if any(picture.getpixel((x, y)) != background for x in range(240))]


def test_a_full_flash_refuses_a_new_match_with_the_sync_message_and_keeps_the_saved_one(
        tmp_path):
    kinds, options = ["human", "easy"], {}
    expected = expected_match("scioto", kinds, options, DEAL, "sim")
    flash_path = tmp_path / "flash.img"
    play(flash_path, fast_bots_keys() + setup_keys("scioto", kinds, options, DEAL)
         + ["press"] * expected.presses, fresh=True)
    saved = device_log(flash_path)
    free_blocks = flash.BLOCK_COUNT - flash.used_blocks(str(flash_path))
    flash.install_image(str(flash_path), {}, extra={  # the flash nearly full: 48 KB left
        "filler.bin": b"\0" * (free_blocks - 12) * flash.BLOCK_SIZE})
    shots = play(flash_path, setup_keys("scioto", kinds, options, DEAL) + ["shot refused"],
                 tmp_path)
    message = text_rows(shots[0], 80, 140)  # the table's message: two lines, not "Dealing"
    assert message and message[-1] - message[0] > 20, message
    assert device_log(flash_path) == saved
    assert '"t":"end"' in saved
    with pytest.raises(FileNotFoundError):
        device_log(flash_path, "2")


def test_a_full_flash_as_the_next_hand_is_dealt_says_to_sync_and_the_match_goes_on_after(
        tmp_path):
    # The flash fills as the hand summary's Next deals the second hand: the table says to
    # sync (it was the crash screen), the first hand stays saved; started again (after a sync
    # freed space), the match is offered and goes on to the log it would have had.
    kinds, options = ["human", "easy", "easy"], {"compounding": True}
    expected = expected_match("scioto", kinds, options, DEAL, "sim")
    dealt = [json.loads(line)["t"] for line in expected.lines].index("deal", 2)  # hand 2's
    flash_path = tmp_path / "flash.img"
    nexts = expected.summaries[0] + 1  # the presses up to the first summary's Next
    shots = play(flash_path, fast_bots_keys() + setup_keys("scioto", kinds, options, DEAL)
                 + ["press"] * nexts + ["shot full"], tmp_path, fresh=True,
                 fault="deckapp.store LogWriter.__call__ %d full" % (dealt + 1))
    message = text_rows(shots[0], 110, 180)  # the sync message under the seats: two lines
    assert message and message[-1] - message[0] > 20, message
    saved = device_log(flash_path).splitlines(True)  # (no crash recorded)
    assert saved[1:] == expected.lines[1:dealt]  # the first hand whole (the header's device
    play(flash_path, ["press"] + ["press"] * (expected.presses - nexts))  # is the board's)
    log = device_log(flash_path)  # resumed, then on to its end
    check_replay(tmp_path, log)  # the rules core's check of the whole log
    same_match(log, expected)
