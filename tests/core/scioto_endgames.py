"""2-player Scioto endgames and their exact values by plain minimax, the yardstick for the
bots' endgame search (tests/core) and the host's solver (tests/host)."""

from deckcore.games.scioto import Scioto
from deckcore.rng import Rng


def perfect_points(state):
    """Final points of seat 0 with both seats playing perfectly (plain minimax)."""
    if state.is_terminal():
        return state.points()[0]
    values = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        values.append(perfect_points(after))
    return max(values) if state.current_player() == 0 else min(values)


def endgame_positions(options, cards_left, count, seed):
    """`count` positions with `cards_left` cards in each hand, reached by random play, half
    of them one card into a trick."""
    game = Scioto(options)
    rng = Rng(seed)
    out = []
    while len(out) < count:
        state = game.new_hand(rng.below(2), game.deal(rng, 0))
        while len(state.hands[0]) + len(state.hands[1]) > 2 * cards_left or state.trick:
            state.apply(rng.choice(state.legal_actions()))
        if rng.below(2) and not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            out.append(state)
    return game, out
