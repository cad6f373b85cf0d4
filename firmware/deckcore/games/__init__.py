"""The registry of games: their names, and each game's modules by role, imported on first use to
keep the device heap small:

    games/<game>.py          the rules: constants, Game, State, every rule with its refusal
    games/<game>_options.py  the options the set-up shows and checks without the rules
    games/<game>_keep.py     the scorekeeper's fields of a hand entered at a real table
    games/<game>_text.py     the help texts of the options and a hand's score explained
    games/<game>_worlds.py   the cards a seat cannot see dealt for the bots (the tarot games;
                             the others deal them in their rules module: `determinize`)

The games' modules never import this package's own names (they import `deckcore.games.tarot`
and their roles by full name), so that it imports them without a cycle."""

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
    if name == "scioto":
        from deckcore.games.scioto import Scioto as game
    elif name == "scarto":
        from deckcore.games.scarto import Scarto as game
    elif name == "scout":
        from deckcore.games.scout import Scout as game
    elif name == "droggn":
        from deckcore.games.droggn import Droggn as game
    elif name == "chambery":
        from deckcore.games.chambery import Chambery as game
    else:
        return None
    return game


def options_of(name):
    """The module of the options of the game called `name` (NAME, OPTIONS, and settle where
    the game has "auto" options or refuses combinations): what the set-up screen shows and
    checks, without the game's rules."""
    if name == "scioto":
        import deckcore.games.scioto_options as declared
    elif name == "scarto":
        import deckcore.games.scarto_options as declared
    elif name == "scout":
        import deckcore.games.scout_options as declared
    elif name == "droggn":
        import deckcore.games.droggn_options as declared
    else:
        import deckcore.games.chambery_options as declared
    return declared


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


def keep_of(name):
    """The module of the scorekeeper's fields of the game called `name` (deckcore.keep says
    what it holds)."""
    if name == "scioto":
        import deckcore.games.scioto_keep as rules
    elif name == "scarto":
        import deckcore.games.scarto_keep as rules
    elif name == "scout":
        import deckcore.games.scout_keep as rules
    elif name == "droggn":
        import deckcore.games.droggn_keep as rules
    else:
        import deckcore.games.chambery_keep as rules
    return rules


def text_of(name):
    """The module of the texts of the game called `name`: HELP (its options' help, by option
    name; the host's `deckmate options`) and hand_lines(state, names) (deckcore.explain)."""
    if name == "scioto":
        import deckcore.games.scioto_text as text
    elif name == "scarto":
        import deckcore.games.scarto_text as text
    elif name == "scout":
        import deckcore.games.scout_text as text
    elif name == "droggn":
        import deckcore.games.droggn_text as text
    else:
        import deckcore.games.chambery_text as text
    return text
