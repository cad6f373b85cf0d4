"""Fit the outlook with which SCOUT's hard values the positions its playouts stop at
(OUTLOOK, bots/scout.py: one row per number of players) to self-play.

    python tools/fit_scout_outlook.py [--players 2] [--rounds 20000] [--seed 1]

The tool plays --rounds first rounds of SCOUT with `normal` in every seat (one move in six
`easy`, so that the positions are varied but plausible) and, before every move of the play,
notes the mover's `outlook_features` less the other seats' mean, what score and structure
alone say, and the round's outcome for the mover (its score less the others' mean). It
finds the weights that predict the outcome best, by least squares (the equations of the
Scioto estimate's fit) on four fifths of the rounds, and prints the root-mean-square error
on the fifth held out of score and structure, of the module's row and of the fit, and the
fit as the module writes it (in 1/32). The rounds are dealt from the seed alone, so the fit
is the same on every run.
"""

import argparse
import multiprocessing
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host")]

from deckcore.bots.levels import make  # noqa: E402
from deckcore.bots.scout import OUTLOOK, SCALE, outlook_features, structure  # noqa: E402
from deckcore.games import load  # noqa: E402
from deckcore.games.scout import values  # noqa: E402
from deckcore.rng import Rng  # noqa: E402
from fit_scioto_estimate import Normal  # noqa: E402

FEATURES = len(OUTLOOK[0])


def ahead(numbers, seat):
    """numbers[seat] less the mean of the others'."""
    return numbers[seat] - (sum(numbers) - numbers[seat]) / (len(numbers) - 1)


def positions(job):
    """Per move of one self-played round: (the mover's features less the others' mean, score
    and structure's outlook for the mover in points, and the round's outcome for the mover)."""
    players, seed = job
    game = load("scout")({"players": players})
    rng = Rng(seed)
    bots = [make("normal", game) for _ in range(players)]
    easy = make("easy", game)
    dealer = seed % players
    state = game.new_hand(dealer, game.deal(rng, dealer))
    noted = []
    while not state.is_terminal():
        seat = state.current_player()
        if state.phase == "play":
            each = [outlook_features(state, other) for other in range(players)]
            scores = state.scores()
            plain = [SCALE * scores[other] + structure(values(state.hands[other]))
                     for other in range(players)]
            features = [ahead([row[k] for row in each], seat) for k in range(FEATURES)]
            noted.append((seat, features, ahead(plain, seat) / SCALE))
        bot = easy if rng.below(6) == 0 else bots[seat]
        state.apply(bot.choose(state.view(seat), state.legal_actions(), rng))
    scores = state.scores()
    return [(features, plain, ahead(scores, seat)) for seat, features, plain in noted]


def least_squares(rows):
    """The weights w minimising the sum of (w . features - outcome)^2 (with the small ridge
    of the Scioto estimate's fit, whose normal equations serve here too)."""
    equations = Normal(FEATURES)
    for features, _, outcome in rows:
        equations.add(dict(enumerate(features)), outcome)
    return equations.solve()


def error(rows, predict):
    """The root-mean-square error of predict(features, plain)'s outcomes."""
    total = sum((predict(features, plain) - outcome) ** 2 for features, plain, outcome in rows)
    return (total / len(rows)) ** 0.5


def weighed(weights):
    return lambda features, plain: sum(w * f for w, f in zip(weights, features))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4, 5))
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    jobs = [(args.players, args.seed * 1000003 + i) for i in range(args.rounds)]
    with multiprocessing.Pool(2) as pool:
        rounds = pool.map(positions, jobs, chunksize=64)
    fitted_on = [row for i, played in enumerate(rounds) if i % 5 for row in played]
    held_out = [row for i, played in enumerate(rounds) if not i % 5 for row in played]
    weights = least_squares(fitted_on)
    rounded = [round(32 * w) for w in weights]
    row = OUTLOOK[args.players - 2]
    print("%d-player SCOUT: %d positions fitted on, %d held out"
          % (args.players, len(fitted_on), len(held_out)))
    print("held-out error (points): score and structure %.3f, the module's table %.3f, "
          "the fit %.3f" % (error(held_out, lambda features, plain: plain),
                            error(held_out, weighed([w / 32 for w in row])),
                            error(held_out, weighed(weights))))
    print("OUTLOOK[%d] (%d players) = (%s)"
          % (args.players - 2, args.players, ", ".join(str(w) for w in rounded)))


if __name__ == "__main__":
    main()
