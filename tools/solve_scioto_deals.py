"""Solve the committed benchmark deals of 2-player Scioto exactly (data/scioto_solved.json).

The deals are those `deckmate arena --game scioto --seed 1 --deals N` plays (deal i dealt
from the arena's seed for index i, dealer i % 2), so an arena run against the solver plays
exactly these cards. For each deal the file keeps both hands and the exact final points of
each seat under the base rules (both seats playing perfectly from the first lead).

    python tools/solve_scioto_deals.py [--deals 100] [--jobs 2] [--out data/scioto_solved.json]

Solving takes about a minute of one core per deal with the native search (a C compiler is
needed in practice); finished deals are kept in the output file and skipped on a rerun.
"""

import argparse
import json
import multiprocessing
import os
import sys
import time

from deckcore.games.scioto import Scioto
from deckmate.arena import deal_for
from deckmate.progress import progress
from deckmate.solver import Solver

SEED = 1


def solve(index):
    game = Scioto({})
    dealer, piles = deal_for(game, SEED, index)
    solver = Solver(game)
    started = time.time()
    value = solver.value(game.new_hand(dealer, piles))
    return {"index": index, "dealer": dealer, "hands": piles["hands"], "value": value,
            "nodes": solver.nodes, "seconds": round(time.time() - started, 1)}


def write(path, deals):
    deals = sorted(deals, key=lambda d: d["index"])
    with open(path + ".tmp", "w") as out:
        out.write('{"game": "scioto", "options": {}, "seed": %d,\n' % SEED)
        out.write(' "command": "python tools/solve_scioto_deals.py --deals %d",\n' % len(deals))
        out.write(' "deals": [\n')
        out.write(",\n".join("  " + json.dumps(d) for d in deals))
        out.write("\n ]}\n")
    os.replace(path + ".tmp", path)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default=os.path.join("data", "scioto_solved.json"))
    args = parser.parse_args(argv)
    done = []
    if os.path.exists(args.out):
        with open(args.out) as handle:
            done = [d for d in json.load(handle)["deals"] if d["index"] < args.deals]
    todo = sorted(set(range(args.deals)) - set(d["index"] for d in done))
    with multiprocessing.Pool(args.jobs) as pool, progress(len(todo), "deals solved") as advance:
        for result in pool.imap_unordered(solve, todo):
            done.append(result)
            write(args.out, done)
            advance()
            print("deal %d: %s in %.1f s" % (result["index"], result["value"], result["seconds"]),
                  flush=True)
    write(args.out, done)
    return 0


if __name__ == "__main__":
    sys.exit(main())
