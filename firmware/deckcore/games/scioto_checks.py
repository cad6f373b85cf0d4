"""Scioto's checks needed at one moment: the options' "auto" values and refused
combinations (set-up), why an action is refused (a person's refused choice, a replayed log's
action) and whose turn it is (a log whose seat acts out of turn). games/scioto.py imports
this module for the call and unloads it after (deckcore.game.call_unloaded), so that its
messages take no heap while the bots play."""

from deckcore.game import RulesError, State
from deckcore.games.scioto import AUTO_DISMISSAL, DISMISSAL_RULES, RANKS_FOR_PLAYERS, STOP


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
                             "two cards could dismiss each other" % (opts["dismissal"], 2 * distance, distance))
    if opts["schedule"] is None:
        opts["schedule"] = "tiers" if ranks == 12 and not opts["double_pack"] else "pips"
    elif opts["schedule"] == "tiers" and ranks != 12:
        raise RulesError("the tiers schedule is for 12 ranks only")
    if opts["deals"] is None:
        opts["deals"] = players
    elif opts["deals"] % players:
        raise RulesError("deals must be a multiple of %d so everyone deals equally often" % players)


def illegal_reason(state, action):
    reason = State.illegal_reason(state, action)
    if reason is None or state.phase == "over":
        return reason
    if action != STOP and action not in state.hands[state.to_act]:
        return "seat %d does not hold %s" % (state.to_act, state.game.card_text(action))
    major = state.game.card_text(state._major_card()) if state.trick else ""
    if state.phase == "relead":
        if action == STOP:
            return "section 1.5 mandatory dismissal: the leader must re-lead when able"
        return "section 1.4: a re-lead must dismiss %s" % major
    return "section 1.5 mandatory dismissal: seat %d holds a card that dismisses %s" % (
        state.to_act, major)


def turn_rule(state):
    if state.phase == "relead":
        return "section 1.4.3: the leader decides whether to re-lead"
    return ("section 1.1.6: the non-dealer leads first, the winner of a trick leads the "
            "next, and the others follow in turn")
