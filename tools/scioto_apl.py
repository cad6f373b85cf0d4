"""Average point loss of a bot against the exact solver in 2-player Scioto (host only).

The bot plays each position against the solver, once in each seat; its loss in a seat is
the seat's exact value minus what it scored, so the mean over both seats is the points it
gives away per deal by imperfect play (0 for perfect play). Positions are the arena's deals
(`--seed`, deal i as `deckmate arena` deals it), played by two `normal` bots until each hand
holds `--cards` cards (14: the whole deal, as in data/scioto_solved.json).

    python tools/scioto_apl.py --bot normal --deals 100 --cards 8 [--option compounding=on]

Prints one JSON object: the bot, the mean loss per deal with its 95% interval, the share
of positions played without loss, and the number of positions.
"""

import argparse
import json
import math
import multiprocessing
import sys

from deckcore.bots import make
from deckcore.game import parse_option_value
from deckcore.games.scioto import Scioto
from deckcore.rng import Rng
from deckmate.commands.arena import deal_for
from deckmate.solver import SolverBot


def position(game, seed, index, cards):
    """The arena's deal `index`, played by normal bots down to `cards` cards each."""
    dealer, piles = deal_for(game, seed, index)
    state = game.new_hand(dealer, piles)
    bot, rng = make("normal", game), Rng(seed * 7 + index)
    while len(state.hands[0]) + len(state.hands[1]) > 2 * cards or state.trick:
        seat = state.current_player()
        state.apply(bot.choose(state.view(seat), state.legal_actions(), rng))
    return state


def loss(job):
    options, bot_name, seed, index, cards = job
    game = Scioto(options)
    start = position(game, seed, index, cards)
    solver = SolverBot(game)
    exact = solver.solver.value(start)
    bot, rng = make(bot_name, game), Rng(seed * 11 + index)
    losses = []
    for bot_seat in range(2):
        state = start.clone()
        while not state.is_terminal():
            seat = state.current_player()
            if seat == bot_seat:
                state.apply(bot.choose(state.view(seat), state.legal_actions(), rng))
            else:
                state.apply(solver.choose_exact(state))
        losses.append(exact[bot_seat] - state.points()[bot_seat])
    return sum(losses) / 2.0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="normal")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--cards", type=int, default=14)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args(argv)
    options = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = parse_option_value(value)
    jobs = [(options, args.bot, args.seed, i, args.cards) for i in range(args.deals)]
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        losses = pool.map(loss, jobs, chunksize=1)
    n = len(losses)
    mean = sum(losses) / n
    half = 1.96 * math.sqrt(sum((x - mean) ** 2 for x in losses) / max(1, n - 1) / n)
    print(json.dumps({"bot": args.bot, "cards": args.cards, "options": options, "positions": n,
                      "mean_loss": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)],
                      "no_loss": round(sum(1 for x in losses if x == 0) / n, 3)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
