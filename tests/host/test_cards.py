"""Cards as the device draws them (firmware/deckui/cards.py), every card of every game's pack
at the sizes of a hand, under MicroPython: a card draws inside its rectangle, everything on it
sits in the index strip that stays visible when cards overlap (INDEX_WIDTH), and no two cards
of a pack look alike in that strip, so an overlapped hand is read card by card."""

import os

from deckmate.runtime import run_script
from helpers import FIRMWARE, ROOT


def test_every_card_is_told_apart_by_its_index_strip():
    script = os.path.join(ROOT, "tests", "host", "draw_every_card.py")
    code, out, err = run_script(script, [FIRMWARE], heap="1M", timeout=600)
    assert code == 0, out[-3000:] + err[-3000:]
    problems = [line for line in out.splitlines() if not line.startswith("checked")]
    assert problems == [], "\n".join(problems[:40])
    assert "checked " in out
