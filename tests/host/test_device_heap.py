"""The device image plays under `micropython -X heapsize=208K` (the budget, runtime.HEAP,
docs/budgets.md): the board (driver, frame buffer, keys), the rules core and a match of
deckapp.play.Session with bots of one device level in every seat, through a whole hand of
every game, each game at a level of its own so that every level is played (`hard` only in
Scioto: the tarot games' hard bots think 5-14 s longer in this run; tools/device_budgets.py
measures the same run at any level; docs/budgets.md has its figures). The whole matches of the
gate are test_play_heaviest.py's."""

import os
import sys

import pytest

from deckcore.games import NAMES

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
import device_budgets  # noqa: E402  (tools/device_budgets.py)

MARGIN = 8 * 1024  # live heap left free at the peak: the rest of the heap fragments
LEVEL = {"scioto": "hard", "scarto": "easy", "chambery": "easy", "droggn": "normal",
         "scout": "normal"}


@pytest.mark.parametrize("game", NAMES)
def test_a_hand_with_bots_fits_the_heap_beside_the_board(game):
    before, peak, _, _, _, decisions, fitted = device_budgets.peak_heap(game, LEVEL[game],
                                                                        shell=False)
    assert fitted, "%s: MemoryError in %d B (peak live heap %d B)" % (
        game, device_budgets.HEAP_BYTES, peak)
    assert decisions > 0 and before < peak
    assert peak <= device_budgets.HEAP_BYTES - MARGIN
