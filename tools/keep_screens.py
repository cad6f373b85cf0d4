"""Screenshots of the scorekeeper, taken on the simulated board: each game's key script
docs/keys/keep-score-GAME.keys played from a fresh flash, one PNG per `shot` step.

    python tools/keep_screens.py [--out docs/screens/keep-score] [GAME ...]

tests/host/test_keep_score.py plays the same scripts and compares their shots with the
committed ones.
"""

import argparse
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KEYS = os.path.join(ROOT, "docs", "keys")
SCREENS = os.path.join(ROOT, "docs", "screens", "keep-score")
GAMES = ("scioto", "scarto", "chambery", "droggn", "scout")


def script_lines(game):
    with open(os.path.join(KEYS, "keep-score-%s.keys" % game)) as keys:
        return keys.read().splitlines()


def take(game, shots_dir, flash, **running):
    """Play the game's key script on a fresh flash image (the file `flash`); the PNG paths.
    `running`: more keyword arguments of run_script (the heap, text boxes)."""
    from deckmate.runtime import HEAP
    from deckmate.sim import script
    running.setdefault("heapsize", HEAP)
    return script.run_script(script_lines(game), flash, shots_dir, fresh=True, **running)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=SCREENS, help="folder for the PNGs")
    parser.add_argument("games", nargs="*",
                        help="some of %s (default: all five)" % ", ".join(GAMES))
    args = parser.parse_args()
    for game in args.games:
        if game not in GAMES:
            parser.error("%r is not one of %s" % (game, ", ".join(GAMES)))
    for game in args.games or GAMES:
        with tempfile.TemporaryDirectory() as scratch:
            for path in take(game, args.out, os.path.join(scratch, "flash.img")):
                print(os.path.relpath(path, ROOT))


if __name__ == "__main__":
    sys.path.insert(0, os.path.join(ROOT, "host"))
    main()
