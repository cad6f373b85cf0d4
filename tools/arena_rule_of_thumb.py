"""`deckmate arena` with one level's bots valuing tarot positions by the rule of thumb.

    .venv/bin/python tools/arena_rule_of_thumb.py LEVEL ARENA-ARGUMENTS...

e.g. `tools/arena_rule_of_thumb.py strong --game scarto --bots hard,strong --deals 400
--jobs 2 --seed 1`. The bots of LEVEL share the points in play by the square of the rule
of thumb strengths (bots/tarot_knowledge.py STRENGTH), as every tarot bot did before
Scarto's outlook was fitted (docs/notes/2026-12-03-hard-level.md, "The tarot games' fitted
outlook"): that is `strong` as issue 27 found it, the level `hard` is measured against. The
other bots play as they are. In Chambéry and Droggn, whose outlook is the rule of thumb, it
changes nothing.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host")]

from deckcore.bots import tarot_knowledge  # noqa: E402
from deckcore.bots.levels import LevelBot  # noqa: E402
from deckmate.cli import main  # noqa: E402

fitted_outlook = tarot_knowledge.outlook  # as the games call it (Scarto with its fitted table)


def rule_of_thumb_outlook(state, values, per_trick, partners, fitted=None):
    return fitted_outlook(state, values, per_trick, partners)


def with_the_rule_of_thumb(level):
    """Make LevelBot's decisions at `level` value positions by the rule of thumb (the games'
    modules call tarot_knowledge.outlook through the module, so it is swapped for the
    decision; the arena's worker processes inherit the change)."""
    choose = LevelBot.choose

    def chosen(bot, view, legal, rng, tick=None):
        if bot.NAME != level:
            return choose(bot, view, legal, rng, tick)
        tarot_knowledge.outlook = rule_of_thumb_outlook
        try:
            return choose(bot, view, legal, rng, tick)
        finally:
            tarot_knowledge.outlook = fitted_outlook
    LevelBot.choose = chosen


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        sys.exit(__doc__.split("\n\n")[1])
    with_the_rule_of_thumb(sys.argv[1])
    sys.exit(main(["arena"] + sys.argv[2:]))
