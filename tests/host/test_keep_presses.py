"""Entry is quick (issue 24's limits): the key presses of a typical hand, bot-played hands
entered on each game's own form as tools/keep_presses.py counts them (docs/device.md quotes
its figures over more matches): at most 8 for 2-player Scioto, 12 for a tarot hand, 6 a
player for a SCOUT round, counting a held key as one press plus the taps that correct it;
Scioto's and the tarot games' also with every step a press."""

import os
import statistics
import sys

import pytest

from helpers import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))

import keep_presses  # noqa: E402

LIMITS = {"scioto": 8, "chambery": 12, "droggn": 12, "scout": 6 * 3}


def median_presses(name, hold):
    costs = []
    for game, state in keep_presses.played_hands(name, 4):
        costs.append(min(keep_presses.cost(game, state.dealer, target, hold)[0]
                         for target in keep_presses.targets(name, game, state)))
    return statistics.median(costs)


@pytest.mark.parametrize("name", sorted(LIMITS))
def test_a_typical_hand_takes_no_more_presses_than_the_limit(name):
    assert median_presses(name, True) <= LIMITS[name]
    if name != "scout":
        assert median_presses(name, False) <= LIMITS[name]


def test_the_count_follows_the_form_a_step_of_five_and_a_hold():
    assert [keep_presses.taps(delta) for delta in (1, 3, 5, 8, 10, 12)] == [1, 3, 1, 4, 2, 4]
    assert keep_presses.with_holds(8) == 1 and keep_presses.with_holds(19) == 1
    assert keep_presses.with_holds(12) == 2  # a hold to 7, then Y
