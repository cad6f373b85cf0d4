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

`--count` adds a second estimate made of instructions, not time (docs/budgets.md, "How the
figures are made"): the same decisions are played again under valgrind's callgrind, which
counts the x86-64 instructions of each decision and of the calibration loop in the same run
(bench_decisions.py's count mode). The instructions of native code (viper: the machine code
the unix port loaded from the firmware's native modules, callgrind's object "???") are
weighed apart, as a Pico runs them: NATIVE_CYCLES_PER_X64 Cortex-M0+ cycles each at 125 MHz
(tools/native_cost.py: the same functions compiled for armv6m, their Thumb instructions and
cycles); every other instruction (the VM, the runtime's C) counts REFERENCE_RP2040_S / the
loop's instructions, as the bytecode factor has it. A count is the same on a busy host.
"""

import json
import os
import re
import shutil
import subprocess
import tempfile

from deckcore import RulesError
from deckcore.bots import NAMES as BOT_NAMES
from deckcore.games import NAMES as GAME_NAMES, load
from deckcore.games.options import options_of
from deckmate import runtime
from deckmate.arena import HOST_BOTS
from deckmate.errors import CommandError, UsageError
from deckmate.game_args import add_game_option, played_by
from deckmate.names import did_you_mean, same_name
from deckmate.progress import progress
from deckmate.stats import percentile

LEVELS = ("easy", "normal", "strong")  # benched when no --level is given
# The calibration loop's time on an RP2040 at 125 MHz, in seconds (see the docstring).
REFERENCE_RP2040_S = 0.46
# Cortex-M0+ cycles a Pico spends for one x86-64 instruction of native (viper) code, and its
# clock: tools/native_cost.py over the firmware's native modules on 6 December 2026 (2-player
# Scioto's search, SCOUT's playout step and outlook, the palette expansion): 1.22 Thumb
# instructions an x86-64 one at 1.52 cycles each, 1.85 (their functions 1.73-2.36; the
# expansion's loop alone, as it runs, 1.57). The bytecode factor gives every other x86-64
# instruction about 1.5 (0.46 s over the loop's 37.5-41.3 million).
NATIVE_CYCLES_PER_X64 = 1.85
CPU_HZ = 125_000_000
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
    parser.add_argument("--players", type=int, default=0,
                        help="the number of players (default: each game's default set-up)")
    parser.add_argument("--count", action="store_true",
                        help="also estimate each decision from its instructions, counted by "
                             "valgrind (callgrind), native code weighed as a Cortex-M0+ runs "
                             "it; slow: about 50 times the timed run")
    parser.add_argument("--json", action="store_true", help="print a JSON list")
    parser.set_defaults(run=run)


def measure(game, level, hands, players=0):
    """One row: the decisions of `hands` hands of `game` with `level` in every seat."""
    return timed(game, level, hands, players)[0]


def timed(game, level, hands, players=0):
    """(measure's row, each decision's RP2040 seconds in the order played)."""
    status, out, err = runtime.run_script(SCRIPT, [game, level, hands, SEED, players])
    lines = [line for line in out.splitlines() if line.startswith("BENCH ")]
    if status != 0 or not lines:
        raise CommandError("the MicroPython run of %s/%s failed:\n%s%s"
                           % (game, level, out[-2000:], err[-2000:]))
    _, reference, times, peak = lines[0].split(" ")
    scale = REFERENCE_RP2040_S / int(reference)
    seconds = [int(t) * scale for t in times.split(",") if t]
    return dict(summary(seconds), game=game, level=level, decisions=len(seconds),
                peak_heap=int(peak)), seconds


def summary(seconds, prefix=""):
    ordered = sorted(seconds)
    return {prefix + "p50_s": round(percentile(ordered, 50), 4),
            prefix + "p95_s": round(percentile(ordered, 95), 4),
            prefix + "max_s": round(ordered[-1], 4)}


def counted_parts(out):
    """[(instructions, of which in native code)] of each part of a callgrind run, in order:
    `out` is its --callgrind-out-file, the parts `out`.1, `out`.2, ... Native code is
    callgrind's object "???": code in no file, which is the machine code MicroPython loaded
    from .mpy files (a Python function's own cost lines only; a call's line is the callee's,
    counted where the callee is)."""
    names = {}  # callgrind's compressed names: "(3)" once defined, in any part of the run
    parts = []
    number = 1
    while os.path.exists("%s.%d" % (out, number)):
        total = native = 0
        in_native = after_call = False
        with open("%s.%d" % (out, number)) as handle:
            for line in handle:
                first = line[:1]
                if first.isdigit() or first in "+-*":
                    if after_call:  # the cost of a call: the callee's, counted there
                        after_call = False
                        continue
                    words = line.split()
                    if len(words) > 1:
                        total += int(words[1])
                        if in_native:
                            native += int(words[1])
                elif line.startswith(("ob=", "cob=")):
                    match = re.match(r"c?ob=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
                    if match.group(2) is not None:
                        names[match.group(1)] = match.group(2)
                    if first == "o":
                        in_native = names.get(match.group(1)) == "???"
                elif line.startswith("calls="):
                    after_call = True
        parts.append((total, native))
        number += 1
    return parts


def callgrind_run(out, game, level, hands, players, options=()):
    """bench_decisions.py's count mode under valgrind's callgrind, with its `options` more:
    each part of the count (an `exec`) written to `out`.1, `out`.2, ...; the finished process
    (its output as text)."""
    return subprocess.run(
        ["valgrind", "--tool=callgrind"] + list(options) +
        ["--collect-atstart=no", "--toggle-collect=mp_builtin_exec",
         "--dump-after=mp_builtin_exec", "--callgrind-out-file=" + out,
         runtime.micropython_path(), "-X", "heapsize=" + runtime.HEAP, SCRIPT, game, level,
         str(hands), str(SEED), str(players), "count"],
        capture_output=True, text=True, env=runtime.script_environment())


def count_estimates(game, level, hands, players=0):
    """Each decision's RP2040 seconds from its instructions, native code weighed apart and all
    of them at the bytecode factor, and native code's share of them ([(seconds, seconds as
    bytecode, share)]), and the calibration loop's instructions: bench_decisions.py's count
    mode under callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        done = callgrind_run(out, game, level, hands, players)
        parts = counted_parts(out)
    decisions = int(done.stdout.split("COUNTED ")[-1]) if "COUNTED " in done.stdout else -1
    if done.returncode != 0 or len(parts) != decisions + 2:
        raise CommandError("the counted run of %s/%s failed:\n%s%s" % (
            game, level, done.stdout[-2000:], done.stderr[-2000:]))
    calibration = (parts[0][0] + parts[-1][0]) / 2  # (before the first decision, after the last)
    scale = REFERENCE_RP2040_S / calibration
    return [((total - native) * scale + native * NATIVE_CYCLES_PER_X64 / CPU_HZ, total * scale,
             native / total if total else 0.0) for total, native in parts[1:-1]], calibration


RATIO_FROM_S = 0.05  # the decisions compared (counted / timed): timed at this or more


def counted_row(game, level, hands, players, seconds):
    """The --count figures of a row: the counted estimate's p50/p95/max, the same with every
    instruction at the bytecode factor (what weighing native code apart changed), native
    code's share of the instructions (the decisions' mean), the counted / timed ratio of
    the decisions timed at RATIO_FROM_S or more ([p50, p5, p95], or none), the calibration
    loop's instructions."""
    counted, calibration = count_estimates(game, level, hands, players)
    ratios = [estimate / timed for (estimate, _, _), timed in zip(counted, seconds)
              if timed >= RATIO_FROM_S]
    row = dict(summary([estimate for estimate, _, _ in counted], "count_"),
               **summary([flat for _, flat, _ in counted], "count_as_bytecode_"))
    row.update(native_share=round(sum(share for _, _, share in counted) / len(counted), 3),
               count_ratio=[round(percentile(sorted(ratios), at), 3) for at in (50, 5, 95)]
               if ratios else [], calibration_instructions=int(calibration))
    return row


def players_option(game, players):
    """The bench script's PLAYERS for `--players`: the number, or 0 (the default set-up) for
    a game with no players option played by that many (Scarto); UsageError otherwise."""
    game_class = load(game)
    if "players" not in [option.name for option in options_of(game).OPTIONS]:
        played_by(game_class, players)
        return 0
    try:
        game_class({"players": players})
    except RulesError as refused:
        raise UsageError("--players %d: %s" % (players, refused))
    return players


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
    if args.players and not args.game:
        raise UsageError("--players needs --game (the games take different numbers of players)")
    players = players_option(args.game, args.players) if args.players else 0
    runtime.micropython_path()  # ProgramMissing (one line) before any work
    if args.count and not shutil.which("valgrind"):
        raise UsageError("--count needs valgrind (its callgrind counts the instructions): "
                         "install it (apt-get install valgrind), or bench without --count")
    games = [args.game] if args.game else list(GAME_NAMES)
    levels = [args.level] if args.level else list(LEVELS)
    rows = []
    with progress(len(games) * len(levels), "bench runs", quiet=args.json) as advance:
        for game in games:
            for level in levels:
                row, seconds = timed(game, level, args.hands, players)
                if args.count:
                    row.update(counted_row(game, level, args.hands, players, seconds))
                rows.append(row)
                advance()
                if not args.json:
                    print("%-9s %-7s %5d decisions  p50 %7.3f s  p95 %7.3f s  max %7.3f s  "
                          "heap %7d B" % (row["game"], row["level"], row["decisions"],
                                          row["p50_s"], row["p95_s"], row["max_s"],
                                          row["peak_heap"]), flush=True)
                    if args.count:
                        print("%-17s counted: p50 %7.3f s  p95 %7.3f s  max %7.3f s  (native "
                              "code %.0f%% of the instructions; counted / timed %s)"
                              % ("", row["count_p50_s"], row["count_p95_s"],
                                 row["count_max_s"], 100 * row["native_share"],
                                 "p50 %.2f [p5 %.2f, p95 %.2f]" % tuple(row["count_ratio"])
                                 if row["count_ratio"] else "-"), flush=True)
    if args.json:
        print(json.dumps(rows))
    return 0
