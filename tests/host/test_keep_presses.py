"""Entry is quick (issue 24's limits): the key presses of a typical hand, bot-played hands
entered on each game's own form as tools/keep_presses.py counts them (docs/device.md quotes
its figures over more matches): at most 8 for 2-player Scioto, 12 for a tarot hand, 3 a
player for a SCOUT round (issue 43: paper takes a number a player), counting a held key as
one press plus the taps that correct it; Scioto's and the tarot games' also with every step a
press."""

import os
import statistics
import sys

import pytest

from helpers import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))

import keep_presses  # noqa: E402

LIMITS = {"scioto": 8, "chambery": 12, "droggn": 12, "scout": 3 * 3}


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
    def presses(was, want):
        return keep_presses.number_presses(was, want, -50, 99, True)
    assert presses(0, 8) == 1 and presses(0, 9) == 1 and presses(0, 20) == 1
    assert presses(0, 12) == 2  # a hold to 7, then Y
    assert presses(44, 20) == 1  # a held key lands on the round tens: 43 ... 35, 30, 20
    assert keep_presses.held(44, -1, 0, 99)[8:] == [35, 30, 20, 10, 0]
