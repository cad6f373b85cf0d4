"""What the Droggn bots decide by rule before the play (bots/droggn.py has the rest and tells
how), loaded for the decision and unloaded after it. The game value a contract is expected to
bring is bots/droggn.py's `expected_value`, which the play's evaluation uses too: it is given
to `decide` (this module is loaded by that one, so it does not import it back).
"""

from deckcore import const
from deckcore.bots import card_total
import deckcore.bots.tarot_bidding as bidding
import deckcore.bots.tarot_knowledge as tarot
from deckcore.games.droggn_game import (
    ANSAGER, GUT, LAY_OUT_PAGAT, LIEGE, NEVER_DISCARDED, PASS, RETOUR, SCHWACHER, SLAM, SOLO)
from deckcore.games.tarot import SUIT_OF, TRUMP

_MARGIN = const(1)  # card points a bidder wants to expect over the threshold
_UNSEEN = const(4)  # the outlook of a hand played as dealt overestimates it by about this
_DOUBT = const(10)  # the outlook's doubt before play, in card points (blend's width)
_DOUBLE_MARGIN = const(6)  # card points a side wants over the threshold to double, per doubling
_PAGAT_WALL = const(13)  # trumps besides the Pagat a declarer wants before laying it out


def decide(view, legal, expected_value):
    phase = view.phase
    values = view.game.values
    if phase == "bid":
        return call(view, legal, expected_value)
    if phase == "discard":
        return bidding.lay_away(view.hand, legal, values, True)
    if phase == "offer":
        return bidding.lay_away(view.hand, [c for c in legal if c in view.hand], values, False)
    if phase == "ask":
        mine = view.hand + (view.discard or [])
        return bidding.wish([c for c in legal if c not in mine and c != view.offer])
    if phase == "layout":
        return lay_out(view, legal)
    if phase == "double":
        return double(view, legal)
    return None


# 4.3 Bidding --------------------------------------------------------------------------------

def contract_outlook(game, hand, strangers, contract):
    """The card points a declarer with `hand` may expect in `contract`. In a Super or Slam
    the untaken talon counts for him (4.4.4); in a Solo he may also exchange it (three
    cards as strong as the unseen ones on average in, three banked out), which can only
    help; in an Ansager he buys the strongest card besides, giving the poorest."""
    values = game.values
    others = list(strangers)
    talon = 3 * card_total(others, values) // len(others) - 2
    points = bidding.expected_points(hand, [], 2, others, values, tarot.THREES, game.tricks)
    points += talon
    if contract > SOLO:
        return points - _UNSEEN
    if contract == ANSAGER:
        points = contract_outlook(game, hand, strangers, SOLO)
    hand = list(hand)
    if contract == ANSAGER:
        card = bidding.wish(others)
        others.remove(card)
        hand.append(card)
        hand.remove(bidding.lay_away(hand, hand, values, False))
    extra = []
    for _ in range(3):
        card = bidding.lay_away(hand, [c for c in hand if c not in NEVER_DISCARDED], values, True)
        hand.remove(card)
        extra.append(card)
    boost = 3 * bidding.hand_strength(others) // len(others)
    exchanged = bidding.expected_points(hand, extra, 2, others, values, tarot.THREES,
                                      game.tricks, boost) - 2
    return max(points, exchanged)


def call(view, legal, expected_value):
    """The legal contract with the best expected value (`expected_value`: bots/droggn.py's)
    when its outlook clears the threshold by _MARGIN (a Slam: nearly all the points); else
    pass."""
    game = view.game
    strangers = bidding.unseen(view)
    best, best_value = PASS, 0
    for contract in legal:
        if contract == PASS:
            continue
        points = contract_outlook(game, view.hand, strangers, contract)
        need = game.total_points - 2 if contract == SLAM else game.threshold + _MARGIN
        if points < need:
            continue
        value = expected_value(game, contract, points, 1, _DOUBT)
        if value > best_value:
            best, best_value = contract, value
    return best


# 4.5 Announcements and doubling ---------------------------------------------------------------

def trumps(hand):
    return len([card for card in hand if SUIT_OF[card] == TRUMP])


def lay_out(view, legal):
    """4.5.1: the Pagat only with _PAGAT_WALL other trumps; the Gstieß is not laid out."""
    if LAY_OUT_PAGAT in legal and trumps(view.hand) - 1 >= _PAGAT_WALL:
        return LAY_OUT_PAGAT
    return LIEGE


def side_outlook(view):
    """The card points the declarer may expect, judged from this seat by the outlook's
    squared shares: its own hand known, every other hand as strong as its size in unseen
    cards, the declarer's half as strong again (he called the contract)."""
    game = view.game
    values = game.values
    strangers = bidding.unseen(view)
    pool = (tarot.THREES * game.tricks + card_total(strangers, values)
            + card_total(view.hand, values))
    mine = bidding.hand_strength(view.hand)
    other = game.tricks * bidding.hand_strength(strangers) // len(strangers)
    if view.seat == view.declarer:
        ours, theirs = mine * mine, 2 * other * other
        extra = card_total(view.discard or [], values) - 2 if view.discard else 0
        return extra + pool * ours // (ours + theirs)
    declarer = other * 3 // 2
    ours, theirs = mine * mine + other * other, declarer * declarer
    return game.total_points - pool * ours // (ours + theirs)


def double(view, legal):
    """4.5.4: double (Schwacher or retour) when the speaker's side expects to clear the
    threshold by _DOUBLE_MARGIN times the doublings so far plus one; else gut."""
    game = view.game
    points = side_outlook(view)
    if view.seat != view.declarer:
        points = game.total_points - points + 1  # what the defenders need: over 74 - 37
    doublings = 0
    multiplier = view.multiplier
    while multiplier > 1:
        multiplier //= 2
        doublings += 1
    if points >= game.threshold + _DOUBLE_MARGIN * (doublings + 1):
        for action in (SCHWACHER, RETOUR):
            if action in legal:
                return action
    return GUT
