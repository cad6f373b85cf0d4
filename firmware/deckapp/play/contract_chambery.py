"""Chambéry's contract as pictures on the play screen's table line (layout.py): who plays
what, and the called King (or Queen). Each item is (kind, text): "name", "contract" or
"card" (a card token). One module per game with a contract (contract_droggn.py), so that
neither game's match loads, or interns the names of, the other's."""


def items(session, view):
    """The items of the line, or None before there is a contract (the line is text then)."""
    from deckcore.games.chambery import ALONE, BID_NAMES, CALLED, EACH, FIXED
    from deckapp.play.words import action_words
    if view.phase in ("discard", "bid") or view.contract == 0:
        return None
    if view.contract == CALLED:
        return [("name", session.seats[view.declarer].name), ("contract", "calls"),
                ("card", view.game.card_text(view.called))]
    words = {ALONE: "alone", FIXED: "fixed partners", EACH: "each for himself"}
    if view.contract in words:
        return [("contract", words[view.contract])]
    return [("name", session.seats[view.declarer].name),
            ("contract", action_words(BID_NAMES[view.contract]))]
