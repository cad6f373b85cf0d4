"""The registry of games. Modules are imported on first use to keep the device heap small."""

NAMES = ("scioto", "scarto", "scout", "droggn", "chambery")
TITLES = {"scioto": "Scioto", "scarto": "Scarto", "scout": "SCOUT", "droggn": "Droggn",
          "chambery": "Chamb\u00e9ry Tarot"}  # the names people read
# How people read the card tokens' suit letters (in the device's fonts), and the Fool's star
SUIT_SYMBOLS = {"S": "\u2660", "C": "\u2663", "H": "\u2665", "D": "\u2666"}
FOOL_STAR = "\u2605"


def hand_word(name):
    """What the rules of the game called `name` call one deal of a match: SCOUT's round
    (rules.md 5.4), the others' hand."""
    return "round" if name == "scout" else "hand"


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


def show_of(name):
    """The module that tells the screens about the game called `name`, or None if there is no
    such game (games/<name>_show.py:
    the rules in brief, the figures beside the seats, the table's state line, the contract,
    the cards face up; the contract of such a module is in docs/architecture.md, "Adding a
    game")."""
    if name == "scioto":
        import deckcore.games.scioto_show as show
    elif name == "scarto":
        import deckcore.games.scarto_show as show
    elif name == "scout":
        import deckcore.games.scout_show as show
    elif name == "droggn":
        import deckcore.games.droggn_show as show
    elif name == "chambery":
        import deckcore.games.chambery_show as show
    else:
        return None
    return show
