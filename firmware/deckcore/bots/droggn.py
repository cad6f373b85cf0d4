"""What the bots know about Droggn (rules.md section 4): one declarer against two defenders.

Decided by rule, each by what the game's scoring makes of the outlook (tarot_knowledge):
the call (4.3: the contract whose expected game value, 4.7.3, is best, and above nothing; a
Slam only when the hand is expected to take nearly every point), the discard (4.4.2: it
counts for the declarer, so bank the richest unguarded cards of the shortest suit), the
card offered and the card asked for in an Ansager (4.4.3: the poorest away, the strongest
in), laying out (4.5.1: the Pagat only with a wall of trumps; the Gstieß never) and the
Schwacher and retours (4.5.4: only when the speaker's side expects to win by a margin that
grows with every doubling). The play is searched and valued by the outlook counted in
threes, settled by the game value, its doubling and the Pagat bonuses already decided.
"""

from deckcore.bots import tarot_knowledge as tarot
from deckcore.game import TERMINAL
from deckcore.games.droggn import (
    ANSAGER, BASE_VALUE, GUT, LAY_OUT_PAGAT, LIEGE, NEVER_DISCARDED, PASS, RETOUR, SCHWACHER,
    SLAM, SOLO, settlement, slam_value)
from deckcore.games.tarot import SUIT_OF, TRUMP

MARGIN = 1        # card points a bidder wants to expect over the threshold
UNSEEN = 4        # the outlook of a hand played as dealt overestimates it by about this
DOUBT = 10        # the outlook's doubt before play, in card points (blend's width)
DOUBLE_MARGIN = 6  # card points a side wants over the threshold to double, per doubling
PAGAT_WALL = 13   # trumps besides the Pagat a declarer wants before laying it out

hidden = tarot.hidden
cards_left = tarot.cards_left


def decide(view, legal, rng, budget, tick):
    phase = view.phase
    values = view.game.values
    if phase == "bid":
        return call(view, legal)
    if phase == "discard":
        return tarot.lay_away(view.hand, legal, values, True)
    if phase == "offer":
        return tarot.lay_away(view.hand, [c for c in legal if c in view.hand], values, False)
    if phase == "ask":
        mine = view.hand + (view.discard or [])
        return tarot.wish([c for c in legal if c not in mine and c != view.offer])
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
    talon = 3 * tarot.face(others, values) // len(others) - 2
    points = tarot.expected_points(hand, [], 2, others, values, tarot.THREES, game.tricks)
    points += talon
    if contract > SOLO:
        return points - UNSEEN
    if contract == ANSAGER:
        points = contract_outlook(game, hand, strangers, SOLO)
    hand = list(hand)
    if contract == ANSAGER:
        card = tarot.wish(others)
        others.remove(card)
        hand.append(card)
        hand.remove(tarot.lay_away(hand, hand, values, False))
    extra = []
    for _ in range(3):
        card = tarot.lay_away(hand, [c for c in hand if c not in NEVER_DISCARDED], values, True)
        hand.remove(card)
        extra.append(card)
    boost = 3 * tarot.hand_strength(others) // len(others)
    exchanged = tarot.expected_points(hand, extra, 2, others, values, tarot.THREES,
                                      game.tricks, boost) - 2
    return max(points, exchanged)


def expected_value(game, contract, points, multiplier, doubt):
    """4.7.3, smoothed over +-doubt card points: the game value of `points` for the
    declarer."""
    if contract == SLAM:
        value = slam_value(game, False)
        return tarot.blend(points, game.total_points - doubt, doubt, value, -value) * multiplier
    base = BASE_VALUE[contract]
    win = base + points - game.half
    lose = -(base + game.total_points - points - game.half)
    return tarot.blend(points, game.threshold, doubt, win, lose) * multiplier


def call(view, legal):
    """The legal contract with the best expected value when its outlook clears the
    threshold by MARGIN (a Slam: nearly all the points); else pass."""
    game = view.game
    strangers = tarot.unseen(view)
    best, best_value = PASS, 0
    for contract in legal:
        if contract == PASS:
            continue
        points = contract_outlook(game, view.hand, strangers, contract)
        need = game.total_points - 2 if contract == SLAM else game.threshold + MARGIN
        if points < need:
            continue
        value = expected_value(game, contract, points, 1, DOUBT)
        if value > best_value:
            best, best_value = contract, value
    return best


# 4.5 Announcements and doubling ---------------------------------------------------------------

def trumps(hand):
    return len([card for card in hand if SUIT_OF[card] == TRUMP])


def lay_out(view, legal):
    """4.5.1: the Pagat only with PAGAT_WALL other trumps; the Gstieß is not laid out."""
    if LAY_OUT_PAGAT in legal and trumps(view.hand) - 1 >= PAGAT_WALL:
        return LAY_OUT_PAGAT
    return LIEGE


def side_outlook(view):
    """The card points the declarer may expect, judged from this seat by the outlook's
    squared shares: its own hand known, every other hand as strong as its size in unseen
    cards, the declarer's half as strong again (he called the contract)."""
    game = view.game
    values = game.values
    strangers = tarot.unseen(view)
    pool = (tarot.THREES * game.tricks + tarot.face(strangers, values)
            + tarot.face(view.hand, values))
    mine = tarot.hand_strength(view.hand)
    other = game.tricks * tarot.hand_strength(strangers) // len(strangers)
    if view.seat == view.declarer:
        ours, theirs = mine * mine, 2 * other * other
        extra = tarot.face(view.discard or [], values) - 2 if view.discard else 0
        return extra + pool * ours // (ours + theirs)
    declarer = other * 3 // 2
    ours, theirs = mine * mine + other * other, declarer * declarer
    return game.total_points - pool * ours // (ours + theirs)


def double(view, legal):
    """4.5.4: double (Schwacher or retour) when the speaker's side expects to clear the
    threshold by DOUBLE_MARGIN times the doublings so far plus one; else gut."""
    game = view.game
    points = side_outlook(view)
    if view.seat != view.declarer:
        points = game.total_points - points + 1  # what the defenders need: over 74 - 37
    doublings = 0
    multiplier = view.multiplier
    while multiplier > 1:
        multiplier //= 2
        doublings += 1
    if points >= game.threshold + DOUBLE_MARGIN * (doublings + 1):
        for action in (SCHWACHER, RETOUR):
            if action in legal:
                return action
    return GUT


# 4.7 Scoring ----------------------------------------------------------------------------------

def _declarer_extra(state):
    """The discard, or an untaken talon, counted for the declarer: a group of three."""
    cards = state.discard if state.talon_taken else state.talon
    return tarot.face(cards, state.game.values) - 2 if len(cards) == 3 else 0


def _sides(state, points):
    """Per seat the card points of its side."""
    declarer = state.declarer
    mine = points[declarer] + _declarer_extra(state)
    theirs = 0
    for seat in range(len(points)):
        if seat != declarer:
            theirs += points[seat]
    return [mine if seat == declarer else theirs for seat in range(len(points))]


def immediate(state):
    """Per seat, the card points its side has won, the trick on the table to its winner;
    nothing before the first card is played, so the greedy baseline passes, says gut and
    lays nothing out (were the discard counted from the start of the play, a defender
    whose gut starts it would rather double)."""
    if state.declarer < 0 or (state.tricks_played == 0 and not state.trick):
        return [0] * state.game.num_players
    return _sides(state, tarot.table_points(state, state.game.values, tarot.THREES))


def evaluate(state):
    """4.7.8: the settlement of the expected game value (exact when the hand is over)."""
    if state.current_player() == TERMINAL or state.declarer < 0:
        return state.scores()
    game = state.game
    declarer = state.declarer
    points = _sides(state, tarot.outlook(state, game.values, tarot.THREES, _partners))
    mine = points[declarer]
    value = expected_value(game, state.contract, mine, state.multiplier,
                           tarot.spread(state))
    if state.contract == SLAM and state.laid_out >= 0:
        value = value * slam_value(game, True) // slam_value(game, False)
    if state.pagat_winner >= 0:
        value += state.pagat_bonus()
    return settlement(game.num_players, declarer, value)


def _partners(state, a, b):
    return a == b or (a != state.declarer and b != state.declarer)


def order(state, actions):
    if state.phase != "play":
        return actions
    return tarot.order(state, actions, _partners)

