"""The exact Scioto solver against brute-force minimax on small endgames."""

import pytest

from deckcore.games.scioto import Scioto
from deckmate.solver import NotSolvable, Solver, SolverBot, native_library
from scioto_endgames import endgame_positions, perfect_points

BACKENDS = [False] + ([True] if native_library() else [])
RULES = [{}, {"compounding": True}, {"mandatory_dismissal": True},
         {"compounding": True, "mandatory_dismissal": True}]


@pytest.mark.parametrize("native", BACKENDS)
@pytest.mark.parametrize("options", RULES)
def test_solver_matches_brute_force_on_endgame_positions(native, options):
    game, positions = endgame_positions(options, 4, 25, 7 + len(options))
    for state in positions:
        solver = Solver(game, native=native)
        expected = perfect_points(state)
        assert solver.value(state)[0] == expected
        assert solver.final_points(state, 1) == sum(state.points()) + sum(
            game.card_points[c] for c in state.trick + state.hands[0] + state.hands[1]) - expected


@pytest.mark.parametrize("native", BACKENDS)
def test_solver_reaches_agrees_with_the_value(native):
    game, positions = endgame_positions({"compounding": True}, 4, 15, 3)
    for state in positions:
        solver = Solver(game, native=native)
        for seat in range(2):
            value = solver.final_points(state, seat)
            assert solver.reaches(state, seat, value)
            assert not solver.reaches(state, seat, value + 1)


def test_solver_bot_keeps_the_value_to_the_end():
    """Solver against solver: the hand ends exactly at the value solved at the start."""
    game, positions = endgame_positions({}, 5, 5, 11)
    for state in positions:
        expected = Solver(game).value(state)
        bot = SolverBot(game)
        while not state.is_terminal():
            state.apply(bot.choose_exact(state))
        assert state.points() == expected


def test_native_and_python_agree_on_a_larger_endgame():
    if not native_library():
        pytest.skip("no C compiler")
    game, positions = endgame_positions({}, 7, 2, 5)
    for state in positions:
        assert Solver(game, native=True).value(state) == Solver(game, native=False).value(state)


def test_solver_refuses_hidden_cards():
    for options in ({"players": 3}, {"trick_and_draw": True}):
        with pytest.raises(NotSolvable):
            Solver(Scioto(options))


def test_the_committed_deal_set_is_the_arenas_deals_solved():
    """data/scioto_solved.json: 100 deals of `deckmate arena --game scioto --seed 1`, each
    with both seats' exact points (they share the 112 of the pack)."""
    import json
    import os

    from deckmate.arena import deal_for
    from helpers import ROOT
    with open(os.path.join(ROOT, "data", "scioto_solved.json")) as handle:
        data = json.load(handle)
    game = Scioto({})
    assert data["seed"] == 1 and len(data["deals"]) >= 100
    for index, deal in enumerate(data["deals"]):
        assert deal["index"] == index
        dealer, piles = deal_for(game, data["seed"], index)
        assert (deal["dealer"], deal["hands"]) == (dealer, piles["hands"])
        assert sum(deal["value"]) == 112 and min(deal["value"]) >= 0
