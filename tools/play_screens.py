"""The play screens of every game as PNG files in docs/screens/play/, taken on the simulated
board.

    .venv/bin/python tools/play_screens.py [GAME ...]

For each game a match is set up with the keys (a person against `easy` bots, deal number 3)
and played with the centre key, as the tests do (tests/host/play_sim.py plays the same match
in CPython to know when each screen shows); shots are taken of the set-up, the first
decisions, the cursor moved, the last trick, the match menu, the
help page, the first hand's summary and the match summary.
"""

import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host"),
                os.path.join(ROOT, "tests", "host")]

from play_sim import expected_match, fast_bots_keys, play, setup_keys  # noqa: E402

OUT = os.path.join(ROOT, "docs", "screens", "play")  # beside the shell's screens
DEAL = 3
SETUPS = {
    "scioto": (["human", "easy", "easy"], {"compounding": True}),
    "scarto": (["human", "easy", "easy"], {}),
    "chambery": (["human", "easy", "easy", "easy", "easy"], {}),
    "droggn": (["human", "easy", "easy"], {"deals": 1}),
    "scout": (["human", "easy", "easy"], {}),
}


def script(game):
    kinds, options = SETUPS[game]
    expected = expected_match(game, kinds, options, DEAL, "sim")
    keys = fast_bots_keys() + setup_keys(game, kinds, options, DEAL)
    keys[-1:-1] = ["shot %s-setup" % game]  # before the last press: Start
    keys += ["shot %s-play-1" % game, "right", "shot %s-play-cursor" % game, "left",
             "b", "shot %s-menu" % game, "down", "down", "press",  # the menu's Help
             "shot %s-help" % game, "b"]
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
        keys.append("press")
    return keys


def main():
    games = sys.argv[1:] or sorted(SETUPS)
    os.makedirs(OUT, exist_ok=True)
    for game in games:
        work = tempfile.mkdtemp()
        try:
            shots = play(os.path.join(work, "flash.img"), script(game), OUT, fresh=True)
        finally:
            shutil.rmtree(work)
        print("%s: %d screens" % (game, len(shots)))


if __name__ == "__main__":
    main()
