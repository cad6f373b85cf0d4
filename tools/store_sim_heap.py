"""The room of the match the simulated board plays over the REPL: tests/host/test_store_sim.py's
board killed during a match and during a prune, run whole in each heap tried. The REPL's
session keeps the names interned since its soft reset: what `store.boot()` loads is paid for
by the match after it, and a match past the 620 names of the first five pools allocates a
sixth pool of 640 entries (8 KB) at once.

Prints the free heap and the names after the REPL's `store.boot()` of a store holding a
match, and the names at the end of a match played from a fresh flash (both at 208K); then
the smallest heap that holds, bisected in steps of 1 KB between --low and --high (a heap
that holds is taken to hold in every larger one; the threshold wobbles by some KB with the
heap's layout, so --heaps tries the heaps listed instead).

usage: .venv/bin/python tools/store_sim_heap.py [--low 150] [--high 240] [--heaps 189,190]
       (about 30 s a heap that holds)
"""

import argparse
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "tests", "host"), os.path.join(HERE, "..", "host"),
                os.path.join(HERE, "..", "firmware")]

import test_store_sim  # noqa: E402
from deckmate.sim.board import SimulatedBoard  # noqa: E402

# (its texts are longer than 10 characters: no name of its own is interned)
NAMES_AND_HEAP = ("import gc, micropython\ngc.collect()\n"
                  "print('heap free here:', gc.mem_free())\nmicropython.qstr_info()\n")


def holds(heap_kb):
    """Whether the test runs to its end with the board's heap `heap_kb`."""
    def board(flash, fresh=False):
        return SimulatedBoard(flash, heapsize="%dK" % heap_kb, fresh=fresh)
    test_store_sim.SimulatedBoard = board
    with tempfile.TemporaryDirectory() as folder:
        try:
            test_store_sim.test_the_simulator_killed_during_a_match_and_during_a_prune(
                _Path(folder))
        except AssertionError as failure:
            tail = str(failure).strip().splitlines()
            print("  %dK fails: %s" % (heap_kb, tail[-1] if tail else "?"))
            return False
    print("  %dK holds" % heap_kb)
    return True


class _Path(str):
    """The test's tmp_path, as far as it uses it (`/`)."""

    def __truediv__(self, name):
        return os.path.join(self, name)


def figures(output):
    """(free heap, names) NAMES_AND_HEAP printed."""
    return (int(re.search(r"heap free here: (\d+)", output).group(1)),
            int(re.search(r"n_qstr=(\d+)", output).group(1)))


def after_boot():
    """((free heap, names) after the REPL's `store.boot()` of a store holding a match, at
    208K; the names at the end of a match played from a fresh flash, in a heap it holds in
    whatever the names: 400K)."""
    measured = []
    for heapsize, then in (("208K", ""), ("400K", NAMES_AND_HEAP)):
        with tempfile.TemporaryDirectory() as folder:
            with SimulatedBoard(os.path.join(folder, "flash.img"), heapsize=heapsize,
                                fresh=True) as board:
                test_store_sim.wait_for_app(board)
                test_store_sim.mpremote(board, "fs", "cp", test_store_sim.ACTIONS,
                                        ":device_actions.py")
                measured.append(test_store_sim.mpremote(
                    board, "exec", test_store_sim.BOOTED + "device_actions.play(store)\n" + then))
                measured.append(test_store_sim.mpremote(
                    board, "exec", test_store_sim.BOOTED + NAMES_AND_HEAP))
    return figures(measured[1]), figures(measured[2])[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--low", type=int, default=150)
    parser.add_argument("--high", type=int, default=240)
    parser.add_argument("--heaps", help="the heaps to try (KB, comma-separated)")
    args = parser.parse_args()
    (free, names), match_names = after_boot()
    print("after the REPL's store.boot(): %d bytes free (208K), %d names; a match played "
          "from a fresh flash ends at %d names" % (free, names, match_names))
    if args.heaps:
        for heap_kb in args.heaps.split(","):
            holds(int(heap_kb))
        return
    low, high = args.low, args.high  # low fails (assumed), high holds (checked)
    if not holds(high):
        sys.exit("the match does not hold in %dK" % high)
    while high - low > 1:
        middle = (low + high) // 2
        if holds(middle):
            high = middle
        else:
            low = middle
    print("smallest heap: %dK" % high)


if __name__ == "__main__":
    main()
