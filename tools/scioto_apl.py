"""Average point loss of a bot against the exact solver in 2-player Scioto (host only).

The bot plays each position against the solver, once in each seat; its loss in a seat is
the seat's exact value minus what it scored, so the mean over both seats is the points it
gives away per deal by imperfect play (0 for perfect play). Positions are the arena's deals
(`--seed`, deal i as `deckmate arena` deals it), played by two `normal` bots until each hand
holds `--cards` cards (14: the whole deal, as in data/scioto_solved.json).

    python tools/scioto_apl.py --bot normal --deals 100 --cards 8
        [--option compounding=on] [--decisions]

Prints one JSON object: the bot, the mean loss per deal with its 95% interval, the share
of positions played without loss, the number of positions, and where the loss is made
(`loss_by_cards`: the points a deal loses at the bot's decisions with that many cards in the
two hands, by the exact values before and after each). With `--decisions` the
solver also values every action at each of the bot's decisions, and the object gives the
bot's mean loss per decision by the number of cards in its hand (the loss of a decision:
the best action's exact value minus the chosen one's); keep `--cards` small (10 or less),
as this costs a solve per action.
"""

import argparse
import json
import multiprocessing
import statistics
import sys

from deckcore.bots.levels import make
from deckcore.games.scioto import Scioto
from deckcore.rng import Rng
from deckmate.arena import deal_for
from deckmate.game_args import parse_options
from deckmate.progress import progress
from deckmate.solver import SolverBot
from deckmate.stats import mean_interval


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
    """(the bot's mean loss over the two seats, [(hand size, loss) of each decision],
    [(cards in the two hands, loss) of each decision by the exact value before and after it])."""
    options, bot_name, seed, index, cards, per_decision = job
    game = Scioto(options)
    start = position(game, seed, index, cards)
    solver = SolverBot(game)
    exact = solver.solver.value(start)
    bot, rng = make(bot_name, game), Rng(seed * 11 + index)
    losses, decisions, stages = [], [], []
    for bot_seat in range(2):
        state = start.clone()
        value = exact[bot_seat]
        while not state.is_terminal():
            seat = state.current_player()
            if seat != bot_seat:
                state.apply(solver.choose_exact(state))
                continue
            action = bot.choose(state.view(seat), state.legal_actions(), rng)
            if per_decision:
                values = dict(solver.solver.action_values(state))
                decisions.append((len(state.hands[seat]), max(values.values()) - values[action]))
            cards = len(state.hands[0]) + len(state.hands[1])
            state.apply(action)
            after = solver.solver.final_points(state, bot_seat)
            stages.append((cards, value - after))
            value = after
        losses.append(exact[bot_seat] - state.points()[bot_seat])
    return sum(losses) / 2.0, decisions, stages


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="normal")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--cards", type=int, default=14)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--decisions", action="store_true",
                        help="also the mean loss per decision, by hand size")
    args = parser.parse_args(argv)
    options = parse_options(Scioto, args.option)
    jobs = [(options, args.bot, args.seed, i, args.cards, args.decisions)
            for i in range(args.deals)]
    results = []
    with multiprocessing.Pool(args.jobs) as pool, progress(len(jobs), "positions") as advance:
        for result in pool.imap(loss, jobs):
            results.append(result)
            advance()
    losses = [result[0] for result in results]
    n = len(losses)
    mean, ci = mean_interval(losses)
    report = {"bot": args.bot, "cards": args.cards, "options": options, "positions": n,
              "mean_loss": round(mean, 3), "ci95": [round(ci[0], 3), round(ci[1], 3)],
              "no_loss": round(sum(1 for x in losses if x == 0) / n, 3)}
    # The points lost a deal (both seats, halved as the loss is) at each number of cards in
    # the two hands when the bot decided: where in the deal the loss is made.
    by_cards = {}
    for _, _, stages in results:
        for count, lost in stages:
            by_cards[count] = by_cards.get(count, 0) + lost
    report["loss_by_cards"] = {count: round(by_cards[count] / 2.0 / n, 3)
                               for count in sorted(by_cards, reverse=True) if by_cards[count]}
    if args.decisions:
        by_size = {}
        for _, decisions, _ in results:
            for size, regret in decisions:
                by_size.setdefault(size, []).append(regret)
        report["decision_loss"] = {
            size: {"decisions": len(xs), "mean": round(statistics.fmean(xs), 3)}
            for size, xs in sorted(by_size.items(), reverse=True)}
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
