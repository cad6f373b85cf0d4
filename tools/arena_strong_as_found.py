"""`deckmate arena` with one level's bots playing the tarot games as `strong` did when issue 27
was filed: the yardstick the level `hard` is measured against.

    .venv/bin/python tools/arena_strong_as_found.py LEVEL ARENA-ARGUMENTS...

e.g. `tools/arena_strong_as_found.py strong --game droggn --bots hard,strong --deals 400
--jobs 2 --seed 1`. The bots of LEVEL then

- share the points in play by the square of the rule of thumb strengths
  (bots/tarot_knowledge.py STRENGTH), as every tarot bot did before Scarto's outlook was
  fitted (docs/bots.md, "The tarot games' fitted outlook"; in Chambéry and Droggn, whose
  outlook is the rule of thumb, this changes nothing);
- search every card, twins too (tarot_knowledge.twins: before, two cards alike each had
  their share of the search).

The other bots play as they are.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host")]

from deckcore.bots import tarot_knowledge  # noqa: E402
from deckcore.bots.levels import LevelBot  # noqa: E402
from deckcore.bots.search import PimcSearch  # noqa: E402
from deckmate.cli import main  # noqa: E402

fitted_outlook = tarot_knowledge.outlook  # as the games call it (Scarto with its fitted table)


def rule_of_thumb_outlook(state, values, per_trick, partners, fitted=None):
    return fitted_outlook(state, values, per_trick, partners)


def as_found(level):
    """Make LevelBot's decisions at `level` play as above (the games' modules call
    tarot_knowledge.outlook through the module, so it is swapped for the decision; the
    search is made without twins; the arena's worker processes inherit the change)."""
    choose = LevelBot.choose

    def chosen(bot, view, legal, rng, tick=None):
        if bot.NAME != level:
            return choose(bot, view, legal, rng, tick)
        if bot.search is None:
            bot.search = PimcSearch(bot.know, bot.budget)
            bot.search.twins = None
        tarot_knowledge.outlook = rule_of_thumb_outlook
        try:
            return choose(bot, view, legal, rng, tick)
        finally:
            tarot_knowledge.outlook = fitted_outlook
    LevelBot.choose = chosen


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        sys.exit(__doc__.split("\n\n")[1])
    as_found(sys.argv[1])
    sys.exit(main(["arena"] + sys.argv[2:]))
