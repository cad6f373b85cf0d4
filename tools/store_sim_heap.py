"""The smallest heap in which the simulated board's match played over the REPL holds:
tests/host/test_store_sim.py's board killed during a match and during a prune, run whole in
each heap tried (the REPL's session keeps the names interned since its soft reset: what
`store.boot()` loaded is paid for by the match after it). Bisected in steps of 1 KB between
--low and --high (a heap that holds is assumed to hold in every larger one); then the free
heap and the interned names after the REPL's `store.boot()` of a stored match.

usage: .venv/bin/python tools/store_sim_heap.py [--low 150] [--high 240]   (~30 s a heap)
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

AFTER_BOOT = ("import gc, micropython\ngc.collect()\nprint('free', gc.mem_free())\n"
              "micropython.qstr_info()\n")


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


def after_boot():
    """(free heap, names) after the REPL's `store.boot()` of a store with a match played."""
    with tempfile.TemporaryDirectory() as folder:
        with test_store_sim.started(os.path.join(folder, "flash.img"), fresh=True) as board:
            test_store_sim.mpremote(board, "fs", "cp", test_store_sim.ACTIONS,
                                    ":device_actions.py")
            test_store_sim.mpremote(board, "exec", test_store_sim.BOOTED
                                    + "device_actions.play(store)")
            out = test_store_sim.mpremote(board, "exec", test_store_sim.BOOTED + AFTER_BOOT)
    return (int(re.search(r"free (\d+)", out).group(1)),
            int(re.search(r"n_qstr=(\d+)", out).group(1)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--low", type=int, default=150)
    parser.add_argument("--high", type=int, default=240)
    args = parser.parse_args()
    test_store_sim.SimulatedBoard = SimulatedBoard
    free, names = after_boot()
    print("after the REPL's store.boot(): %d bytes free (208K), %d names" % (free, names))
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
