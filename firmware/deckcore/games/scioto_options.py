"""Scioto's options: what the set-up screen shows and checks without loading the rules
(Game.resolve reads them for the call), with the dismissal rules and the tables the "auto"
values come from. The help texts are read by the host only: scioto_text.py."""

from deckcore import RulesError
from deckcore.option import Option

NAME = "scioto"

OPTIONS = (
    Option("players", 2, lo=2, hi=6),
    Option("compounding", False, choices=(False, True), play_only=True),
    Option("trick_and_draw", None, choices=(None, False, True), play_only=True),
    Option("ranks", None, lo=5, hi=13, house_rule=True),
    Option("dismissal", None,
           choices=(None, "original", "narrow", "broader", "very_broad"), house_rule=True,
           play_only=True),
    Option("schedule", None, choices=(None, "pips", "tiers"), house_rule=True),
    Option("double_pack", False, choices=(False, True)),
    Option("mandatory_dismissal", False, choices=(False, True), play_only=True),
    Option("deals", None, lo=1, hi=60, house_rule=True),
    Option("target", 0, lo=0, hi=10000, house_rule=True),
)


ANY, COLOUR, SUIT = 0, 1, 2

# Section 1.5: a dismissal rule is a list of (rank distance, scope).
DISMISSAL_RULES = {
    "original": ((1, ANY), (2, COLOUR), (3, SUIT)),
    "narrow": ((1, ANY), (2, COLOUR)),
    "broader": ((1, ANY), (2, ANY), (3, COLOUR), (4, SUIT)),
    "very_broad": ((1, ANY), (2, ANY), (3, ANY), (4, COLOUR), (5, SUIT)),
}
# Clarification 2: the rule family that suits each number of ranks.
AUTO_DISMISSAL = {5: "narrow", 6: "narrow", 7: "original", 8: "original", 9: "broader",
                  10: "broader", 11: "very_broad", 12: "very_broad", 13: "very_broad"}
# Section 1.5 [house rule]: ranks per number of players, so that everyone gets equal cards.
RANKS_FOR_PLAYERS = {2: 7, 3: 9, 4: 7, 5: 10, 6: 9}


def settle(opts):
    """The "auto" options worked out, and the combinations the rules refuse."""
    players = opts["players"]
    if opts["double_pack"]:
        if opts["ranks"] not in (None, 6):
            raise RulesError("the double pack has 6 ranks (9 J Q K 10 A), not %d" % opts["ranks"])
        opts["ranks"] = 6
        if players == 2:  # section 1.5: two players draw from a 24-card stock
            if opts["trick_and_draw"] is False:
                raise RulesError("section 1.5: two players with the double pack draw from "
                                 "a stock, so trick_and_draw cannot be off")
            opts["trick_and_draw"] = True
    elif opts["ranks"] is None:
        opts["ranks"] = RANKS_FOR_PLAYERS[players]
    if opts["trick_and_draw"] is None:
        opts["trick_and_draw"] = False
    ranks = opts["ranks"]
    size = 4 * ranks * (2 if opts["double_pack"] else 1)
    if size % players:
        raise RulesError("%d cards cannot be dealt equally to %d players; choose other ranks"
                         % (size, players))
    if opts["trick_and_draw"] and players != 2:
        raise RulesError("trick_and_draw is a 2-player variant")
    if opts["dismissal"] is None:
        opts["dismissal"] = AUTO_DISMISSAL[ranks]
    for distance, scope in DISMISSAL_RULES[opts["dismissal"]]:
        if 2 * distance >= ranks:  # section 1.5 validity: distances below R/2
            raise RulesError("the %s dismissal rule needs more than %d ranks: with distance %d "
                             "two cards could dismiss each other"
                             % (opts["dismissal"], 2 * distance, distance))
    if opts["schedule"] is None:
        opts["schedule"] = "tiers" if ranks == 12 and not opts["double_pack"] else "pips"
    elif opts["schedule"] == "tiers" and ranks != 12:
        raise RulesError("the tiers schedule is for 12 ranks only")
    if opts["deals"] is None:
        opts["deals"] = players
    elif opts["deals"] % players:
        raise RulesError("deals must be a multiple of %d so everyone deals equally often"
                         % players)
