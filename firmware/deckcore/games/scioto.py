"""Scioto (rules.md section 1): a point-trick game won by "dismissal", 2 to 6 players.

There is no obligation to follow: a card wins by dismissing the best card so far (the
*major*). `F` dismisses `L` when F is 1 rank higher in any suit, 2 higher in the same colour,
or 3 higher in the same suit (ranks are circular; other rule families in section 1.5).
With two players the major is simply the leader's card until the follower dismisses it, so
one mechanism serves 2 and N players, with and without compounding (section 1.4).
"""

from deckcore.game import Game, RulesError, State, TERMINAL, View
from deckcore.games.scioto_options import ANY, COLOUR, DISMISSAL_RULES, SUIT

SUITS = "CSHD"  # clubs and spades are black, hearts and diamonds red: colour = suit // 2
# The dismissal rules of section 1.5 (ANY, COLOUR, SUIT scopes) are options: scioto_options.py.
# Section 1.5, double pack: the Pinochle ranks from low to high, scoring 1 to 6.
PINOCHLE_RANKS = ("9", "J", "Q", "K", "10", "A")

STOP = 1000  # the leader declines to re-lead (compounding)


class Scioto(Game):
    NAME = "scioto"
    TITLE = "Scioto"
    DEAL_PILES = ("hands", "stock")

    @staticmethod
    def declared_options():
        import deckcore.games.scioto_options as declared
        return declared

    def __init__(self, options=None):
        Game.__init__(self, options)
        opts = self.options
        players = opts["players"]
        self.num_players = players
        ranks = opts["ranks"]
        self.ranks = ranks
        self.distinct = 4 * ranks              # distinct cards
        self.size = self.distinct * (2 if opts["double_pack"] else 1)  # cards in the pack
        self.hand_size = self.size // 4 if opts["trick_and_draw"] else self.size // players
        rule = DISMISSAL_RULES[opts["dismissal"]]

        self.texts = [self._text(card) for card in range(self.size)]
        self.cards_by_text = {}
        for card in range(self.size - 1, -1, -1):  # the lowest id of two identical cards wins
            self.cards_by_text[self.texts[card]] = card
        tiers = opts["schedule"] == "tiers"
        self.card_points = bytearray(self.size)
        for card in range(self.size):
            rank = self.rank(card)
            self.card_points[card] = (rank - 1) // 3 + 1 if tiers else rank
        # dismisses_table[f * size + l] is 1 when card f dismisses card l.
        self.dismisses_table = bytearray(self.size * self.size)
        for f in range(self.size):
            for l in range(self.size):
                self.dismisses_table[f * self.size + l] = self._rule_dismisses(rule, f, l)

    def rank(self, card):
        return card % self.ranks + 1

    def suit(self, card):
        return card % self.distinct // self.ranks

    def _rule_dismisses(self, rule, f, l):
        if f % self.distinct == l % self.distinct:
            # Double pack: the second of two identical cards dismisses the first.
            return 1 if f != l else 0
        distance = (self.rank(f) - self.rank(l)) % self.ranks
        for rule_distance, scope in rule:
            if distance == rule_distance:
                if scope == ANY:
                    return 1
                if scope == COLOUR and self.suit(f) // 2 == self.suit(l) // 2:
                    return 1
                if scope == SUIT and self.suit(f) == self.suit(l):
                    return 1
        return 0

    def dismisses(self, f, l):
        return self.dismisses_table[f * self.size + l] == 1

    def same_card(self, a, b):
        return a % self.distinct == b % self.distinct

    def pack(self):
        return list(range(self.size))

    def card_text(self, card):
        return self.texts[card]

    def _text(self, card):
        rank = self.rank(card)
        if self.options["double_pack"]:
            name = PINOCHLE_RANKS[rank - 1]
        else:
            name = "A" if rank == 1 else str(rank)
        return name + SUITS[self.suit(card)]

    def parse_card(self, text):
        """The lowest card id with this text (the two copies of a double-pack card)."""
        card = self.cards_by_text.get(text)
        if card is None:
            raise RulesError("%r is not a card of this pack" % text)
        return card

    def deal(self, rng, dealer):
        cards = self.pack()
        rng.shuffle(cards)
        hands = []
        for seat in range(self.num_players):
            hand = cards[seat * self.hand_size:(seat + 1) * self.hand_size]
            hand.sort()
            hands.append(hand)
        return {"hands": hands, "stock": cards[self.num_players * self.hand_size:]}

    def new_hand(self, dealer, deal):
        if self.options["double_pack"]:
            deal = self._separate_twins(deal)
        return SciotoState(self, dealer, deal)

    def _separate_twins(self, deal):
        """A logged deal writes both copies of a card alike; give the second its own id."""
        seen = bytearray(self.size)

        def own_ids(cards):
            out = []
            for card in cards:
                if seen[card]:
                    card = (card + self.distinct) % self.size
                seen[card] = 1
                out.append(card)
            return out
        return {"hands": [own_ids(hand) for hand in deal["hands"]],
                "stock": own_ids(deal["stock"])}

    def deals_in_match(self):
        return self.options["deals"]

    def target_points(self):
        return self.options["target"]

    def match_over(self, match):
        target = self.options["target"]
        if target == 0:
            return len(match.results) >= self.options["deals"]
        # First to the target: over once someone has reached it with a clear lead.
        best = max(match.totals)
        return best >= target and match.totals.count(best) == 1


def hand_scores(points):
    """Section 1.3.4: a hand scores the card points each player took (played or entered)."""
    return list(points)


class SciotoState(State):
    """Phases: "play" (the seat to act plays a card), "relead" (the leader may re-lead a card
    that dismisses the major, or stop), "over"."""


    def __init__(self, game, dealer, deal):
        State.__init__(self, game, dealer)
        if deal is None:
            return  # blank(): clone fills it in
        self.hands = [list(hand) for hand in deal["hands"]]
        self.stock = list(deal["stock"])
        self.piles = [[] for _ in range(game.num_players)]  # cards won, per seat
        self.trick = []         # cards of the trick in progress, in play order
        self.trick_seats = []   # who played each of them
        self.major = 0          # index in `trick` of the best card so far
        self.leader = (dealer + 1) % game.num_players  # sections 1.1.6 and 1.5 (players)
        self.to_act = self.leader
        self.tricks_played = 0
        self.phase = "play"

    def current_player(self):
        return TERMINAL if self.phase == "over" else self.to_act

    def _major_card(self):
        return self.trick[self.major]

    def _dismissers(self, hand):
        major = self._major_card()
        return [card for card in hand if self.game.dismisses(card, major)]

    def _distinct(self, cards):
        """One card of each identity (the double pack has two of each), in id order."""
        if not self.game.options["double_pack"]:
            return sorted(cards)
        distinct = self.game.distinct
        out = []
        identities = []
        for card in sorted(cards):
            if card % distinct not in identities:
                identities.append(card % distinct)
                out.append(card)
        return out

    def legal_actions(self):
        if self.phase == "over":
            return []
        hand = self.hands[self.to_act]
        if self.phase == "relead":
            cards = self._distinct(self._dismissers(hand))
            return cards if self.game.options["mandatory_dismissal"] else cards + [STOP]
        if self.trick and self.game.options["mandatory_dismissal"]:
            dismissers = self._dismissers(hand)
            if dismissers:
                return self._distinct(dismissers)
        return self._distinct(hand)

    def illegal_reason(self, action):
        """None if `action` is legal now, else the rule it breaks: a re-lead must dismiss the
        major (1.4), and a seat able to dismiss must (1.5, mandatory dismissal)."""
        if self.phase == "over" or action in self.legal_actions():
            return State.illegal_reason(self, action)
        if action != STOP and action not in self.hands[self.to_act]:
            return "seat %d does not hold %s" % (self.to_act, self.game.card_text(action))
        major = self.game.card_text(self._major_card()) if self.trick else ""
        if self.phase == "relead":
            if action == STOP:
                return "section 1.5 mandatory dismissal: the leader must re-lead when able"
            return "section 1.4: a re-lead must dismiss %s" % major
        return "section 1.5 mandatory dismissal: seat %d holds a card that dismisses %s" % (
            self.to_act, major)

    def turn_rule(self):
        if self.phase == "relead":
            return "section 1.4.3: the leader decides whether to re-lead"
        return ("section 1.1.6: the non-dealer leads first, the winner of a trick leads the "
                "next, and the others follow in turn")

    def apply(self, action):
        if self.phase == "relead":
            if action == STOP:
                self._finish_trick()
                return
            self.phase = "play"
            self._play(action)
            self.major = len(self.trick) - 1  # a re-lead always dismisses the major
        else:
            self._play(action)
            if len(self.trick) > 1 and self.game.dismisses(action, self._major_card()):
                self.major = len(self.trick) - 1
        if len(self.trick) % self.game.num_players:
            self.to_act = (self.to_act + 1) % self.game.num_players
        else:
            self._end_round()

    def _play(self, card):
        self.hands[self.to_act].remove(card)
        self.trick.append(card)
        self.trick_seats.append(self.to_act)

    def _end_round(self):
        """Everyone has played once more: the trick ends unless the leader may re-lead."""
        winner = self.trick_seats[self.major]
        if (winner != self.leader and self.game.options["compounding"]
                and self._dismissers(self.hands[self.leader])):
            self.phase = "relead"
            self.to_act = self.leader
        else:
            self._finish_trick()

    def _finish_trick(self):
        winner = self.trick_seats[self.major]
        self.piles[winner].extend(self.trick)
        self.trick = []
        self.trick_seats = []
        self.major = 0
        self.tricks_played += 1
        self.leader = self.to_act = winner
        self.phase = "play"
        if self.game.options["trick_and_draw"]:
            self._draw(winner)
        if not self.hands[winner]:
            self.phase = "over"

    def _draw(self, winner):
        """Winner first, then alternately, until both hold a full hand or the stock is empty.
        The stock and the hands are new lists (the bots' search takes a draw back by putting
        the old ones back, `undo`)."""
        if not self.stock:
            return
        hands, seat, taken = list(self.hands), winner, 0
        while taken < len(self.stock) and len(hands[seat]) < self.game.hand_size:
            hand = hands[seat] + [self.stock[taken]]
            hand.sort()
            hands[seat] = hand
            taken += 1
            seat = 1 - seat
        self.hands, self.stock = hands, self.stock[taken:]

    # The bots' search plays a card on the position itself, then takes it back (search.py):
    # a copy of the position at every ply held the search's memory (docs/budgets.md).
    def undo_mark(self, action):
        """What `undo` needs to take back `action` (a card, or a stop) applied next. A trick
        that ends leaves its lists (the trick, its seats, the hands and the stock a draw
        replaces) untouched, so the mark keeps them."""
        seat = self.to_act
        return (seat, -1 if action == STOP else self.hands[seat].index(action), self.phase,
                self.major, self.leader, self.tricks_played, self.trick, self.trick_seats,
                self.hands, self.stock)

    def undo(self, mark):
        """Take back the action applied since `undo_mark` gave `mark`."""
        seat, index, trick = mark[0], mark[1], mark[6]
        if self.tricks_played != mark[5]:  # the trick ended: its winner's pile gives it back
            pile = self.piles[self.leader]
            for _ in range(len(trick)):
                pile.pop()
            self.trick, self.trick_seats, self.hands, self.stock = mark[6:10]
        if index >= 0:
            self.trick_seats.pop()
            self.hands[seat].insert(index, trick.pop())
        self.to_act = seat
        self.phase, self.major, self.leader, self.tricks_played = mark[2:6]

    def points(self):
        values = self.game.card_points
        return [sum(values[card] for card in pile) for pile in self.piles]

    def scores(self):
        return hand_scores(self.points())

    def view(self, seat):
        return SciotoView(self, seat)

    def action_text(self, action):
        return "stop" if action == STOP else self.game.card_text(action)

    def parse_action(self, text):
        if text == "stop":
            return STOP
        card = self.game.parse_card(text)
        for held in self.hands[self.to_act]:
            if self.game.same_card(held, card):
                return held
        raise RulesError("seat %d does not hold %s" % (self.to_act, text))

    @staticmethod
    def copy_public(target, source):
        """The course of play: everyone saw every card played (tricks are won face down, but
        all their cards were seen) and who won it."""
        target.phase = source.phase
        target.piles = [list(pile) for pile in source.piles]
        target.trick = list(source.trick)
        target.trick_seats = list(source.trick_seats)
        target.major = source.major
        target.leader = source.leader
        target.to_act = source.to_act
        target.tricks_played = source.tricks_played

    @staticmethod
    def copy_hidden(target, source):
        target.hands = [list(hand) for hand in source.hands]
        target.stock = list(source.stock)

    def blank(self):
        return SciotoState(self.game, self.dealer, None)


class SciotoView(View):
    """What one seat knows: the public play, its own hand, and the sizes of the others and
    of the stock."""

    trick = []  # public fields: copy_public sets them on each view (named for pyright)

    def __init__(self, state, seat):
        View.__init__(self, state, seat)
        self.hand = list(state.hands[seat])
        self.hand_sizes = [len(hand) for hand in state.hands]
        self.stock_size = len(state.stock)
        self.points = state.points()
        self.played = []
        for pile in state.piles:
            self.played.extend(pile)

    def visible_cards(self):
        return self.hand + self.trick + self.played


GAME_CLASS = Scioto  # (deckcore.games.load)
