"""Droggn's options: what the set-up screen shows and checks without loading the rules
(Game.resolve reads them for the call: a match does not hold them). The help texts are read by
the host only: droggn_text.py."""

from deckcore.option import Option

NAME = "droggn"

OPTIONS = (
    Option("players", 3, lo=3, hi=4),
    Option("direction", "counter_clockwise",
           choices=("counter_clockwise", "clockwise")),
    Option("throw_in", "pass_deal", choices=("pass_deal", "same_dealer")),
    Option("win_threshold", 37, choices=(37, 38)),
    Option("tie_37_last_trick", False, choices=(False, True)),
    Option("expose_talon_in_ansager", False, choices=(False, True), play_only=True),
    Option("gstiess_last_trick_illegal", False, choices=(False, True), play_only=True),
    Option("invalid_buy", "reject", choices=("reject", "forfeit"), house_rule=True,
           play_only=True),
    Option("max_doublings", 0, lo=0, hi=10,
           house_rule=True),
    Option("pack", 66, choices=(66, 78)),
    Option("deals", None, lo=1, hi=60, house_rule=True),
)


def settle(opts):
    """The match length's "auto": each player deals twice."""
    if opts["deals"] is None:
        opts["deals"] = 2 * opts["players"]
