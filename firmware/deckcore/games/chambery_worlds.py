"""The bots' dealing of Chambery: `determinize(view, rng)` deals a full ChamberyState
consistent with a seat's view. The bots (bots/knowledge.py) import this module for each world
and, on the device, unload it after (deckcore.residency.Visit): the search that follows holds
none of its code."""

from deckcore.game import RulesError
from deckcore.games.chambery import (
    ALONE, CALLED, KING, PAGAT, QUEEN, RANK_OF, SUIT_OF, TRUMP, ChamberyState,
    effective_discard_rule, never_discarded, suit_card)
from deckcore.games.tarot import may_hold
from deckcore.games.tarot_worlds import deal_unknown


def determinize(view, rng):
    """A full ChamberyState consistent with `view`: the cards the seat cannot see are dealt at
    random to the other hands (and, for a seat other than the dealer, to the scart),
    respecting hand sizes, the voids shown in play, the discard rules, and what the bidding
    made public: the called card is with the partner; a Queen called means the dealer holds
    the four Kings; the bought cards are with the soloist or went back to a seller."""
    game = view.game
    players = game.num_players
    seat, dealer, declarer = view.seat, view.dealer, view.declarer
    unknown = view.unseen_cards()
    hidden = [s for s in range(players) if s != seat]
    sizes = [view.hand_sizes[s] for s in hidden]
    scart_slot = -1
    if seat != dealer:
        scart_slot = len(sizes)
        sizes.append(view.scart_size - len(view.scart_shown))

    def slots_of(seats):
        return [hidden.index(s) for s in seats if s != seat]

    only = {}  # card -> the slots it may be in, where the public (or this seat) knows more
    if view.contract == CALLED:
        only[view.called] = slots_of([view.partner])
        if RANK_OF[view.called] == QUEEN:
            for suit in range(4):
                only[suit_card(suit, KING)] = slots_of([dealer])
    elif view.contract == ALONE:
        for suit in range(4):
            only[suit_card(suit, KING)] = slots_of([dealer])
            only[suit_card(suit, QUEEN)] = slots_of([dealer]) + [scart_slot]
    for index in range(len(view.asked)):
        card = view.asked[index]
        if view.sellers:
            # Bought face up; he may have given it back to a seller since.
            only[card] = slots_of([declarer] + view.sellers[:len(view.given)])
        else:
            only[card] = slots_of([s for s in range(players) if s != declarer])
    for index in range(len(view.given)):
        if view.given[index] >= 0:
            only[view.given[index]] = slots_of([view.sellers[index]])

    def scart_may_hold(card, strict):
        if never_discarded(card) or card == PAGAT:  # a discarded T1 is always shown
            return False
        return not (strict and game.options["discard_rule"] == "1902" and SUIT_OF[card] == TRUMP)

    def allowed(slot, card, strict):
        if card in only and slot not in only[card]:
            return False
        if slot == scart_slot:
            return scart_may_hold(card, strict)
        return may_hold(view.voids[hidden[slot]], card)

    # Trumps in a 1902 scart are rare: try them only when no deal without them fits.
    slots = deal_unknown(unknown, sizes, lambda s, c: allowed(s, c, True), rng)
    if slots is None:
        slots = deal_unknown(unknown, sizes, lambda s, c: allowed(s, c, False), rng)
    if slots is None:
        raise RulesError("no deal is consistent with seat %d's view" % seat)

    state = ChamberyState(game, dealer, None)
    state.hands = [list(view.hand) if s == seat else [] for s in range(players)]
    for index in range(len(hidden)):
        state.hands[hidden[index]] = slots[index]
    if scart_slot >= 0:
        state.scart = slots[scart_slot] + view.scart_shown
    else:
        state.scart = list(view.scart)
    if view.phase == "discard":
        state.discard_rule = effective_discard_rule(game, state.hands[dealer] + state.scart)
    if view.bids or view.phase == "bid":
        state.open_auction()
        for speaker, bid in view.bids:
            state.auction.speak(bid)
    state.given = []
    for index in range(len(view.given)):
        card = view.given[index]
        if card < 0:  # unknown to this seat: any card the seller holds or has played
            seller = view.sellers[index]
            card = (state.hands[seller] + view.played[seller])[0]
        state.given.append(card)
    state.copy_public(state, view, True)  # the view's lists of the play, not copies
    return state
