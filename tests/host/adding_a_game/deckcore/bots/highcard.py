"""What the bots know about High Card: nothing decided by rule; the search values a position
by the tricks won (the contract is in deckcore/bots/__init__.py, `knowledge`)."""

from deckcore.game import TERMINAL
from deckcore.games.highcard_worlds import determinize  # noqa: F401 (the bots' worlds)


def decide(view, legal, rng, budget, tick):
    return None


def hidden(view):
    return True


def cards_left(state):
    return sum(len(hand) for hand in state.hands)


def evaluate(state):
    if state.current_player() == TERMINAL:
        return state.scores()
    return list(state.tricks_won)


def order(state, actions):
    return sorted(actions, key=lambda card: -(card % 8))


def immediate(state):
    return list(state.tricks_won)
