"""The device image plays under `micropython -X heapsize=192K` (design.md section 2): the
board (driver, frame buffer, keys), the rules core and a match of deckapp.play.Session with
bots at the device's default level in every seat, through a whole hand of every game
(tools/device_budgets.py measures the same run; docs/budgets.md has its figures)."""

import os
import sys

import pytest

from deckcore.bots import DEFAULT
from deckcore.games import NAMES

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
import device_budgets  # noqa: E402  (tools/device_budgets.py)

MARGIN = 8 * 1024  # live heap left free at the peak: the rest of the heap fragments


@pytest.mark.parametrize("game", NAMES)
def test_a_hand_with_default_bots_fits_the_heap_beside_the_board(game):
    before, peak, _, _, _, decisions, fitted = device_budgets.peak_heap(game, DEFAULT, shell=False)
    assert fitted, "%s: MemoryError under 192K (peak live heap %d B)" % (game, peak)
    assert decisions > 0 and before < peak
    assert peak <= device_budgets.HEAP_BYTES - MARGIN
