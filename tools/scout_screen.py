"""Screen changes to SCOUT's `hard` budget before an arena run: each variant and `hard` as it
is play `normal` (or the bot `--against` names) on the same deals (the arena's:
`deckmate.arena.play_deal`, every deal in all its rotations, `--seed`), so a variant's gain
is read paired by deal, with a far narrower interval than two separate arena runs give.

    .venv/bin/python tools/scout_screen.py --players 5 --deals 300 candidates=6 depth=3

A variant is `hard`'s budget (bots/levels.py's Budget) with the fields given changed, in the
screen's worker processes only; several fields in one variant are joined by commas
(`depth=3,nodes=20000`). Deals come back in any order; each line printed is one deal's
points a round of `hard` (or the variant) less the other bot's, so a run stopped early still
says what it found (`--from` goes on from a deal). At the end: each variant's points a round
against the other bot and its difference from `hard` as it is, paired by deal, 95% intervals.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "host"), os.path.join(ROOT, "firmware")]

from deckcore.bots import levels  # noqa: E402
from deckcore.games import load  # noqa: E402
from deckmate.arena import play_deal, workers  # noqa: E402
from deckmate.stats import mean_interval  # noqa: E402

AS_IT_IS = "hard"
MADE = levels.budget  # the budgets as they are


def variant_fields(text):
    """{field: int} of a variant's text ("depth=3,nodes=20000"); ValueError naming the
    field that Budget does not have or whose value is not a whole number."""
    fields = {}
    for part in text.split(","):
        name, _, value = part.partition("=")
        if not hasattr(levels.Budget("hard"), name) or not value.lstrip("-").isdigit():
            raise ValueError("%r: give a field of bots/levels.py's Budget and a whole number, "
                             "as depth=3" % part)
        fields[name] = int(value)
    return fields


def _with(fields):
    """levels.budget, SCOUT's `hard` changed by `fields` (this process's bots only)."""

    def changed(game_name, level, players=0):
        budget = MADE(game_name, level, players)
        if game_name == "scout" and level == "hard":
            for name, value in fields.items():
                setattr(budget, name, value)
        return budget
    return changed


def _deal(job):
    """(variant, deal, its points a round less the other bot's) of one deal."""
    variant, fields, players, seed, index, against = job
    levels.budget = _with(fields)  # (a worker plays the variants' deals in any order)
    try:
        scores = play_deal(load("scout")({"players": players}), ["hard", against], seed,
                           index)[0]
    finally:
        levels.budget = MADE
    return variant, index, scores[0] - scores[1]


def screen(players, deals, variants, seed=1, first=0, jobs=2, said=print, against="normal"):
    """{variant: {deal: hard less the bot `against`}} for `hard` as it is and each of
    `variants` ({text: fields}); `said(line)` for each deal as it ends."""
    work = [(variant, fields, players, seed, index, against)
            for index in range(first, first + deals)
            for variant, fields in [(AS_IT_IS, {})] + list(variants.items())]
    found = dict((variant, {}) for variant in [AS_IT_IS] + list(variants))
    pool = workers(jobs) if jobs > 1 else None  # (Ctrl-C stops the command and its pool)
    try:
        for variant, index, difference in (pool.imap_unordered(_deal, work) if pool
                                           else map(_deal, work)):
            found[variant][index] = difference
            said("%s %d %+.4f" % (variant, index, difference))
    finally:
        if pool is not None:
            pool.terminate()
    return found


def summary(found, against="normal"):
    """Lines: each variant against the other bot, and paired against hard as it is."""
    lines = []
    base = found[AS_IT_IS]
    for variant, differences in found.items():
        deals = sorted(differences)
        mean, (low, high) = mean_interval([differences[d] for d in deals])
        line = "%-24s %4d deals  against %s %+.2f [%+.2f, %+.2f]" % (
            variant, len(deals), against, mean, low, high)
        if variant != AS_IT_IS:
            paired, (low, high) = mean_interval([differences[d] - base[d] for d in deals])
            line += "  paired against hard %+.2f [%+.2f, %+.2f]" % (paired, low, high)
        lines.append(line)
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="+", help="e.g. depth=3 or candidates=6,nodes=9000")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--from", dest="first", type=int, default=0, help="the first deal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--against", default="normal", choices=("easy", "normal", "strong"),
                        help="the bot `hard` and the variants play against")
    args = parser.parse_args(argv)
    try:
        variants = dict((text, variant_fields(text)) for text in args.variants)
    except ValueError as error:
        parser.error(str(error))
    found = screen(args.players, args.deals, variants, args.seed, args.first, args.jobs,
                   against=args.against)
    for line in summary(found, args.against):
        print(line)


if __name__ == "__main__":
    main()
