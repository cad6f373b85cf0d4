"""Chambéry Tarot's options: what the set-up screen shows and checks without loading the rules
(Game.resolve reads them for the call: a match does not hold them). The help texts are read by
the host only: chambery_text.py."""

from deckcore.option import Option

NAME = "chambery"

OPTIONS = (
    Option("players", 5, lo=3, hi=5),
    Option("pack", 78, choices=(78, 62)),
    Option("partnerships", "called", choices=("called", "fixed")),
    Option("suit_ranking", "seed", choices=("seed", "french_1902"), play_only=True),
    Option("first_lead", "declarer", choices=("declarer", "eldest"), play_only=True),
    Option("discard_rule", "seed", choices=("seed", "1902"), play_only=True),
    Option("settlement", "seed", choices=("seed", "pagat_1902")),
    Option("multipliers", "none", choices=("none", "1902")),
)
