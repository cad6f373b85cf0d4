"""The current figures of docs/budgets.md and docs/bots.md, measured and written into them.

usage: .venv/bin/python tools/doc_tables.py budgets|bots [--quick] [--games scout,...] [--write]
                                            [--parts redraw,keys,think,heap,image] [--deals N]
                                            [--players 3,5] [--pairs hard-normal,...]

Each of the two docs holds one table of current figures between two markers,
`<!-- doc_tables NAME: begin -->` and `<!-- doc_tables NAME: end -->`. This tool measures the
figures, prints the table and, with --write, puts it between the markers, under one sentence
that says how to read and remeasure it. Every row carries its run (the date and the host's
load average when the run began) and the commit of the code it measured (the last that
changed firmware/ or host/, "+" when this tree differs from it), so that --games, --parts,
--players and --pairs can measure some rows again and keep the others with their own.

budgets (about 20 minutes on a busy 2-core host at `nice -n -10`, 14 of them the think times'
counts; --quick about 6):
- redraw: tools/device_budgets.py's estimate of a full-screen push and of one card's rows;
- a key's answer: tools/shell_timing.py's screens, the drawing plus the push of the rows it
  marked (at the full-screen push's cost per row);
- think time: `deckmate bench` (the bots alone in the unix port, each game's default set-up,
  and SCOUT `hard` at 3 and 5 players too) at `normal` and `hard`, --hands 4 (--quick: 1),
  with both of its RP2040 estimates of the same decisions: timed (the calibration loop) and,
  where valgrind is installed, counted (`--count`: callgrind's instructions, native code
  weighed apart; about 50 times the timed run). A budget holds when both estimates hold;
  without valgrind the row says the count was not run and that whether it holds is not known;
- heap: every set-up of play_sim.HEAVIEST (the CI gate's, tests/host/test_play_heaviest.py)
  played through the keys on the simulated board in the budget's heap (runtime.HEAP),
  traced as tools/match_heap.py traces it: whether it holds, its highest live heap and the
  names it interns, at `easy`, `normal` and `hard` (--quick: `normal` only). A traced run
  collects at every idle, which an untraced one does not: the gate's own runs are the test;
- image size: build_image("rp2040") and the flash blocks it takes (device_budgets.py).

bots (about an hour; --quick about 3): `deckmate arena` on each game's default set-up,
seats rotated, --seed 1: `easy` and `hard` against `normal`, `normal` against `greedy`,
200 deals each (--quick: 6, which says nothing about strength: it checks the tool); and
SCOUT's `hard` against `normal` and against the host's `strong` at 2 to 5 players (issue 46:
SCOUT is played at 3 to 5 most). --players and --pairs measure some of a game's rows (a
number of players, match-ups such as hard-strong) and keep the others: `strong`'s whole-round
playouts take far longer than the rest, so its rows may be measured with fewer --deals.

Times are RP2040 estimates (the calibration loop of `deckmate bench`, timed in the same
run, and for think time also counted); heaps are the 64-bit unix port's, the CI gate's.
"""

import argparse
import datetime
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [HERE, os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host")]

DOCS = {"budgets": os.path.join(ROOT, "docs", "budgets.md"),
        "bots": os.path.join(ROOT, "docs", "bots.md")}
COLUMNS = {
    "budgets": ("budget", "case", "measured", "limit", "within", "run", "commit"),
    "bots": ("game", "match-up", "deals", "A - B per deal [95% CI]", "A's win rate", "run",
             "commit"),
}
# The one sentence above each table: what a row's run and commit are, and how to remeasure.
HEADERS = {
    "budgets": "Each row's run is the day it was measured and the host's load average when its "
               "run began (with, for the redraw and the keys, how much slower the calibration "
               "loop found an RP2040); its commit is the code it measured. A think time gives "
               "two RP2040 estimates of the same decisions: timed (wall clock against the "
               "calibration loop of the same run; it moves with the host's load) and counted "
               "(`deckmate bench --count`: callgrind's instructions, load-free, native code "
               "weighed by its Cortex-M0+ cycles); it is within only when both are. "
               "`tools/doc_tables.py budgets --write` measures every row again; `--parts` and "
               "`--games` measure some of them and keep the others.",
    "bots": "Each row's run is the day it was measured and the host's load average when its run "
            "began; its commit is the code it measured. `tools/doc_tables.py bots --write` "
            "measures every row again; `--games`, `--players` and `--pairs` measure some of "
            "them (with `--deals` as many deals as the row gives) and keep the others.",
}
KEY_COLUMNS = 2  # a row is known by its first two cells: measuring again replaces it
GAME_WORDS = {"scioto": "Scioto", "scarto": "Scarto", "chambery": "Chambéry",
              "droggn": "Droggn", "scout": "SCOUT"}
THINK_LIMITS = {"normal": (1.0, 3.0), "hard": (3.0, 10.0)}  # p95, max: seconds on an RP2040
# Think-time rows beyond each game's default set-up, (level, players): SCOUT's `hard` has a
# budget of work of its own at each number of players (bots/levels.py; 4 is the default).
MORE_THINK = {"scout": [("hard", 2), ("hard", 3), ("hard", 5)]}
FULL_SCREEN_MS, ONE_CARD_MS, KEY_MS = 60, 15, 100
IMAGE_LIMIT_KB = 350
LOAD = [0.0]  # the host's load average when the measuring began
ARENA_PAIRS = (("easy", "normal"), ("hard", "normal"), ("normal", "greedy"))
# Rows beyond the default set-up's, (players, pair): SCOUT's hard at every number of players.
MORE_ROWS = {"scout": [(players, pair) for players in (2, 3, 4, 5)
                       for pair in (("hard", "normal"), ("hard", "strong"))
                       if (players, pair) != (4, ("hard", "normal"))]}


def begin_marker(name, tool="doc_tables"):
    return "<!-- %s %s: begin -->" % (tool, name)


def end_marker(name, tool="doc_tables"):
    return "<!-- %s %s: end -->" % (tool, name)


def marked(text, name, tool="doc_tables"):
    """(where what is between the markers of `name` begins, where it ends) in `text`;
    ValueError when the markers are not one of each, in that order."""
    begin, end = begin_marker(name, tool), end_marker(name, tool)
    if text.count(begin) != 1 or text.count(end) != 1 or text.index(begin) > text.index(end):
        raise ValueError("the doc needs one %s and, after it, one %s" % (begin, end))
    return text.index(begin) + len(begin), text.index(end)


def between_markers(text, name, inside, tool="doc_tables"):
    """`text` with `inside` (lines) in place of what is between the markers of `name`, the
    rest byte for byte; ValueError when the markers are not one of each, in that order."""
    start, stop = marked(text, name, tool)
    return text[:start] + "\n" + inside + "\n" + text[stop:]


def commit():
    """The code measured: the last commit that changed the firmware or the host tool, with "+"
    when they differ from it in this tree (a commit on main stays itself through rebases)."""
    def git(*args):
        return subprocess.run(("git",) + args, cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
    last = git("log", "-1", "--format=%h", "--", "firmware", "host")
    return last + ("+" if git("status", "--porcelain", "--", "firmware", "host") else "")


def row_line(cells):
    return "| " + " | ".join(cells) + " |"


def table_text(name, rows):
    """The text between the markers: the table's sentence (a line of the doc), then the
    table, each game's rows together."""
    columns = COLUMNS[name]
    return "\n".join([HEADERS[name], "", row_line(columns), "|" + "---|" * len(columns)]
                     + [row_line(row) for row in (grouped(rows) if name == "bots"
                                                  else by_budget(rows))])


def by_budget(rows):
    """`rows` with each budget's together, in the order each budget first came: a set-up
    measured for the first time goes beside its budget's rows, not at the table's end."""
    firsts = {}
    for row in rows:
        firsts.setdefault(row[0], len(firsts))
    return sorted(rows, key=lambda row: firsts[row[0]])


def grouped(rows):
    """`rows` with each game's together (the bots' "SCOUT (3 players)": by game, then by its
    number of players), each group in the order its rows came: a run of some rows again
    adds its new ones at the end of the table, and they go where they belong."""
    games, firsts = [], {}
    for row in rows:
        game = row[0].split(" (")[0]
        if game not in games:
            games.append(game)
        firsts.setdefault(row[1], len(firsts))
    def place(row):
        players = re.search(r"\((\d+) players\)", row[0])
        return (games.index(row[0].split(" (")[0]), int(players.group(1)) if players else 0,
                firsts[row[1]])
    return sorted(rows, key=place)


def read_table(name, text):
    """The rows of the table between the markers of `name` in a doc's text; ValueError when
    the markers or the table are not as this tool writes them."""
    start, stop = marked(text, name)
    inside = text[start:stop].strip("\n").split("\n")
    if inside[0] != HEADERS[name]:
        raise ValueError("the table's first line is not the tool's sentence: %r" % inside[0][:80])
    columns = COLUMNS[name]
    lines = [line for line in inside[1:] if line.strip()]
    if len(lines) < 2 or lines[0] != row_line(columns) or lines[1] != "|" + "---|" * len(columns):
        raise ValueError("the table's header is not %s" % row_line(columns))
    rows = []
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
        if len(cells) != len(columns):
            raise ValueError("a row of %d cells, not %d: %r" % (len(cells), len(columns), line))
        if not re.fullmatch(r"[0-9a-f]{7,40}\+?", cells[-1]):
            raise ValueError("a row's last cell is not a commit: %r" % line)
        rows.append(cells)
    return rows


def write(name, rows):
    """Puts the table into the doc, keeping the rows of what was not measured again (each
    with its own run and commit)."""
    path = DOCS[name]
    with open(path, encoding="utf-8") as file:
        text = file.read()
    fresh = dict((tuple(row[:KEY_COLUMNS]), row) for row in rows)
    merged = [fresh.pop(tuple(row[:KEY_COLUMNS]), row) for row in read_table(name, text)]
    text = between_markers(text, name, table_text(name, merged + list(fresh.values())))
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


def run_cell(load, cores, calibration=None):
    """A row's run: today, the load average when the run began and, for a time estimated
    from the redraw's calibration loop, the RP2040's factor over this host."""
    cell = "%s, load %.1f on %d cores" % (datetime.date.today().isoformat(), load, cores)
    return cell + ("" if calibration is None else ", calibrated: RP2040 %.0f x slower"
                   % calibration[1])


def provenance(rows, at, calibration=None):
    """`rows` with their run and commit, the last two cells (the calibration only on the rows
    estimated from it: the redraw and a key's answer)."""
    return [row + [run_cell(LOAD[0], os.cpu_count(), calibration if row[0] in CALIBRATED
                            else None), at] for row in rows]


def within(ok):
    return "yes" if ok else "**no**"


def kb(number):
    return "%.1f KB" % (number / 1024)


# --- budgets ---------------------------------------------------------------------------------

PARTS = ("redraw", "keys", "think", "heap", "image")
CALIBRATED = ("redraw", "a key's answer")  # the budgets whose times scale by the redraw's loop


def measure_budgets(games, quick, parts=PARTS):
    """The rows of docs/budgets.md's table for `parts`, and (calibration ms, RP2040 factor) of
    the redraw's run (None without it)."""
    import device_budgets
    import shell_timing
    from deckmate.commands import bench

    rows = []
    calibration = None
    per_row_ms = None
    if "redraw" in parts or "keys" in parts:
        reference_us, _, estimates = device_budgets.redraw_estimates()
        calibration = (reference_us / 1000, bench.REFERENCE_RP2040_S * 1e6 / reference_us)
        totals = {}
        for name, limit in (("full screen", FULL_SCREEN_MS), ("one card", ONE_CARD_MS)):
            rows_pushed, _, _, bytecode_ms, viper_ms, spi_ms = estimates[name]
            totals[name] = total = bytecode_ms + viper_ms + spi_ms
            if "redraw" in parts:
                rows.append(["redraw", "%s (%d rows)" % (name, rows_pushed),
                             "%.0f ms (bytecode %.1f, viper %.1f, SPI %.1f)" % (
                                 total, bytecode_ms, viper_ms, spi_ms),
                             "%d ms" % limit, within(total <= limit)])
        per_row_ms = totals["full screen"] / 240
    if "keys" in parts:
        answers, key_reference_us = shell_timing.measure()
        scale = bench.REFERENCE_RP2040_S * 1e6 / key_reference_us
        for what, _, _, _ in shell_timing.CASES:
            spent_us, pushed = answers[what]
            drawing = spent_us * scale / 1000
            total = drawing + pushed * per_row_ms
            rows.append(["a key's answer", what, "%.0f ms (drawing %.0f, %d rows pushed)"
                         % (total, drawing, pushed), "%d ms" % KEY_MS, within(total <= KEY_MS)])
    if "think" in parts:
        rows += think_rows(games, 1 if quick else 4)
    if "heap" in parts:
        rows += heap_rows(games, ("normal",) if quick else ("easy", "normal", "hard"))
    if "image" in parts:
        count, total, blocks = device_budgets.image_size()
        rows.append(["image size", "rp2040",  # (the count of files is a figure, not the key)
                     "%d files, %s; %d flash blocks of 4 KB" % (count, kb(total), blocks),
                     "%d KB" % IMAGE_LIMIT_KB, within(total <= IMAGE_LIMIT_KB * 1024)])
    return rows, calibration


def think_setups(games):
    """(level, game, players: 0 for the default set-up) of every think-time row of `games`."""
    return [(level, game, 0) for level in THINK_LIMITS for game in games] + [
        (level, game, players) for game in games for level, players in MORE_THINK.get(game, [])]


def think_rows(games, hands):
    """The think-time rows: `deckmate bench`'s timed estimate and, where valgrind is
    installed, its counted one of the same decisions (one run at a time: the count is
    load-free, but the timed run beside it would not be)."""
    from deckmate.commands import bench

    counting = shutil.which("valgrind") is not None
    rows = []
    for level, game, players in think_setups(games):
        timed, seconds = bench.timed(game, level, hands, players)
        counted = None
        if counting:
            counted = bench.counted_row(game, level, hands, players, seconds)
        case = GAME_WORDS[game] + (", %d players" % players if players else "")
        rows.append(think_row(level, case, timed, counted))
    return rows


def think_row(level, case, timed, counted):
    """A think-time row from `deckmate bench`'s timed figures and its counted ones (None: the
    count was not run): within its limits only when both estimates are."""
    p95_limit, max_limit = THINK_LIMITS[level]

    def figures(row, prefix):
        return "p50 %.2f / p95 %.2f / max %.2f s" % (
            row[prefix + "p50_s"], row[prefix + "p95_s"], row[prefix + "max_s"])

    def holds(row, prefix):
        return row[prefix + "p95_s"] <= p95_limit and row[prefix + "max_s"] <= max_limit

    if counted is None:
        count = "counted: not run (no valgrind)"
        verdict = "not known (count not run)" if holds(timed, "") else "**no**: timed"
    else:
        count = "counted %s, %.0f%% native" % (figures(counted, "count_"),
                                               100 * counted["native_share"])
        over = [name for name, ok in (("timed", holds(timed, "")),
                                      ("counted", holds(counted, "count_"))) if not ok]
        verdict = "**no**: %s" % " and ".join(over) if over else within(True)
    measured = "timed %s; %s (%d decisions)" % (figures(timed, ""), count, timed["decisions"])
    return ["think time, `%s`" % level, case, measured,
            "p95 %g s, max %g s" % (p95_limit, max_limit), verdict]


def setup_words(game, people, bots, options, deal):
    named = ", ".join("%s %s" % (key, value) for key, value in sorted(options.items())
                      if value is not True)
    flags = ", ".join(key for key, value in sorted(options.items()) if value is True)
    words = ["%s, %d players" % (GAME_WORDS[game], people + bots)]
    words += [part for part in (named, flags) if part]
    return ", ".join(words + ["deal %d" % deal])


def traced_arguments(plan, heap_kb):
    """match_heap.traced's arguments: the match and the heap in KB."""
    return plan, heap_kb


def heap_rows(games, levels):
    from concurrent.futures import ThreadPoolExecutor

    import match_heap
    from deckmate import image, runtime
    from deckmate.sim import firmware, script
    from play_sim import HEAVIEST, expected_match

    budget_kb = int(runtime.HEAP[:-1])
    plans, cases = [], []
    for level in levels:
        for game, people, bots, options, deal in HEAVIEST:
            if game not in games:
                continue
            kinds = ["human"] * people + [level] * bots
            plans.append((game, kinds, options, deal,
                          expected_match(game, kinds, options, deal, "sim")))
            cases.append("%s, `%s`" % (setup_words(game, people, bots, options, deal), level))
    image.build_image("sim")  # compiled once, before two boards would compile it at once
    firmware.device_folder()
    # A busy host starves the boards: a traced match is measured, not timed, so a board that
    # answers slowly is waited for (the simulator's 30 s would count it as a heap that fails)
    script.ANSWER_TIMEOUT_S = max(script.ANSWER_TIMEOUT_S, 600.0)
    os.environ["DECKMATE_SIM_TRACE_HEAP"] = "1"
    try:
        with ThreadPoolExecutor(2) as pool:  # each board is a process of its own
            traces = list(pool.map(lambda plan: match_heap.traced(*traced_arguments(
                plan, budget_kb)), plans))
            # a match that failed is played once more: the heap's layout moves with the moment
            # the keys are read, so a failure may be that run's alone; both runs are said
            again = list(pool.map(lambda plan: match_heap.traced(*traced_arguments(
                plan, budget_kb)), [plan for plan, trace in zip(plans, traces) if trace is None]))
    finally:
        del os.environ["DECKMATE_SIM_TRACE_HEAP"]
    rows = []
    for case, trace in zip(cases, traces):
        second = None
        if trace is None:
            second = trace = again.pop(0)
        if trace is None:
            measured = "does not hold (2 runs of 2 failed)"
        else:
            measured = "highest live heap %s, %s names interned%s" % (
                kb(trace[0]), "{:,}".format(trace[1]),
                "" if second is None else " (held in the second run: the first failed)")
        held = "**held in 1 run of 2**" if second is not None else within(trace is not None)
        rows.append(["heap, a whole match", case, measured,
                     "plays in %sK; names under 1,261" % budget_kb,
                     held if trace is None or trace[1] <= 1260 else within(False)])
    return rows


# --- bots ------------------------------------------------------------------------------------

def bot_rows(game_name):
    """(players or None for the default set-up, pair) of every row of the game."""
    return [(None, pair) for pair in ARENA_PAIRS] + MORE_ROWS.get(game_name, [])


def measure_bots(games, deals, players=None, pairs=None):
    """The rows of `games`; given sets `players` (numbers, the default set-up's included)
    and `pairs` ("hard-normal"), only the rows they name."""
    from deckcore.games import load
    from deckmate.arena import run_arena

    rows = []
    for game_name in games:
        for count, (a, b) in bot_rows(game_name):
            game = load(game_name)({} if count is None else {"players": count})
            if players is not None and game.num_players not in players or \
                    pairs is not None and "%s-%s" % (a, b) not in pairs:
                continue
            result = run_arena(game, [a, b], deals, 1, jobs=2)
            diff = result["diff"]
            rows.append(["%s (%d players)" % (GAME_WORDS[game_name], game.num_players),
                         "`%s` vs `%s`" % (a, b), str(deals),
                         "%+.2f [%.2f, %.2f]" % (diff["mean"], diff["ci95"][0], diff["ci95"][1]),
                         "%.1f%%" % (100 * result["bots"][0]["win_rate"])])
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("table", choices=sorted(DOCS))
    parser.add_argument("--quick", action="store_true",
                        help="fewer hands, levels and deals: checks the tool, not the figures")
    parser.add_argument("--games", default=None,
                        help="only these games (comma-separated); the other rows are kept")
    parser.add_argument("--parts", default=",".join(PARTS),
                        help="budgets: which to measure (default all: %s); the other rows are "
                             "kept" % ",".join(PARTS))
    parser.add_argument("--deals", type=int, default=None,
                        help="bots: deals per match-up (default 200, --quick 6)")
    parser.add_argument("--players", default=None,
                        help="bots: only the rows at these numbers of players (comma-separated)")
    parser.add_argument("--pairs", default=None,
                        help="bots: only these match-ups, as hard-strong (comma-separated)")
    parser.add_argument("--write", action="store_true", help="write the table into the doc")
    args = parser.parse_args(argv)
    names = tuple(GAME_WORDS)
    games = names if args.games is None else tuple(args.games.split(","))
    unknown = [game for game in games if game not in names]
    if unknown:
        parser.error("no game called %s; choose from %s" % (", ".join(unknown), ", ".join(names)))
    with open(DOCS[args.table], encoding="utf-8") as file:
        read_table(args.table, file.read())  # the markers are there before any work
    at = commit()
    LOAD[0] = os.getloadavg()[0]  # at the start: the figures of a busy host are upper bounds
    if args.table == "budgets":
        parts = args.parts.split(",")
        if not set(parts) <= set(PARTS):
            parser.error("--parts takes %s" % ",".join(PARTS))
        rows, calibration = measure_budgets(games, args.quick, parts)
    else:
        players = None if args.players is None else set(int(n) for n in args.players.split(","))
        pairs = None if args.pairs is None else set(args.pairs.split(","))
        rows = measure_bots(games, args.deals or (6 if args.quick else 200), players, pairs)
        if not rows:
            parser.error("no row of %s is at --players %s with --pairs %s"
                         % (", ".join(games), args.players, args.pairs))
        calibration = None
    rows = provenance(rows, at, calibration)
    print(table_text(args.table, rows))
    if args.write:
        write(args.table, rows)
        print("written into %s" % os.path.relpath(DOCS[args.table], ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
