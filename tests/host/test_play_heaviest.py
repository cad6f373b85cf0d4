"""The CI heap gate (docs/budgets.md, "The gate: 208K of the 64-bit port"): the set-ups that
need the most memory (play_sim.HEAVIEST, one or more per family of games) play a whole match
through the keys on the simulated board in the device budget (play_sim.HEAP, 208K of the
64-bit port), at every device level, and a match saved by a power cut is resumed and played
to its end in it; each time the log on the flash is the one the session writes in CPython
for the same match, and the board met no fault (issue 23: such set-ups crashed a device with
MemoryError in the bots' search; issue 42.7: with `easy` bots, and on resuming a saved Scarto
and 5-player Scioto match).

A whole sweep (every set-up at every level, each resume at every level) takes about 15
minutes of the suite's two cores, so CI plays a subset that covers each set-up once and each
level at least twice, the heaviest at the level that ran out (Chambery's five players at
`easy`); DECKMATE_HEAP_SWEEP=1 plays the whole sweep (docs/budgets.md links its last run).
"""

import os

import pytest

from play_sim import HEAVIEST, device_log, expected_match, fast_bots_keys, play, setup_keys
from test_play_device import same_match

SWEEP = bool(os.environ.get("DECKMATE_HEAP_SWEEP"))
LEVELS = ("easy", "normal", "hard")  # the bots the set-up screen offers (deckapp/play/setup.py)
# CI's level for each of HEAVIEST's set-ups, in its order
CI_LEVELS = ["hard", "easy", "normal", "easy", "hard", "normal"]
# Saved matches reopened after a power cut (game, people, bots, options, deal): the two whose
# resume ran out at 192K (issue 42.7); CI resumes the 5-player Scioto match with `easy` bots
# (the quicker, about 30 s; the sweep both at every level, and test_play_device.py resumes a
# 3-player Scioto match in CI too)
RESUMED = [
    ("scarto", 1, 2, {}, 3),
    ("scioto", 1, 4, {}, 3),
]
CI_RESUMED = [("scioto", "easy")]


def kinds_of(people, bots, level):
    return ["human"] * people + [level] * bots


def matches():
    return [pytest.param(game, kinds_of(people, bots, level), options, deal,
                         id="%s-%d-%s" % (game, people + bots, level))
            for (game, people, bots, options, deal), ci_level in zip(HEAVIEST, CI_LEVELS)
            for level in (LEVELS if SWEEP else [ci_level])]


def resumed():
    return [pytest.param(game, kinds_of(people, bots, level), options, deal,
                         id="%s-%d-%s" % (game, people + bots, level))
            for game, people, bots, options, deal in RESUMED
            for level in LEVELS if SWEEP or (game, level) in CI_RESUMED]


def test_ci_covers_every_set_up_and_every_level():
    assert len(CI_LEVELS) == len(HEAVIEST)
    assert all(CI_LEVELS.count(level) >= 2 for level in LEVELS)
    assert CI_LEVELS[[h[0] for h in HEAVIEST].index("chambery")] == "easy"


@pytest.mark.parametrize("game, kinds, options, deal", matches())
def test_the_heaviest_set_up_of_a_family_plays_whole_in_the_device_budget(tmp_path, game, kinds,
                                                                          options, deal):
    expected = expected_match(game, kinds, options, deal, "sim")
    flash = tmp_path / "flash.img"
    play(flash, fast_bots_keys() + setup_keys(game, kinds, options, deal)
         + ["press"] * expected.presses, fresh=True)
    same_match(device_log(flash), expected)


@pytest.mark.parametrize("game, kinds, options, deal", resumed())
def test_a_match_saved_in_its_last_hand_resumes_and_ends_in_the_device_budget(tmp_path, game,
                                                                            kinds, options,
                                                                            deal):
    expected = expected_match(game, kinds, options, deal, "sim")
    # switched off in the middle of the last hand: the resume replays every hand before it
    cut = (expected.summaries[-2] + expected.summaries[-1]) // 2
    flash = tmp_path / "flash.img"
    play(flash, fast_bots_keys() + setup_keys(game, kinds, options, deal) + ["press"] * cut,
         fresh=True)
    assert '"t":"end"' not in device_log(flash)
    # switched on again: the offer to resume (centre: Resume), then the rest of the presses
    play(flash, ["press"] + ["press"] * (expected.presses - cut))
    same_match(device_log(flash), expected)
