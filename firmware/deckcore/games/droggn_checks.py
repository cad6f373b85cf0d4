"""Droggn's checks needed at one moment: why an action is refused (a person's refused
choice, a replayed log's action), whose turn it is (a log whose seat acts out of turn) and a
logged deal's check. games/droggn.py imports this module for the call and unloads it after
(deckcore.residency.call_unloaded), so that its messages take no heap while the bots play."""

from deckcore.game import RulesError
from deckcore.games import tarot
from deckcore.games.droggn import (
    CONTRACTS, LAY_OUT_GSTIESS, LAY_OUT_PAGAT, PAGAT, PASS, RETOUR, SCHWACHER, SLAM)


def check_deal(game, piles):
    """As the base check; with four players the one empty hand may be any seat's (the
    dealer's; the new hand checks that it is)."""
    hands = piles["hands"]
    if game.num_players == 4 and len(hands) == 4:
        empty = [seat for seat in range(4) if not hands[seat]]
        if len(empty) != 1:
            raise RulesError("with four players exactly one hand, the dealer's, is empty")
        turned = [hands[(seat + empty[0]) % 4] for seat in range(4)]
        piles = {"hands": turned, "talon": piles["talon"]}
    tarot.TarotGame.check_deal(game, piles)


def illegal_reason(state, action):
    """The rule an action the State found illegal breaks."""
    if state.phase == "over":
        return "the hand is over"
    phase = state.phase
    is_card = 0 <= action < tarot.PACK_SIZE
    held = is_card and action in state.hands[state.to_act]
    if phase in ("discard", "offer", "play") and is_card and not held:
        return "seat %d does not hold %s" % (state.to_act, tarot.card_text(action))
    reason = None
    if phase == "bid":
        reason = _bid_reason(state, action)
    elif phase == "discard":
        reason = state._discard_reason(action)
    elif phase == "ask":
        reason = state._ask_reason(action)
    elif phase == "play" and is_card:
        reason = play_illegal_reason(state, action)
    elif phase in ("layout", "double"):
        reason = _announcement_reason(state, action)
    return reason or "%s is not a legal action in the %s phase" % (
        state.action_text(action), phase)


def turn_rule(state):
    return {
        "bid": "section 4.3.1: each player speaks once, starting after the dealer",
        "discard": "section 4.4.1: the declarer discards",
        "offer": "section 4.4.3: the declarer buys a card",
        "ask": "section 4.4.3: the declarer buys a card",
        "layout": "section 4.5: the declarer announces first",
        "double": "section 4.5.4: the defender after the declarer speaks first, then in turn",
        "play": "section 4.6.1: the declarer leads, the winner of a trick leads the next",
    }.get(state.phase)


def _bid_reason(state, bid):
    if not PASS < bid <= SLAM:
        return None
    return ("section 4.3.3: after a bid of %s a player must bid higher or pass"
            % CONTRACTS[state.auction.high])


def _announcement_reason(state, action):
    if action == LAY_OUT_PAGAT:
        return "section 4.5.1: only the holder of the Pagat may lay it out, and only one card"
    if action == LAY_OUT_GSTIESS:
        return "section 4.5.2: only the declarer of a Slam holding the Gstiess may lay it out"
    if action in (SCHWACHER, RETOUR) and not state._doublings_left():
        return ("house rule max_doublings: at most %d doublings in a hand"
                % state.game.options["max_doublings"])
    if action in (SCHWACHER, RETOUR):
        return ("section 4.5.4: the defenders give the Schwacher, then the declarer and "
                "the defenders retour in turn")
    return None


def play_illegal_reason(state, card):
    seat = state.to_act
    if card in state.hands[seat] and card not in state.legal_cards(seat):
        if state._must_play_gstiess(seat):
            return ("section 4.6.6: the Gstiess may not be played to the last trick, so "
                    "seat %d must play it now" % seat)
        if card == PAGAT and state.laid_out == PAGAT and state.layer == seat:
            return ("section 4.6.5: a laid-out Pagat must not be played while there is a "
                    "legal alternative")
    return tarot.TarotState.play_illegal_reason(state, card)
