"""The options each game declares, found by the game's name: what the set-up screens and the
host show and check without loading the game's rules. (Not in the registry, which a match
keeps loaded: its branches would intern the other games' module names. A match reads its own
game's through Game.declared_options.)"""


def options_of(name):
    """The module of the options of the game called `name` (NAME, OPTIONS, and settle where
    the game has "auto" options or refuses combinations): what the set-up screen shows and
    checks, without the game's rules."""
    if name == "scioto":
        from deckcore.games import scioto_options as declared
    elif name == "scarto":
        from deckcore.games import scarto_options as declared
    elif name == "scout":
        from deckcore.games import scout_options as declared
    elif name == "droggn":
        from deckcore.games import droggn_options as declared
    elif name == "chambery":
        from deckcore.games import chambery_options as declared
    else:  # (a name from a checked header or NAMES: never)
        raise KeyError(name)
    return declared
