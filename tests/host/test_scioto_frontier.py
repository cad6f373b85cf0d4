"""tools/scioto_frontier.py, the training set of the positions where 2-player Scioto `hard`'s
search stops: each is at the search's horizon for the decision it came from (its hands as
large as the search let them shrink to), and its value is the exact one. And
tools/scioto_features.py, which screens features of a value of those positions: each counts
what its name says; tools/scioto_network.py's random positions: valued exactly."""

import os
import sys

from deckcore.bots import scioto
from deckcore.bots.levels import make
from deckcore.games.scioto import Scioto
from deckmate.solver import Solver

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
import scioto_frontier  # noqa: E402  (tools/scioto_frontier.py)


def test_each_position_is_at_the_horizon_of_its_decision_and_valued_exactly():
    game = Scioto({})
    budget = make("hard", game).budget
    rows = scioto_frontier.frontier((600000, 1, 1))
    points = Solver(game).points
    python = Solver(game, native=False)  # the exact search in Python: another reckoning
    assert len(rows) >= 10
    checked = 0
    for lead, follow, rem, take, cards in rows:
        assert budget.try_exact < cards <= 28 and not lead & follow
        size = bin(lead).count("1")
        assert bin(follow).count("1") == size
        # The decision's hands: as many cards each, or one more for the seat to lead.
        largest = (cards + 1) // 2
        assert size == max(largest - scioto.tricks_ahead(budget, cards), 5)
        assert rem == sum(points[card] for card in range(28) if (lead | follow) >> card & 1)
        assert 0 <= take <= rem
        if size <= 6:
            search = python.exact_search().trick_value
            assert python._mtd(lambda a, b: search(lead, follow, rem, a, b), rem,
                               rem // 2) == take
            checked += 1
    assert checked


def test_the_screened_features_count_what_they_say():
    """tools/scioto_features.py: a card of the follower that alone dismisses two of the
    leader's cards guards one of them too many ("over"); the follower's card is safe when
    none of the leader's dismisses it; "pair" counts each card and each of its dismissers."""
    import scioto_features  # (tools/scioto_features.py)
    features = scioto_features.Features()
    points, dismissers = features.points, features.dismissers
    for guard in range(28):
        guarded = [card for card in range(28) if dismissers[card] >> guard & 1]
        pairs = [(a, b) for a in guarded for b in guarded
                 if a < b and not dismissers[guard] & (1 << a | 1 << b)]
        if pairs:
            break
    a, b = pairs[0]
    lead, follow = 1 << a | 1 << b, 1 << guard
    over = features.extra("over", lead, follow)
    assert over == [1, min(points[a], points[b]), 0, 0]
    safe = features.extra("safe", lead, follow)
    assert safe[:3] == [0, 0, 0] and safe[3:] == [1, 1, points[guard]]
    pair = features.extra("pair", lead, follow)
    assert sum(pair[:49]) == 2 and sum(pair[49:]) == 0
    assert pair[(points[a] - 1) * 7 + points[guard] - 1] >= 1


def test_the_network_screens_random_positions_valued_exactly():
    """tools/scioto_network.py: its random positions hold two disjoint hands of the size
    asked, the points in play, and the exact leader's take (the Python search agrees)."""
    import scioto_network  # (tools/scioto_network.py)
    game = Scioto({})
    points = Solver(game).points
    python = Solver(game, native=False)
    search = python.exact_search().trick_value
    rows = scioto_network.random_positions((5, 3, 0, 40))
    assert len(rows) == 40 and rows != scioto_network.random_positions((5, 3, 1, 40))
    for lead, follow, rem, take in rows:
        assert bin(lead).count("1") == bin(follow).count("1") == 5 and not lead & follow
        assert rem == sum(points[card] for card in range(28) if (lead | follow) >> card & 1)
        assert python._mtd(lambda a, b: search(lead, follow, rem, a, b), rem, rem // 2) == take
