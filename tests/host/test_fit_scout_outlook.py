"""The tool that fits SCOUT's outlook (tools/fit_scout_outlook.py, OUTLOOK in bots/scout.py):
its self-played positions come from the seed alone, so a fit is the same on every run, and
its least squares find the weights of an outcome that the features make exactly."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
import fit_scout_outlook  # noqa: E402  (tools/fit_scout_outlook.py)
from deckcore.bots.scout import OUTLOOK  # noqa: E402


def test_a_rounds_positions_come_from_its_seed_alone():
    for players in (3, 5):
        first = fit_scout_outlook.positions((players, 7))
        assert first == fit_scout_outlook.positions((players, 7))
        assert first != fit_scout_outlook.positions((players, 8))
        assert all(len(features) == len(OUTLOOK[0]) for features, _, _ in first)


def test_least_squares_find_the_weights_of_an_exact_outcome():
    weights = [float(w) for w in range(-5, 6)]
    rows = []
    for seed in range(12):
        for features, _, _ in fit_scout_outlook.positions((4, seed)):
            rows.append((features, 0.0, sum(w * f for w, f in zip(weights, features))))
    fitted = fit_scout_outlook.least_squares(rows)
    spread = fit_scout_outlook.error(rows, lambda features, plain: 0.0)
    assert fit_scout_outlook.error(rows, fit_scout_outlook.weighed(fitted)) < 0.02 * spread


def test_every_number_of_players_has_a_row_of_integers():
    for row in OUTLOOK:
        assert len(row) == len(OUTLOOK[0]) and all(isinstance(w, int) for w in row)
