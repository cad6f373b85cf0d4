"""Fit the bots' estimate of 2-player Scioto positions to exact values (host only).

Two steps:

    python tools/fit_scioto_estimate.py solve --deals 1500 [--seed 400000]
    python tools/fit_scioto_estimate.py fit [--frontier-weight 0] [--out PATH]

`solve` plays deals of the base game with bots (mostly `normal`, one move in four `easy`,
so that the positions are varied but plausible). At every trick boundary where the hands
hold at most LARGEST + 1 cards each, and more than SMALLEST, it values exactly, with the
solver:

- the position (if it has at most LARGEST cards each) and the one after a random trick
  from it, appended to
  data/scioto_positions.jsonl.gz as `[lead hand, follow hand, points in play, leader's take]`
  (hands as bitmasks in the endgame's card numbers);
- two *sibling groups*, appended to data/scioto_siblings.jsonl.gz as lists of such positions:
  those after the bot's lead and each reply, and those after each lead and a random reply.
  A search compares positions like these, so their differences matter more than their
  values.

Deals are seeded from `--seed`, so a rerun with the same seed repeats positions: give a
new seed to add more. Each deal is appended whole. (The bots change, so the committed
files, made with several seeds by the bots of their day, are not remade bit for bit; they
only grow.)

`fit` reads both files and, per hand size with ENOUGH positions, finds the weights of
deckcore/bots/scioto_estimate.py by ridge-regularised least squares on the values and, with
weight SIBLINGS_WEIGHT, on the values less their group's mean. It prints the root-mean-square
errors per hand size (of a fit on three quarters, on the quarter held out), refits on all
and writes the weights, scaled to integers, to firmware/deckcore/bots/scioto_weights.py.
Plain Python: a fit takes about a minute.

With `--frontier-weight W` (W > 0) the fit also reads data/scioto_frontier.jsonl.gz, the
exact values of positions where `hard`'s search stopped (tools/scioto_frontier.py), each
weighing W, and prints the held-out error on those positions too. `--out` writes the
weights elsewhere (to try them without changing the bots').
"""

import argparse
import gzip
import json
import os
import struct
import sys

from deckcore.bots.levels import make
from deckcore.bots.scioto_estimate import CELLS, Estimate
from deckcore.bots.scioto_estimate import WEIGHTS as IN_USE  # the bots' weights, to compare
from deckcore.games.scioto import Scioto
from deckcore.rng import Rng
from deckmate.progress import progress

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
POSITIONS = os.path.join(ROOT, "data", "scioto_positions.jsonl.gz")
SIBLINGS = os.path.join(ROOT, "data", "scioto_siblings.jsonl.gz")
FRONTIER = os.path.join(ROOT, "data", "scioto_frontier.jsonl.gz")
WEIGHTS = os.path.join(ROOT, "firmware", "deckcore", "bots", "scioto_weights.py")
SMALLEST, LARGEST = 5, 11
ENOUGH = 1000  # positions a hand size needs for weights of its own (else the next smaller's)
SCALE = 4096
RIDGE = 3.0
SIBLINGS_WEIGHT = 3.0


class Positions:
    """The solver's exact values of positions reached from a played deal."""

    def __init__(self, game):
        from deckmate.solver import Solver
        self.solver = Solver(game)

    def value(self, lead, follow, rem):
        search = self.solver.search.trick_value
        take = self.solver._mtd(lambda a, b: search(lead, follow, rem, a, b), rem, rem // 2)
        return [lead, follow, rem, take]

    def after(self, lead, follow, rem, led, reply):
        """The position after the trick `led`, `reply`, valued."""
        solver = self.solver
        lead &= ~(1 << led)
        follow &= ~(1 << reply)
        rem -= solver.points[led] + solver.points[reply]
        if solver.dismissers[led] >> reply & 1:
            lead, follow = follow, lead
        return self.value(lead, follow, rem)


def _cards(mask):
    return [card for card in range(28) if mask >> card & 1]


def solve(deals, seed):
    game = Scioto({})
    positions = Positions(game)
    bots = [make("normal", game), make("easy", game)]
    with progress(deals, "deals solved") as advance:
        for index in range(deals):
            solve_deal(game, positions, bots, seed + index, index % 2)
            advance()


def solve_deal(game, positions, bots, seed, dealer):
    """Play one deal, value its positions and append them to the data files."""
    number, points = positions.solver.number, positions.solver.points
    rng = Rng(seed)
    state = game.new_hand(dealer, game.deal(rng, dealer))
    rows, groups = [], []
    while len(state.hands[0]) + len(state.hands[1]) > 2 * SMALLEST:
        seat = state.current_player()
        bot = bots[1] if rng.below(4) == 0 else bots[0]
        action = bot.choose(state.view(seat), state.legal_actions(), rng)
        if not state.trick and len(state.hands[seat]) <= LARGEST + 1:
            leader = state.leader
            lead = follow = 0
            for card in state.hands[leader]:
                lead |= 1 << number[card]
            for card in state.hands[1 - leader]:
                follow |= 1 << number[card]
            rem = sum(points[card] for card in _cards(lead | follow))
            leads, replies = _cards(lead), _cards(follow)
            if len(leads) <= LARGEST:
                rows.append(positions.value(lead, follow, rem))
            rows.append(positions.after(lead, follow, rem, rng.choice(leads),
                                        rng.choice(replies)))
            groups.append([positions.after(lead, follow, rem, number[action], reply)
                           for reply in replies])
            groups.append([positions.after(lead, follow, rem, card, rng.choice(replies))
                           for card in leads])
        state.apply(action)
    # Each deal is appended whole, as a gzip member of its own: a stopped run loses
    # only the deal it was playing.
    for path, items in ((POSITIONS, rows), (SIBLINGS, groups)):
        with gzip.open(path, "at") as out:
            for item in items:
                out.write(json.dumps(item) + "\n")


class _Recorder:
    """Weights that are all 0 and note which are looked up."""

    def __init__(self):
        self.looked_up = []

    def __getitem__(self, index):
        self.looked_up.append(index)
        return 0


def counts(estimate, lead, follow, rem):
    """What the weights multiply, as {index: count}: 1, the points in play, and the cards
    in each of the leader's and the follower's cells."""
    recorder = _Recorder()
    estimate.total(recorder, lead, follow)
    row = {1: rem}
    for index in recorder.looked_up:
        row[index] = row.get(index, 0) + 1
    return row


class Normal:
    """The normal equations of a ridge least-squares fit, built from sparse rows."""

    def __init__(self, n):
        self.a = [[0.0] * n for _ in range(n)]
        self.b = [0.0] * n

    def add(self, row, y, weight=1.0):
        a, b = self.a, self.b
        for i, x in row.items():
            wx = weight * x
            line = a[i]
            for j, z in row.items():
                line[j] += wx * z
            b[i] += wx * y

    def add_group(self, rows, ys, weight):
        """The rows and values less their means: sum (x - m)(x - m)' = sum xx' - k mm'."""
        k = len(rows)
        mean = {}
        for row in rows:
            for i, x in row.items():
                mean[i] = mean.get(i, 0.0) + x / k
        y_mean = sum(ys) / k
        for row, y in zip(rows, ys):
            self.add(row, y, weight)
        self.add(mean, y_mean, -weight * k)

    def solve(self):
        """Gaussian elimination with partial pivoting on (A + RIDGE I) w = b."""
        n = len(self.b)
        a = [self.a[i][:] + [self.b[i]] for i in range(n)]
        for i in range(n):
            a[i][i] += RIDGE
        for col in range(n):
            pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
            a[col], a[pivot] = a[pivot], a[col]
            for r in range(n):
                if r != col and a[r][col]:
                    factor = a[r][col] / a[col][col]
                    line, top = a[r], a[col]
                    for j in range(col, n + 1):
                        line[j] -= factor * top[j]
        return [a[i][n] / a[i][i] for i in range(n)]


def _dot(weights, row):
    return sum(weights[i] * x for i, x in row.items())


def rms(errors):
    return (sum(e * e for e in errors) / max(1, len(errors))) ** 0.5


def _read(path, size_of):
    """{hand size: [item, ...]} of the JSON lines of `path`. A deal cut off by a stopped
    `solve` (an unfinished last gzip member) is left out, with a warning."""
    by_size = {}
    with gzip.open(path, "rt") as handle:
        try:
            for line in handle:
                item = json.loads(line)
                by_size.setdefault(size_of(item), []).append(item)
        except (EOFError, ValueError):
            print("%s: the last deal was cut off; it is left out" % path, file=sys.stderr)
    return by_size


def fit(frontier_weight=0.0, out=WEIGHTS):
    from deckcore.bots.scioto_endgame import BIT_NUMBER, POPCOUNT, Endgame
    endgame = Endgame(Scioto({}), 128)
    estimate = Estimate(endgame.points, endgame.dismissers, BIT_NUMBER, POPCOUNT)
    size_of = lambda position: bin(position[0]).count("1")
    positions = _read(POSITIONS, size_of)
    siblings = _read(SIBLINGS, lambda group: size_of(group[0]))
    frontier = _read(FRONTIER, size_of) if frontier_weight else {}
    weights = []
    n = 2 + 2 * CELLS
    for size in range(SMALLEST, LARGEST + 1):
        # Each item: its positions' counts and values, whether they are a group, its weight
        # and whether it is where hard's search stopped. One item in four is held out of the
        # trial fit.
        items = [([counts(estimate, *p[:3])], [p[3]], False, 1.0, False)
                 for p in positions.get(size, [])]
        items += [([counts(estimate, *p[:3]) for p in g], [p[3] for p in g], True, 1.0, False)
                  for g in siblings.get(size, [])]
        items += [([counts(estimate, *p[:3])], [p[3]], False, frontier_weight, True)
                  for p in frontier.get(size, [])]
        if sum(len(item[1]) for item in items) < ENOUGH:
            if size == SMALLEST:
                sys.exit("too few positions with %d cards each: run `solve` first" % size)
            break
        trial, final = Normal(n), Normal(n)
        for i in range(len(items)):
            rows, ys, group, weight, _ = items[i]
            for equations in ((final, trial) if i % 4 else (final,)):
                for row, y in zip(rows, ys):
                    equations.add(row, y, weight)
                if group:
                    equations.add_group(rows, ys, SIBLINGS_WEIGHT)
        w = trial.solve()
        old = [x / SCALE for x in IN_USE[min(size - SMALLEST, len(IN_USE) - 1)]]
        errors, between, stopped, shipped = [], [], [], []
        for rows, ys, group, _, at_stop in items[::4]:
            missed = [_dot(w, row) - y for row, y in zip(rows, ys)]
            if at_stop:
                stopped += missed
                shipped += [_dot(old, row) - y for row, y in zip(rows, ys)]
                continue
            errors += missed
            if group:
                mean = sum(missed) / len(missed)
                between += [e - mean for e in missed]
        print("%2d cards each: %6d positions; held-out rms error %.2f points, %.2f between "
              "siblings" % (size, sum(len(i[1]) for i in items if not i[4]), rms(errors),
                            rms(between)), file=sys.stderr)
        if stopped:
            print("               %6d where hard's search stopped: held-out rms error %.2f "
                  "(the bots' weights: %.2f)" % (len(frontier.get(size, [])), rms(stopped),
                                                 rms(shipped)), file=sys.stderr)
        weights.append(tuple(int(round(x * SCALE)) for x in final.solve()))
    write_weights(weights, out)
    print("wrote", os.path.relpath(out, ROOT))


def write_weights(weights, path=WEIGHTS):
    """scioto_weights.py: each hand size's weights as an array of 16-bit integers made from a
    bytes literal (little-endian, as on the RP2040 and the hosts), so the device holds 2
    bytes a weight and never the tuple of small ints a literal would make at import."""
    with open(path, "w") as out:
        out.write('"""Weights of scioto_estimate.py, one array per hand size from SMALLEST up '
                  '(larger hands use\nthe last), in 1/SCALE points. Written by '
                  'tools/fit_scioto_estimate.py fit from\ndata/scioto_positions.jsonl.gz and '
                  'data/scioto_siblings.jsonl.gz; do not edit."""\n\n')
        out.write("from array import array\n\n")
        out.write("SCALE = %d\nSMALLEST = %d\nWEIGHTS = (\n" % (SCALE, SMALLEST))
        for row in weights:
            data = struct.pack("<%dh" % len(row), *row)
            out.write('    array("h", (\n')
            for start in range(0, len(data), 24):
                out.write("        %r\n" % data[start:start + 24])
            out.write("    )),\n")
        out.write(")\n")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    steps = parser.add_subparsers(dest="step", required=True)
    solve_step = steps.add_parser("solve", help="value positions exactly and keep them")
    solve_step.add_argument("--deals", type=int, default=1500)
    solve_step.add_argument("--seed", type=int, default=400000)
    fit_step = steps.add_parser("fit", help="fit the weights and write scioto_weights.py")
    fit_step.add_argument("--frontier-weight", type=float, default=0.0)
    fit_step.add_argument("--out", default=WEIGHTS)
    args = parser.parse_args(argv)
    if args.step == "solve":
        solve(args.deals, args.seed)
    else:
        fit(args.frontier_weight, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
