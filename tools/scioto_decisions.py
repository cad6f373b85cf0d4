"""A 2-player Scioto level's loss per decision against the exact solver, by cards left
(host only), with its budget edited if asked: what each part of a budget buys.

    python tools/scioto_decisions.py --level normal --cards 11-20 [--deals 300] [--seed 5]
        [--budget try_exact=12 --budget "lookahead=((22, 2), (28, 1))"] [--jobs 2]

The positions are those met in the arena's deals (`--seed`) played by two `normal` bots, at
every decision with the given numbers of cards in the two hands; the solver values every
legal action there, and a decision's loss is the best action's value less the chosen one's.
Unlike tools/scioto_apl.py (the bot against the solver over a whole deal), every budget is
measured on the same positions, so two budgets' losses differ by their decisions alone.
Prints one JSON object: per number of cards, the decisions and the mean loss with its 95%
interval, the sum of the means (the points a deal loses over those cards, both seats), and
each deal's loss over those cards (`by_deal`, for comparisons deal by deal).
"""

import argparse
import ast
import json
import multiprocessing
import sys

from deckcore.bots import levels
from deckcore.bots.levels import make
from deckcore.games.scioto import Scioto
from deckcore.rng import Rng
from deckmate.arena import deal_for
from deckmate.progress import progress
from deckmate.solver import SolverBot
from deckmate.stats import mean_interval


def losses(job):
    """[(cards, loss)] of the level's decisions in deal `index`."""
    level, edits, seed, index, counts = job
    game = Scioto({})
    dealer, piles = deal_for(game, seed, index)
    state = game.new_hand(dealer, piles)
    driver, rng = make("normal", game), Rng(seed * 7 + index)
    bot = make(level, game)
    for field, value in edits.items():
        setattr(bot.budget, field, value)
    solver = SolverBot(game)
    out = []
    while not state.is_terminal():
        seat = state.current_player()
        cards = len(state.hands[0]) + len(state.hands[1])
        if cards in counts:
            values = dict(solver.solver.action_values(state))
            chosen = bot.choose(state.view(seat), state.legal_actions(), Rng(index * 31 + cards))
            out.append((cards, max(values.values()) - values[chosen]))
        state.apply(driver.choose(state.view(seat), state.legal_actions(), rng))
    return out


def card_counts(text):
    """"11-20" or "12,14": the numbers of cards in the two hands."""
    if "-" in text:
        low, high = text.split("-")
        return set(range(int(low), int(high) + 1))
    return {int(part) for part in text.split(",")}


def budget_edit(text):
    field, _, value = text.partition("=")
    if not hasattr(levels.Budget("x"), field):
        raise argparse.ArgumentTypeError("no budget field %r (bots/levels.py lists them)" % field)
    return field, ast.literal_eval(value)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--cards", type=card_counts, default=card_counts("11-20"))
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--budget", type=budget_edit, action="append", default=[],
                        metavar="FIELD=VALUE", help="a field of the level's budget, repeatable")
    args = parser.parse_args(argv)
    edits = dict(args.budget)
    jobs = [(args.level, edits, args.seed, i, args.cards) for i in range(args.deals)]
    by_cards, by_deal = {}, []
    with multiprocessing.Pool(args.jobs) as pool, progress(len(jobs), "deals") as advance:
        for result in pool.imap(losses, jobs):
            for cards, loss in result:
                by_cards.setdefault(cards, []).append(loss)
            by_deal.append(sum(loss for _, loss in result))
            advance()
    report = {"level": args.level, "budget": {k: repr(v) for k, v in edits.items()},
              "deals": args.deals, "seed": args.seed, "by_cards": {}}
    total = 0.0
    for cards in sorted(by_cards, reverse=True):
        mean, (low, high) = mean_interval(by_cards[cards])
        total += mean
        report["by_cards"][cards] = {"decisions": len(by_cards[cards]), "mean": round(mean, 3),
                                     "ci95": [round(low, 3), round(high, 3)]}
    report["sum_of_means"] = round(total, 3)
    # Each deal's loss over those cards (both seats' decisions), in the order of the deals:
    # two runs on the same deals are compared deal by deal.
    report["by_deal"] = [round(loss, 3) for loss in by_deal]
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
