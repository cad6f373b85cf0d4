"""`deckmate bench`: bot think time per decision as RP2040-equivalent seconds, and peak heap.

Decisions run inside the MicroPython unix port under `-X heapsize=192K`. The same run times
a fixed calibration loop (bench_decisions.reference_loop) between the decisions; a
decision's device time is its unix-port time divided by the loop's median time, times
REFERENCE_RP2040_S, the loop's time on an RP2040. That constant is the loop's unix-port time
on an idle reference host (3.55 ms, best of 40 runs, 2.3 GHz x86-64) times 130, the factor of
research/engines-and-bots.md D3 (plausible range 90-190); replace it with a measurement on a
Pico when one is at hand. Dividing by the loop timed in the same run makes the figures
independent of the host's speed and, mostly, of its load.
"""

import json
import os
import sys

from deckcore.bots import NAMES as BOT_NAMES
from deckcore.games import NAMES as GAME_NAMES
from deckmate import runtime

LEVELS = ("easy", "normal", "strong")
# The calibration loop's time on an RP2040 at 125 MHz, in seconds (see the docstring).
REFERENCE_RP2040_S = 0.46
SEED = 20261129


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "bench", help="bot think time per decision (RP2040-equivalent) and peak heap",
        description="Play hands with one bot level in every seat inside the MicroPython unix "
                    "port (-X heapsize=192K) and report the think time per decision as "
                    "RP2040-equivalent p50/p95/max seconds, calibrated against a fixed loop "
                    "timed in the same run, and the peak live heap in bytes.")
    parser.add_argument("--game", choices=GAME_NAMES, help="one game (default: all)")
    parser.add_argument("--level", choices=[n for n in BOT_NAMES if n != "random"],
                        help="one level (default: easy, normal, strong)")
    parser.add_argument("--hands", type=int, default=2, help="hands played per game and level (default 2)")
    parser.add_argument("--json", action="store_true", help="print a JSON list")
    parser.set_defaults(run=run)


def percentile(sorted_values, fraction):
    """The nearest-rank percentile of a sorted list."""
    index = max(0, -(-len(sorted_values) * fraction // 1) - 1)
    return sorted_values[int(index)]


def measure(game, level, hands):
    """One row: the decisions of `hands` hands of `game` with `level` in every seat."""
    source_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir,
                               "bench_decisions.py")
    with open(source_path) as handle:
        code = handle.read() + "\nmeasure(%r, {}, %r, %d, %d)\n" % (game, level, hands, SEED)
    status, out, err = runtime.run_core(code)
    lines = [line for line in out.splitlines() if line.startswith("BENCH ")]
    if status != 0 or not lines:
        raise RuntimeError("the MicroPython run of %s/%s failed:\n%s%s" % (game, level, out[-2000:], err[-2000:]))
    _, reference, times, peak = lines[0].split(" ")
    scale = REFERENCE_RP2040_S / int(reference)
    seconds = sorted(int(t) * scale for t in times.split(",") if t)
    return {"game": game, "level": level, "decisions": len(seconds),
            "p50_s": round(percentile(seconds, 0.50), 4), "p95_s": round(percentile(seconds, 0.95), 4),
            "max_s": round(seconds[-1], 4), "peak_heap": int(peak)}


def run(args):
    games = [args.game] if args.game else list(GAME_NAMES)
    levels = [args.level] if args.level else list(LEVELS)
    rows = []
    try:
        for game in games:
            for level in levels:
                rows.append(measure(game, level, args.hands))
                if not args.json:
                    row = rows[-1]
                    print("%-9s %-7s %5d decisions  p50 %7.3f s  p95 %7.3f s  max %7.3f s  heap %7d B" % (
                        row["game"], row["level"], row["decisions"], row["p50_s"], row["p95_s"],
                        row["max_s"], row["peak_heap"]), flush=True)
    except (runtime.RuntimeMissing, RuntimeError) as error:
        print("deckmate bench: %s" % error, file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(rows))
    return 0
