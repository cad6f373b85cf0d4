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
In the order of the rules: the game (3.1-3.3 the pack, the deal, the dealer's rotation), the
scart (3.3.4), the settlement (3.6, which a scorekept hand, chambery_keep.py, goes through as
a played one does), then the hand (ChamberyState: the scart, 3.4 the bidding, the purchase
and the call, 3.5 the play, each rule with the reason it refuses an action). The bots deal
the cards a seat cannot see with chambery_worlds.py.
"""

from deckcore.game import RulesError
from deckcore.games.tarot import (
    COUNTER_CLOCKWISE, FOOL, FRENCH_1902, ITALIAN, KING, QUEEN, RANK_OF, SUIT_OF, TRUMP, PASS,
    Auction, TarotGame, TarotState, TarotView, card_text, count_cards_and_tricks,
    deal_in_packets, make_pack, make_power, make_values, next_seat, parse_card, suit_card)

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

    @staticmethod
    def declared_options():
        import deckcore.games.chambery_options as declared
        return declared

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


class ChamberyState(TarotState):
    PLAY_RULE = "section 3.5.2"

    def __init__(self, game, dealer, deal):
        # counter-clockwise: 3.3.1, 3.5.1; with no deal, a blank state
        TarotState.__init__(self, game, dealer, blank=deal is None)
        self.discard_rule = game.options["discard_rule"]
        self.auction = None
        self.contract = 0
        self.declarer = -1       # the soloist, or the dealer when he calls or is alone
        self.called = -1         # the called King or Queen
        self.partner = -1
        if deal is None:
            return  # clone() and determinize() give it its lists
        self.scart = []
        self.scart_shown = []    # scart cards everyone knows of (T1 shown, cards asked for)
        self.bids = []           # (seat, bid) in order of speaking
        self.asked = []          # cards bought, in the order named
        self.sellers = []        # who held each of them
        self.given = []          # cards given back, one per card bought
        self.side = [0] * game.num_players
        self.hands = [list(hand) for hand in deal["hands"]]
        # 3.3.2, 3.3.3: the dealer takes the last cards unseen, then discards as many.
        self.hands[dealer] = sorted(self.hands[dealer] + list(deal["stock"]))
        self.discard_rule = effective_discard_rule(game, self.hands[dealer])
        self.phase = "discard"
        self.to_act = dealer

    # Seats and sides
    def eldest(self):
        return next_seat(self.dealer, self.game.num_players, COUNTER_CLOCKWISE)

    def _after_discard(self):
        game = self.game
        players = game.num_players
        if players == 3:
            self.contract = EACH
            self.side = list(range(3))
            self._start_play()
        elif game.options["partnerships"] == "fixed":
            # 3.7: partners sit opposite; the dealer's pair is side 0.
            self.contract = FIXED
            self.side = [(seat - self.dealer) % 2 for seat in range(players)]
            self._start_play()
        else:
            self.open_auction()
            self.phase = "bid"
            self.to_act = self.auction.to_speak()

    def open_auction(self):
        # 3.4.2: one round from the dealer's right, dealer last.
        self.auction = Auction(from_the_dealers_right(self.dealer, self.game.num_players), SOLO)

    def _after_bidding(self):
        high = self.auction.high
        if high != PASS:
            self.contract = high
            self.declarer = self.auction.declarer
            self.side = [0 if seat == self.declarer else 1
                         for seat in range(self.game.num_players)]
            if CARDS_BOUGHT[high]:
                self.phase = "ask"
                self.to_act = self.declarer
            else:
                self._start_play()
            return
        # 3.4.5: nobody bid; the dealer calls a partner, or plays alone.
        self.declarer = self.dealer
        if self.callable_cards():
            self.phase = "call"
            self.to_act = self.dealer
        else:
            self.contract = ALONE
            self.side = [0 if seat == self.dealer else 1 for seat in range(self.game.num_players)]
            self._start_play()

    def _start_play(self):
        # 3.5.1: the declarer leads (soloist, or the dealer in a called game); with no
        # declarer (3 players, fixed partners) and under first_lead = eldest, the dealer's right.
        if self.declarer >= 0 and self.game.options["first_lead"] == "declarer":
            self.start_play(self.declarer)
        else:
            self.start_play(self.eldest())

    # 3.4.4 Buying
    def cards_to_buy(self):
        return CARDS_BOUGHT[self.contract] if self.contract <= SOLO else 0

    def may_ask(self, card):
        """3.4.4: not the Fool, not a card of his own (hand, or scart if he dealt), not one
        already named or known to be in the scart."""
        seat = self.declarer
        if card == FOOL or card in self.hands[seat] or card in self.asked:
            return False
        if card in self.scart_shown or (seat == self.dealer and card in self.scart):
            return False
        return True

    def _ask(self, card):
        if card in self.scart:
            self.scart_shown.append(card)  # the dealer announces it; name another card
            return
        self.asked.append(card)
        if len(self.asked) < self.cards_to_buy():
            return
        # The holders pass the named cards face up.
        for card in self.asked:
            seller = self.holder(card)
            self.sellers.append(seller)
            self.hands[seller].remove(card)
            self.hands[self.declarer].append(card)
        self.hands[self.declarer].sort()
        self.phase = "give"

    def _give(self, card):
        seller = self.sellers[len(self.given)]
        self.hands[self.declarer].remove(card)
        self.hands[seller].append(card)
        self.hands[seller].sort()
        self.given.append(card)
        if len(self.given) == len(self.asked):
            self._start_play()

    # 3.4.5 The call
    def callable_cards(self):
        """Kings the dealer does not hold; if he holds all four, Queens not in his hand or
        scart; none if he holds all Kings and Queens."""
        own = self.hands[self.dealer] + self.scart
        for rank in (KING, QUEEN):
            cards = [suit_card(suit, rank) for suit in range(4)]
            missing = [card for card in cards if card not in own]
            if missing:
                return missing
        return []

    def _call(self, card):
        self.contract = CALLED
        self.called = card
        self.partner = self.holder(card)  # who announces it at once
        self.side = [0 if seat in (self.dealer, self.partner) else 1
                     for seat in range(self.game.num_players)]
        self._start_play()

    def holder(self, card):
        for seat in range(self.game.num_players):
            if card in self.hands[seat]:
                return seat
        return -1

    # Actions
    def legal_actions(self):
        phase = self.phase
        if phase == "play":
            return self.legal_cards(self.to_act)
        if phase == "discard":
            hand = self.hands[self.dealer] + self.scart
            return [card for card in self.hands[self.dealer]
                    if may_complete_discard(self.discard_rule, hand, self.scart + [card],
                                            self.game.scart_size)]
        if phase == "bid":
            return [BID + bid for bid in self.auction.legal()]
        if phase == "ask":
            return [card for card in self.game.pack_cards if self.may_ask(card)]
        if phase == "give":
            return list(self.hands[self.declarer])
        if phase == "call":
            return self.callable_cards()
        return []

    def apply(self, action):
        phase = self.phase
        if phase == "play":
            self.play_card(action)
        elif phase == "discard":
            self.hands[self.dealer].remove(action)
            self.scart.append(action)
            if action == PAGAT:
                self.scart_shown.append(action)  # 3.3.4: shown to all / announced
            if len(self.scart) == self.game.scart_size:
                self._after_discard()
        elif phase == "bid":
            self.bids.append((self.to_act, action - BID))
            self.auction.speak(action - BID)
            self.to_act = self.auction.to_speak()
            if self.to_act < 0:
                self._after_bidding()
        elif phase == "ask":
            self._ask(action)
        elif phase == "give":
            self._give(action)
        else:
            self._call(action)

    def illegal_reason(self, action):
        """None if `action` is legal now, else the rule it breaks: the check of its phase."""
        phase = self.phase
        if phase == "over":
            return "the hand is over"
        if phase == "play":
            return self.play_illegal_reason(action)
        if action in self.legal_actions():
            return None
        if phase == "bid":
            if not BID <= action <= BID + SOLO:
                return "%d is not a bid" % action
            return ("section 3.4.3: a later player may only bid a solo with fewer cards "
                    "(two_cards < one_card < solo)")
        if phase in ("discard", "give") and action not in self.hands[self.to_act]:
            return "seat %d does not hold %s" % (self.to_act, card_text(action))
        if phase == "discard":
            if never_discarded(action):
                return "section 3.3.4: Kings, T21 and the Fool may never be discarded"
            if self.discard_rule == "seed":
                return "section 3.3.4: T1 may be discarded only if there is no alternative"
            return ("section 3.3.4 (discard_rule 1902): trumps may be discarded only if the "
                    "dealer is left with no trumps in hand")
        if phase == "ask":
            if action == FOOL:
                return "section 3.4.4: the Fool may not be named"
            return "section 3.4.4: the soloist may not name his own card or one already named"
        return ("section 3.4.5: the dealer calls a King he does not hold (a Queen if he holds "
                "all four Kings)")

    def turn_rule(self):
        return {
            "discard": "section 3.4.1: the dealer discards before the bidding",
            "bid": "section 3.4.2: one round of bidding from the dealer's right, dealer last",
            "ask": "section 3.4.4: the soloist names the cards he buys",
            "give": "section 3.4.4: the soloist gives a card for each card bought",
            "call": "section 3.4.5: with no bid the dealer calls a King",
            "play": "section 3.5.4: the winner of a trick leads, then play goes counter-clockwise",
        }.get(self.phase)

    # 3.6 Counting and settlement
    def points(self):
        """Each seat's own card points: its cards and tricks, and the scart for the dealer
        (counted apart: no list of both where the bots' search ends a hand)."""
        game = self.game
        points = []
        for seat in range(game.num_players):
            points.append(count_cards_and_tricks(self.piles[seat], game.values,
                                                 self.tricks_won[seat]))
        points[self.dealer] += count_cards_and_tricks(self.scart, game.values, game.scart_point)
        return points

    def scores(self):
        game = self.game
        opts = game.options
        if self.contract == EACH:
            return each_for_himself_scores(self.points(), opts["multipliers"], game.total_points,
                                           from_the_dealers_right(self.dealer, 3))
        return side_scores(self.points(), self.side, self.contract, self.dealer,
                           opts["settlement"], opts["multipliers"], game.total_points)

    def view(self, seat):
        return ChamberyView(self, seat)

    def action_text(self, action):
        phase = self.phase
        if phase == "bid":
            return BID_NAMES[action - BID]
        if phase in ("ask", "give", "call"):
            return phase + " " + card_text(action)
        return card_text(action)

    def parse_action(self, text):
        phase = self.phase
        if phase == "bid":
            if text in BID_NAMES:
                return BID + BID_NAMES.index(text)
            raise RulesError("%r is not a bid: pass, two_cards, one_card or solo" % text)
        if phase in ("ask", "give", "call"):
            verb, _, rest = text.partition(" ")
            if verb != phase:
                raise RulesError("%r: the %s phase expects `%s CARD`" % (text, phase, phase))
            if phase == "give":
                return self.held_card(rest, self.declarer)
            return self.game.parse_card(rest)
        return self.held_card(text, self.current_player())

    @staticmethod
    def copy_public(target, source, shared=False):
        """The play, and the bidding and what it made public."""
        TarotState.copy_public(target, source, shared)
        target.scart_shown = list(source.scart_shown)
        target.bids = list(source.bids)
        target.contract = source.contract
        target.declarer = source.declarer
        target.called = source.called
        target.partner = source.partner
        target.asked = list(source.asked)
        target.sellers = list(source.sellers)
        target.side = list(source.side)

    @staticmethod
    def copy_hidden(target, source):
        TarotState.copy_hidden(target, source)
        target.scart = list(source.scart)
        target.discard_rule = source.discard_rule
        target.auction = source.auction.copy() if source.auction else None
        target.given = list(source.given)

    def blank(self):
        return ChamberyState(self.game, self.dealer, None)


class ChamberyView(TarotView):
    """A seat's view: the public play and bidding, its own hand, the scart for the dealer
    alone (other seats know only the cards shown or announced from it), the cards bought
    (passed face up) and, for the soloist alone, the cards he gave back face down."""

    def __init__(self, state, seat):
        TarotView.__init__(self, state, seat)
        self.scart = list(state.scart) if seat == state.dealer else list(state.scart_shown)
        self.scart_size = len(state.scart)
        # The cards given back, face down: known to the soloist and to who received them.
        self.given = []
        for index in range(len(state.given)):
            known = seat == state.declarer or seat == state.sellers[index]
            self.given.append(state.given[index] if known else -1)

    def visible_cards(self):
        return TarotView.visible_cards(self) + self.scart


GAME_CLASS = Chambery  # (deckcore.games.load)
