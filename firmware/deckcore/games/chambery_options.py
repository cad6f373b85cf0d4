"""Chambéry Tarot's options: what the set-up screen shows and checks without loading the rules
(Game.resolve reads them for the call: a match does not hold them). The help texts are read by
the host only: chambery_help.py."""

from deckcore.option import Option

NAME = "chambery"
HELP = "deckcore.games.chambery_help"

OPTIONS = (
    Option("players", 5, HELP, lo=3, hi=5),
    Option("pack", 78, HELP, choices=(78, 62)),
    Option("partnerships", "called", HELP, choices=("called", "fixed")),
    Option("suit_ranking", "seed", HELP, choices=("seed", "french_1902"), play_only=True),
    Option("first_lead", "declarer", HELP, choices=("declarer", "eldest"), play_only=True),
    Option("discard_rule", "seed", HELP, choices=("seed", "1902"), play_only=True),
    Option("settlement", "seed", HELP, choices=("seed", "pagat_1902")),
    Option("multipliers", "none", HELP, choices=("none", "1902")),
)
