"""Matches played with the keys on the simulated board (the firmware image in the MicroPython
unix port, in the device's budget, play_sim.HEAP): every game against
bots, pass-and-play, an undo, a refused card and a resume after the board is switched off
mid-hand. Each time the log on the
simulated flash must be exactly the log of the same match played by the session in CPython
(the same deals, the same bot decisions), and pass `deckmate replay --check`. The matches of
docs/screens/play/ are played with the shots of tools/play_screens.py (but the match menu's
and the help page's, which take more than the budget in five-player Chambéry: those are
test_screen_layout.py's): every one reads whole (tests/host/text_boxes.py)."""

import json
import os
import sys

import pytest

from helpers import ROOT
from play_sim import (check_replay, device_log, expected_match, fast_bots_keys,
                      header, play, setup_keys)
from text_boxes import faults_of_shots

sys.path.insert(0, os.path.join(ROOT, "tools"))
import play_screens  # noqa: E402  (tools/play_screens.py)

DEAL = 3
MATCHES = [
    ("scioto", ["human", "easy", "easy"], {"compounding": True}),
    ("scout", ["human", "easy"], {}),
    ("scout", ["human", "easy", "easy", "easy", "easy"], {}),
    ("scarto", ["human", "easy", "easy"], {}),
    ("chambery", ["human", "easy", "easy", "easy", "easy"], {}),
    ("droggn", ["human", "easy", "easy"], {"deals": 2}),
]


def same_match(device_text, expected):
    """The device's log is the expected one but for the device id in its header."""
    lines, wanted = device_text.splitlines(), expected.text().splitlines()
    header, wanted_header = json.loads(lines[0]), json.loads(wanted[0])
    wanted_header["device"] = header["device"]
    assert header == wanted_header
    assert lines[1:] == wanted[1:]


def start_keys(game, kinds, options):
    return fast_bots_keys() + setup_keys(game, kinds, options, DEAL)


@pytest.mark.parametrize("game, kinds, options", MATCHES,
                         ids=["%s-%d" % (m[0], len(m[1])) for m in MATCHES])
def test_a_match_against_bots_finished_with_the_centre_key(tmp_path, game, kinds, options):
    screens = play_screens.SETUPS[game] == (kinds, options)  # with the screenshots' shots
    if screens:
        keys, expected = play_screens.script(game, menu_and_help=False)
    else:
        expected = expected_match(game, kinds, options, DEAL, "sim")
        keys = start_keys(game, kinds, options) + ["press"] * expected.presses
    flash = tmp_path / "flash.img"
    shots = play(flash, keys, tmp_path / "shots", fresh=True, text_boxes=screens)
    assert faults_of_shots(shots) == []
    log = device_log(flash)
    same_match(log, expected)
    assert json.loads(log.splitlines()[-1])["reason"] == "completed"
    check_replay(tmp_path, log)


def test_pass_and_play_hides_each_hand_until_its_owner_takes_the_device(tmp_path):
    keys, expected = play_screens.pass_and_play_script()  # "Ada" set in Settings, Player 2 not
    flash = tmp_path / "flash.img"
    shots = play(flash, keys, tmp_path / "shots", fresh=True, text_boxes=True)
    assert faults_of_shots(shots) == []
    log = device_log(flash)
    assert [p["name"] for p in header(log)["players"]] == ["Ada", "Bot 2", "Player 2"]
    same_match(log, expected)
    check_replay(tmp_path, log)


def test_undo_takes_back_the_persons_card_and_is_logged(tmp_path):
    kinds, options = ["human", "easy"], {}
    expected = expected_match("scioto", kinds, options, DEAL, "sim", undo_after=3)
    presses = ["press"] * expected.presses
    flash = tmp_path / "flash.img"
    play(flash, start_keys("scioto", kinds, options) + presses[:3] + ["a"] + presses[3:],
         fresh=True)
    log = device_log(flash)
    assert '{"t":"undo","hand":1,"acts":' in log
    same_match(log, expected)
    check_replay(tmp_path, log)


def test_a_match_resumes_after_the_board_is_switched_off_mid_hand(tmp_path):
    kinds, options = ["human", "easy", "easy"], {"compounding": True}
    expected = expected_match("scioto", kinds, options, DEAL, "sim")
    cut = expected.summaries[0] // 2  # in the middle of the first hand
    flash = tmp_path / "flash.img"
    play(flash, start_keys("scioto", kinds, options) + ["press"] * cut, fresh=True)
    assert '"t":"result"' not in device_log(flash)
    # Switched on again: the resume offer, then the same presses as if nothing happened.
    play(flash, ["press"] + ["press"] * (expected.presses - cut))
    log = device_log(flash)
    same_match(log, expected)
    check_replay(tmp_path, log)


def test_an_undo_takes_back_a_whole_scart_laid_down_together(tmp_path):
    kinds, options = ["human", "easy", "easy"], {}
    # the scart: three cards marked and OK (4 presses), the bots' plays; then A
    expected = expected_match("scarto", kinds, options, DEAL, "sim", undo_after=4)
    presses = ["press"] * expected.presses
    flash = tmp_path / "flash.img"
    play(flash, start_keys("scarto", kinds, options) + presses[:4] + ["a"] + presses[4:],
         fresh=True)
    log = device_log(flash)
    assert log.count('"t":"undo"') == 3  # one record per card of the scart
    same_match(log, expected)
    check_replay(tmp_path, log)


def red_pixels(png, top, bottom):
    """Pixels of the warning red (theme HEARTS) in rows top..bottom."""
    from PIL import Image
    picture = Image.open(png).convert("RGB")
    count = 0
    for y in range(top, bottom):
        for x in range(240):
            red, green, blue = picture.getpixel((x, y))
            count += red > 180 and green < 60 and blue < 60
    return count


def test_a_card_the_rules_forbid_is_refused_with_its_rule(tmp_path):
    kinds, options = ["human", "easy"], {"mandatory_dismissal": True}
    found = []

    def watch(presses, choices):
        if not found and False in choices.playable:
            found.append((presses, choices.playable.index(False) - choices.cursor))

    expected = expected_match("scioto", kinds, options, DEAL, "sim", watch=watch)
    presses, offset = found[0]
    there = ["right"] * offset if offset > 0 else ["left"] * -offset
    back = ["left"] * offset if offset > 0 else ["right"] * -offset
    keys = (start_keys("scioto", kinds, options) + ["press"] * presses + there
            + ["shot before", "press", "shot refused"] + back
            + ["press"] * (expected.presses - presses))
    flash = tmp_path / "flash.img"
    before, refused = play(flash, keys, tmp_path, fresh=True)
    assert red_pixels(before, 135, 165) == 0 and red_pixels(refused, 135, 165) > 20
    log = device_log(flash)
    same_match(log, expected)  # the refused card was not played
    check_replay(tmp_path, log)
