"""How fast `deckmate games` and `deckmate stats` answer over a large archive (a benchmark, not
a test; its runs are in docs/notes/, e.g. docs/notes/2026-12-02-owner-speed.md).

    nice -n 10 python tools/owner_bench.py [--games 10000] [--archive DIR] [--runs 7]

The archive is filled (once: a second run reuses it) with self-played matches of the five
games, random bots, seat 0 a person of four names, three devices, two years of dates, each
added as `deckmate import` adds a log (replayed through the rules core). Then each command
runs `--runs` times in this process (the time of the command itself: p50, p95, max of the
wall time and of the CPU time, which a machine busy with other work does not stretch) and
once as a new process (what an owner waits for, Python's start and the imports included).
Unix only (resource, the load average).
"""

import argparse
import datetime
import json
import os
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from deckcore.bots.levels import make  # noqa: E402
from deckcore.games import load  # noqa: E402
from deckcore.selfplay import play_match  # noqa: E402
from deckmate.archive import Archive  # noqa: E402
from deckmate.cache import cached_path  # noqa: E402
from deckmate.cli import main  # noqa: E402
from deckmate.stats import percentile  # noqa: E402

GAMES = (("scioto", {"players": 2}), ("scarto", {}), ("scout", {"players": 3}), ("droggn", {}),
         ("chambery", {}))
PEOPLE = ("Hélène", "Ann", "Bob", "Zoë")
DEVICES = ("e6614103e72f4a2b", "e6614103e72f9c01", "e66141037a5b2210")
START = datetime.datetime(2025, 1, 1, 18, 0)


def game_log(number):
    """The bytes of the number-th match: its game, seed, person, device and game id."""
    name, options = GAMES[number % len(GAMES)]
    game = load(name)(options)
    lines = []
    play_match(game, number, [make("random", game) for _ in range(game.num_players)],
               lines.append, "game-%d" % number, DEVICES[number % len(DEVICES)])
    header = json.loads(lines[0])
    header["players"][0] = {"seat": 0, "name": PEOPLE[number % len(PEOPLE)], "kind": "human",
                            "level": None}
    lines[0] = json.dumps(header, separators=(",", ":"))
    return "".join(line.rstrip("\n") + "\n" for line in lines).encode()


def fill(archive, count):
    have = archive.db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    started = time.time()
    for number in range(have, count):
        date = (START + datetime.timedelta(hours=1.7 * number)).strftime("%Y-%m-%d %H:%M")
        outcome = archive.add_log(game_log(number), "bench-%d" % number, date)
        assert outcome.kind == "new", (number, outcome.kind, outcome.reason)
        if number % 500 == 499:
            print("  %d games archived (%.0f s)" % (number + 1, time.time() - started), flush=True)
    return have


def timed(argv, runs):
    """([wall seconds of each run in this process], [CPU seconds of each], (wall, CPU) seconds
    of a new process)."""
    times, cpu_times = [], []
    for _ in range(runs):
        with open(os.devnull, "w") as quiet:
            saved, sys.stdout = sys.stdout, quiet
            try:
                started, cpu = time.perf_counter(), time.process_time()
                assert main(argv) == 0
                times.append(time.perf_counter() - started)
                cpu_times.append(time.process_time() - cpu)
            finally:
                sys.stdout = saved
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "deckmate.cli"] + argv, capture_output=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode == 0, done.stderr
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return times, cpu_times, (wall, cpu)


def main_bench():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--archive", help="the archive to fill and query (default: a cached one)")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    folder = args.archive or cached_path("bench-archive-%d" % args.games)
    with Archive(folder) as archive:
        had = fill(archive, args.games)
    print("archive %s: %d games (%d added now); load average %.1f %.1f %.1f on %d cores"
          % ((folder, args.games, args.games - had) + os.getloadavg() + (os.cpu_count(),)))
    for argv in (["games"], ["games", "--player", "Ann"], ["stats"], ["stats", "--json"],
                 ["stats", "--game", "scioto", "--player", "Hélène"]):
        times, cpu_times, (wall, cpu) = timed(argv + ["--archive", folder], args.runs)
        print("deckmate %s\n  in process: wall p50 %.3f s, p95 %.3f s, max %.3f s; "
              "CPU p50 %.3f s, max %.3f s\n  a new process: wall %.3f s, CPU %.3f s" % (
                  " ".join(argv), percentile(times, 50), percentile(times, 95), max(times),
                  percentile(cpu_times, 50), max(cpu_times), wall, cpu))


if __name__ == "__main__":
    main_bench()
