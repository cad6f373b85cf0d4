"""What a person reads on the play screens: actions, and the figures beside the seats.

The core's action text is what the logs hold (`two_cards`, `ask T21`, `give 5S`, `KH`);
here it becomes words and suit symbols: "two cards", "buy trump 21", "give back 5♠", "K♥".
A game whose action texts do not say a play gives the words (SCOUT's plays, told from their
parts: its show module's play_words).
"""

from deckcore import const
from deckcore.games import SUIT_SYMBOLS, show_of

_VERBS = {"ask": "buy", "give": "give back"}  # Chambéry's phase verbs (rules.md 3.4.4)
_FACE_RANKS = const(("A", "J", "N", "Q", "K"))

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
    show = show_of(state.game.NAME)
    words = show.play_words(state, action) if show.play_words is not None else None
    return words or action_words(state.action_text(action))


def plural(count, name):
    """A count and the plural `name` of what is counted: "1 hand", "3 hands"."""
    return "%d %s" % (count, name[:-1] if count == 1 else name)


def seat_figures(view, seat, wide):
    """A seat's figures in the hand, as its game's show module counts them: the cards it
    holds and what it has taken (Scioto's card points, SCOUT's points of captured cards and
    chips, the tarot games' tricks): in words where its row has the screen's width (`wide`),
    else short: "13c 2t" (the help page gives the legend)."""
    show = show_of(view.game.NAME)
    held, taken = show.seat_figures(view, seat)
    taken_name = show.TAKEN
    if wide:
        return "%s  %s" % (plural(held, "cards"), plural(taken, taken_name))
    return "%dc %d%s" % (held, taken, taken_name[:1])  # (a slice: an index interns)
