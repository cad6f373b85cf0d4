"""tools/scout_screen.py, a paired screen of changes to SCOUT's `hard`: `hard` as it is
scores what the arena gives it on the same deal, a variant's budget is changed for SCOUT's
`hard` alone and only while its deal is played, and a field Budget does not have is refused
with what to give."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
import scout_screen  # noqa: E402  (tools/scout_screen.py)
from deckcore.bots import levels  # noqa: E402
from deckcore.games import load  # noqa: E402
from deckmate.arena import play_deal  # noqa: E402


@pytest.mark.parametrize("jobs", [1, 2])  # (2: the arena's pool of workers)
def test_hard_as_it_is_scores_what_the_arena_gives_it_on_the_same_deal(jobs):
    found = scout_screen.screen(2, 2, {"playouts=1": {"playouts": 1}}, jobs=jobs,
                                said=lambda line: None)
    for index in (0, 1):
        scores = play_deal(load("scout")({"players": 2}), ["hard", "normal"], 1, index)[0]
        assert found["hard"][index] == scores[0] - scores[1]
    assert sorted(found["playouts=1"]) == [0, 1]
    lines = scout_screen.summary(found)
    assert lines[0].startswith("hard ") and "paired against hard" in lines[1]


def test_against_another_bot_the_deals_are_the_arenas_of_hard_and_that_bot():
    found = scout_screen.screen(2, 1, {}, jobs=1, said=lambda line: None, against="strong")
    scores = play_deal(load("scout")({"players": 2}), ["hard", "strong"], 1, 0)[0]
    assert found["hard"][0] == scores[0] - scores[1]
    assert "against strong" in scout_screen.summary(found, "strong")[0]


def test_a_variant_changes_scouts_hard_alone_and_only_while_its_deal_is_played():
    changed = scout_screen._with({"depth": 3, "nodes": 20000})
    assert (changed("scout", "hard", 5).depth, changed("scout", "hard", 5).nodes) == (3, 20000)
    assert changed("scout", "normal", 5).depth == levels.budget("scout", "normal", 5).depth
    assert changed("droggn", "hard", 3).nodes == levels.budget("droggn", "hard", 3).nodes
    scout_screen._deal(("depth=1", {"depth": 1}, 2, 1, 0, "normal"))
    assert levels.budget is scout_screen.MADE


def test_a_field_budget_does_not_have_is_refused_with_what_to_give():
    assert scout_screen.variant_fields("depth=3,nodes=9000") == {"depth": 3, "nodes": 9000}
    for text in ("nodez=3", "depth=three", "depth"):
        with pytest.raises(ValueError, match="a field of bots/levels.py's Budget"):
            scout_screen.variant_fields(text)
