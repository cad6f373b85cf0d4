"""`deckmate arena`: bots play the same deals in every seat; scores with confidence intervals.

Each deal is played once per rotation of the seats (as many rotations as seats), so every
bot plays every seat on the same cards; a bot's score for a deal is its mean score over the
seats it held. The win rate counts, per rotation, the bot whose seats scored best (a tie
shares the win). The 95% intervals are normal approximations over deals (1.96 standard
errors); `diff` is the paired per-deal difference of the first two bots.
"""

import json
import math
import multiprocessing
import sys

from deckcore.bots import NAMES as BOT_NAMES, make
from deckcore.games import load
from deckcore.rng import Rng
from deckmate.commands.options import UsageError, add_game_arguments, game_and_bots

HOST_BOTS = ("solver",)  # host-only bots that read the whole state


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "arena", help="play bots against each other on the same deals, seats rotated",
        description="Play every deal once per rotation of the seats so that every bot plays "
                    "every seat on the same cards, and report each bot's mean score per hand, "
                    "win rate and 95%% confidence intervals. `solver` (host only) plays "
                    "2-player Scioto with all cards dealt exactly.")
    add_game_arguments(parser)
    parser.add_argument("--bots", required=True,
                        help="two or more bot names, comma-separated (%s)" % ", ".join(BOT_NAMES + HOST_BOTS))
    parser.add_argument("--deals", type=int, required=True, help="number of deals")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots (default 1)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    parser.set_defaults(run=run)


def seating(bot_count, seats, rotation):
    """The bot index of each seat in a rotation: the bots repeat around the table, shifted."""
    return [((seat + rotation) % seats) % bot_count for seat in range(seats)]


def make_bot(name, game):
    if name == "solver":
        from deckmate.solver import SolverBot
        return SolverBot(game)
    return make(name, game)


def deal_for(game, seed, index):
    """(dealer, piles) of the arena's deal number `index` for `seed`."""
    dealer = index % game.num_players
    return dealer, game.deal(_deal_rng(seed, index), dealer)


def _deal_rng(seed, index):
    return Rng((seed * 1000003 + index * 7919 + 1) & 0xFFFFFFFF)


def play_deal(game, names, seed, index):
    """One deal in every rotation: per bot, its mean score and its share of the wins."""
    seats = game.num_players
    dealer, piles = deal_for(game, seed, index)
    deal_rng = _deal_rng(seed, index)
    scores = [0.0] * len(names)
    wins = [0.0] * len(names)
    made = [make_bot(name, game) for name in names]
    for rotation in range(seats):
        bot_of = seating(len(names), seats, rotation)
        bots = [made[bot_of[seat]] for seat in range(seats)]
        rngs = [deal_rng.fork(rotation * seats + seat) for seat in range(seats)]
        state = game.new_hand(dealer, piles)
        while not state.is_terminal():
            seat = state.current_player()
            bot = bots[seat]
            if hasattr(bot, "choose_exact"):
                action = bot.choose_exact(state)
            else:
                action = bot.choose(state.view(seat), state.legal_actions(), rngs[seat])
            state.apply(action)
        hand = state.scores()
        means = []
        for b in range(len(names)):
            held = [hand[seat] for seat in range(seats) if bot_of[seat] == b]
            means.append(sum(held) / len(held) if held else None)
        top = max(m for m in means if m is not None)
        winners = [b for b in range(len(names)) if means[b] == top]
        for b in range(len(names)):
            if means[b] is not None:
                scores[b] += means[b] / seats
            if b in winners:
                wins[b] += 1.0 / len(winners) / seats
    return scores, wins


def _work(job):
    game_name, options, names, seed, index = job
    return play_deal(load(game_name)(options), names, seed, index)


def mean_ci(values):
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, [mean, mean]
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, [mean - half, mean + half]


def run_arena(game, names, deals, seed, jobs=2):
    """The arena result as the dict that --json prints."""
    work = [(game.NAME, dict(game.option_items()), names, seed, i) for i in range(deals)]
    if jobs > 1 and deals > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            results = pool.map(_work, work, chunksize=max(1, deals // (jobs * 8)))
    else:
        results = [_work(job) for job in work]
    bots = []
    for b in range(len(names)):
        per_deal = [r[0][b] for r in results]
        mean, ci = mean_ci(per_deal)
        win_rate = sum(r[1][b] for r in results) / deals
        bots.append({"name": names[b], "mean_score": round(mean, 4), "win_rate": round(win_rate, 4),
                     "ci95": [round(ci[0], 4), round(ci[1], 4)]})
    diff, diff_ci = mean_ci([r[0][0] - r[0][1] for r in results])
    return {"game": game.NAME, "deals": deals, "bots": bots,
            "diff": {"a": names[0], "b": names[1], "mean": round(diff, 4),
                     "ci95": [round(diff_ci[0], 4), round(diff_ci[1], 4)]}}


def run(args):
    try:
        game, names = game_and_bots(args, BOT_NAMES + HOST_BOTS)
    except UsageError as error:
        print("deckmate arena: %s" % error, file=sys.stderr)
        return 2
    if len(names) < 2:
        print("deckmate arena: name at least two bots, e.g. --bots normal,greedy", file=sys.stderr)
        return 2
    if args.deals < 1:
        print("deckmate arena: --deals must be at least 1", file=sys.stderr)
        return 2
    if "solver" in names:
        from deckmate.solver import NotSolvable, Solver
        try:
            Solver(game, native=False)
        except NotSolvable as error:
            print("deckmate arena: %s" % error, file=sys.stderr)
            return 2
    result = run_arena(game, names, args.deals, args.seed, args.jobs)
    if args.json:
        print(json.dumps(result))
        return 0
    print("%s, %d deals, seats rotated (%d seatings each)" % (game.NAME, args.deals, game.num_players))
    print("%-8s %12s %22s %9s" % ("bot", "mean score", "95% CI", "win rate"))
    for bot in result["bots"]:
        print("%-8s %12.2f %22s %8.1f%%" % (bot["name"], bot["mean_score"],
                                           "[%.2f, %.2f]" % tuple(bot["ci95"]), 100 * bot["win_rate"]))
    d = result["diff"]
    print("%s - %s: %.2f per deal, 95%% CI [%.2f, %.2f]" % (d["a"], d["b"], d["mean"], d["ci95"][0], d["ci95"][1]))
    return 0
