"""Scioto's checks needed at one moment: the options' "auto" values and refused
combinations (set-up), why an action is refused (a person's refused choice, a replayed log's
action) and whose turn it is (a log whose seat acts out of turn). games/scioto.py imports
this module for the call and unloads it after (deckcore.residency.call_unloaded), so that its
messages take no heap while the bots play."""

from deckcore.game import RulesError
from deckcore.games.scioto import STOP


def illegal_reason(state, action):
    if state.phase == "over":
        return state.plain_reason(action)
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
