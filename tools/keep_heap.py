"""The smallest heap in which each scorekeeper key script scores its whole match on the
simulated board (the device image in the MicroPython unix port), found by stepping down from
the heap gate's 208 KB of the 64-bit port (deckmate.runtime.HEAP, docs/budgets.md).

    python tools/keep_heap.py [--step 8] [GAME ...]

Each game's docs/keys/keep-score-GAME.keys is played from a fresh flash at the gate's heap,
then at that heap - step, and so on, until a run fails; the last heap that scored the match
(its end record written, with the script's totals) is printed. The heap's layout depends on
when the keys are read, so a threshold moves by a step or so from run to run
(docs/budgets.md).
"""

import argparse
import json
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "host"))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import keep_screens  # noqa: E402
from deckmate import runtime  # noqa: E402
from deckmate.store_files import log_path  # noqa: E402

DEVICE_KB = int(runtime.HEAP.rstrip("K"))  # the heap gate (208K of the 64-bit port)


def scores_in(game, heap_kb):
    """Whether the game's script finishes its match (the log's end record) in heap_kb KB."""
    from deckmate.sim import flash, script
    with tempfile.TemporaryDirectory() as scratch:
        image = os.path.join(scratch, "flash.img")
        try:
            script.run_script(keep_screens.script_lines(game), image, os.path.join(scratch, "s"),
                              heapsize="%dK" % heap_kb, fresh=True)
            last = flash.read_file(image, log_path("1")).decode().splitlines()[-1]
        except (script.FirmwareFailed, FileNotFoundError):  # (no log: it could not start)
            return False
        return json.loads(last).get("reason") == "completed"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--step", type=int, default=8, help="KB between the heaps tried")
    parser.add_argument("games", nargs="*", help="default: all five")
    args = parser.parse_args()
    for game in args.games or keep_screens.GAMES:
        heap, smallest = DEVICE_KB, None
        while heap > 0 and scores_in(game, heap):
            smallest = heap
            heap -= args.step
        print("%-9s %s" % (game, "%d KB" % smallest if smallest else
                           "does not finish in %d KB" % DEVICE_KB), flush=True)


if __name__ == "__main__":
    main()
