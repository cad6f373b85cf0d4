"""Scioto's options: what the set-up screen shows and checks without loading the rules
(scioto.py takes them from here). The help texts are read by the host only: scioto_help.py."""

from deckcore.game import Option, call_unloaded

NAME = "scioto"
HELP = "deckcore.games.scioto_help"

OPTIONS = (
    Option("players", 2, HELP, lo=2, hi=6),
    Option("compounding", False, HELP, choices=(False, True)),
    Option("trick_and_draw", None, HELP, choices=(None, False, True)),
    Option("ranks", None, HELP, lo=5, hi=13, house_rule=True),
    Option("dismissal", None, HELP,
           choices=(None, "original", "narrow", "broader", "very_broad"), house_rule=True),
    Option("schedule", None, HELP, choices=(None, "pips", "tiers"), house_rule=True),
    Option("double_pack", False, HELP, choices=(False, True)),
    Option("mandatory_dismissal", False, HELP, choices=(False, True)),
    Option("deals", None, HELP, lo=1, hi=60, house_rule=True),
    Option("target", 0, HELP, lo=0, hi=10000, house_rule=True),
)


def settle(opts):
    """The "auto" options worked out, and the combinations the rules refuse (the rules'
    checks, scioto_checks.py, loaded for the call)."""
    call_unloaded("deckcore.games.scioto_checks", "settle", opts)
