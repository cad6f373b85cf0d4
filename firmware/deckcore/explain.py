"""How a finished hand was scored, rule by rule, as short lines of text: the device's hand
summary shows them, and the host's `deckmate replay` and report print the very same lines.

Each game's lines (hand_lines in deckcore/games/<game>_text.py) restate what its `points()`
and `scores()` computed (the numbers come from the core, never computed twice): what was
counted, against what, with which multiplier, and who pays whom. On the device the game's
module is loaded for the call only, and a match never loads, nor interns the names of, another
game's. The game's text module is found here by the game's name (`text_of`), not in the
registry of games, which a match keeps loaded while its bots think: the device lets this
module go then.
"""

from deckcore.residency import Visit


def hand_lines(state, names):
    """The lines for the finished hand `state`, the seats called by `names`."""
    with Visit():
        return text_of(state.game.NAME).hand_lines(state, names)


def text_of(name):
    """The module of the texts of the game called `name`: HELP (its options' help, by option
    name; the host's `deckmate options`) and hand_lines(state, names) (above)."""
    if name == "scioto":
        from deckcore.games import scioto_text as text
    elif name == "scarto":
        from deckcore.games import scarto_text as text
    elif name == "scout":
        from deckcore.games import scout_text as text
    elif name == "droggn":
        from deckcore.games import droggn_text as text
    elif name == "chambery":
        from deckcore.games import chambery_text as text
    else:  # (a name from a checked header or NAMES: never)
        raise KeyError(name)
    return text
