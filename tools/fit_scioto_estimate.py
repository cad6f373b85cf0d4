"""Fit the bots' estimate of 2-player Scioto positions to exact values (host only).

Two steps:

    python tools/fit_scioto_estimate.py solve --deals 1500 [--seed 400000]
    python tools/fit_scioto_estimate.py fit

`solve` plays deals of the base game with bots (mostly `normal`, one move in four `easy`,
so that the positions are varied but plausible) and, at every trick boundary with
SMALLEST to LARGEST (4 to 12) cards in each hand, values the position exactly with the solver; it appends
`[lead hand, follow hand, points in play, leader's exact take]` (hands as bitmasks in the
endgame's card numbers) to data/scioto_positions.jsonl. Deals are seeded from `--seed`,
so a rerun with the same seed repeats positions: give a new seed to add more. (The bots
change, so the committed positions, made by the bots of their day, are not remade bit for
bit; the file only grows.)

`fit` reads that file and, per hand size with ENOUGH positions, finds the weights of the counts of
deckcore/bots/scioto_estimate.py by ridge-regularised least squares, then writes them,
scaled to integers, to firmware/deckcore/bots/scioto_weights.py and prints the fit's
root-mean-square error per hand size (on the positions held out, one in four, and then
refitted on all).
"""

import argparse
import json
import os
import sys

from deckcore.bots import make
from deckcore.bots.scioto_estimate import Estimate
from deckcore.games.scioto import Scioto
from deckcore.rng import Rng

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
POSITIONS = os.path.join(ROOT, "data", "scioto_positions.jsonl")
WEIGHTS = os.path.join(ROOT, "firmware", "deckcore", "bots", "scioto_weights.py")
SMALLEST, LARGEST = 4, 12
ENOUGH = 300  # positions a hand size needs for weights of its own (else the next smaller's)
SCALE = 1024
RIDGE = 1.0


def solve(deals, seed):
    from deckmate.solver import Solver
    game = Scioto({})
    solver = Solver(game)
    bots = [make("normal", game), make("easy", game)]
    with open(POSITIONS, "a") as out:
        for index in range(deals):
            rng = Rng(seed + index)
            dealer = index % 2
            state = game.new_hand(dealer, game.deal(rng, dealer))
            while len(state.hands[0]) >= SMALLEST:
                seat = state.current_player()
                bot = bots[1] if rng.below(4) == 0 else bots[0]
                state.apply(bot.choose(state.view(seat), state.legal_actions(), rng))
                if state.trick or not SMALLEST <= len(state.hands[0]) <= LARGEST:
                    continue
                leader = state.leader
                rem = sum(game.card_points[card] for card in state.hands[0] + state.hands[1])
                take = solver.final_points(state, leader) - state.points()[leader]
                masks = [0, 0]
                for who in range(2):
                    for card in state.hands[who]:
                        masks[who] |= 1 << solver.number[card]
                row = [masks[leader], masks[1 - leader], rem, take]
                out.write(json.dumps(row) + "\n")
            out.flush()
            print("deal %d of %d" % (index + 1, deals), file=sys.stderr)


def solve_linear(rows, targets):
    """Ridge least squares: the weights w minimising |Xw - y|^2 + RIDGE |w|^2."""
    n = len(rows[0])
    a = [[0.0] * (n + 1) for _ in range(n)]
    for row, y in zip(rows, targets):
        for i in range(n):
            ri = row[i]
            if ri:
                line = a[i]
                for j in range(n):
                    line[j] += ri * row[j]
                line[n] += ri * y
    for i in range(n):
        a[i][i] += RIDGE
    for col in range(n):  # Gaussian elimination with partial pivoting
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col]:
                factor = a[r][col] / a[col][col]
                for j in range(col, n + 1):
                    a[r][j] -= factor * a[col][j]
    return [a[i][n] / a[i][i] for i in range(n)]


def rms(weights, rows, targets):
    total = 0.0
    for row, y in zip(rows, targets):
        total += (sum(w * x for w, x in zip(weights, row)) - y) ** 2
    return (total / max(1, len(rows))) ** 0.5


def fit():
    from deckcore.bots.scioto_endgame import Endgame
    endgame = Endgame(Scioto({}), 128)
    estimate = Estimate(endgame.points, endgame.dismissers)
    by_size = {}
    with open(POSITIONS) as handle:
        for line in handle:
            lead, follow, rem, take = json.loads(line)
            size = bin(lead).count("1")
            by_size.setdefault(size, []).append((estimate.counts(lead, follow, rem), take))
    weights = []
    for size in range(SMALLEST, LARGEST + 1):
        items = by_size.get(size, [])
        if len(items) < ENOUGH:
            if size == SMALLEST:
                sys.exit("too few positions with %d cards each: run `solve` first" % size)
            break
        train = [items[i] for i in range(len(items)) if i % 4]
        held = items[::4]
        trial = solve_linear([i[0] for i in train], [i[1] for i in train])
        final = solve_linear([i[0] for i in items], [i[1] for i in items])
        print("%2d cards each: %5d positions, held-out rms error %.2f points"
              % (size, len(items), rms(trial, [i[0] for i in held], [i[1] for i in held])))
        weights.append(tuple(int(round(w * SCALE)) for w in final))
    with open(WEIGHTS, "w") as out:
        out.write('"""Weights of scioto_estimate.py, one tuple per hand size from SMALLEST up '
                  '(larger hands use\nthe last). Written by tools/fit_scioto_estimate.py fit '
                  'from data/scioto_positions.jsonl;\ndo not edit."""\n\n')
        out.write("SCALE = %d\nSMALLEST = %d\nWEIGHTS = (\n" % (SCALE, SMALLEST))
        for row in weights:
            out.write("    %s,\n" % (row,))
        out.write(")\n")
    print("wrote", os.path.relpath(WEIGHTS, ROOT))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    steps = parser.add_subparsers(dest="step", required=True)
    solve_step = steps.add_parser("solve", help="value positions exactly and keep them")
    solve_step.add_argument("--deals", type=int, default=1500)
    solve_step.add_argument("--seed", type=int, default=400000)
    steps.add_parser("fit", help="fit the weights and write scioto_weights.py")
    args = parser.parse_args(argv)
    if args.step == "solve":
        solve(args.deals, args.seed)
    else:
        fit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
