"""What the bots know about tarot card play, shared by Scarto, Chambéry and Droggn (rules.md
sections 2-4): how the cards still in play are likely to fall and which card to try first in
a trick (what comes before the play is in tarot_bidding.py).

The outlook of a position credits each seat with the values it has won, the trick on the
table to the seat winning it, the Fool to its holder (it is never captured: 2.3.5, 3.5.5,
4.6.4), and a share of the values and tricks still in play in proportion to a power of its
hand's play strength: trick-taking rewards a concentrated hand, so one strong hand against
several weak ones takes more than its plain share. Scarto has its own play strengths (the
module's STRENGTH), fitted to what the seats of self-played hands went on to take
(tools/fit_tarot_outlook.py), and cubes them; Chambéry and Droggn square the rule of thumb
STRENGTH here, which the bidding uses too (their fitted tables gained nothing measurable:
docs/bots.md). Card points are then the values plus PER_TRICK for each trick: -2 when
counting in threes (a trick of three cards is its values less 2; Scarto 2.4.1, Droggn
4.1.4), +1 when counting by card and trick (Chambéry 3.2.4). Each game turns the points
into its own scores.
"""

from deckcore import const
from deckcore.bots import card_total
from deckcore.games.tarot import (
    FOOL, KING, RANK_OF, SUIT_OF, TRUMP, follow_cards, led_suit, winning_index)

THREES = -2          # counting in threes: each trick of three is worth its values less 2
CARD_AND_TRICK = 1   # counting by card and trick: the values plus 1 per trick
_COURT_STRENGTH = const((6, 4, 3, 2))  # K Q N J


def _strengths():
    """How much each card helps to take tricks: trumps most (the higher the more, T20 and
    T21 on top), then the courts K Q N J (6 4 3 2), 1 for other suit cards, 0 for the Fool."""
    table = bytearray(78)
    for card in range(78):
        suit = SUIT_OF[card]
        if suit == TRUMP:
            table[card] = 4 + card // 3 + (3 if card >= 20 else 0)
        elif suit < TRUMP:
            rank = RANK_OF[card]
            table[card] = _COURT_STRENGTH[KING - rank] if rank > 10 else 1
    return table


STRENGTH = _strengths()


def hidden(view):
    """Whether some card of the pack is out of the seat's sight."""
    seen = bytearray(78)
    count = 0
    for card in view.visible_cards():
        if not seen[card]:
            seen[card] = 1
            count += 1
    return count < len(view.game.pack_cards)


def cards_left(state):
    total = 0
    for hand in state.hands:
        total += len(hand)
    return total


# The trick on the table ------------------------------------------------------------------------

def table_winner(state):
    """The index in the trick of the card winning it so far, -1 if only the Fool is down."""
    if not state.trick or led_suit(state.trick) < 0:
        return -1
    return state.trick_winner()


def beats(card, best, led, power):
    """Whether `card` played now would win over the trick's best card `best`."""
    suit = SUIT_OF[card]
    if suit == TRUMP:
        return SUIT_OF[best] != TRUMP or power[card] > power[best]
    return suit == led and SUIT_OF[best] != TRUMP and power[card] > power[best]


def table_points(state, values, per_trick, index=-2):
    """Per seat: the cards won so far, the trick on the table credited to its winner and
    a Fool on the table to its player, as values + PER_TRICK per trick. `index` is the
    table_winner if known."""
    players = state.game.num_players
    points = [0] * players
    for seat in range(players):
        points[seat] = card_total(state.piles[seat], values) + per_trick * state.tricks_won[seat]
    if index == -2:
        index = table_winner(state)
    trick = state.trick
    for i in range(len(trick)):
        card = trick[i]
        if card == FOOL:
            points[state.trick_seats[i]] += values[card]
        elif index >= 0:
            points[state.trick_seats[index]] += values[card]
    return points


def outlook(state, values, per_trick, partners, fitted=None):
    """Per seat, the card points it may expect at the end of play (values + PER_TRICK per
    trick): what it has won, the trick on the table played out (played_out) to its winner,
    the Fool to its holder, and a share of the rest by the cube of the hand's strength by
    `fitted`, a game's fitted play strengths (the sum cubed times the points in play stays a
    small int on the board, tests/core/test_bots_tarot.py), or without them by the square
    of its strength by the rule of thumb STRENGTH. (One pass over each seat's cards, and no
    list made for an empty table: it values most of the search's positions.)"""
    players = state.game.num_players
    points = [0] * players
    weights = [0] * players
    out = None  # the cards played out, which still lie in their hands
    index = -1
    trick = state.trick
    if trick:
        trick, seats = played_out(state, partners)
        index = winning_index(trick, state.game.power)
        for i in range(len(trick)):
            card = trick[i]
            if card == FOOL or index < 0:
                points[seats[i]] += values[card]
            else:
                points[seats[index]] += values[card]
        if index >= 0:
            points[seats[index]] += per_trick
        out = trick[len(state.trick):]
    table = STRENGTH if fitted is None else fitted
    pool = cards = total = 0
    for seat in range(players):
        won = per_trick * state.tricks_won[seat]
        for card in state.piles[seat]:
            won += values[card]
        power = held = 0
        for card in state.hands[seat]:
            if out and card in out:
                continue
            held += 1
            if card == FOOL:
                won += values[FOOL]
            else:
                pool += values[card]
                power += table[card]
        points[seat] += won
        weight = power * power
        if fitted is not None:
            weight *= power
        weights[seat] = weight
        total += weight
        cards += held
    if cards == 0:
        return points
    pool += per_trick * (cards // state.trick_size() + (1 if out is not None and index < 0 else 0))
    if total == 0:  # only Fools and blanks: share evenly among the hands with cards
        for seat in range(players):
            weights[seat] = 0
            for card in state.hands[seat]:
                if not (out and card in out):
                    weights[seat] = 1
            total += weights[seat]
    given = 0
    heaviest = 0
    for seat in range(players):
        share = pool * weights[seat] // total
        points[seat] += share
        given += share
        if weights[seat] > weights[heaviest]:
            heaviest = seat
    points[heaviest] += pool - given  # what rounding down left over
    return points


def played_out(state, partners):
    """The trick on the table and its seats, completed by each seat still to play playing
    the first card of `order` (no search): who will likely win it, and with what."""
    trick = list(state.trick)
    seats = list(state.trick_seats)
    if not trick:
        return trick, seats
    values, power = state.game.values, state.game.power
    size = state.trick_size()
    seat = state.current_player()
    while len(trick) < size and seat >= 0:
        hand = state.hands[seat]
        if not hand:
            break
        led = led_suit(trick)
        legal = follow_cards(hand, led) or hand
        index = winning_index(trick, power) if led >= 0 else -1
        best_card, best_key = legal[0], None
        if index >= 0:
            best = trick[index]
            friendly = partners(state, seats[index], seat)
            for card in legal:
                key = reply_key(card, best, led, friendly, values, power)
                if best_key is None or key < best_key:
                    best_card, best_key = card, key
        else:
            for card in legal:
                key = lead_key(card, False, values, power)
                if best_key is None or key < best_key:
                    best_card, best_key = card, key
        trick.append(best_card)
        seats.append(seat)
        seat = state.next_player(seat)
    return trick, seats


def spread(state):
    """How far the outlook may still be off, in card points: a sixth of the cards in hand."""
    return 1 + cards_left(state) // 6


def blend(points, threshold, width, win, lose):
    """The value between `lose` (points well under `threshold`) and `win` (well over),
    linear over threshold +- width: a step of the scoring smoothed by the uncertainty."""
    low = threshold - width
    high = threshold + width
    if points <= low:
        return lose
    if points >= high:
        return win
    return (win * (points - low) + lose * (high - points)) // (high - low)


# Move ordering ------------------------------------------------------------------------------

def order(state, actions, partners):
    """Likely best first: by reply_key when a card is winning the trick on the table,
    else by lead_key (a card no opponent's hand can beat first)."""
    game = state.game
    values, power = game.values, game.power
    mover = state.current_player()
    ranked = []
    index = table_winner(state)
    if state.trick and index >= 0:
        best = state.trick[index]
        led = led_suit(state.trick)
        friendly = partners(state, state.trick_seats[index], mover)
        for i in range(len(actions)):
            ranked.append((reply_key(actions[i], best, led, friendly, values, power), i))
    else:
        # The power of the opponents' highest card of each suit (by suit number, -1: none),
        # read from their hands, not joined into one list (up to 48 cards at every lead).
        highest = [-1, -1, -1, -1, -1, -1]
        for seat in range(len(state.hands)):
            if seat != mover and not partners(state, seat, mover):
                for card in state.hands[seat]:
                    if power[card] > highest[SUIT_OF[card]]:
                        highest[SUIT_OF[card]] = power[card]
        for i in range(len(actions)):
            card = actions[i]
            ranked.append((lead_key(card, unbeatable(card, highest, power), values, power), i))
    ranked.sort()
    return [actions[item[1]] for item in ranked]


def reply_key(card, best, led, friendly, values, power):
    """Smaller first. When a partner is winning (`friendly`), the cards of most value that
    do not overtake; else the cheapest card that wins, then the cheapest cards, the Fool
    before those worth more than a Jack."""
    value = values[card]
    if card == FOOL:  # it saves a card worth more than a Jack from being lost
        return 100 if friendly else 110
    if beats(card, best, led, power):
        return 200 + value if friendly else power[card]
    return 100 - value if friendly else 100 + 4 * value + power[card] // 8


def lead_key(card, sure, values, power):
    """Smaller first: a `sure` card (no opponent can beat it), the richest first, trumps
    before suit cards; then low cards; the Fool last."""
    if card == FOOL:
        return 300
    if sure:
        return 50 - values[card] - (10 if SUIT_OF[card] == TRUMP else 0)
    return 100 + 4 * values[card] + power[card] // 8


def unbeatable(card, highest, power):
    """Whether no opponent's card can win over `card` led (ignoring who must follow): none
    higher of its suit and, unless it is a trump, no trump. `highest`: the opponents'
    highest power in each suit, -1 where they hold none (`order`)."""
    suit = SUIT_OF[card]
    if suit != TRUMP and highest[TRUMP] >= 0:
        return False
    return highest[suit] <= power[card]
