"""What the Chambéry bots decide by rule before the play (bots/chambery.py has the rest), loaded
for the decision and unloaded after it.
"""

import deckcore.bots.tarot_bidding as bidding
from deckcore.bots.tarot_knowledge import CARD_AND_TRICK
from deckcore.games.chambery import BID, CARDS_BOUGHT, PASS, game_factor
from deckcore.games.tarot import FOOL, SUIT_OF

MARGIN = 3  # card points over the half a bidder wants to expect: the outlook is rough


def decide(view, legal):
    phase = view.phase
    values = view.game.values
    if phase == "discard":
        return bidding.lay_away(view.hand, legal, values, True)
    if phase == "bid":
        return BID + bid(view, [action - BID for action in legal])
    if phase == "ask":
        return bidding.wish(legal)
    if phase == "give":
        return bidding.lay_away(view.hand, legal, values, False)
    if phase == "call":
        return call(view.hand, legal)
    return None


def bid(view, bids):
    """The bid of `bids` (PASS first) with the best expected settlement for a soloist who
    buys its cards (3.4.4), or PASS when no bid expects the half plus MARGIN."""
    game = view.game
    opts = game.options
    dealer = view.seat == view.dealer
    strangers = bidding.unseen(view)
    extra = view.scart if dealer else []
    bonus = game.scart_point if dealer else 0
    half = game.total_points // 2
    best, best_value = PASS, 0
    for contract in bids:
        if contract == PASS:
            continue
        hand = list(view.hand)
        others = list(strangers)
        for _ in range(CARDS_BOUGHT[contract]):
            card = bidding.wish([c for c in others if c != FOOL])  # 3.4.4: not the Fool
            others.remove(card)
            hand.append(card)
            hand.remove(bidding.lay_away(hand, hand, game.values, False))
        points = bonus + bidding.expected_points(hand, extra, game.num_players - 1, others,
                                                 game.values, CARD_AND_TRICK, game.hand_size)
        if points < half + MARGIN:
            continue
        factor = game_factor(opts["multipliers"], contract, half, 0)
        value = (points - half) * factor
        if value > best_value:
            best, best_value = contract, value
    return best


def call(hand, legal):
    """3.4.5: the King (or Queen) of the suit the dealer holds most of, to find a partner
    strong where he is."""
    lengths = bidding.suit_lengths(hand)
    best = legal[0]
    for card in legal:
        if lengths[SUIT_OF[card]] > lengths[SUIT_OF[best]]:
            best = card
    return best
