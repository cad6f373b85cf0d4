"""`deckmate arena`: seats rotated over the same deals, the JSON result's shape, and the
exact solver as a bot."""

import json

import pytest

from deckmate.arena import run_arena, seating
from deckcore.games import load
from helpers import deckmate


def test_every_bot_plays_every_seat_once_the_seats_are_rotated():
    for bots, seats in ((2, 2), (2, 3), (2, 5), (3, 3), (2, 4)):
        played = set()
        for rotation in range(seats):
            bot_of = seating(bots, seats, rotation)
            played.update((bot_of[seat], seat) for seat in range(seats))
        assert played == set((b, s) for b in range(bots) for s in range(seats))


def test_arena_json_is_one_object_of_the_documented_shape():
    result = deckmate("arena", "--game", "scioto", "--bots", "greedy,random", "--deals", 6,
                      "--seed", 3, "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert sorted(data) == ["bots", "deals", "diff", "game"]
    assert data["game"] == "scioto" and data["deals"] == 6
    assert [b["name"] for b in data["bots"]] == ["greedy", "random"]
    for bot in data["bots"]:
        assert sorted(bot) == ["ci95", "mean_score", "name", "win_rate"]
        assert bot["ci95"][0] <= bot["mean_score"] <= bot["ci95"][1]
        assert 0 <= bot["win_rate"] <= 1
    assert sorted(data["diff"]) == ["a", "b", "ci95", "mean"]
    assert (data["diff"]["a"], data["diff"]["b"]) == ("greedy", "random")
    means = [b["mean_score"] for b in data["bots"]]
    assert data["diff"]["mean"] == pytest.approx(means[0] - means[1], abs=1e-3)
    # Scioto's points always total 112, whoever plays: the two means share them.
    assert sum(means) == pytest.approx(112)


def test_arena_is_the_same_with_one_worker_or_two():
    game = load("scioto")({"players": 3})
    bots = ["normal", "greedy"]
    assert run_arena(game, bots, 4, 7, jobs=1) == run_arena(game, bots, 4, 7, jobs=2)


def test_a_bot_against_itself_scores_evenly():
    """Rotated seats on the same cards cancel the luck of the deal exactly."""
    game = load("scioto")({})
    result = run_arena(game, ["greedy", "greedy"], 5, 2, jobs=1)
    assert result["diff"]["mean"] == 0


def test_the_solver_never_loses_to_a_bot_on_an_endgame_sized_pack():
    """5 ranks, 10 cards each: small enough to solve in a moment; the exact player scores at
    least as much as any bot over the rotated seats."""
    game = load("scioto")({"ranks": 5})
    result = run_arena(game, ["solver", "normal"], 3, 1, jobs=1)
    assert result["diff"]["mean"] >= 0


def test_arena_refuses_unknown_bots_and_the_solver_with_hidden_cards():
    assert deckmate("arena", "--game", "scioto", "--bots", "normal,nobody",
                    "--deals", 1).returncode == 2
    assert deckmate("arena", "--game", "scioto", "--players", 3, "--bots", "solver,normal",
                    "--deals", 1).returncode == 2


def test_the_tarot_games_split_the_difference_by_the_seats_part_in_the_hand():
    """Every level bids, calls and lays away by the same rules, so in every seat both bots
    hold the same part, and the difference is the play's; Scioto has no parts."""
    for name, parts in (("scarto", {"dealer", "not dealing"}),
                        ("chambery", {"declaring side", "defending side", "each for himself"})):
        result = run_arena(load(name)({}), ["easy", "normal"], 3, 5, jobs=1)
        by_role = result["by_role"]
        assert set(part["role"] for part in by_role) <= parts
        assert sum(part["seats"] for part in by_role) == 3 * load(name)({}).num_players
        for part in by_role:
            assert part["ci95"][0] <= part["mean"] <= part["ci95"][1]
    assert "by_role" not in run_arena(load("scioto")({}), ["greedy", "random"], 2, 1, jobs=1)


def test_a_bot_against_itself_plays_every_part_evenly():
    result = run_arena(load("droggn")({}), ["greedy", "greedy"], 4, 2, jobs=1)
    assert [part["mean"] for part in result["by_role"]] == [0] * len(result["by_role"])


def test_parts_that_change_with_the_bots_are_counted_apart():
    """greedy bids as its own evaluation says; normal by the bidding rules."""
    result = run_arena(load("droggn")({}), ["normal", "greedy"], 4, 1, jobs=1)
    assert "parts differed" in [part["role"] for part in result["by_role"]]
