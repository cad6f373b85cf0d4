"""The screens of the fault path as PNG files in docs/screens/, taken on the simulated board.

    .venv/bin/python tools/crash_screens.py [--out docs/screens]

A Scioto match is set up with the keys (a person against `easy` bots) and the simulated board
makes the table's fourth draw fail (host/deckmate/sim/device/sim_fault.py): the crash screen
(crash.png), then its centre key and the boot's offer to resume the match (crash-offer.png);
the match is abandoned there (X, confirmed with A) and About shows the last error
(about-crash.png).
"""

import argparse
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host"),
                os.path.join(ROOT, "tests", "host")]

from play_sim import fast_bots_keys, play, setup_keys  # noqa: E402

SCREENS = os.path.join(ROOT, "docs", "screens")
FAULT = "deckapp.play.table TableScreen.draw 4 error"
KEYS = (fast_bots_keys() + setup_keys("scioto", ["human", "easy", "easy"], {}, 3)
        + ["shot crash", "press", "shot crash-offer", "x", "a"]  # abandoned, confirmed
        + ["down"] * 4 + ["press", "shot about-crash"])  # About, under Settings


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=SCREENS, help="folder for the PNGs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        for path in play(os.path.join(scratch, "flash.img"), KEYS, args.out, fresh=True,
                         fault=FAULT):
            print("wrote", os.path.relpath(path))


if __name__ == "__main__":
    main()
