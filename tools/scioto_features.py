"""Screen features for the 2-player Scioto estimate (host only; needs numpy, which the
device never uses): what each buys in held-out error, before anyone writes it into the bots.

    python tools/scioto_features.py [--sizes 6,7] [--frontier-weight 1]

For each hand size it fits, by ridge least squares (tools/fit_scioto_estimate.py's RIDGE,
no sibling groups), the estimate's cells alone and with each kind of feature added, on the
exact values of `normal`'s positions (data/scioto_positions.jsonl.gz) and of those where
`hard`'s search stopped (data/scioto_frontier.jsonl.gz, each weighing `--frontier-weight`),
one position in four held out; it prints the held-out root-mean-square error on each kind of
position. The features, for each of the two hands (a card's *dismissers* are the cards of
the other hand that dismiss it):
- safe: the count of cards with no dismisser, its square, and their points;
- over: cards whose only dismisser is also the only one of another card of the hand (one
  card cannot take both), their count and points (less the dearest such card of each);
- pair: for each card and each of its dismissers, a weight by the two cards' points.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fit_scioto_estimate as fitting  # noqa: E402  (tools/fit_scioto_estimate.py)
from deckcore.bots.scioto_endgame import BIT_NUMBER, POPCOUNT, Endgame  # noqa: E402
from deckcore.bots.scioto_estimate import CELLS, Estimate  # noqa: E402
from deckcore.games.scioto import Scioto  # noqa: E402

KINDS = ("safe", "over", "pair")


def _cards(mask):
    return [card for card in range(28) if mask >> card & 1]


class Features:
    """The cells' counts and the features of KINDS, as rows of numbers."""

    def __init__(self):
        endgame = Endgame(Scioto({}), 128)
        self.estimate = Estimate(endgame.points, endgame.dismissers, BIT_NUMBER, POPCOUNT)
        self.points, self.dismissers = endgame.points, endgame.dismissers

    def cells(self, lead, follow, rem):
        row = [0.0] * (2 + 2 * CELLS)
        for index, count in fitting.counts(self.estimate, lead, follow, rem).items():
            row[index] = count
        return row

    def extra(self, kind, lead, follow):
        points, dismissers = self.points, self.dismissers
        row = []
        for hand, other in ((lead, follow), (follow, lead)):
            if kind == "safe":
                safe = [card for card in _cards(hand) if not dismissers[card] & other]
                row += [len(safe), len(safe) ** 2, sum(points[card] for card in safe)]
            elif kind == "over":
                guarded = {}  # the only dismisser: the points of the cards it alone guards
                for card in _cards(hand):
                    threats = dismissers[card] & other
                    if threats and not threats & (threats - 1):
                        guarded.setdefault(threats, []).append(points[card])
                row += [sum(len(p) - 1 for p in guarded.values()),
                        sum(sum(p) - max(p) for p in guarded.values())]
            else:
                cells = [0] * 49
                for card in _cards(hand):
                    for threat in _cards(dismissers[card] & other):
                        cells[(points[card] - 1) * 7 + points[threat] - 1] += 1
                row += cells
        return row


def screen(size, positions, frontier, frontier_weight, features):
    """[(kinds, held-out error on normal's positions, on the frontier's)]."""
    import numpy as np
    both = positions + frontier
    y = np.array([p[3] for p in both], float)
    weight = np.array([1.0] * len(positions) + [frontier_weight] * len(frontier))
    at_stop = np.array([False] * len(positions) + [True] * len(frontier))
    held = np.arange(len(both)) % 4 == 0
    cells = np.array([features.cells(*p[:3]) for p in both])
    extras = {kind: np.array([features.extra(kind, p[0], p[1]) for p in both])
              for kind in KINDS}
    out = []
    for kinds in ((),) + tuple((kind,) for kind in KINDS) + (KINDS,):
        x = np.hstack([cells] + [extras[kind] for kind in kinds])
        train = ~held
        a = (x[train] * weight[train, None]).T @ x[train] + fitting.RIDGE * np.eye(x.shape[1])
        w = np.linalg.solve(a, (x[train] * weight[train, None]).T @ y[train])
        error = np.clip(x @ w, 0, x[:, 1]) - y  # (x[:, 1]: the points in play)
        rms = [float(np.sqrt(np.mean(error[held & (at_stop == stop)] ** 2)))
               for stop in (False, True)]
        out.append((kinds, rms[0], rms[1]))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="6,7")
    parser.add_argument("--frontier-weight", type=float, default=1.0)
    args = parser.parse_args(argv)
    size_of = lambda position: bin(position[0]).count("1")
    positions = fitting._read(fitting.POSITIONS, size_of)
    frontier = fitting._read(fitting.FRONTIER, size_of)
    features = Features()
    for size in [int(part) for part in args.sizes.split(",")]:
        print("%d cards each: %d of normal's positions, %d where hard's search stopped"
              % (size, len(positions.get(size, [])), len(frontier.get(size, []))))
        for kinds, normal, stopped in screen(size, positions.get(size, []),
                                             frontier.get(size, []), args.frontier_weight,
                                             features):
            print("  %-16s held-out rms error %.3f (normal's), %.3f (where hard stopped)"
                  % ("+".join(kinds) or "the cells", normal, stopped))
    return 0


if __name__ == "__main__":
    sys.exit(main())
