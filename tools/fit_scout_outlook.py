"""Fit the outlook with which 2-player SCOUT's hard values the positions its playouts stop at
(OUTLOOK_OF_TWO, bots/scout.py) to self-play.

    python tools/fit_scout_outlook.py [--rounds 20000] [--seed 1]

The tool plays --rounds first rounds of 2-player SCOUT with `normal` in both seats (one move
in six `easy`, so that the positions are varied but plausible) and, before every move of
the play, notes the mover's `outlook_features` less the other seat's, what score and
structure alone (the outlook of 3 to 5 players) say, and the round's outcome for the mover
(its score less the other's). It finds the weights that predict the outcome best, by least
squares (the equations of the Scioto estimate's fit) on four fifths of the rounds, and
prints the root-mean-square error on the fifth held out of score and structure, of the
module's table and of the fit, and the fit as the module writes it (in 1/32).
"""

import argparse
import multiprocessing
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host")]

from deckcore.bots import make  # noqa: E402
from deckcore.bots.scout import OUTLOOK_OF_TWO, SCALE, outlook_features, structure  # noqa: E402
from deckcore.games import load  # noqa: E402
from deckcore.games.scout import values  # noqa: E402
from deckcore.rng import Rng  # noqa: E402
from fit_scioto_estimate import Normal  # noqa: E402

FEATURES = len(OUTLOOK_OF_TWO)


def positions(seed):
    """Per move of one self-played round: (the mover's features less the other's, score and
    structure's outlook for the mover in points, and the round's outcome for the mover)."""
    game = load("scout")({"players": 2})
    rng = Rng(seed)
    bots = [make("normal", game) for _ in range(2)]
    easy = make("easy", game)
    dealer = seed % 2
    state = game.new_hand(dealer, game.deal(rng, dealer))
    noted = []
    while not state.is_terminal():
        seat = state.current_player()
        if state.phase == "play":
            mine, theirs = outlook_features(state, seat), outlook_features(state, 1 - seat)
            scores = state.scores()
            plain = (scores[seat] - scores[1 - seat] + (structure(values(state.hands[seat]))
                     - structure(values(state.hands[1 - seat]))) / SCALE)
            noted.append((seat, [mine[k] - theirs[k] for k in range(FEATURES)], plain))
        bot = easy if rng.below(6) == 0 else bots[seat]
        state.apply(bot.choose(state.view(seat), state.legal_actions(), rng))
    scores = state.scores()
    return [(features, plain, scores[seat] - scores[1 - seat])
            for seat, features, plain in noted]


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
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    seeds = [args.seed * 1000003 + i for i in range(args.rounds)]
    with multiprocessing.Pool(2) as pool:
        rounds = pool.map(positions, seeds, chunksize=64)
    fitted_on = [row for i, played in enumerate(rounds) if i % 5 for row in played]
    held_out = [row for i, played in enumerate(rounds) if not i % 5 for row in played]
    weights = least_squares(fitted_on)
    rounded = [round(32 * w) for w in weights]
    print("2-player SCOUT: %d positions fitted on, %d held out" % (len(fitted_on), len(held_out)))
    print("held-out error (points): score and structure %.3f, the module's table %.3f, "
          "the fit %.3f" % (error(held_out, lambda features, plain: plain),
                            error(held_out, weighed([w / 32 for w in OUTLOOK_OF_TWO])),
                            error(held_out, weighed(weights))))
    print("OUTLOOK_OF_TWO = (%s)" % ", ".join(str(w) for w in rounded))


if __name__ == "__main__":
    main()
