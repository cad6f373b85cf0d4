"""Every screen of docs/screens reads whole: drawn again on the simulated board by the flows
of the tools that make them (tools/screens.py, play_screens.py, keep_screens.py), with the
boxes of their text and cards recorded (deckmate.sim, text_boxes), no text lies off the
panel, across a bar's edge or outside its room, none is shortened with ".." where it is not
whole elsewhere on the screen, and no text overlaps other text or a card (tests/host/
text_boxes.py)."""

import os
import sys

import pytest

from helpers import ROOT
from text_boxes import faults, read_boxes

sys.path.insert(0, os.path.join(ROOT, "tools"))
import keep_screens  # noqa: E402  (tools/keep_screens.py)
import play_screens  # noqa: E402
import screens  # noqa: E402

HEAP = "1M"  # the device's budget and the recorder's lists


def assert_every_shot_reads_whole(shots):
    found = ["%s: %s" % (os.path.basename(shot), fault) for shot in shots
             for fault in faults(read_boxes(shot))]
    assert found == []


def test_the_shell_screens(tmp_path):
    shots = screens.take(str(tmp_path / "shots"), str(tmp_path / "flash.img"), heapsize=HEAP,
                         text_boxes=True)
    assert len(shots) == len(os.listdir(str(tmp_path / "shots"))) // 2 > 10
    assert_every_shot_reads_whole(shots)


@pytest.mark.parametrize("game", sorted(play_screens.SETUPS) + ["pass"])
def test_the_play_screens(tmp_path, game):
    keys = play_screens.pass_and_play_script() if game == "pass" else play_screens.script(game)
    shots = play_screens.play(tmp_path / "flash.img", keys, tmp_path / "shots", fresh=True,
                              heapsize=HEAP, text_boxes=True)
    assert shots
    assert_every_shot_reads_whole(shots)


@pytest.mark.parametrize("game", keep_screens.GAMES)
def test_the_keep_score_screens(tmp_path, game):
    shots = keep_screens.take(game, str(tmp_path / "shots"), str(tmp_path / "flash.img"),
                              heapsize=HEAP, text_boxes=True)
    assert shots
    assert_every_shot_reads_whole(shots)
