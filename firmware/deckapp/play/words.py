"""What a person reads for an action on the play screens.

The core's action text is what the logs hold (`two_cards`, `ask T21`, `give 5S`, `KH`);
here it becomes words and suit symbols: "two cards", "buy trump 21", "give back 5♠", "K♥".
SCOUT's plays are told from their parts (scout_pick.scout_words).
"""

from deckui.symbols import SUIT_SYMBOLS

_VERBS = {"ask": "buy", "give": "give back"}  # Chambéry's phase verbs (rules.md 3.4.4)
_FACE_RANKS = ("A", "J", "N", "Q", "K")


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
