"""Chambery's checks needed at one moment: why an action is refused (a person's refused
choice, a replayed log's action) and whose turn it is (a log whose seat acts out of turn).
games/chambery.py imports this module for the call and unloads it after
(deckcore.residency.call_unloaded), so that its messages take no heap while the bots play."""

from deckcore.games.chambery import BID, FOOL, SOLO, card_text, never_discarded


def illegal_reason(state, action):
    phase = state.phase
    if phase == "over":
        return "the hand is over"
    if phase == "play":
        return state.play_illegal_reason(action)
    if action in state.legal_actions():
        return None
    if phase == "bid":
        if not BID <= action <= BID + SOLO:
            return "%d is not a bid" % action
        return ("section 3.4.3: a later player may only bid a solo with fewer cards "
                "(two_cards < one_card < solo)")
    if phase in ("discard", "give") and action not in state.hands[state.to_act]:
        return "seat %d does not hold %s" % (state.to_act, card_text(action))
    if phase == "discard":
        if never_discarded(action):
            return "section 3.3.4: Kings, T21 and the Fool may never be discarded"
        if state.discard_rule == "seed":
            return "section 3.3.4: T1 may be discarded only if there is no alternative"
        return ("section 3.3.4 (discard_rule 1902): trumps may be discarded only if the "
                "dealer is left with no trumps in hand")
    if phase == "ask":
        if action == FOOL:
            return "section 3.4.4: the Fool may not be named"
        return "section 3.4.4: the soloist may not name his own card or one already named"
    return ("section 3.4.5: the dealer calls a King he does not hold (a Queen if he holds "
            "all four Kings)")


def turn_rule(state):
    return {
        "discard": "section 3.4.1: the dealer discards before the bidding",
        "bid": "section 3.4.2: one round of bidding from the dealer's right, dealer last",
        "ask": "section 3.4.4: the soloist names the cards he buys",
        "give": "section 3.4.4: the soloist gives a card for each card bought",
        "call": "section 3.4.5: with no bid the dealer calls a King",
        "play": "section 3.5.4: the winner of a trick leads, then play goes counter-clockwise",
    }.get(state.phase)
