"""The current figures of docs/storage.md, measured and written into it.

usage: nice -n 10 .venv/bin/python tools/storage_figures.py [--write]

docs/storage.md holds two tables of figures, each between its markers
`<!-- storage_figures NAME: begin -->` and `<!-- storage_figures NAME: end -->`; this tool
measures them, prints them and, with --write, puts them between the markers, the rest of the
doc byte for byte (doc_tables.between_markers, the writer every doc's table uses):
- sweep: tests/store/power_cut_sweep.py in the MicroPython unix port, on a fresh flash and
  migrating (the store as the firmware before the folders of logs left it), every cut point in
  one process each: the flash operations, the cut points, what boot did at them, and the CPU
  seconds each took (the children's user and system time);
- flash: tests/store/flash_use.py on the rp2040 image (build_image("rp2040")) with the logs of
  `deckmate selfplay --bots random --seed 1..3` of each game's default set-up: the blocks a
  log takes, those of a fresh store's first game and the games that fit on the Pico's flash.
Two tables, because they measure two things: whether a cut loses anything, and the room a game
takes. Each is stamped with the code it measured (doc_tables.commit: the last commit that
changed firmware/ or host/) and the load average when the run began. About three minutes at
`nice -n 10` on a 2-core host at load 0.3; blocks are counts, which the load does not change;
CPU seconds are not.
"""

import argparse
import datetime
import os
import re
import resource
import subprocess
import sys
import tempfile

import doc_tables  # (puts firmware/ and host/ on the path)
from deckmate import image, runtime

ROOT = doc_tables.ROOT
DOC = os.path.join(ROOT, "docs", "storage.md")
TOOL = "storage_figures"  # <!-- storage_figures sweep: begin -->, ..., its end
NAMES = ("sweep", "flash")
STORE_TESTS = os.path.join(ROOT, "tests", "store")
SEEDS = (1, 2, 3)
SWEEP_COLUMNS = ("figure", "a fresh flash", "migrating")
FLASH_COLUMNS = ("game (default table)", "lines", "bytes", "LittleFS blocks a log",
                 "blocks of a fresh store's first game", "games that fit")
LOAD = [0.0]  # the host's load average when the measuring began


def micropython():
    path = os.path.join(os.path.dirname(sys.executable), "micropython")
    return path if os.path.exists(path) else "micropython"


def run_children(command):
    """(stdout, CPU seconds) of `command`; SystemExit with its output when it fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run(command, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise SystemExit("%s failed:\n%s%s" % (" ".join(command[:4]), result.stdout[-3000:],
                                               result.stderr[-2000:]))
    return result.stdout, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


# --- the power-cut sweep ----------------------------------------------------------------------

def sweep_figures(output, cpu_s):
    """The figures of power_cut_sweep.py's last line: {"operations", "tried", "outcomes" (what
    happened at how many cut points), "cpu_s"}."""
    found = re.search(r"operations (\d+), cut points tried (\d+), all passed; (.*)", output)
    if not found:
        raise ValueError("not a line of power_cut_sweep.py: %r" % output[-300:])
    outcomes = {}
    for part in found.group(3).strip().split(", "):
        if part:
            name, count = part.rsplit(" ", 1)
            outcomes[name] = int(count)
    return {"operations": int(found.group(1)), "tried": int(found.group(2)),
            "outcomes": outcomes, "cpu_s": cpu_s}


def sweep_table(runs, stamp):
    """The text between the sweep's markers; `runs`: {"fresh": figures, "migrating": figures}."""
    fresh, migrating = runs["fresh"], runs["migrating"]

    def row(label, key):
        return [label] + ["{:,}".format(run[key]) for run in (fresh, migrating)]
    rows = [row("block operations in the workload", "operations"),
            row("cut points tried (before each operation, torn in half, after the last)", "tried"),
            row("cut points where every rule held (the sweep stops at the first that breaks one)",
                "tried")]
    for name in sorted(set(fresh["outcomes"]) | set(migrating["outcomes"])):
        rows.append(["... where %s" % name] + ["{:,}".format(run["outcomes"].get(name, 0))
                                               for run in (fresh, migrating)])
    rows.append(["CPU time of the sweep (unix port, one process)"]
                + ["%.0f s" % run["cpu_s"] for run in (fresh, migrating)])
    return table(stamp, SWEEP_COLUMNS, rows)


def measure_sweep(logs, core):
    """power_cut_sweep.py on a fresh flash and migrating, on the logs of Scioto seeds 1 and 2."""
    runs = {}
    for how in ("fresh", "migrating"):
        output, cpu_s = run_children(
            [micropython(), "-X", "heapsize=16M", os.path.join(STORE_TESTS, "power_cut_sweep.py"),
             core, os.path.join(ROOT, "firmware"), logs["scioto"][0], logs["scioto"][1], "0", "1",
             how])
        runs[how] = sweep_figures(output, cpu_s)
    return runs


# --- flash used per game ----------------------------------------------------------------------

def flash_figures(output):
    """The figures of flash_use.py's line: {"image", "lines", "bytes", "alone", "first",
    "fit"} (blocks, except lines, bytes and games)."""
    found = re.search(r"image (\d+) blocks; [^:]*: (\d+) lines, (\d+) bytes, (\d+) blocks alone, "
                      r"(\d+) blocks the first game; (\d+) games fit", output)
    if not found:
        raise ValueError("not a line of flash_use.py: %r" % output[-300:])
    return dict(zip(("image", "lines", "bytes", "alone", "first", "fit"),
                    (int(number) for number in found.groups())))


def span(numbers):
    low, high = min(numbers), max(numbers)
    return "{:,}".format(low) if low == high else "{:,}-{:,}".format(low, high)


def flash_table(games, image_words, stamp):
    """The text between the flash's markers; `games`: [(label, [figures of each seed])]."""
    rows = [[label] + [span([seed[key] for seed in seeds])
                       for key in ("lines", "bytes", "alone", "first", "fit")]
            for label, seeds in games]
    return table(stamp + " The image: %s." % image_words, FLASH_COLUMNS, rows)


def measure_flash(logs, core):
    """flash_use.py on the rp2040 image with each log: ([(label, figures)], the image's words)."""
    from deckcore.games import load

    folder = image.build_image("rp2040")
    files = image.image_files(folder)
    games, blocks = [], set()
    for game, paths in logs.items():
        seeds = [flash_figures(run_children(
            [micropython(), "-X", "heapsize=8M", os.path.join(STORE_TESTS, "flash_use.py"), core,
             os.path.join(ROOT, "firmware"), folder, path])[0]) for path in paths]
        blocks.update(seed["image"] for seed in seeds)
        label = "%s (%d players)" % (doc_tables.GAME_WORDS[game], load(game)({}).num_players)
        games.append((label, seeds))
    words = "%d files, %s, %s blocks when MicroPython copies it" % (
        len(files), doc_tables.kb(sum(len(data) for data in files.values())), span(blocks))
    return games, words


# --- the doc ----------------------------------------------------------------------------------

def table(stamp, columns, rows):
    return "\n".join([stamp, "", doc_tables.row_line(columns), "|" + "---|" * len(columns)]
                     + [doc_tables.row_line(row) for row in rows])


def stamp_line():
    return "Measured by `tools/storage_figures.py` on %s at commit %s, load average %.1f on %d " \
           "cores." % (datetime.date.today().isoformat(), doc_tables.commit(), LOAD[0],
                       os.cpu_count())


def write(tables, path=DOC):
    """Puts each of `tables` ({name: text}) between its markers, the rest of the doc byte for
    byte; ValueError, the doc untouched, when a name's markers are not there."""
    with open(path, encoding="utf-8") as file:
        text = file.read()
    for name, inside in tables.items():
        text = doc_tables.between_markers(text, name, inside, tool=TOOL)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


def selfplay_logs(folder):
    """{game: [the log of each seed]}: `deckmate selfplay --bots random`, default set-ups."""
    logs = {}
    for game in doc_tables.GAME_WORDS:
        logs[game] = []
        for seed in SEEDS:
            path = os.path.join(folder, "%s-%d.jsonl" % (game, seed))
            run_children([sys.executable, "-m", "deckmate.cli", "selfplay", "--game", game,
                          "--seed", str(seed), "--bots", "random", "--out", path])
            logs[game].append(path)
    return logs


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="write the tables into the doc")
    args = parser.parse_args(argv)
    with open(DOC, encoding="utf-8") as file:  # the markers are there before any work
        text = file.read()
    for name in NAMES:
        doc_tables.between_markers(text, name, "", tool=TOOL)
    LOAD[0] = os.getloadavg()[0]  # at the start: the CPU seconds of a busy host are upper bounds
    stamp = stamp_line()
    core = runtime.compiled_firmware()
    with tempfile.TemporaryDirectory() as folder:
        logs = selfplay_logs(folder)
        tables = {"sweep": sweep_table(measure_sweep(logs, core), stamp),
                  "flash": flash_table(*measure_flash(logs, core), stamp=stamp)}
    for name in NAMES:
        print(tables[name] + "\n")
    if args.write:
        write(tables)
        print("written into %s" % os.path.relpath(DOC, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
