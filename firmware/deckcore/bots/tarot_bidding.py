"""What the tarot bots know before the play, shared by Scarto, Chambéry and Droggn: which
cards to lay away (a scart or discard) or give away, which card to ask for, and what a hand
may expect to take (the outlook's squared shares, tarot_knowledge.py, before any card is
played). The bots load it for a decision before the play and unload it after
(deckcore.residency.Visit), so it takes no heap while they search the play.
"""

from deckcore.bots import card_total
from deckcore.bots.tarot_knowledge import STRENGTH
from deckcore.games.tarot import FOOL, KING, RANK_OF, SUIT_OF, TRUMP


def hand_strength(cards):
    total = 0
    for card in cards:
        total += STRENGTH[card]
    return total


# Laying cards away ---------------------------------------------------------------------------

def suit_lengths(hand):
    lengths = [0, 0, 0, 0, 0, 0]
    for card in hand:
        lengths[SUIT_OF[card]] += 1
    return lengths


def lay_away(hand, legal, values, banked):
    """The card of `legal` to lay away from `hand`. Into one's own scart or discard when
    `banked` (its value counts for us): a card of the shortest suit no King guards, to void
    it, the richest first (voiding weighs more than value: measured in Scarto); trumps only
    when nothing else may go. Given to an opponent when not: the card of least value and
    strength, from a short suit."""
    lengths = suit_lengths(hand)
    kings = [0, 0, 0, 0, 0, 0]
    for card in hand:
        if SUIT_OF[card] < TRUMP and RANK_OF[card] == KING:
            kings[SUIT_OF[card]] = 1
    best, best_key = legal[0], None
    for card in legal:
        suit = SUIT_OF[card]
        value = values[card]
        if not banked:
            key = 20 * value + 6 * STRENGTH[card] + (10 * lengths[suit] if suit < TRUMP else 0)
        elif suit >= TRUMP:
            key = 1000 + STRENGTH[card] * 10 - value  # the weakest trump, if any must go
        else:
            key = lengths[suit] * 10 - 2 * value + 60 * kings[suit]  # a guarded suit takes tricks
            if RANK_OF[card] == KING:
                key += 200
        if best_key is None or key < best_key:
            best, best_key = card, key
    return best


def wish(legal):
    """The card to ask for: the strongest of those one may name (the highest trump first)."""
    best = legal[0]
    for card in legal:
        if STRENGTH[card] > STRENGTH[best] or (STRENGTH[card] == STRENGTH[best] and card > best):
            best = card
    return best


# Judging a hand ------------------------------------------------------------------------------

def unseen(view):
    """The cards of the pack this seat cannot see (dealt somewhere it does not know)."""
    seen = bytearray(78)
    for card in view.visible_cards():
        seen[card] = 1
    return [card for card in view.game.pack_cards if not seen[card]]


def expected_points(hand, extra, opponents, strangers, values, per_trick, tricks, boost=0):
    """The card points a hand may expect to take playing alone against `opponents` hands
    dealt from `strangers` (the cards it cannot see), over `tricks` tricks; `extra` counts
    for it without play (a scart or discard) and `boost` is strength it will get without
    knowing the cards (a talon). The outlook's squared-share model, the strangers spread
    evenly over the opponents."""
    mine = boost
    points = card_total(extra, values)
    pool = per_trick * tricks
    for card in hand:
        if card == FOOL:
            points += values[card]
        else:
            mine += STRENGTH[card]
            pool += values[card]
    theirs = 0
    for card in strangers:
        theirs += STRENGTH[card]
        if card != FOOL:
            pool += values[card]
    each = theirs // opponents
    total = mine * mine + opponents * each * each
    return points + (pool * mine * mine // total if total else 0)
