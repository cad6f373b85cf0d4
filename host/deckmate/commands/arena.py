"""`deckmate arena`: bots play the same deals in every seat; scores with confidence intervals
(deckmate/arena.py plays them)."""

import json

from deckcore.bots import NAMES as BOT_NAMES
from deckmate.arena import HOST_BOTS, run_arena
from deckmate.errors import UsageError
from deckmate.game_args import add_game_arguments, bot_names, make_game, seed_number
from deckmate.progress import progress

ARENA_BOTS = BOT_NAMES + HOST_BOTS


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "arena", help="play bots against each other on the same deals, seats rotated",
        description="Play every deal once per rotation of the seats so that every bot plays "
                    "every seat on the same cards, and report each bot's mean score per hand, "
                    "win rate and 95% confidence intervals; in the tarot games also split by "
                    "the seat's part in the hand (declarer, defender, ...). `solver` (host "
                    "only) plays 2-player Scioto with all cards dealt exactly.")
    add_game_arguments(parser)
    parser.add_argument("--bots", required=True,
                        help="two or more bot names, comma-separated, at most one per seat; they "
                             "repeat around the table in this order (%s)" % ", ".join(ARENA_BOTS))
    parser.add_argument("--deals", type=int, required=True, help="number of deals")
    parser.add_argument("--seed", type=seed_number, default=1,
                        help="seed of the deals and the bots, 0..2^32-1 (default 1)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    parser.set_defaults(run=run)


def run(args):
    game = make_game(args)
    names = bot_names(args.bots, ARENA_BOTS, game.num_players)
    if len(names) < 2:
        raise UsageError("name at least two bots, e.g. --bots normal,greedy")
    if args.deals < 1:
        raise UsageError("--deals must be at least 1")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if "solver" in names:
        from deckmate.solver import NotSolvable, Solver
        try:
            Solver(game, native=False)
        except NotSolvable as error:
            raise UsageError(str(error))
    with progress(args.deals, "arena deals", quiet=args.json) as advance:
        result = run_arena(game, names, args.deals, args.seed, args.jobs, advance)
    if args.json:
        print(json.dumps(result))
        return 0
    print("%s, %d deals, seats rotated (%d seatings each)"
          % (game.NAME, args.deals, game.num_players))
    print("%-8s %12s %22s %9s" % ("bot", "mean score", "95% CI", "win rate"))
    for bot in result["bots"]:
        print("%-8s %12.2f %22s %8.1f%%" % (bot["name"], bot["mean_score"],
                                           "[%.2f, %.2f]" % tuple(bot["ci95"]),
                                           100 * bot["win_rate"]))
    d = result["diff"]
    print("%s - %s: %.2f per deal, 95%% CI [%.2f, %.2f]"
          % (d["a"], d["b"], d["mean"], d["ci95"][0], d["ci95"][1]))
    if "by_role" in result:
        print("by the seat's part in the hand (%s - %s in that seat; the shares add up to the "
              "mean per seat):" % (d["a"], d["b"]))
        print("%-18s %6s %10s %20s %8s" % ("part", "seats", "diff", "95% CI", "share"))
        for part in result["by_role"]:
            print("%-18s %6d %10.2f %20s %8.2f" % (part["role"], part["seats"], part["mean"],
                                                   "[%.2f, %.2f]" % tuple(part["ci95"]),
                                                   part["share"]))
    return 0
