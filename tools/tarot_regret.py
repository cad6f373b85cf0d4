"""How far the tarot bots' card play falls short of a far larger search, decision by decision
(host only): a measure of the play with much less noise than the arena's scores.

    .venv/bin/python tools/tarot_regret.py --game droggn --deals 200 --jobs 2 normal hard strong

Positions: the arena's deals (`--seed`) played out by `normal`; at each decision of the play
with more than one legal card, each level named chooses a card, and an oracle (the same
search with ORACLE's budget, 32 worlds of 300 positions) values every legal card from the
seat's view. A level's regret at a decision is the oracle's best value less the value of
the card it chose, in the seat's points. Prints, per level, by the seat's part in the hand
(deckmate.roles) and whether it leads, and by the third of the play, the mean regret with its
95% interval, and each level's difference from the first level named, decision by decision.

The oracle is a search of the same kind, with the same outlook, so it favours play like its
own: compare levels by their differences, and check a gain in the arena (docs/bots.md).
"""

import argparse
import multiprocessing
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host")]

from deckcore.bots import utility  # noqa: E402
from deckcore.bots.levels import make  # noqa: E402
from deckcore.bots.levels import Budget  # noqa: E402
from deckcore.bots.search import PimcSearch, play, take_back  # noqa: E402
from deckcore.games import load  # noqa: E402
from deckcore.rng import Rng  # noqa: E402
from deckmate.arena import deal_for  # noqa: E402
from deckmate.progress import progress  # noqa: E402
from deckmate.roles import role  # noqa: E402
from deckmate.stats import mean_interval  # noqa: E402

ORACLE = Budget("oracle", worlds=32, nodes=9600, depth=5, width=4)


def oracle_values(bot, view, legal, rng):
    """Per legal card, the seat's mean value over the oracle's worlds."""
    search = PimcSearch(bot.know, ORACLE)
    search.limit = ORACLE.width
    totals = [0] * len(legal)
    for _ in range(ORACLE.worlds):
        world = bot.determinize(view, rng)
        for i in range(len(legal)):
            after, mark = play(world, legal[i])
            search.left = ORACLE.nodes // ORACLE.worlds // len(legal)
            totals[i] += utility(search.maxn(after, ORACLE.depth - 1), view.seat)
            take_back(world, mark)
    players = view.game.num_players
    return [total / (ORACLE.worlds * players) for total in totals]  # utility is n * a seat's


def regrets(job):
    """[(part, leads, third, [each level's regret])] over the play of one deal."""
    game_name, levels, seed, index = job
    game = load(game_name)()
    dealer, piles = deal_for(game, seed, index)
    state = game.new_hand(dealer, piles)
    normal = make("normal", game)
    bots = [make(level, game) for level in levels]
    rng = Rng(seed * 13 + index)
    found = []
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        view = state.view(seat)
        if state.phase == "play" and len(legal) > 1:
            values = oracle_values(normal, view, legal, Rng(seed * 17 + index * 101 + len(found)))
            best = max(values)
            chosen = [bot.choose(view, legal, Rng(index * 7919 + len(found))) for bot in bots]
            third = 3 * state.tricks_played // (state.tricks_played + len(state.hands[seat]))
            found.append((role(state, seat), not state.trick, third,
                          [best - values[legal.index(card)] for card in chosen]))
        state.apply(normal.choose(view, legal, rng))
    return found


def report(levels, decisions, label):
    if not decisions:
        return
    line = "%-24s %5d" % (label, len(decisions))
    for k in range(len(levels)):
        mean, ci = mean_interval([d[3][k] for d in decisions])
        line += "  %6.3f [%6.3f, %6.3f]" % (mean, ci[0], ci[1])
    for k in range(1, len(levels)):
        mean, ci = mean_interval([d[3][k] - d[3][0] for d in decisions])
        line += "  %+6.3f [%6.3f, %6.3f]" % (mean, ci[0], ci[1])
    print(line)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("levels", nargs="+", help="bot levels, e.g. normal hard strong")
    parser.add_argument("--game", default="droggn", choices=("scarto", "chambery", "droggn"))
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    jobs = [(args.game, args.levels, args.seed, i) for i in range(args.deals)]
    decisions = []
    with multiprocessing.Pool(args.jobs) as pool, progress(len(jobs), "deals") as advance:
        for found in pool.imap(regrets, jobs):
            decisions.extend(found)
            advance()
    header = "%-24s %5s" % ("decisions", "n") + "".join(
        "  %-24s" % ("regret of " + level) for level in args.levels) + "".join(
        "  %-24s" % (level + " - " + args.levels[0]) for level in args.levels[1:])
    print(header)
    report(args.levels, decisions, "all")
    for part in sorted(set(d[0] for d in decisions if d[0] is not None)):
        for leads in (True, False):
            report(args.levels, [d for d in decisions if d[0] == part and d[1] == leads],
                   "%s, %s" % (part, "leading" if leads else "following"))
    for third in range(3):
        report(args.levels, [d for d in decisions if d[2] == third],
               "play's %s third" % ("first", "second", "last")[third])
    return 0


if __name__ == "__main__":
    sys.exit(main())
