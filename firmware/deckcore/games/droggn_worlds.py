"""The bots' dealing of Droggn: `determinize(view, rng)` deals a full DroggnState consistent
with a seat's view. The bots (bots/knowledge.py) import this module for each world and, on
the device, unload it after (deckcore.residency.Visit): the search that follows holds none of
its code."""

from deckcore.games.droggn import DroggnState, kings_over_trumps
from deckcore.games.droggn_game import NEVER_DISCARDED
from deckcore.games.tarot import may_hold
from deckcore.games.tarot_worlds import deal_unknown


def determinize(view, rng):
    """A full DroggnState consistent with `view`: the cards this seat cannot place are dealt
    at random to the other hands, an untaken talon, the declarer's discard and a pending
    offer, respecting shown voids, the discard rules (4.4.2) and an exposed talon."""
    game = view.game
    players = game.num_players
    state = DroggnState(game, view.dealer, {"hands": [[] for _ in range(players)], "talon": []})
    state.copy_public(state, view, True)  # the view's lists of the play, not copies

    # Cards whose place this seat knows: its hand, the cards played, a laid-out card, the
    # bought card, the offer it made or received, a talon or discard it has seen.
    seen = list(view.hand)
    for cards in view.played:
        seen.extend(cards)
    hands = [[] for _ in range(players)]
    hands[view.seat] = list(view.hand)
    placed = [(view.laid_out, view.layer), (view.bought, view.declarer)]
    if view.offer is not None:
        placed.append((view.offer, -1 if view.offer_pending else view.seller))
    for card, seat in placed:
        if card >= 0 and card not in seen:
            seen.append(card)
            if seat >= 0:
                hands[seat].append(card)
    seen.extend(view.discard or ())
    talon_seen = None if view.talon_taken else view.talon  # a talon that lies apart, seen
    if talon_seen is not None:
        seen.extend(talon_seen)
    # An exposed talon (4.4.1 option) lies in the declarer's hand or discard, or is the offer.
    exposed = view.talon if view.talon_taken and view.talon is not None else ()

    # Slots: 0..players-1 the other hands, then the untaken talon, the discard, the offer.
    talon_slot, discard_slot, offer_slot = players, players + 1, players + 2
    sizes = [0] * (players + 3)
    for seat in range(players):
        if seat != view.seat:
            sizes[seat] = view.hand_sizes[seat] - len(hands[seat])
    if not view.talon_taken and talon_seen is None:
        sizes[talon_slot] = 3
    if view.discard is None:
        sizes[discard_slot] = view.discard_size
    if view.offer_pending and view.offer is None:
        sizes[offer_slot] = 1
    unknown = [card for card in game.pack_cards if card not in seen]

    def allowed(slot, card):
        if card in exposed and slot not in (view.declarer, discard_slot, offer_slot, view.seller):
            return False
        if slot < players:
            return may_hold(view.voids[slot], card)
        return slot != discard_slot or card not in NEVER_DISCARDED

    # deal_unknown honours the voids exactly; the King-with-a-trump discard rule and the
    # one-card offer are checked after, and a sample that breaks them is drawn again.
    # Only the slots with room are passed on: its cost doubles with every slot.
    live = [slot for slot in range(len(sizes)) if sizes[slot]]
    for _ in range(30):
        some = deal_unknown(unknown, [sizes[slot] for slot in live],
                                  lambda i, card: allowed(live[i], card), rng)
        dealt = [[] for _ in sizes]
        for i in range(len(live)):
            dealt[live[i]] = some[i]
        if _fits(dealt, view, exposed, dealt[discard_slot]):
            break
    for seat in range(players):
        if seat != view.seat:
            hands[seat].extend(dealt[seat])
        hands[seat].sort()
    state.hands = hands
    state.discard = list(view.discard) if view.discard is not None else dealt[discard_slot]
    if talon_seen is not None:
        state.talon = list(talon_seen)
    elif not view.talon_taken:
        state.talon = dealt[talon_slot]
    else:  # any three of the declarer's 24 cards may have been the talon: say the discard
        state.talon = list(view.talon) if view.talon is not None else list(state.discard)
    if view.offer is not None:
        state.offer = view.offer
    elif view.offer_pending:
        state.offer = dealt[offer_slot][0]
    elif view.seller >= 0:  # some card the seller has held since the purchase
        held = hands[view.seller] + view.played[view.seller]
        moved = [card for card in held if card in exposed]
        state.offer = (moved or held)[0]
    return state


def _fits(dealt, view, exposed, discard):
    """The sampled discard keeps a trump beside every King (4.4.2), and at most one exposed
    talon card reached the seller (as the offer)."""
    if kings_over_trumps(discard) > 3 - view.discard_size:
        return False
    if exposed and view.seller >= 0:
        moved = 0
        for card in dealt[view.seller] + view.played[view.seller]:
            if card in exposed:
                moved += 1
        return moved <= 1
    return True
