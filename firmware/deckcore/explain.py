"""How a finished hand was scored, rule by rule, as short lines of text: the device's hand
summary shows them, and the host's `deckmate replay` and report print the very same lines.

Each game's lines (hand_lines in deckcore/games/<game>_text.py) restate what its `points()` and `scores()`
computed (the numbers come from the core, never computed twice): what was counted, against
what, with which multiplier, and who pays whom. On the device the game's module is loaded for
the call only, and a match never loads, nor interns the names of, another game's.
"""

from deckcore.games import text_of
from deckcore.residency import Visit


def hand_lines(state, names):
    """The lines for the finished hand `state`, the seats called by `names`."""
    with Visit():
        return text_of(state.game.NAME).hand_lines(state, names)
