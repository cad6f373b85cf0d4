"""The play screens of every game as PNG files in docs/screens/play/, taken on the simulated
board.

    .venv/bin/python tools/play_screens.py [GAME ... | pass]

For each game a match is set up with the keys (a person against `easy` bots, deal number 3)
and played with the centre key, as the tests do (tests/host/play_sim.py plays the same match
in CPython to know when each screen shows); shots are taken of the set-up, the first
decisions, the cursor moved, the last trick, the match menu, the
help page, the first hand's summary and the match summary; where the person marks several
cards (a scart, a discard) the marks, and at a SCOUT turn the picker's kinds.
"""

import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host"),
                os.path.join(ROOT, "tests", "host")]

from play_sim import (PEOPLE, expected_match, fast_bots_keys, play,  # noqa: E402
                      rename_first_player_keys, setup_keys)
from deckcore.games.scout import SHOW  # noqa: E402

OUT = os.path.join(ROOT, "docs", "screens", "play")  # beside the shell's screens
DEAL = 3
# The sim's own default heap, not the device's budget (play_sim.HEAP, which the tests hold
# the play to): the match menu and the help page opened before the first bot's move of
# five-player Chambéry leave too little of 192K for the bot's worlds.
HEAP = "224K"
# Matches of tests/host/test_play_device.py (but Droggn's, of 6 deals for a laid-out Pagat),
# which takes their shots but the match menu's and the help page's (tests/host/
# test_screen_layout.py takes those, in the opening of each match, and Droggn's).
SETUPS = {
    "scioto": (["human", "easy", "easy"], {"compounding": True}),
    "scarto": (["human", "easy", "easy"], {}),
    "chambery": (["human", "easy", "easy", "easy", "easy"], {}),
    "droggn": (["human", "easy", "easy"], {"deals": 6}),
    "scout": (["human", "easy", "easy", "easy", "easy"], {}),
}


# At a SCOUT turn that starts on a Show of a set of two cards or more: the picker's kinds,
# then back to the Show the centre key plays.
PICKER_TOUR = ["down", "shot scout-pick-scout", "right", "x", "y", "shot scout-pick-turned",
               "down", "shot scout-pick-scout-show", "press", "shot scout-pick-scout-show-2",
               "up", "up", "up"]


def picker_tour_fits(choices):
    from deckapp.play.choices import Choices
    picker = choices.picker
    if picker is None or picker.kind != SHOW or len(choices.state.active) < 2:
        return False
    tour = Choices(choices.state)
    for key in PICKER_TOUR:
        if not key.startswith("shot "):
            tour.key(key)
    return tour.picker.action() == picker.action()


def opening(game, menu_and_help=True):
    """The keys from the boot to the match's first decision: the set-up's shot, the first
    decision's, with the cursor moved, and the match menu's and the help page's."""
    kinds, options = SETUPS[game]
    keys = fast_bots_keys() + setup_keys(game, kinds, options, DEAL)
    keys[-1:-1] = ["shot %s-setup" % game]  # before the last press: Start
    keys += ["shot %s-play-1" % game, "right", "shot %s-play-cursor" % game, "left"]
    if menu_and_help:
        keys += ["b", "shot %s-menu" % game, "down", "down", "press",  # the menu's Help
                 "shot %s-help" % game, "b"]
    return keys


def script(game, menu_and_help=True):
    """The key script of the game's shots (the opening's), and the match it plays
    (play_sim.expected_match)."""
    kinds, options = SETUPS[game]
    marks, tours = [], []  # (presses, cards to mark) of the first marking; a picker tour
    crowded = [0, -1]  # the most cards on the table at a decision, and when
    laid_out = []  # when a laid-out Pagat is first in view

    def watch(presses, choices):
        if getattr(choices.state, "laid_out", -1) >= 0 and not laid_out:
            laid_out.append(presses)
        cards = len(getattr(choices.state, "trick", ()))
        if cards > crowded[0]:
            crowded[:] = [cards, presses]
        if choices.to_mark and not marks:
            marks.append((presses, choices.to_mark))
        if not tours and picker_tour_fits(choices):
            tours.append(presses)

    expected = expected_match(game, kinds, options, DEAL, "sim", watch=watch)
    keys = opening(game, menu_and_help)
    first_summary = expected.summaries[0]
    for press in range(expected.presses):
        if press == 2:
            keys += ["shot %s-play-2" % game]
        if press == first_summary // 2:
            keys += ["shot %s-play-mid" % game]
            if game != "scout":  # no tricks
                keys += ["x", "shot %s-last-trick" % game, "x"]
        if press == first_summary:
            keys += ["shot %s-hand-summary" % game]
        if press == expected.presses - 1:
            keys += ["shot %s-match-summary" % game]
        if marks and press in (marks[0][0] + 1, marks[0][0] + marks[0][1]):
            keys += ["shot %s-marked-%d" % (game, press - marks[0][0])]
        if press == crowded[1] and crowded[0] > 8:
            keys += ["shot %s-crowded-trick" % game]
        if laid_out and press == laid_out[0]:
            keys += ["shot %s-laid-out" % game]
        if tours and press == tours[0]:
            keys += PICKER_TOUR
        keys.append("press")
    return keys, expected


def pass_and_play_script():
    """Two people and a bot at Scioto, the first person renamed "Ada" in Settings: the "pass
    the device" screen before Ada's first turn after the other person's; the whole match
    played, and the match (as script)."""
    kinds, options = ["human", "easy", "human"], {"deals": 3}
    turns = []  # (presses, seat) at each decision

    def watch(presses, choices):
        turns.append((presses, choices.state.current_player()))

    expected = expected_match("scioto", kinds, options, DEAL, "sim", watch=watch,
                              names=["Ada"] + PEOPLE[1:])
    back_to_ada = [presses - 1 for (presses, seat), (_, before) in zip(turns[1:], turns)
                   if seat == 0 and before == 2][0]  # the press that takes the device
    keys = rename_first_player_keys() + fast_bots_keys() + setup_keys("scioto", kinds,
                                                                        options, DEAL)
    for press in range(expected.presses):
        if press == back_to_ada:
            keys += ["shot pass-to-ada"]
        keys.append("press")
        if press == back_to_ada:
            keys += ["shot pass-ada-plays"]
    return keys, expected


def main():
    games = sys.argv[1:] or sorted(SETUPS) + ["pass"]
    os.makedirs(OUT, exist_ok=True)
    for game in games:
        work = tempfile.mkdtemp()
        keys = (pass_and_play_script() if game == "pass" else script(game))[0]
        try:
            shots = play(os.path.join(work, "flash.img"), keys, OUT, fresh=True, heapsize=HEAP)
        finally:
            shutil.rmtree(work)
        print("%s: %d screens" % (game, len(shots)))


if __name__ == "__main__":
    main()
