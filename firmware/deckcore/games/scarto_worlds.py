"""The bots' dealing of Scarto: `determinize(view, rng)` deals a full ScartoState consistent
with a seat's view, for the Monte Carlo bots (bots/knowledge.py; the Scarto bot,
bots/scarto.py, imports it)."""

from deckcore.game import RulesError
from deckcore.games.scarto import (PAGAT, PLAYERS, SCART, ScartoState, forbidden_discard,
                                   pagat_may_be_discarded)
from deckcore.games.tarot import FOOL, SUIT_OF, TRUMP, may_hold
from deckcore.games.tarot_worlds import deal_unknown


def determinize(view, rng):
    """A full ScartoState consistent with `view`: the cards the seat cannot see are dealt at
    random to the other hands (and, for a non-dealer, to the scart), respecting the hand sizes,
    the voids shown in play and the discard restrictions of 2.2.4."""
    game = view.game
    seat, dealer = view.seat, view.dealer
    unknown = view.unseen_cards()
    hidden = [s for s in range(PLAYERS) if s != seat]
    sizes = [view.hand_sizes[s] for s in hidden]
    scart_slot = -1
    if seat != dealer:
        scart_slot = len(sizes)
        sizes.append(view.scart_size)
    dealer_slot = hidden.index(dealer) if seat != dealer else -1

    def allowed(slot, card):
        if slot == scart_slot:
            return not forbidden_discard(card)
        return may_hold(view.voids[hidden[slot]], card)

    def pagat_in_scart(slot, card):
        """The 2.2.4 exception: T1 is in the scart, so the dealer holds no trump, no Fool."""
        if slot == dealer_slot and (card == FOOL or SUIT_OF[card] == TRUMP):
            return False
        return allowed(slot, card)

    # The exception is rare: try it only when no deal without it fits what was seen.
    slots = deal_unknown(unknown, sizes, allowed, rng)
    if (slots is None and scart_slot >= 0 and view.scart_size and PAGAT in unknown
            and pagat_may_be_discarded(view.played[dealer])):
        unknown.remove(PAGAT)
        sizes[scart_slot] -= 1
        slots = deal_unknown(unknown, sizes, pagat_in_scart, rng)
        if slots is not None:
            slots[scart_slot].append(PAGAT)
    if slots is None:
        raise RulesError("no deal is consistent with seat %d's view" % seat)

    state = ScartoState(game, dealer, None)
    state.hands = [list(view.hand) if s == seat else [] for s in range(PLAYERS)]
    for index in range(len(hidden)):
        state.hands[hidden[index]] = slots[index]
    state.scart = sorted(slots[scart_slot]) if scart_slot >= 0 else list(view.scart)
    original = state.hands[dealer] + state.scart + view.played[dealer]
    if seat == dealer:
        state.stock = list(view.stock)
    else:
        # Any 3 cards of the dealer's 28 may have been the stock; the scart is such a choice.
        state.stock = sorted(original)[:SCART] if len(state.scart) < SCART else list(state.scart)
    state.pagat_discardable = pagat_may_be_discarded(original)
    state.copy_public(state, view)
    return state
