"""Screen a small network as the 2-player Scioto estimate (host only; needs numpy, which the
device never uses): how much better than the estimate's linear cells does a value that is not
linear in them judge the small hands where `hard`'s search stops, and what would it weigh?

    python tools/scioto_network.py --size 6 --random 400000 [--hidden 64] [--epochs 12]

The played positions are too few for a network (about 9,000 of each size, and 40,000 members of
sibling groups), so it also values `--random` positions of `--size` cards each, both hands
drawn at random from the 28 cards (seeded by `--seed`), exactly with the solver (about a tenth
of a millisecond a position at 6 cards each, 0.6 ms at 7), in `--jobs` processes.

Then, for that size, it fits:
- the baseline: the estimate's cells (tools/scioto_features.py's `Features.cells`) by ridge
  least squares (tools/fit_scioto_estimate.py's RIDGE) on three quarters of the played
  positions (data/scioto_positions.jsonl.gz and the members of the sibling groups,
  data/scioto_siblings.jsonl.gz, each file in its order, so whole deals: the last quarter
  is held out);
- networks of one hidden layer of `--hidden` rectified units, by Adam on the squared error
  (seeded), on the random positions and the same three quarters: over the 56 bits that say
  which hand holds each card, and over those bits and the cells.

It prints each one's held-out root-mean-square error in points, on the played quarter and on
the positions where `hard`'s search stopped (data/scioto_frontier.jsonl.gz, none of them
trained on), by epoch for the networks, and the weights each network holds.
"""

import argparse
import multiprocessing
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fit_scioto_estimate as fitting  # noqa: E402  (tools/fit_scioto_estimate.py)
from scioto_features import Features  # noqa: E402  (tools/scioto_features.py)
from deckcore.games.scioto import Scioto  # noqa: E402

CHUNK = 10000  # random positions a job values at a time
BATCH = 512


def random_positions(job):
    """[lead, follow, points in play, leader's take] of `count` random positions: both hands
    of `size` cards drawn from the 28, valued exactly (seeded by the seed and the chunk)."""
    size, seed, chunk, count = job
    positions = fitting.Positions(Scioto({}))
    points = positions.solver.points
    draw = random.Random(seed * 1000003 + chunk)
    out = []
    for _ in range(count):
        cards = draw.sample(range(28), 2 * size)
        lead = sum(1 << card for card in cards[:size])
        follow = sum(1 << card for card in cards[size:])
        out.append(positions.value(lead, follow, sum(points[card] for card in cards)))
    return out


def played(size):
    """(train, held out, frontier) of the played positions with `size` cards each."""
    size_of = lambda position: bin(position[0]).count("1")
    positions = fitting._read(fitting.POSITIONS, size_of).get(size, [])
    groups = fitting._read(fitting.SIBLINGS, lambda group: size_of(group[0])).get(size, [])
    members = [position for group in groups for position in group]
    frontier = fitting._read(fitting.FRONTIER, size_of).get(size, [])
    cut, cut_members = len(positions) * 3 // 4, len(members) * 3 // 4
    return (positions[:cut] + members[:cut_members], positions[cut:] + members[cut_members:],
            frontier)


def inputs(np, features, rows):
    """(the 56 bits and the cells of each position, its leader's take) as arrays."""
    x = np.zeros((len(rows), 56 + len(features.cells(0, 0, 0))), np.float32)
    y = np.zeros(len(rows), np.float32)
    for i, row in enumerate(rows):
        lead, follow, rem, take = row[:4]  # (the frontier's rows name their decision after)
        for card in range(28):
            x[i, card] = lead >> card & 1
            x[i, 28 + card] = follow >> card & 1
        x[i, 56:] = features.cells(lead, follow, rem)
        y[i] = take
    return x, y


def rms(np, error):
    return float(np.sqrt(np.mean(error ** 2)))


def network(np, rng, x, y, tests, hidden, epochs, rate=1e-3):
    """Fit one hidden layer of `hidden` rectified units by Adam; [[error on each test] per
    epoch]."""
    mean, spread = x.mean(0), x.std(0) + 1e-6
    x = (x - mean) / spread
    tests = [((tx - mean) / spread, ty) for tx, ty in tests]
    params = [rng.normal(0, 1 / np.sqrt(x.shape[1]), (x.shape[1], hidden)), np.zeros(hidden),
              rng.normal(0, 1 / np.sqrt(hidden), hidden), np.array([float(y.mean())])]
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    step = 0
    out = []
    for _ in range(epochs):
        order = rng.permutation(len(x))
        for start in range(0, len(x), BATCH):
            batch = order[start:start + BATCH]
            h = np.maximum(0, x[batch] @ params[0] + params[1])
            g = 2 * (h @ params[2] + params[3][0] - y[batch]) / len(batch)
            gh = np.outer(g, params[2]) * (h > 0)
            grads = (x[batch].T @ gh, gh.sum(0), h.T @ g, np.array([g.sum()]))
            step += 1
            for p, grad, m, v in zip(params, grads, first, second):
                m *= 0.9
                m += 0.1 * grad
                v *= 0.999
                v += 0.001 * grad * grad
                p -= rate * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
        out.append([rms(np, np.maximum(0, tx @ params[0] + params[1]) @ params[2]
                        + params[3][0] - ty) for tx, ty in tests])
    return out


def main(argv=None):
    import numpy as np
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=6, choices=range(5, 12))
    parser.add_argument("--random", type=int, default=400000,
                        help="random positions valued by the solver (a multiple of %d)" % CHUNK)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    train, held, frontier = played(args.size)
    jobs = [(args.size, args.seed, chunk, CHUNK)
            for chunk in range(max(1, args.random // CHUNK))]
    with multiprocessing.Pool(args.jobs) as pool:
        drawn = [position for chunk in pool.imap(random_positions, jobs) for position in chunk]
    print("%d cards each: %d played positions to train on, %d held out, %d where hard "
          "stopped; %d random" % (args.size, len(train), len(held), len(frontier), len(drawn)))
    features = Features()
    x, y = inputs(np, features, train)
    tests = [inputs(np, features, rows) for rows in (held, frontier)]
    rx, ry = inputs(np, features, drawn)
    cells = slice(56, x.shape[1])
    a = x[:, cells].astype(float)
    w = np.linalg.solve(a.T @ a + fitting.RIDGE * np.eye(a.shape[1]), a.T @ y)
    print("the cells, linear: %s" % "  ".join(
        "%.3f" % rms(np, tx[:, cells] @ w - ty) for tx, ty in tests))
    rng = np.random.default_rng(args.seed)
    for label, columns in (("the bits", slice(0, 56)), ("the bits and cells", slice(None))):
        by_epoch = network(np, rng, np.vstack([rx[:, columns], x[:, columns]]),
                           np.concatenate([ry, y]),
                           [(tx[:, columns], ty) for tx, ty in tests], args.hidden,
                           args.epochs)
        count = x[:, columns].shape[1]
        print("%d units over %s (%d weights): by epoch, played / where hard stopped"
              % (args.hidden, label, count * args.hidden + 2 * args.hidden + 1))
        print("  " + "  ".join("%.3f/%.3f" % tuple(errors) for errors in by_epoch))
    return 0


if __name__ == "__main__":
    sys.exit(main())
