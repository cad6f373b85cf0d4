"""What the bots know about Scarto (rules.md section 2): each for himself, card points - 26.

The dealer's discard is decided by rule (tarot_bidding.lay_away, loaded for the decision:
the scart scores for him, 2.2.3, so he banks the richest unguarded cards of his shortest
suit, voiding it, within the restrictions of 2.2.4, which the legal actions already keep);
the play is searched and valued by the outlook counted in threes.
"""

from deckcore.bots import card_total
import deckcore.bots.tarot_knowledge as tarot
from deckcore.game import TERMINAL
from deckcore.games.scarto import SCART, hand_scores
from deckcore.games.scarto_worlds import determinize  # noqa: F401 (knowledge.determinizer)
from deckcore.residency import Visit

hidden = tarot.hidden
cards_left = tarot.cards_left

# The outlook's strength of each card, fitted to self-played hands
# (tools/fit_tarot_outlook.py). Per card: the Fool, T1-T10, T11-T21, then each suit's 1-10,
# J, N, Q, K. The Angel (T20) is the highest trump (2.1.2).
STRENGTH = (b"\x00\x08\x06\x07\x06\x06\x06\x06\x07\x07\x07"
            b"\x07\x07\x07\x07\x07\x07\x08\x08\x08\x0f\x08"
            + b"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x04\x06\x08\x0a" * 4)


def decide(view, legal, rng, budget, tick):
    if view.phase == "discard":
        with Visit():
            from deckcore.bots.tarot_bidding import lay_away
            return lay_away(view.hand, legal, view.game.values, True)
    return None


def immediate(state):
    """Card points won (the dealer's scart included), the trick on the table to its winner."""
    points = tarot.table_points(state, state.game.values, tarot.THREES)
    points[state.dealer] += scart_points(state)
    return points


def scart_points(state):
    """2.4.1: the scart is one group of three, its values less 2."""
    return card_total(state.scart, state.game.values) - 2 if len(state.scart) == SCART else 0


def evaluate(state):
    """2.4.4: the expected card points - 26 (exact when the hand is over)."""
    if state.current_player() == TERMINAL:
        return state.scores()
    points = tarot.outlook(state, state.game.values, tarot.THREES, _partners, STRENGTH)
    points[state.dealer] += scart_points(state)
    return hand_scores(points)


def _partners(state, a, b):
    return a == b


def order(state, actions):
    if state.phase != "play":
        return actions
    return tarot.order(state, actions, _partners)
