"""What the bots know about Chambéry Tarot (rules.md section 3): sides, bids and settlement.

Decided by rule (bots/chambery_bidding.py, loaded for the decision): the dealer's scart (it
counts for his side, 3.3.3: bank the richest unguarded cards of the shortest suit), the bid
(3.4.3: the contract whose expected settlement is best, if the hand is expected to take the
half of the points plus a margin; see `bid`), the cards the soloist names (the strongest he
may name, 3.4.4) and gives back (the poorest), and the dealer's call (3.4.5: the King or
Queen of his longest suit). The play is searched and valued by the outlook counted by card
and trick, settled by the game's own rules (3.6, 3.7), so the search plays for the payment,
not the card points.
"""

from deckcore.bots import card_total
import deckcore.bots.tarot_knowledge as tarot
from deckcore.game import TERMINAL
from deckcore.games.chambery import (
    EACH, each_for_himself_scores, from_the_dealers_right, side_scores)
from deckcore.residency import Visit

hidden = tarot.hidden
cards_left = tarot.cards_left


def determinize(view, rng):
    """A world dealt from the view (games/chambery_worlds.py, loaded for each world and unloaded
    after, or within a think at its end: the search that follows holds none of it)."""
    with Visit():
        from deckcore.games.chambery_worlds import determinize
        return determinize(view, rng)


def decide(view, legal, rng, budget, tick):
    if view.phase == "play":
        return None
    with Visit():
        from deckcore.bots.chambery_bidding import decide
        return decide(view, legal)


def _with_scart(state, points):
    """Per seat card points with the scart and its point added to the dealer's (3.2.4)."""
    game = state.game
    if len(state.scart) == game.scart_size:
        points[state.dealer] += card_total(state.scart, game.values) + game.scart_point
    return points


def immediate(state):
    """Per seat, the card points of its side won so far and on the table; nothing before
    the play (the greedy baseline then passes)."""
    if state.phase not in ("play", "over"):
        return [0] * state.game.num_players
    points = _with_scart(state, tarot.table_points(state, state.game.values,
                                                   tarot.CARD_AND_TRICK))
    side = state.side
    totals = []
    for seat in range(len(points)):
        total = 0
        for other in range(len(points)):
            if side[other] == side[seat]:
                total += points[other]
        totals.append(total)
    return totals


def evaluate(state):
    """The settlement (3.6, 3.7) of the expected card points (exact when the hand is over)."""
    if state.current_player() == TERMINAL:
        return state.scores()
    game = state.game
    opts = game.options
    points = _with_scart(state, tarot.outlook(state, game.values, tarot.CARD_AND_TRICK,
                                              _partners))
    if state.contract == EACH:
        return each_for_himself_scores(points, opts["multipliers"], game.total_points,
                                       from_the_dealers_right(state.dealer, 3))
    return side_scores(points, state.side, state.contract, state.dealer, opts["settlement"],
                       opts["multipliers"], game.total_points)


def _partners(state, a, b):
    return state.side[a] == state.side[b]


def order(state, actions):
    if state.phase != "play":
        return actions
    return tarot.order(state, actions, _partners)
