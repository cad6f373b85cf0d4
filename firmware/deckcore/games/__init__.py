"""The registry of games. Modules are imported on first use to keep the device heap small."""

NAMES = ("scioto", "scarto", "scout", "droggn", "chambery")
TITLES = {"scioto": "Scioto", "scarto": "Scarto", "scout": "SCOUT", "droggn": "Droggn",
          "chambery": "Chamb\u00e9ry Tarot"}  # the names people read


def load(name):
    """The Game class of the game called `name`, or None if there is no such game."""
    if name not in NAMES:
        return None
    module = __import__("deckcore.games." + name, None, None, ["GAME_CLASS"])
    return module.GAME_CLASS


def options_of(name):
    """The module of the options of the game called `name` (NAME, OPTIONS, and settle where
    the game has "auto" options or refuses combinations): what the set-up screen shows and
    checks, without the game's rules."""
    return __import__("deckcore.games.%s_options" % name, None, None, ["OPTIONS"])


def options_in_force(game):
    """[(Option, value)] of the Game `game`, in declaration order (its help page)."""
    return [(option, game.options[option.name]) for option in options_of(game.NAME).OPTIONS]
