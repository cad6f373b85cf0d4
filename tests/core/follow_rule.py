"""The tarot games' follow-suit rule stated again, independently of tarot.py, so that
random playouts can check the rules module against it (2.3.2, 3.5.2, 4.6.2)."""

from deckcore.games.tarot import FOOL, SUIT_OF, TRUMP


def obligations_kept(state, card):
    """Follow suit; if void, trump; if trumps are led, trump; the Fool is always allowed."""
    hand = state.hands[state.to_act]
    led = -1
    for played in state.trick:
        if played != FOOL:  # a led Fool leaves the suit to the next card
            led = SUIT_OF[played]
            break
    if card == FOOL or led < 0:
        return True
    if any(SUIT_OF[c] == led for c in hand):
        return SUIT_OF[card] == led
    if any(SUIT_OF[c] == TRUMP for c in hand):
        return SUIT_OF[card] == TRUMP
    return True
