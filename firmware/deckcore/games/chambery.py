"""Chambéry Tarot (rules.md section 3): the 1902 "Tarot français des fleurs", five players.

The dealer takes the last cards of the deal unseen and lays a scart that counts for his
side; one round of bidding (Two Cards < One Card < Solo) may find a soloist against the
rest, who buys the cards he names; if nobody bids, the dealer calls a King (or a Queen) and
plays with its holder against the other three. 15 tricks are played counter-clockwise with
the Fool as an excuse; each side counts its cards plus 1 per trick (and 1 for the scart),
68 in all, and the losers pay the winners' excess over 34. A rubber is one deal each.

The defaults are the seed's; the 1902 rules are the options suit_ranking, first_lead,
discard_rule, settlement and multipliers (rules.md Defaults (c)); players and pack give
the 4- and 3-player games and the 62-card pack of 3.7.

Phases: "discard" (the dealer, one card per action), "bid" (each seat once, from the
dealer's right: `pass`, `two_cards`, `one_card`, `solo`), "ask" (the soloist names a card:
`ask T21`), "give" (he gives a card back for each one bought: `give 3C`), "call" (the dealer
calls a partner: `call KH`), "play" (a card), "over". Card actions are card ids.
`determinize(view, rng)` deals what a seat cannot see at random, for Monte Carlo bots.
This module holds the game and its scoring, which a scorekept hand (chambery_keep.py) goes
through as a played one does; the hand in play is chambery_play.py, loaded by new_hand.
"""

from deckcore.game import RulesError, call_unloaded
from deckcore.games.tarot import (
    COUNTER_CLOCKWISE, FOOL, FRENCH_1902, ITALIAN, KING, QUEEN, RANK_OF, SUIT_OF, TRUMP, PASS,
    TarotGame, card_text, deal_in_packets, make_pack, make_power, make_values, next_seat,
    suit_card)

PAGAT = 1    # T1, the "baga"
WORLD = 21   # T21

# 3.4.3: the bids, low to high (Auction bids are 1..3); actions are BID + bid.
TWO_CARDS, ONE_CARD, SOLO = 1, 2, 3
BID = 100
BID_NAMES = ("pass", "two_cards", "one_card", "solo")
CARDS_BOUGHT = (0, 2, 1, 0)  # by bid

# Contracts: a bid, or what happens without one.
CALLED = 4   # 3.4.5: the dealer and the holder of the called card against the rest
ALONE = 5    # 3.4.5: the dealer holds all Kings and Queens and plays alone
FIXED = 6    # 3.7: four players in fixed partnerships, no bidding
EACH = 7     # 3.7: three players, each for himself


# 3.3.2 and 3.7 by (players, pack): cards per hand, cards the dealer takes and discards.
DEALS = {(5, 78): (15, 3), (4, 78): (19, 2), (3, 78): (25, 3), (4, 62): (15, 2),
         (3, 62): (20, 2)}


class Chambery(TarotGame):
    NAME = "chambery"
    TITLE = "Chambéry Tarot"
    DEAL_PILES = ("hands", "stock")

    def __init__(self, options=None):
        TarotGame.__init__(self, options)
        opts = self.options
        players, pack = opts["players"], opts["pack"]
        if (players, pack) not in DEALS:
            raise RulesError("the 62-card pack is for 3 or 4 players (section 3.7)")
        if opts["partnerships"] == "fixed" and players != 4:
            raise RulesError("fixed partnerships are a 4-player form (section 3.7)")
        self.num_players = players
        self.hand_size, self.scart_size = DEALS[(players, pack)]
        if pack == 62:
            self.pack_cards = make_pack((1, 6, 7, 8, 9, 10), (1, 6, 7, 8, 9, 10))
        self.power = make_power(FRENCH_1902 if opts["suit_ranking"] == "french_1902" else ITALIAN)
        # 3.2.4: Fool, T21, T1 and Kings 4; Queens 3; Cavaliers 2; Jacks 1; the rest 0.
        self.values = make_values((4, 3, 2, 1), 0, ((FOOL, 4), (WORLD, 4), (PAGAT, 4)))
        # 3.7, 62 cards and 3 players: the scart is not worth a point.
        self.scart_point = 0 if (players, pack) == (3, 62) else 1
        self.total_points = 52 + self.hand_size + self.scart_point  # 68, 72 or 78

    def deal(self, rng, dealer):
        """3.3.2: packets of 5 from the dealer's right, counter-clockwise (a last packet of 4
        for 19 cards); the dealer takes the cards left over."""
        cards = self.pack()
        rng.shuffle(cards)
        order = from_the_dealers_right(dealer, self.num_players)
        fives = self.hand_size // 5 * 5
        hands, rest = deal_in_packets(cards, order, self.num_players, 5, fives)
        if fives < self.hand_size:
            last, rest = deal_in_packets(rest, order, self.num_players,
                                         self.hand_size - fives, self.hand_size - fives)
            for index in range(self.num_players):
                hands[index] = sorted(hands[index] + last[index])
        rest.sort()
        return {"hands": hands, "stock": rest}

    def new_hand(self, dealer, deal):
        from deckcore.games.chambery_play import ChamberyState
        return ChamberyState(self, dealer, deal)

    # 3.3.1, 3.6.7: the deal passes to the right; a rubber is one deal each.
    def next_dealer(self, dealer, state):
        return next_seat(dealer, self.num_players, COUNTER_CLOCKWISE)


def from_the_dealers_right(dealer, players):
    """The seats in the order of play (counter-clockwise) from the dealer's right, the dealer
    last: the order of the deal, of the bidding and of play from the eldest hand."""
    order = []
    seat = dealer
    for _ in range(players):
        seat = next_seat(seat, players, COUNTER_CLOCKWISE)
        order.append(seat)
    return order


# 3.3 The scart --------------------------------------------------------------------------------

def never_discarded(card):
    """3.3.4, both rules: never Kings, T21 or the Fool."""
    return card == FOOL or card == WORLD or (card >= 22 and RANK_OF[card] == KING)


def may_complete_discard(rule, hand, chosen, size):
    """Whether the cards `chosen` from the dealer's `hand` (before discarding) can be made
    into a whole scart of `size` cards under `rule` ("seed" or "1902")."""
    for card in chosen:
        if never_discarded(card):
            return False
    left = size - len(chosen)
    rest = [card for card in hand if card not in chosen and not never_discarded(card)]
    if rule == "seed":
        # T1 only if there is no alternative: fewer other cards than the scart needs.
        others = [card for card in hand if not never_discarded(card) and card != PAGAT]
        pagat_allowed = len(others) < size
        if PAGAT in chosen and not pagat_allowed:
            return False
        spare = len([card for card in rest if card != PAGAT or pagat_allowed])
        return spare >= left
    # 1902: trumps only if the dealer is left with none (the Fool is no trump).
    plain = len([card for card in rest if SUIT_OF[card] != TRUMP])
    trumps = [card for card in hand if SUIT_OF[card] == TRUMP]
    all_trumps_may_go = WORLD not in trumps
    trumps_left = len([card for card in trumps if card not in chosen])
    with_trumps = all_trumps_may_go and trumps_left <= left and left - trumps_left <= plain
    if any(SUIT_OF[card] == TRUMP for card in chosen):
        return with_trumps
    return plain >= left or (with_trumps and len(trumps) > 0)


# 3.6 Settlement -------------------------------------------------------------------------------

def game_factor(multipliers, contract, losers_points, quarter):
    """3.6.4: 1, or under the 1902 multipliers x2 One Card, x4 Solo, x2 when the losers
    have fewer than a quarter of the points (17 of 68)."""
    if multipliers != "1902":
        return 1
    factor = 2 if contract == ONE_CARD else 4 if contract == SOLO else 1
    return factor * 2 if losers_points < quarter else factor


def side_scores(points, side, contract, dealer, settlement, multipliers, total):
    """3.6.3-3.6.6: per-seat payments of a game of two sides. side[seat] is 0 for the
    declaring side (the soloist, or the dealer's side) and 1 for the others."""
    sides = [0, 0]
    for seat in range(len(points)):
        sides[side[seat]] += points[seat]
    return settle_sides(sides, side, contract, dealer, settlement, multipliers, total)


def settle_sides(sides, side, contract, dealer, settlement, multipliers, total):
    """side_scores from the two sides' card points `sides` (declaring side first): what a
    played hand counts and a scorekeeper enters (deckcore/games/chambery_keep.py)."""
    players = len(side)
    half = total // 2
    scores = [0] * players
    if sides[0] == sides[1]:
        return scores  # 3.6.2: a draw, no payment
    winner = 0 if sides[0] > sides[1] else 1
    stake = (sides[winner] - half) * game_factor(multipliers, contract, sides[1 - winner],
                                                 total // 4)
    members = [[s for s in range(players) if side[s] == k] for k in (0, 1)]
    if settlement == "seed":
        # 3.6.5: each winner receives the stake from each loser.
        for seat in range(players):
            if side[seat] == winner:
                scores[seat] = stake * len(members[1 - winner])
            else:
                scores[seat] = -stake * len(members[winner])
        return scores
    # 3.6.6: each opponent pays or receives the stake once; the declaring side shares the
    # total, the dealer taking (or paying) the odd point. Clarification 7.6: a side of one
    # is the default split.
    sign = 1 if winner == 1 else -1
    for seat in members[1]:
        scores[seat] = sign * stake
    share = stake * len(members[1])
    declarers = members[0]
    for seat in declarers:
        amount = share // len(declarers)
        if seat == dealer:
            amount = share - amount * (len(declarers) - 1)
        scores[seat] = -sign * amount
    return scores


def each_for_himself_scores(points, multipliers, total, order):
    """3.7, 3 players: a player under a third of the points pays the difference (x2 under a
    sixth, with the 1902 multipliers); the others share the payments in proportion to their
    excess, rounded down, the rest to the largest excess, first in `order` on a tie
    (clarification 7.7)."""
    par = total // 3
    paid = 0
    excess = [0] * len(points)
    scores = [0] * len(points)
    for seat in range(len(points)):
        if points[seat] < par:
            owed = par - points[seat]
            if multipliers == "1902" and points[seat] < par // 2:
                owed *= 2
            scores[seat] = -owed
            paid += owed
        else:
            excess[seat] = points[seat] - par
    spread = sum(excess)
    if not paid:
        return scores
    given = 0
    for seat in range(len(points)):
        scores[seat] += paid * excess[seat] // spread
        given += paid * excess[seat] // spread
    best = order[0]
    for seat in order:
        if excess[seat] > excess[best]:
            best = seat
    scores[best] += paid - given
    return scores


# The hand -------------------------------------------------------------------------------------

def effective_discard_rule(game, hand):
    """Clarification 7.5: if the dealer has no legal discard under the 1902 rule, the seed's
    rule applies for that deal."""
    rule = game.options["discard_rule"]
    if rule == "1902" and not may_complete_discard(rule, hand, [], game.scart_size):
        return "seed"
    return rule


def determinize(view, rng):
    """A full ChamberyState consistent with `view` (chambery_worlds.py: the bots' dealing,
    loaded for each world dealt and unloaded after, so that it takes no heap while they
    search)."""
    return call_unloaded("deckcore.games.chambery_worlds", "determinize", view, rng)


GAME_CLASS = Chambery
