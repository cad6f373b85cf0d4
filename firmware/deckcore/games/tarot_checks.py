"""The tarot family's message for a card refused in the play (a person's refused card, a
replayed log's). TarotState.play_illegal_reason imports this module for the call and unloads
it after (deckcore.residency.call_unloaded), so that its messages take no heap while bots play."""

from deckcore.games.tarot import FOOL, SUIT_NAMES, SUIT_OF, TRUMP, card_text, led_suit


def play_illegal_reason(state, card):
    """The rule a card the State found unplayable breaks."""
    seat = state.to_act
    if card not in state.hands[seat]:
        return "seat %d does not hold %s" % (seat, card_text(card))
    if card in state.legal_cards(seat):
        return None
    if card == FOOL:
        return "%s: the Fool may not be played now" % state.PLAY_RULE
    led = led_suit(state.trick)
    hand = state.hands[seat]
    if any(SUIT_OF[c] == led for c in hand):
        if led == TRUMP:
            return "%s: trumps were led and seat %d holds a trump" % (state.PLAY_RULE, seat)
        return "%s: must follow suit (%s led)" % (state.PLAY_RULE, SUIT_NAMES[led])
    return "%s: void in %s, must play a trump" % (state.PLAY_RULE, SUIT_NAMES[led])
