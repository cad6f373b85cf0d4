"""High Card, the toy game of tests/host/test_adding_a_game.py: added to a copy of the firmware
by the recipe of docs/architecture.md ("Adding a game") alone, and played there.

Rules: 2-4 players; a pack of 16 cards, 2 to 9 of spades and hearts; 4 cards each. The seat
after the dealer leads; each seat in turn plays any card; the highest rank wins the trick (of
equal ranks, the first played) and leads the next. A hand scores a point per trick won.
"""

from deckcore.game import Game, RulesError, State, TERMINAL, View

RANKS = "23456789"
SUITS = "SH"
HAND_SIZE = 4


class HighCard(Game):
    NAME = "highcard"
    TITLE = "High Card"

    @staticmethod
    def declared_options():
        import deckcore.games.highcard_options as declared
        return declared

    def __init__(self, options=None):
        Game.__init__(self, options)
        self.num_players = self.options["players"]

    def pack(self):
        return list(range(len(RANKS) * len(SUITS)))

    def card_text(self, card):
        return RANKS[card % len(RANKS)] + SUITS[card // len(RANKS)]

    def parse_card(self, text):
        for card in self.pack():
            if self.card_text(card) == text:
                return card
        raise RulesError("%r is not a card of this pack" % text)

    def deal(self, rng, dealer):
        cards = self.pack()
        rng.shuffle(cards)
        hands = []
        for seat in range(self.num_players):
            hand = cards[seat * HAND_SIZE:(seat + 1) * HAND_SIZE]
            hand.sort()
            hands.append(hand)
        return {"hands": hands}

    def new_hand(self, dealer, deal):
        return HighCardState(self, dealer, deal)


def rank(card):
    return card % len(RANKS)


class HighCardState(State):
    def __init__(self, game, dealer, deal):
        State.__init__(self, game, dealer)
        if deal is None:
            return  # blank(): clone fills it in
        self.hands = [list(hand) for hand in deal["hands"]]
        self.tricks_won = [0] * game.num_players
        self.trick = []
        self.trick_seats = []
        self.leader = self.to_act = (dealer + 1) % game.num_players
        self.phase = "play"

    def current_player(self):
        return TERMINAL if self.phase == "over" else self.to_act

    def legal_actions(self):
        return [] if self.phase == "over" else sorted(self.hands[self.to_act])

    def apply(self, action):
        self.hands[self.to_act].remove(action)
        self.trick.append(action)
        self.trick_seats.append(self.to_act)
        players = self.game.num_players
        if len(self.trick) < players:
            self.to_act = (self.to_act + 1) % players
            return
        best = 0
        for index in range(1, players):
            if rank(self.trick[index]) > rank(self.trick[best]):
                best = index
        winner = self.trick_seats[best]
        self.tricks_won[winner] += 1
        self.trick, self.trick_seats = [], []
        self.leader = self.to_act = winner
        if not self.hands[winner]:
            self.phase = "over"

    def points(self):
        return list(self.tricks_won)

    def scores(self):
        return list(self.tricks_won)

    def view(self, seat):
        return HighCardView(self, seat)

    def action_text(self, action):
        return self.game.card_text(action)

    def parse_action(self, text):
        card = self.game.parse_card(text)
        if card not in self.hands[self.to_act]:
            raise RulesError("seat %d does not hold %s" % (self.to_act, text))
        return card

    @staticmethod
    def copy_public(target, source):
        target.phase = source.phase
        target.tricks_won = list(source.tricks_won)
        target.trick = list(source.trick)
        target.trick_seats = list(source.trick_seats)
        target.leader = source.leader
        target.to_act = source.to_act

    @staticmethod
    def copy_hidden(target, source):
        target.hands = [list(hand) for hand in source.hands]

    def blank(self):
        return HighCardState(self.game, self.dealer, None)


class HighCardView(View):
    trick = []  # public fields: copy_public sets them on each view

    def __init__(self, state, seat):
        View.__init__(self, state, seat)
        self.hand = list(state.hands[seat])
        self.hand_sizes = [len(hand) for hand in state.hands]

    def visible_cards(self):
        return self.hand + self.trick


GAME_CLASS = HighCard
