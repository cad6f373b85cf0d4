"""Fit the play strengths of a tarot game's outlook (bots/tarot_knowledge.py) to self-play.

    python tools/fit_tarot_outlook.py GAME [--deals 4000] [--seed 900000]

GAME is scarto, chambery or droggn. The tool plays --deals deals with `normal` in every seat
(one move in six `easy`, so that the positions are varied but plausible) and, at every
trick boundary after the first trick, notes each seat's hand and the card points (values
and the game's count per trick) the seat went on to take, its Fool left out (the outlook
gives the Fool to its holder). The outlook shares the points still in play in proportion
to the cube of each hand's summed strengths; the tool finds the 26 strengths (T1..T21,
K Q N J, the other suit cards) that predict those takes best, by least squares (Adam on
three quarters of the deals), scales them to at most 15 and rounds them, and prints the
root-mean-square error on the quarter held out, by cards in hand, of the game's strengths
today (cubed if fitted, else the rule of thumb squared, as the bots use them) and of the
fitted ones (cubed), and the fitted ones as the game's module writes them.

Needs numpy (`.venv/bin/pip install numpy`); the device never uses it.
"""

import argparse
import multiprocessing
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host")]

from deckcore.bots import card_total  # noqa: E402
from deckcore.bots.knowledge import knowledge  # noqa: E402
from deckcore.bots.levels import make  # noqa: E402
from deckcore.bots import tarot_knowledge as tarot  # noqa: E402
from deckcore.games import load  # noqa: E402
from deckcore.games.tarot import FOOL, KING, RANK_OF, SUIT_OF, TRUMP  # noqa: E402
from deckcore.rng import Rng  # noqa: E402

PER_TRICK = {"scarto": tarot.THREES, "droggn": tarot.THREES, "chambery": tarot.CARD_AND_TRICK}
WEIGHTS = 26
LARGEST = 15
SIZES = ((1, 6), (6, 12), (12, 18), (18, 30))


def weight_of(card):
    """The index of `card`'s strength among the 26 fitted (the Fool: None)."""
    suit = SUIT_OF[card]
    if suit == TRUMP:
        return card - 1
    if card == FOOL:
        return None
    return 21 + KING - RANK_OF[card] if RANK_OF[card] > 10 else 25


def positions(job):
    """Per trick boundary of one self-played deal: (hands, each seat's take from there)."""
    game_name, seed = job
    game = load(game_name)({})
    per_trick = PER_TRICK[game_name]
    rng = Rng(seed)
    bots = [make("normal", game) for _ in range(game.num_players)]
    easy = make("easy", game)
    dealer = seed % game.num_players
    state = game.new_hand(dealer, game.deal(rng, dealer))
    rngs = [rng.fork(seat) for seat in range(game.num_players)]

    def taken():
        return [card_total(state.piles[seat], game.values) + per_trick * state.tricks_won[seat]
                for seat in range(game.num_players)]

    noted = []
    while not state.is_terminal():
        if state.phase == "play" and not state.trick and state.tricks_played:
            noted.append(([list(hand) for hand in state.hands], taken()))
        seat = state.current_player()
        bot = easy if rng.below(6) == 0 else bots[seat]
        state.apply(bot.choose(state.view(seat), state.legal_actions(), rngs[seat]))
    end = taken()
    out = []
    for hands, then in noted:
        takes = [end[seat] - then[seat] - (game.values[FOOL] if FOOL in hands[seat] else 0)
                 for seat in range(len(end))]
        out.append((hands, takes))
    return out


def arrays(np, noted, seats):
    """Counts of each weight per hand (n, seats, 26), takes (n, seats), hand sizes (n)."""
    counts = np.zeros((len(noted), seats, WEIGHTS))
    takes = np.zeros((len(noted), seats))
    sizes = np.zeros(len(noted))
    for i, (hands, take) in enumerate(noted):
        for seat in range(seats):
            for card in hands[seat]:
                index = weight_of(card)
                if index is not None:
                    counts[i, seat, index] += 1
        takes[i] = take
        sizes[i] = len(hands[0])
    return counts, takes, sizes


def shares(np, counts, takes, weights, power=3):
    """The outlook's share of the points in play (the takes' sum) per seat by the strengths
    to the `power`, and those powers ("cubes")."""
    strength = counts @ weights
    cubes = np.maximum(strength, 1e-9) ** power
    total = cubes.sum(axis=1, keepdims=True)
    return takes.sum(axis=1, keepdims=True) * cubes / total, strength, cubes, total


def fit(np, counts, takes, start, rounds=600, rate=0.05):
    """The weights of least squared error, by Adam with the exact gradient."""
    weights = start.astype(float).copy()
    first = np.zeros(WEIGHTS)
    second = np.zeros(WEIGHTS)
    pool = takes.sum(axis=1, keepdims=True)
    for step in range(1, rounds + 1):
        predicted, strength, cubes, total = shares(np, counts, takes, weights)
        error = 2 * (predicted - takes) / predicted.size
        by_cube = pool / total * (error - (error * cubes).sum(axis=1, keepdims=True) / total)
        gradient = np.einsum("ns,nsk->k", by_cube * 3 * strength ** 2, counts)
        first = 0.9 * first + 0.1 * gradient
        second = 0.999 * second + 0.001 * gradient ** 2
        step_size = np.sqrt(second / (1 - 0.999 ** step)) + 1e-12
        weights -= rate * (first / (1 - 0.9 ** step)) / step_size
        weights = np.maximum(weights, 0.1)
    return weights


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(PER_TRICK))
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=900000)
    args = parser.parse_args()
    try:
        import numpy as np
    except ImportError:
        sys.exit("fit_tarot_outlook needs numpy: .venv/bin/pip install numpy")
    jobs = [(args.game, args.seed + i) for i in range(args.deals)]
    with multiprocessing.Pool(2) as pool:
        deals = pool.map(positions, jobs, chunksize=16)
    held_out = [i % 4 == 3 for i in range(len(deals))]
    fitted_on = [p for deal, out in zip(deals, held_out) if not out for p in deal]
    tested_on = [p for deal, out in zip(deals, held_out) if out for p in deal]
    seats = load(args.game)({}).num_players
    counts, takes, _ = arrays(np, fitted_on, seats)
    know = knowledge(load(args.game)({}))
    today = getattr(know, "STRENGTH", tarot.STRENGTH)
    power = 3 if hasattr(know, "STRENGTH") else 2  # the rule of thumb is squared
    start = np.array([today[card] for card in list(range(1, 22)) + [35, 34, 33, 32, 22]], float)
    weights = fit(np, counts, takes, start)
    rounded = np.rint(weights * LARGEST / weights.max())
    counts, takes, sizes = arrays(np, tested_on, seats)
    print("%s: %d positions fitted on, %d held out" % (args.game, len(fitted_on), len(tested_on)))
    print("%-14s %10s %10s" % ("cards in hand", "today", "fitted"))
    for low, high in SIZES + ((1, 30),):
        rows = (sizes >= low) & (sizes < high)
        errors = [np.sqrt(((shares(np, counts, takes, w, p)[0] - takes)[rows] ** 2).mean())
                  for w, p in ((start, power), (rounded, 3))]
        print("%-14s %10.3f %10.3f" % ("%d-%d" % (low, high - 1), errors[0], errors[1]))
    print(module_text([int(w) for w in rounded]))


def module_text(weights):
    """The fitted strengths as the game's module writes them: a byte per card."""
    trumps = [0] + weights[:21]
    suit = [weights[25]] * 10 + weights[24:20:-1]
    hexes = ["".join("\\x%02x" % w for w in part) for part in (trumps[:11], trumps[11:], suit)]
    return ('# Per card: the Fool, T1-T10, T11-T21, then each suit\'s 1-10, J, N, Q, K.\n'
            'STRENGTH = (b"%s"\n'
            '            b"%s"\n'
            '            + b"%s" * 4)' % tuple(hexes))


if __name__ == "__main__":
    main()
