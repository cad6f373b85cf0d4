"""The smallest heap in which a whole match plays on the simulated board, through the keys.

usage: .venv/bin/python tools/match_heap.py [--level easy|normal|hard] [--games scioto,droggn]
                                            [--heaviest] [--low 128] [--high 320] [--step 4]
                                            [--jobs 2]

Each match is the one tests/host/test_play_device.py plays (the same seats, options and
deal), with the bots at --level; with --heaviest, the set-ups the set-up screen allows that
need the most memory (play_sim.HEAVIEST, which tests/host/test_play_heaviest.py plays). The
simulated board boots on a fresh flash, the set-up is walked with the keys, then the centre
key is pressed until the match is over. A heap "holds"
when the firmware runs to the end and its log is the one the session writes in CPython for
the same match. The smallest heap that holds is found by bisection in steps of --step KB
(a heap that holds is assumed to hold in every larger heap). Unlike device_budgets.py, this
counts everything the board runs: the boot, the stand-in machine and the flash's block device
of the simulator, the main menu, the set-up screen, every hand's summary and the match
summary, and the fragmentation the whole match leaves.

A first run in the largest heap traces the match (DECKMATE_SIM_TRACE_HEAP: the stand-in
machine prints the live heap after a collection and the interned names at every idle): the
highest live heap and the most names are reported beside the smallest heap. MicroPython
interns names in pools that hold 1260 names in all; the 1261st allocates a pool of 1280
entries (about 14 KB on the 64-bit port) at once.
"""

import argparse
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "tests", "host"), os.path.join(HERE, "..", "firmware")]

from play_sim import (HEAVIEST, crash_record, device_log, expected_match,  # noqa: E402
                      fast_bots_keys, setup_keys)
from deckmate import programs, runtime  # noqa: E402
from deckmate.sim.script import FirmwareFailed, run_script  # noqa: E402

DEAL = 3
MATCHES = [  # (game, people, bots, options, deal), as in test_play_device.py
    ("scioto", 1, 2, {"compounding": True}, DEAL),
    ("scarto", 1, 2, {}, DEAL),
    ("chambery", 1, 4, {}, DEAL),
    ("droggn", 1, 2, {"deals": 2}, DEAL),
    ("scout", 1, 1, {}, DEAL),
    ("scout", 1, 4, {}, DEAL),
]

def holds(game, kinds, options, deal, expected, heap_kb, trace=None):
    """Whether the match plays to its end in heap_kb with the expected log. `trace`, a list,
    gets (live heap, names) of every idle (the caller sets DECKMATE_SIM_TRACE_HEAP)."""
    keys = fast_bots_keys() + setup_keys(game, kinds, options, deal) + ["press"] * expected.presses
    with tempfile.TemporaryDirectory() as folder:
        flash = os.path.join(folder, "flash.img")
        try:
            run_script(keys, flash, None, heapsize="%dK" % heap_kb, fresh=True,
                       output=None if trace is None else trace_output(trace))
            if crash_record(flash) is not None:  # it ran out and recovered: not enough
                return False
            log = device_log(flash)
        except (FirmwareFailed, FileNotFoundError):  # it crashed, or stopped before the log
            return False
    return log.splitlines()[1:] == expected.text().splitlines()[1:]


def trace_output(trace):
    """Reads the firmware's output into `trace`: (live heap, names) at each idle."""
    def read(text):
        heap = None
        for line in text.splitlines():
            if line.startswith("heap "):
                heap = int(line.split()[1])
            elif line.startswith("qstr pool:") and heap is not None:
                trace.append((heap, int(line.split("n_qstr=")[1].split(",")[0])))
    return read


def traced(plan, heap_kb):
    """(the highest live heap, the most names) of the match in heap_kb, or None if it fails
    there."""
    trace = []
    if not holds(*plan, heap_kb=heap_kb, trace=trace):
        return None
    return max(t[0] for t in trace), max(t[1] for t in trace)


def smallest_heap(game, kinds, options, deal, expected, low, high, step):
    """The smallest heap in KB (a multiple of step) in which the match holds; `high` is
    known to hold."""
    while high - low > step:
        middle = (low + high) // 2 // step * step
        if holds(game, kinds, options, deal, expected, middle):
            high = middle
        else:
            low = middle
    return high


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="normal", choices=["easy", "normal", "hard"])
    parser.add_argument("--games", default=None, help="only these games (comma-separated)")
    parser.add_argument("--heaviest", action="store_true",
                        help="the set-ups that need the most memory, not the tests' matches")
    parser.add_argument("--low", type=int, default=128, help="KB, a heap known to fail")
    parser.add_argument("--high", type=int, default=320, help="KB, the largest heap tried")
    parser.add_argument("--step", type=int, default=4, help="KB")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        runtime.micropython_path()
    except programs.ProgramMissing as missing:
        print("match_heap: %s" % missing)
        return 1
    matches = [m for m in (HEAVIEST if args.heaviest else MATCHES)
               if args.games is None or m[0] in args.games.split(",")]

    # The expected logs first (the session in CPython), then the boards: a traced pass, then
    # the bisections without the trace (it collects at every idle, which changes the heap).
    plans = []
    for game, people, bots, options, deal in matches:
        kinds = ["human"] * people + [args.level] * bots
        plans.append((game, kinds, options, deal,
                      expected_match(game, kinds, options, deal, "sim")))

    with ThreadPoolExecutor(args.jobs) as pool:  # the boards run as processes of their own
        os.environ["DECKMATE_SIM_TRACE_HEAP"] = "1"  # every board of this pass traces
        traces = list(pool.map(lambda plan: traced(plan, args.high), plans))
        del os.environ["DECKMATE_SIM_TRACE_HEAP"]
        heaps = list(pool.map(lambda pair: None if pair[1] is None else smallest_heap(
            *pair[0], low=args.low, high=args.high, step=args.step),
            zip(plans, traces)))
    print("64-bit MicroPython unix port")
    budget = int(runtime.HEAP[:-1])
    print("| game | people | bots | options | deal | smallest heap that holds | under %dK by "
          "| highest live heap | names interned |" % budget)
    print("|---|---|---|---|---|---|---|---|---|")
    for (game, people, bots, options, deal), heap, trace in zip(matches, heaps, traces):
        named = " ".join(sorted("%s=%s" % item for item in options.items())) or "-"
        seats = (people, "%d %s" % (bots, args.level), named, deal)
        if heap is None:
            print("| %s | %d | %s | %s | %d | over %d KB | - | - | - |" % (
                (game,) + seats + (args.high,)))
        else:
            print("| %s | %d | %s | %s | %d | %d KB | %d KB | %d B | %d |" % (
                (game,) + seats + (heap, budget - heap, trace[0], trace[1])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
