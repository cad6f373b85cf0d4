"""What a person reads on the play screens: actions, and the figures beside the seats.

The core's action text is what the logs hold (`two_cards`, `ask T21`, `give 5S`, `KH`);
here it becomes words and suit symbols: "two cards", "buy trump 21", "give back 5♠", "K♥".
SCOUT's plays are told from their parts (scout_pick.scout_words).
"""

from deckui.symbols import SUIT_SYMBOLS

_VERBS = {"ask": "buy", "give": "give back"}  # Chambéry's phase verbs (rules.md 3.4.4)
_FACE_RANKS = ("A", "J", "N", "Q", "K")
# What the play screen counts beside each seat's name, game by game (the tarot games alike):
# (the short form's letter, the word for one, the word for more, the legend's meaning)
_CARDS = ("c", "card", "cards", "cards in hand")
_FIGURES = {"scioto": (_CARDS, ("p", "point", "points", "card points taken")),
            "scout": (_CARDS, ("p", "point", "points", "cards captured and Scout chips"))}
_TRICKS = (_CARDS, ("t", "trick", "tricks", "tricks won"))


def card_words(token):
    """A card token in a line of text: `5S` as 5♠, `T21` as trump 21; any other word as it
    is."""
    if token[:1] == "T" and token[1:].isdigit():
        return "trump " + token[1:]
    symbol = SUIT_SYMBOLS.get(token[-1:])
    rank = token[:-1]
    if symbol is not None and (rank.isdigit() or rank in _FACE_RANKS):
        return rank + symbol
    return token


def action_words(text):
    """An action's text (State.action_text) as the play screens say it."""
    words = [card_words(word) for word in text.replace("_", " ").split(" ")]
    words[0] = _VERBS.get(words[0], words[0])
    return " ".join(words)


def play_words(state, action):
    """What the news line says of `action`, taken in `state` (before it is applied)."""
    if state.game.NAME == "scout" and state.phase == "play":
        from deckapp.play.scout_pick import scout_words
        return scout_words(state, action)
    return action_words(state.action_text(action))


def plural(count, one, many=None):
    """A count and its noun: "1 hand", "3 hands"."""
    return "%d %s" % (count, one if count == 1 else many or one + "s")


def seat_figures(view, seat, wide):
    """A seat's figures in the hand: its cards and what it has taken (card points, tricks,
    SCOUT's captured cards and chips, a point each): in words where its row has the
    screen's width (`wide`), else short ("13c 2t", explained by figures_legend on the help
    page)."""
    name = view.game.NAME
    if name == "scout":
        counts = (len(view.hands[seat]), len(view.piles[seat]) + view.chips[seat])
    else:
        taken = view.points[seat] if name == "scioto" else view.tricks_won[seat]
        counts = (view.hand_sizes[seat], taken)
    figures = _FIGURES.get(name, _TRICKS)
    if wide:
        return "  ".join(plural(counts[i], figures[i][1], figures[i][2])
                         for i in range(len(counts)))
    return " ".join("%d%s" % (counts[i], figures[i][0]) for i in range(len(counts)))


def figures_legend(name):
    """What the short figures beside the names mean in the game called `name` (short where
    four players or more share the rows)."""
    return "Beside the names: " + ", ".join(
        "%s %s" % (figure[0], figure[3]) for figure in _FIGURES.get(name, _TRICKS)) + "."
