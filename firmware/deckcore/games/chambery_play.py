"""Chambéry Tarot's hand in play (rules.md section 3): the dealer's scart, the bidding, the
soloist's purchase, the call of a partner and the 15 tricks, as a State, and a seat's view of
it. chambery.py holds the game (options, the deal, the dealer's rotation) and the scoring that
a hand entered by a scorekeeper goes through too: a scorekept match loads that module without
this one."""

from deckcore.game import RulesError
from deckcore.games.chambery import (
    ALONE, BID, BID_NAMES, CALLED, CARDS_BOUGHT, EACH, FIXED, KING, PAGAT, QUEEN, SOLO,
    each_for_himself_scores, effective_discard_rule, from_the_dealers_right,
    may_complete_discard, side_scores)
from deckcore.games.tarot import (
    COUNTER_CLOCKWISE, FOOL, PASS, Auction, TarotState, TarotView, card_text,
    count_cards_and_tricks, next_seat, parse_card, suit_card)


class ChamberyState(TarotState):
    PLAY_RULE = "section 3.5.2"
    CHECKS = "deckcore.games.chambery_checks"  # messages of refused actions, loaded for the call

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
            self.side = [0 if seat == self.declarer else 1 for seat in range(self.game.num_players)]
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
