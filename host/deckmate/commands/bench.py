"""`deckmate bench`: bot think time per decision as RP2040-equivalent seconds, and peak heap.

Decisions run inside the MicroPython unix port under `-X heapsize=208K` (runtime.HEAP, the
device budget; the script bench_decisions.py). The same run times a fixed calibration loop
(bench_decisions.reference_loop) between the decisions; a decision's device time is its
unix-port time divided by the loop's median time, times REFERENCE_RP2040_S, the loop's time
on an RP2040. That constant is the loop's unix-port time on an idle reference host (3.55 ms,
best of 40 runs, 2.3 GHz x86-64) times 130, the bytecode factor of published MicroPython
benchmarks (plausible range 90-190; docs/budgets.md, "How the figures are made"); replace it
with a measurement on a Pico when one is at hand.
Dividing by the loop timed in the same run makes the figures independent of the host's speed
and, mostly, of its load.
"""

import json
import os

from deckcore.bots import NAMES as BOT_NAMES
from deckcore.games import NAMES as GAME_NAMES
from deckmate import runtime
from deckmate.arena import HOST_BOTS
from deckmate.errors import CommandError, UsageError
from deckmate.game_args import add_game_option
from deckmate.names import did_you_mean, same_name
from deckmate.progress import progress
from deckmate.stats import percentile

LEVELS = ("easy", "normal", "strong")  # benched when no --level is given
# The calibration loop's time on an RP2040 at 125 MHz, in seconds (see the docstring).
REFERENCE_RP2040_S = 0.46
SEED = 20261129
SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                      "bench_decisions.py")


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "bench", help="bot think time per decision (RP2040-equivalent) and peak heap",
        description="Play hands with one bot in every seat inside the MicroPython unix "
                    "port (-X heapsize=%s) and report the think time per decision as "
                    "RP2040-equivalent p50/p95/max seconds, calibrated against a fixed loop "
                    "timed in the same run, and the peak live heap in bytes." % runtime.HEAP)
    add_game_option(parser, required=False, help_end=" (default: all)")
    parser.add_argument("--level", metavar="BOT",
                        help="one bot, as arena names them: %s (default: %s; %s runs on the "
                             "host only, so it is not benched)" % (
                                 ", ".join(BOT_NAMES), ", ".join(LEVELS), ", ".join(HOST_BOTS)))
    parser.add_argument("--hands", type=int, default=2,
                        help="hands played per game and bot (default 2)")
    parser.add_argument("--json", action="store_true", help="print a JSON list")
    parser.set_defaults(run=run)


def measure(game, level, hands):
    """One row: the decisions of `hands` hands of `game` with `level` in every seat."""
    status, out, err = runtime.run_script(SCRIPT, [game, level, hands, SEED])
    lines = [line for line in out.splitlines() if line.startswith("BENCH ")]
    if status != 0 or not lines:
        raise CommandError("the MicroPython run of %s/%s failed:\n%s%s"
                           % (game, level, out[-2000:], err[-2000:]))
    _, reference, times, peak = lines[0].split(" ")
    scale = REFERENCE_RP2040_S / int(reference)
    seconds = sorted(int(t) * scale for t in times.split(",") if t)
    return {"game": game, "level": level, "decisions": len(seconds),
            "p50_s": round(percentile(seconds, 50), 4), "p95_s": round(percentile(seconds, 95), 4),
            "max_s": round(seconds[-1], 4), "peak_heap": int(peak)}


def run(args):
    if args.level is not None:  # a bot's name in any case
        args.level = next((name for name in list(BOT_NAMES) + list(HOST_BOTS)
                           if same_name(args.level, name)), args.level)
    if args.level in HOST_BOTS:
        raise UsageError("%s runs on the host only; bench times the device's bots (%s)"
                         % (args.level, ", ".join(BOT_NAMES)))
    if args.level is not None and args.level not in BOT_NAMES:
        raise UsageError("no bot called %r; choose from %s%s" % (
            args.level, ", ".join(BOT_NAMES), did_you_mean(args.level, list(BOT_NAMES))))
    if args.hands < 1:
        raise UsageError("--hands must be at least 1")
    runtime.micropython_path()  # ProgramMissing (one line) before any work
    games = [args.game] if args.game else list(GAME_NAMES)
    levels = [args.level] if args.level else list(LEVELS)
    rows = []
    with progress(len(games) * len(levels), "bench runs", quiet=args.json) as advance:
        for game in games:
            for level in levels:
                rows.append(measure(game, level, args.hands))
                advance()
                if not args.json:
                    row = rows[-1]
                    print("%-9s %-7s %5d decisions  p50 %7.3f s  p95 %7.3f s  max %7.3f s  "
                          "heap %7d B" % (row["game"], row["level"], row["decisions"],
                                          row["p50_s"], row["p95_s"], row["max_s"],
                                          row["peak_heap"]), flush=True)
    if args.json:
        print(json.dumps(rows))
    return 0
