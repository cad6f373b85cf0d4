"""What the bots know about Droggn (rules.md section 4): one declarer against two defenders.

Decided by rule (bots/droggn_bidding.py, loaded for the decision), each by what the game's
scoring makes of the outlook (tarot_knowledge): the call (4.3: the contract whose expected
game value, 4.7.3, is best, and above nothing; a Slam only when the hand is expected to take
nearly every point), the discard (4.4.2: it counts for the declarer, so bank the richest
unguarded cards of the shortest suit), the card offered and the card asked for in an
Ansager (4.4.3: the poorest away, the strongest in), laying out (4.5.1: the Pagat only with
a wall of trumps; the Gstieß never) and the Schwacher and retours (4.5.4: only when the
speaker's side expects to win by a margin that grows with every doubling). The play is
searched and valued by the outlook counted in threes, settled by the game value, its
doubling and the Pagat bonuses already decided.
"""

from deckcore.bots import card_total
import deckcore.bots.tarot_knowledge as tarot
from deckcore.game import TERMINAL
from deckcore.games.droggn_game import BASE_VALUE, SLAM, settlement, slam_value
from deckcore.games.tarot import FOOL, SUIT_OF
from deckcore.residency import Visit

hidden = tarot.hidden
cards_left = tarot.cards_left


def determinize(view, rng):
    """A world dealt from the view (games/droggn_worlds.py, loaded for each world and unloaded
    after, or within a think at its end: the search that follows holds none of it)."""
    with Visit():
        from deckcore.games.droggn_worlds import determinize
        return determinize(view, rng)


def decide(view, legal, rng, budget, tick):
    if view.phase == "play":
        return None
    with Visit():
        from deckcore.bots.droggn_bidding import decide
        return decide(view, legal, expected_value)


# 4.7 Scoring ----------------------------------------------------------------------------------

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


def _declarer_extra(state):
    """The discard, or an untaken talon, counted for the declarer: a group of three."""
    cards = state.discard if state.talon_taken else state.talon
    return card_total(cards, state.game.values) - 2 if len(cards) == 3 else 0


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


def distinct(view, actions):
    """`actions` less each card that plays as one before it does: of the same suit and value,
    with no card between the two in trick-taking power that another seat may still play
    (every card between them is the seat's or already won in a trick). Whoever holds the
    rest, the two take the same tricks, so the search tries one for both; the Fool is
    always itself. (Any tarot game's; here, where `hard` uses it, the other games' matches
    do not carry its code: docs/budgets.md.)"""
    game = view.game
    values, power = game.values, game.power
    # Out of the others' play: the seat's cards and those won (not the view's visible_cards,
    # which holds cards seen in another hand, still to be played).
    out_of_play = bytearray(len(power))
    for card in view.hand:
        out_of_play[card] = 1
    for pile in view.piles:
        for card in pile:
            out_of_play[card] = 1
    kept = []
    keys = []  # per card kept: its suit, value and how many of its suit may still fall under it
    for card in actions:
        key = -1
        if card != FOOL:
            suit = SUIT_OF[card]
            key = suit * 256 + values[card]
            for other in game.pack_cards:
                if (SUIT_OF[other] == suit and power[other] < power[card]
                        and not out_of_play[other]):
                    key += 4096
        if key not in keys:
            keys.append(key)
            kept.append(card)
    return kept


def _partners(state, a, b):
    return a == b or (a != state.declarer and b != state.declarer)


def order(state, actions):
    if state.phase != "play":
        return actions
    return tarot.order(state, actions, _partners)

