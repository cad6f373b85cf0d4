"""The positions where 2-player Scioto `hard`'s search stops, valued exactly (host only).

    python tools/scioto_frontier.py --deals 200 [--seed 600000] [--per-decision 6] [--jobs 2]

`hard` plays the arena's deals (`--seed`, deal i as `deckmate arena` deals it) against
itself, down to its exact play (its budget's `try_exact` cards in the two hands). At each of
its decisions before that, its search with the estimate (scioto_endgame.Endgame
.searched_action) is watched: every position where the estimate stops it is noted, and
`--per-decision` of them, drawn at random from the seed, are valued by the exact solver.
They are appended to data/scioto_frontier.jsonl.gz as `[lead hand, follow hand, points in
play, leader's take, cards in the two hands at the decision]` (hands as bitmasks in the
endgame's card numbers), each deal whole as a gzip member of its own.

These are the positions the estimate is asked about in play, where
tools/fit_scioto_estimate.py's other data are those of `normal`'s play and one trick from
them: `fit` also fits to these, and `errors` reports the estimate's errors on them.
"""

import argparse
import gzip
import json
import multiprocessing
import os
import sys

from deckcore.bots import scioto
from deckcore.bots.levels import make
from deckcore.bots.scioto_estimate import UNIT
from deckcore.games.scioto import Scioto
from deckcore.rng import Rng
from deckmate.arena import deal_for
from deckmate.progress import progress

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FRONTIER = os.path.join(ROOT, "data", "scioto_frontier.jsonl.gz")


class Watched:
    """The estimate, noting each position it is asked about (in its UNITs)."""

    def __init__(self, estimate):
        self.estimate = estimate
        self.smallest = estimate.smallest
        self.asked = []

    def __call__(self, size, lead, follow, rem):
        self.asked.append((lead, follow, rem))
        return self.estimate(size, lead, follow, rem)


def frontier(job):
    """[[lead, follow, points, take, cards], ...]: the sampled stopping positions of `hard`'s
    searches in deal `index` of `seed`, valued exactly."""
    seed, index, per_decision = job
    from deckmate.solver import Solver
    game = Scioto({})
    solver = Solver(game)
    bot = make("hard", game)
    endgame = scioto._endgame(game)
    watched = Watched(endgame.estimate)
    endgame.rough.estimate = watched
    dealer, piles = deal_for(game, seed, index)
    state = game.new_hand(dealer, piles)
    rng = Rng(seed * 13 + index)
    search = solver.search.trick_value
    rows, seen = [], set()
    while len(state.hands[0]) + len(state.hands[1]) > bot.budget.try_exact:
        seat = state.current_player()
        cards = len(state.hands[0]) + len(state.hands[1])
        del watched.asked[:]
        state.apply(bot.choose(state.view(seat), state.legal_actions(), rng))
        asked = watched.asked
        for _ in range(min(per_decision, len(asked))):
            lead, follow, rem = asked[rng.below(len(asked))]
            if (lead, follow) in seen:
                continue
            seen.add((lead, follow))
            rem //= UNIT
            take = solver._mtd(lambda a, b: search(lead, follow, rem, a, b), rem, rem // 2)
            rows.append([lead, follow, rem, take, cards])
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=600000)
    parser.add_argument("--per-decision", type=int, default=6)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    jobs = [(args.seed, i, args.per_decision) for i in range(args.deals)]
    with multiprocessing.Pool(args.jobs) as pool, progress(len(jobs), "deals") as advance:
        for rows in pool.imap(frontier, jobs):
            with gzip.open(FRONTIER, "at") as out:
                for row in rows:
                    out.write(json.dumps(row) + "\n")
            advance()
    return 0


if __name__ == "__main__":
    sys.exit(main())
