"""Every screen of docs/screens reads whole: drawn on the simulated board with the boxes of
its text and cards recorded (deckmate.sim, text_boxes), no text lies off the panel, across a
bar's edge or outside its room, none is shortened with ".." where it is not whole elsewhere
on the screen, and no text overlaps other text or a card (tests/host/text_boxes.py).

The runs that take the shots check them (docs/screens/owner/ holds the host's HTML, no
device screens):
    docs/screens/*.png          test_shell_screens.py, the walk of tools/screens.py
    docs/screens/keep-score/    test_keep_score.py, the key scripts of tools/keep_screens.py
    docs/screens/play/          test_play_device.py, the matches of tools/play_screens.py,
                                but the match menu and the help page (in five-player
                                Chambéry they take more than the device's budget) and
                                Droggn's match (the recorder tips it over the budget): here,
                                at the tool's heap, each match's opening and Droggn's match."""

import os
import sys

import pytest

from helpers import ROOT
from play_sim import play
from text_boxes import faults_of_shots

sys.path.insert(0, os.path.join(ROOT, "tools"))
import play_screens  # noqa: E402  (tools/play_screens.py)


@pytest.mark.parametrize("game", sorted(play_screens.SETUPS))
def test_the_screens_the_budget_runs_leave_out_read_whole(tmp_path, game):
    keys = play_screens.script(game)[0] if game == "droggn" else play_screens.opening(game)
    shots = play(tmp_path / "flash.img", keys, tmp_path / "shots", fresh=True,
                 heapsize=play_screens.HEAP, text_boxes=True)
    names = [os.path.basename(shot) for shot in shots]
    assert game + "-menu.png" in names and game + "-help.png" in names
    assert faults_of_shots(shots) == []
