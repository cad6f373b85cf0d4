"""The registry of games: their names, and each game's modules by role, imported on first use to
keep the device heap small; each is found by the game's name where it is needed:

    games/<game>.py          the rules: constants, Game, State, every rule with its refusal
                             (`load` here)
    games/<game>_options.py  the options the set-up shows and checks without the rules
                             (games/options.py's `options_of`; the Game's own declared_options)
    games/<game>_show.py     what the screens show of it (`show_of` here)
    games/<game>_keep.py     the scorekeeper's fields of a hand entered at a real table
                             (deckcore/keep.py's `rules_of`; its `game_class` gives the
                             Game a scorekept match keeps: Droggn's games/droggn_game.py,
                             without the hand that droggn.py plays)
    games/<game>_text.py     the help texts of the options and a hand's score explained
                             (deckcore/explain.py's `text_of`: not here, which a match keeps
                             loaded while its bots think)
    games/<game>_worlds.py   the cards a seat cannot see dealt for the bots: `determinize`
                             (deckcore/bots/knowledge.py's `knowledge`)

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
        from deckcore.games import scioto as rules
    elif name == "scarto":
        from deckcore.games import scarto as rules
    elif name == "scout":
        from deckcore.games import scout as rules
    elif name == "droggn":
        from deckcore.games import droggn as rules
    elif name == "chambery":
        from deckcore.games import chambery as rules
    else:
        return None
    return rules.GAME_CLASS


def options_in_force(game):
    """[(Option, value)] of the Game `game`, in declaration order (its help page)."""
    return [(option, game.options[option.name]) for option in game.declared_options().OPTIONS]


def show_of(name):
    """The module that tells the screens about the game called `name`, or None if there is no
    such game (games/<name>_show.py:
    the rules in brief, the figures beside the seats, the table's state line, the contract,
    the cards face up; the contract of such a module is in docs/architecture.md, "Adding a
    game")."""
    if name == "scioto":
        from deckcore.games import scioto_show as show
    elif name == "scarto":
        from deckcore.games import scarto_show as show
    elif name == "scout":
        from deckcore.games import scout_show as show
    elif name == "droggn":
        from deckcore.games import droggn_show as show
    elif name == "chambery":
        from deckcore.games import chambery_show as show
    else:
        return None
    return show

