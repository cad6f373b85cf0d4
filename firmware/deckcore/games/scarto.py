"""Scarto (rules.md section 2): Piedmontese tarot for three, each for himself.

The dealer takes the 3-card stock unseen and discards 3 (the scart, which scores for him);
25 tricks are played counter-clockwise with the Angel (T20) above the World (T21); piles
are counted in threes with the Fool alone, and each hand scores card points - 26. A game is
three deals; the lowest total loses.

Phases: "discard" (the dealer discards one card per action, three times), "play", "over".
Actions are card ids; their text is the card (`KS`, `T1`, `Fool`, see tarot.py).
The cards a seat cannot see are dealt for the bots in scarto_worlds.py.
"""

import deckcore.games.scarto_options as scarto_options
from deckcore.games.tarot import (
    COUNTER_CLOCKWISE, FOOL, ITALIAN, KING, RANK_OF, SUIT_OF, TRUMP, TarotGame, TarotState,
    TarotView, card_text, count_in_threes, deal_in_packets, make_power, make_values, next_seat)

PAGAT = 1    # T1, the Bagatto
ANGEL = 20   # T20, above the World
PLAYERS = scarto_options.PLAYERS
HAND = 25
SCART = 3
EVEN_SHARE = 26  # 78 card points / 3 players (2.4.4)


class Scarto(TarotGame):
    NAME = "scarto"
    TITLE = "Scarto"
    DEAL_PILES = ("hands", "stock")

    @staticmethod
    def declared_options():
        import deckcore.games.scarto_options as declared
        return declared

    def __init__(self, options=None):
        TarotGame.__init__(self, options)
        self.num_players = PLAYERS
        self.power = make_power(ITALIAN, angel_high=True)  # 2.1.2, 2.1.3
        # 2.1.4: Kings, T1, T20 = 5; Queens, Fool = 4; Cavaliers 3; Jacks 2; others 1.
        self.values = make_values((5, 4, 3, 2), 1, ((PAGAT, 5), (ANGEL, 5), (FOOL, 4)))

    def deal(self, rng, dealer):
        """2.2.2: packets of 5 counter-clockwise from the dealer's right, 25 each, 3 left."""
        cards = self.pack()
        rng.shuffle(cards)
        right = next_seat(dealer, PLAYERS, COUNTER_CLOCKWISE)
        order = [right, next_seat(right, PLAYERS, COUNTER_CLOCKWISE), dealer]
        hands, stock = deal_in_packets(cards, order, PLAYERS, 5, HAND)
        stock.sort()
        return {"hands": hands, "stock": stock}

    def new_hand(self, dealer, deal):
        return ScartoState(self, dealer, deal)

    # 2.4.5: the player to the dealer's right deals next; each deals once.
    def next_dealer(self, dealer, state):
        return next_seat(dealer, PLAYERS, COUNTER_CLOCKWISE)

    def deals_in_match(self):
        return PLAYERS

    def match_standings(self, match):
        """Seats from the highest total to the lowest (ties in seat order)."""
        return sorted(range(PLAYERS), key=lambda seat: (-match.totals[seat], seat))

    def match_losers(self, match):
        """2.4.5: the lowest total loses; all tied-lowest players lose [house rule]."""
        worst = min(match.totals)
        return [seat for seat in range(PLAYERS) if match.totals[seat] == worst]

    def match_winners(self, match):
        """Everyone who did not lose (the losers pay the winners)."""
        losers = self.match_losers(match)
        return [seat for seat in range(PLAYERS) if seat not in losers]


def forbidden_discard(card):
    """2.2.4: no card worth 5 (Kings, T20, T1) and not the Fool (T1 has an exception)."""
    return card == FOOL or card == ANGEL or card == PAGAT or (card >= 22 and RANK_OF[card] == KING)


def pagat_may_be_discarded(cards):
    """2.2.4 and clarification 7.4: T1 may go to the scart if the dealer's 28-card hand
    holds no other trump and no Fool."""
    for card in cards:
        if card == FOOL or (SUIT_OF[card] == TRUMP and card != PAGAT):
            return False
    return True


def card_points(cards, values):
    """2.4: groups of 3 at sum - 2, the Fool alone at its 4, and the pair left by the Fool's
    trick at sum - 1: `Σ - 2·⌊n/3⌋ - [n mod 3 = 2] + 4·[Fool]` over n non-Fool cards."""
    fool = values[FOOL] if FOOL in cards else 0
    return count_in_threes((card for card in cards if card != FOOL), values) + fool


def hand_scores(points):
    """2.4.4: card points - 26, so the three scores sum to 0."""
    return [p - EVEN_SHARE for p in points]


class ScartoState(TarotState):
    PLAY_RULE = "section 2.3.2"

    def __init__(self, game, dealer, deal):
        TarotState.__init__(self, game, dealer)  # counter-clockwise: 2.2.1
        self.stock = []
        self.scart = []
        self.pagat_discardable = False
        if deal is None:
            return  # clone() and determinize() fill it in
        self.hands = [list(hand) for hand in deal["hands"]]
        self.stock = list(deal["stock"])
        # 2.2.3: the dealer takes the stock without showing it and discards 3.
        dealer_hand = self.hands[dealer]
        dealer_hand.extend(self.stock)
        dealer_hand.sort()
        self.pagat_discardable = pagat_may_be_discarded(dealer_hand)
        self.phase = "discard"
        self.to_act = dealer

    # The discard (2.2.3, 2.2.4)
    def may_discard(self, card):
        return not forbidden_discard(card) or (card == PAGAT and self.pagat_discardable)

    def legal_actions(self):
        if self.phase == "discard":
            return [card for card in self.hands[self.dealer] if self.may_discard(card)]
        if self.phase == "play":
            return self.legal_cards(self.to_act)
        return []

    def illegal_reason(self, action):
        if self.phase == "over":
            return "the hand is over"
        if self.phase == "play":
            return self.play_illegal_reason(action)
        if action not in self.hands[self.dealer]:
            return "seat %d does not hold %s" % (self.dealer, card_text(action))
        if self.may_discard(action):
            return None
        if action == PAGAT:
            return ("section 2.2.4: T1 may be discarded only by a dealer who holds no other "
                    "trump and no Fool")
        return "section 2.2.4: Kings, T20, T1 and the Fool may not be discarded"

    def turn_rule(self):
        if self.phase == "discard":
            return "section 2.2.3: the dealer discards 3 cards before play"
        return ("section 2.3.1: the dealer's right leads first, the winner of a trick leads "
                "the next, and play goes counter-clockwise")

    def apply(self, action):
        if self.phase == "play":
            self.play_card(action)
            return
        self.hands[self.dealer].remove(action)
        self.scart.append(action)
        if len(self.scart) == SCART:
            # 2.3.1: the player to the dealer's right leads to the first trick.
            self.start_play(next_seat(self.dealer, PLAYERS, COUNTER_CLOCKWISE))

    # Counting (2.4)
    def seat_cards(self, seat):
        """The cards that count for `seat`: its tricks, its Fool, and the dealer's scart."""
        if seat == self.dealer:
            return self.piles[seat] + self.scart
        return self.piles[seat]

    def points(self):
        return [card_points(self.seat_cards(seat), self.game.values) for seat in range(PLAYERS)]

    def scores(self):
        return hand_scores(self.points())

    def view(self, seat):
        return ScartoView(self, seat)

    def action_text(self, action):
        return card_text(action)

    def parse_action(self, text):
        return self.held_card(text, self.current_player())

    @staticmethod
    def copy_hidden(target, source):
        TarotState.copy_hidden(target, source)
        target.stock = list(source.stock)
        target.scart = list(source.scart)
        target.pagat_discardable = source.pagat_discardable

    def blank(self):
        return ScartoState(self.game, self.dealer, None)


class ScartoView(TarotView):
    """A seat's view: the public play, its own hand, and for the dealer alone the stock he
    took and the scart he laid down (2.2.3: neither is shown)."""

    def __init__(self, state, seat):
        TarotView.__init__(self, state, seat)
        dealer = seat == state.dealer
        self.stock = list(state.stock) if dealer else []
        self.scart = list(state.scart) if dealer else []
        self.scart_size = len(state.scart)

    def visible_cards(self):
        return TarotView.visible_cards(self) + self.stock + self.scart


GAME_CLASS = Scarto  # (deckcore.games.load)
