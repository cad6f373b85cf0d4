"""The tarot family's shared mechanics (rules.md sections 2, 3 and 4): Scarto, Chambéry Tarot
and Droggn each subclass what is here and add their own deal, exchange, bidding and scoring.

Cards are small ints, the same id in every pack size:

    FOOL = 0 (text `Fool`; Droggn's Gstieß, Chambéry's Excuse)
    T1 .. T21 = 1 .. 21 (text `T1` .. `T21`)
    suit cards 22 .. 77 = 22 + 14 * suit + rank - 1, suits S C H D = 0 1 2 3
        (0, 1 black/long, 2, 3 red/round: `is_red(suit) = suit >= 2`),
        ranks 1 .. 10 pips, 11 J (jack), 12 N (knight, cavalier), 13 Q, 14 K;
        text rank then suit: `1C`, `10D`, `JS`, `NH`, `QD`, `KS`.

Module API (all tables are bytearrays indexed by card id):

    SUIT_OF[card]           0..3, TRUMP (4) or EXCUSE (5); RANK_OF[card] 1..14 (trump number)
    card_text(c), parse_card(text)       the alphabet above; RulesError for a bad token
    make_pack(black_pips, red_pips)      ids of a pack: all trumps, the Fool, every court card
                                         and the listed pips (78: 1..10 both; Droggn's 66:
                                         black 4..10, red 1..7; Chambéry's 62: 1 and 6..10)
    make_power(ranking, angel_high)      trick-taking strength: ranking ITALIAN (black K Q N J
                                         10..1, red K Q N J 1..10) or FRENCH_1902 (K Q N J 1
                                         10..2 in all suits); angel_high puts T20 over T21
    suit_strength(suit, rank, ranking)   the same order as a function of suit
    make_values(courts, other, honours)  counting values: courts = (K, Q, N, J) values,
                                         `other` for every other card, honours = ((card, v),..)
    follow_cards(hand, led)              the non-Fool cards the follow/trump rules allow
    led_suit(trick)                      suit to follow (the second card's if the Fool led)
    winning_index(trick, power)          index of the winning card (the Fool never wins)
    count_in_threes(cards, values)       pagat counting: Σ - 2 per group of 3 - 1 for a
                                         leftover single or pair
    count_cards_and_tricks(cards, values, tricks)   Σ values + 1 per trick (Chambéry)
    next_seat(seat, players, direction)  CLOCKWISE (+1, to the left) or COUNTER_CLOCKWISE (-1)
    deal_in_packets(cards, order, seats, packet, per_hand)   hands dealt round `order`
    Auction(speakers)                    one round, each speaks once, PASS or a higher bid
    tarot_worlds.deal_unknown(cards, sizes, allowed, rng)
                                         random deal of hidden cards into slots that
                                         respects allowed(slot, card) (voids), for bots;
                                         exact, O(cards * 2**slots), None if impossible
    may_hold(voids, card)                False if `card` is of a suit in the voids bitmask

Class API:

    TarotGame(Game)   set `self.pack_cards`, `self.power`, `self.values` in __init__; gives
                      pack(), card_text(), parse_card() (cards outside the pack rejected).
    TarotState(State) phase "play" of any tarot hand. The subclass sets `hands`, calls
                      `start_play(leader)`, implements its own phases, and in phase "play"
                      forwards to `legal_cards(seat)`, `play_card(card)`,
                      `play_illegal_reason(card)`. Class attribute PLAY_RULE names the rule
                      for messages ("section 2.3.2"). Hooks to override:
                        excuse_allowed(seat)       may the Fool be played now (default yes)
                        excuse_goes_to(seat, winner)  whose pile gets it (default its player)
                        trick_winner()             index of the winning card
                        end_of_play()              after the last trick (default "over")
                      State kept: hands, piles (cards won per seat; the Fool in its player's
                      pile), played (cards each seat has played, public), tricks_won,
                      trick, trick_seats, leader, to_act, tricks_played,
                      voids (per seat bitmask 1 << suit of suits shown void, public),
                      excuse_seat / excuse_winner (who played the Fool, who won that trick).
                      All but the hands are public (copy_public); a subclass extends
                      copy_public and copy_hidden with its own fields (game.py) and gives
                      blank(). undo_mark(card) / undo(mark) take a card of the play back
                      (the bots' search); a subclass whose play changes fields of its own
                      extends both (Droggn's Pagat).
    TarotView         the public part of a hand for one seat (with `game`, for determinizing);
                      subclasses add the secrets that seat may see. visible_cards() = own hand
                      + trick + every card seen in tricks.

What the screens show of every tarot game alike, beside the View it reads (the games' show
modules, games/<game>_show.py, take it from here; their contract is in docs/architecture.md,
"Adding a game"): TAKEN, LEGEND and seat_figures(view, seat), the figures beside a seat.
"""

from deckcore import const
from deckcore.game import Game, RulesError, State, TERMINAL, View

FOOL = 0
TRUMP = 4
EXCUSE = 5
SUITS = "SCHD"  # spades, clubs (black, long); hearts, diamonds (red, round)
RANKS = ("", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
QUEEN, KING = 13, 14  # (the jack is 11, the knight 12: RANKS)
SUIT_NAMES = ("spades", "clubs", "hearts", "diamonds", "trumps", "the Fool")
PACK_SIZE = 78
_ALL_PIPS = const((1, 2, 3, 4, 5, 6, 7, 8, 9, 10))

CLOCKWISE = 1           # play passes to the left: seat + 1
COUNTER_CLOCKWISE = -1  # play passes to the right: seat - 1

ITALIAN = "italian"          # black K Q N J 10 .. 1, red K Q N J 1 .. 10 (sections 2.1.3, 3.2.3)
FRENCH_1902 = "french_1902"  # K Q N J 1 10 9 .. 2 in every suit (section 3.2.3 option)


def trump(number):
    return number


def suit_card(suit, rank):
    return 22 + 14 * suit + rank - 1


def is_red(suit):
    return suit >= 2


def _suit_table():
    suit_of = bytearray(PACK_SIZE)
    rank_of = bytearray(PACK_SIZE)
    suit_of[FOOL] = EXCUSE
    for card in range(1, 22):
        suit_of[card] = TRUMP
        rank_of[card] = card
    for card in range(22, PACK_SIZE):
        suit_of[card] = (card - 22) // 14
        rank_of[card] = (card - 22) % 14 + 1
    return suit_of, rank_of


SUIT_OF, RANK_OF = _suit_table()


def card_text(card):
    if card == FOOL:
        return "Fool"
    if card < 22:
        return "T%d" % card
    return RANKS[RANK_OF[card]] + SUITS[SUIT_OF[card]]


def parse_card(text):
    """The id of a card text of the tarot alphabet (any pack size)."""
    if text == "Fool":
        return FOOL
    if len(text) >= 2 and text[:1] == "T" and text[1:].isdigit():
        try:
            number = int(text[1:])
        except ValueError:  # (a digit to CPython that int() does not read: "T\u00b2")
            number = 0
        # ASCII digits without a leading 0, as on MicroPython ("T\u0663" is no T3)
        if 1 <= number <= 21 and "%d" % number == text[1:]:  # (slices: an index interns)
            return number
    elif len(text) >= 2:
        suit = SUITS.find(text[-1:])
        rank_text = text[:-1]
        if suit >= 0:
            for rank in range(1, 15):
                if RANKS[rank] == rank_text:
                    return suit_card(suit, rank)
    raise RulesError("%r is not a tarot card (Fool, T1..T21, or a rank 1..10 J N Q K "
                     "followed by a suit S C H D)" % text)


def make_pack(black_pips=_ALL_PIPS, red_pips=_ALL_PIPS):
    """The card ids of a pack, in id order: the Fool, 21 trumps, the four court cards of every
    suit and the listed pip ranks (black suits S C, red suits H D)."""
    cards = list(range(22))
    for suit in range(4):
        pips = red_pips if is_red(suit) else black_pips
        for rank in range(1, 15):
            if rank > 10 or rank in pips:
                cards.append(suit_card(suit, rank))
    return cards


def suit_strength(suit, rank, ranking=ITALIAN):
    """1 (lowest) .. 14 (King) within a suit, under the given suit ranking."""
    if rank > 10:
        return rank
    if ranking == FRENCH_1902:
        return 10 if rank == 1 else rank - 1
    return 11 - rank if is_red(suit) else rank


def make_power(ranking=ITALIAN, angel_high=False):
    """Strength of every card for `winning_index`: the Fool 0, suit cards 1..14, trumps above
    every suit card; with angel_high (Scarto, section 2.1.2) T20 beats T21."""
    power = bytearray(PACK_SIZE)
    for card in range(1, 22):
        power[card] = 20 + card
    if angel_high:
        power[20] = 20 + 22
    for card in range(22, PACK_SIZE):
        power[card] = suit_strength(SUIT_OF[card], RANK_OF[card], ranking)
    return power


def make_values(courts, other, honours):
    """Counting values: courts = values of (K, Q, N, J), `other` for every other card
    (trumps and the Fool included), then honours = ((card, value), ...) override."""
    values = bytearray(PACK_SIZE)
    for card in range(PACK_SIZE):
        rank = RANK_OF[card]
        if card >= 22 and rank > 10:
            values[card] = courts[KING - rank]
        else:
            values[card] = other
    for card, value in honours:
        values[card] = value
    return values


# Trick-taking -------------------------------------------------------------------------------

def led_suit(trick):
    """The suit to follow: that of the first card that is not the Fool; -1 if none yet."""
    for card in trick:
        if card != FOOL:
            return SUIT_OF[card]
    return -1


def follow_cards(hand, led):
    """The cards of `hand` (Fool excluded) that the obligations allow: follow suit; if void,
    trump; if trumps are led, trump; otherwise anything. No obligation to overtake."""
    if led < 0:
        return [card for card in hand if card != FOOL]
    same = [card for card in hand if SUIT_OF[card] == led]
    if same:
        return same
    trumps = [card for card in hand if SUIT_OF[card] == TRUMP]
    if trumps:
        return trumps
    return [card for card in hand if card != FOOL]


def winning_index(trick, power):
    """Index in `trick` of the highest trump, else of the highest card of the suit led.
    The Fool never wins."""
    led = led_suit(trick)
    best, best_power = -1, -1
    for index in range(len(trick)):
        card = trick[index]
        suit = SUIT_OF[card]
        if suit == TRUMP or (suit == led and suit != EXCUSE):
            if power[card] > best_power:
                best, best_power = index, power[card]
    return best


# Counting -----------------------------------------------------------------------------------

def count_in_threes(cards, values):
    """Pagat's counting (http://pagat.com/tarot/counting.html): the face values less 2 for
    every group of three, less 1 for a leftover single card or pair."""
    total = n = 0
    for card in cards:  # (any iterable of cards)
        total += values[card]
        n += 1
    return total - 2 * (n // 3) - (1 if n % 3 else 0)


def count_cards_and_tricks(cards, values, tricks):
    """Counting by card and trick (Chambéry, section 3.2.4): the values plus 1 per trick."""
    total = tricks
    for card in cards:
        total += values[card]
    return total


# Seats, deal, bidding -----------------------------------------------------------------------

def next_seat(seat, players, direction):
    return (seat + direction) % players


def deal_in_packets(cards, order, seats, packet, per_hand):
    """Deal `cards` in packets of `packet` round the seats listed in `order` until each holds
    `per_hand`. Returns (hands indexed by seat, sorted; a seat not in `order` gets none,
    the cards left over)."""
    hands = [[] for _ in range(seats)]
    position = 0
    while len(hands[order[-1]]) < per_hand:
        for seat in order:
            hands[seat].extend(cards[position:position + packet])
            position += packet
    for hand in hands:
        hand.sort()
    return hands, cards[position:]


PASS = 0


class Auction:
    """One round of bidding (Chambéry 3.4.2, Droggn 4.3): every seat in `speakers` speaks once,
    in order, PASS or a bid (an int >= 1, a higher number a higher bid) above the highest
    so far."""

    def __init__(self, speakers, top_bid):
        self.speakers = speakers
        self.top_bid = top_bid
        self.spoken = 0
        self.high = PASS
        self.declarer = -1

    def to_speak(self):
        """The seat to speak, or -1 when everyone has spoken."""
        return self.speakers[self.spoken] if self.spoken < len(self.speakers) else -1

    def legal(self):
        return [PASS] + list(range(self.high + 1, self.top_bid + 1))

    def speak(self, bid):
        if bid != PASS:
            self.high = bid
            self.declarer = self.speakers[self.spoken]
        self.spoken += 1

    def copy(self):
        other = Auction(self.speakers, self.top_bid)
        other.spoken, other.high, other.declarer = self.spoken, self.high, self.declarer
        return other


# Hidden cards, for bots ---------------------------------------------------------------------

def may_hold(voids, card):
    """Whether a seat whose shown voids are `voids` (bitmask 1 << suit) may hold `card`."""
    return not voids & (1 << SUIT_OF[card])


# The game and the play phase ----------------------------------------------------------------

class TarotGame(Game):
    """A tarot game; subclasses set pack_cards, power and values in __init__, and direction
    where an option turns the play clockwise (Droggn)."""

    direction = COUNTER_CLOCKWISE  # of deal and play

    def __init__(self, options=None):
        Game.__init__(self, options)
        self.pack_cards = make_pack()
        self.power = make_power()
        self.values = make_values((0, 0, 0, 0), 0, ())

    def pack(self):
        return list(self.pack_cards)

    def card_text(self, card):
        return card_text(card)

    def parse_card(self, text):
        card = parse_card(text)
        if card not in self.pack_cards:
            raise RulesError("%s is not in the %d-card pack" % (text, len(self.pack_cards)))
        return card


class TarotState(State):
    """The trick play shared by the tarot games (phase "play")."""

    PLAY_RULE = ""  # e.g. "section 2.3.2", for messages
    # The seat that sits the hand out (Droggn with four players: the dealer). An instance
    # field only when there is one: on the device every field of a state costs heap in each
    # world the bots deal and each view.
    sitting_out = -1

    def __init__(self, game, dealer, sitting_out=-1, blank=False):
        """`blank`: the lists of the play are left for the caller to set (a state that
        `clone` or a bot's dealing of a world fills in: on the device, lists made only to be
        replaced are garbage in the middle of a bot's think)."""
        State.__init__(self, game, dealer)
        players = game.num_players
        if sitting_out >= 0:
            self.sitting_out = sitting_out
        self.leader = -1
        self.to_act = -1
        self.tricks_played = 0
        self.excuse_seat = -1
        self.excuse_winner = -1
        if blank:
            return
        self.hands = [[] for _ in range(players)]
        self.piles = [[] for _ in range(players)]
        self.played = [[] for _ in range(players)]
        self.tricks_won = [0] * players
        self.trick = []
        self.trick_seats = []
        self.voids = bytearray(players)

    # Seats
    def next_player(self, seat):
        game = self.game
        seat = next_seat(seat, game.num_players, game.direction)
        if seat == self.sitting_out:
            seat = next_seat(seat, game.num_players, game.direction)
        return seat

    def trick_size(self):
        return self.game.num_players - (1 if self.sitting_out >= 0 else 0)

    def start_play(self, leader):
        self.phase = "play"
        self.leader = self.to_act = leader

    # Hooks
    def excuse_allowed(self, seat):
        return True

    def excuse_goes_to(self, seat, winner):
        return seat

    def trick_winner(self):
        return winning_index(self.trick, self.game.power)

    def end_of_play(self):
        self.phase = "over"

    # Play
    def legal_cards(self, seat):
        hand = self.hands[seat]
        cards = follow_cards(hand, led_suit(self.trick))
        if FOOL in hand and self.excuse_allowed(seat):
            return [FOOL] + cards  # the Fool (id 0) first, as in a sorted hand
        return cards

    def play_illegal_reason(self, card):
        """None if `card` may be played now, else the rule it breaks: the Fool's, or the
        duty to follow suit, else to trump, that legal_cards keeps (checked here for the one
        card: a game whose legal_cards refuses more says so in its own play_illegal_reason
        first, as Droggn does)."""
        seat = self.to_act
        hand = self.hands[seat]
        if card not in hand:
            return "seat %d does not hold %s" % (seat, card_text(card))
        if card == FOOL:
            if self.excuse_allowed(seat):
                return None
            return "%s: the Fool may not be played now" % self.PLAY_RULE
        # legal_cards' rules for one card, no list made (a host replays every card played)
        led = led_suit(self.trick)
        suit = SUIT_OF[card]
        if led < 0 or suit == led:
            return None
        if any(SUIT_OF[c] == led for c in hand):
            if led == TRUMP:
                return "%s: trumps were led and seat %d holds a trump" % (self.PLAY_RULE, seat)
            return "%s: must follow suit (%s led)" % (self.PLAY_RULE, SUIT_NAMES[led])
        if suit == TRUMP or not any(SUIT_OF[c] == TRUMP for c in hand):
            return None
        return "%s: void in %s, must play a trump" % (self.PLAY_RULE, SUIT_NAMES[led])

    def play_card(self, card):
        seat = self.to_act
        led = led_suit(self.trick)
        suit = SUIT_OF[card]
        if led >= 0 and card != FOOL and suit != led:
            self.voids[seat] |= 1 << led
            if suit != TRUMP:
                self.voids[seat] |= 1 << TRUMP
        self.hands[seat].remove(card)
        self.played[seat].append(card)
        self.trick.append(card)
        self.trick_seats.append(seat)
        if len(self.trick) < self.trick_size():
            self.to_act = self.next_player(seat)
        else:
            self._finish_trick()

    def _finish_trick(self):
        winner = self.trick_seats[self.trick_winner()]
        for index in range(len(self.trick)):
            card, seat = self.trick[index], self.trick_seats[index]
            if card == FOOL:
                self.excuse_seat, self.excuse_winner = seat, winner
                self.piles[self.excuse_goes_to(seat, winner)].append(card)
            else:
                self.piles[winner].append(card)
        self.tricks_won[winner] += 1
        self.tricks_played += 1
        self.trick = []
        self.trick_seats = []
        self.leader = self.to_act = winner
        if not self.hands[winner]:
            self.end_of_play()

    # The bots' search plays a card on the position itself, then takes it back (search.py)
    def undo_mark(self, card):
        """What `undo` needs to take back `card` played next, or None outside the play."""
        if self.phase != "play":
            return None
        seat = self.to_act
        return (seat, self.hands[seat].index(card), self.voids[seat], self.trick,
                self.trick_seats, self.tricks_played, self.leader, self.excuse_seat,
                self.excuse_winner)

    def undo(self, mark):
        """Take back the card played since `undo_mark` gave `mark`: the position is as it was."""
        seat, trick, seats = mark[0], mark[3], mark[4]
        if self.tricks_played != mark[5]:  # the card completed a trick: the piles give it back
            winner = self.leader
            self.tricks_won[winner] -= 1
            for index in range(len(trick) - 1, -1, -1):
                if trick[index] == FOOL:
                    self.piles[self.excuse_goes_to(seats[index], winner)].pop()
                else:
                    self.piles[winner].pop()
        card = trick.pop()
        seats.pop()
        self.trick, self.trick_seats = trick, seats
        self.played[seat].pop()
        self.hands[seat].insert(mark[1], card)
        self.voids[seat] = mark[2]
        self.phase = "play"
        self.to_act = seat
        self.tricks_played, self.leader, self.excuse_seat, self.excuse_winner = mark[5:9]

    @staticmethod
    def copy_public(target, source, shared=False):
        """`shared`: `target` is a bot's world dealt from the view `source` and takes the
        view's own lists of the play, not copies (the world is about 1.5 KB smaller at the
        bots' peak of heap). The search plays the world's cards and takes every one back
        (undo_mark, undo), which leaves each list as it was: the view is the same after each
        world."""
        target.phase = source.phase
        if source.sitting_out >= 0:
            target.sitting_out = source.sitting_out
        if shared:
            target.piles, target.played = source.piles, source.played
            target.tricks_won, target.voids = source.tricks_won, source.voids
            target.trick, target.trick_seats = source.trick, source.trick_seats
        else:
            # A bot's worlds play on the view's piles (shared, above), and a trick won there
            # made a long pile grow: 512 bytes in one piece at the search's peak of heap,
            # where they were missing (docs/budgets.md). A long pile gets room for three
            # tricks, the most a line of the device levels' search wins (the trick on the
            # table, the next within its depth, one played through); a short one grows little.
            room = 3 * len(source.piles)
            target.piles = [list(pile) if len(pile) <= room else pile + [FOOL] * room
                            for pile in source.piles]
            for pile, source_pile in zip(target.piles, source.piles):
                del pile[len(source_pile):]  # (the room kept, the cards cut back)
            target.played = [list(cards) for cards in source.played]
            target.tricks_won = list(source.tricks_won)
            target.voids = bytearray(source.voids)
            target.trick = list(source.trick)
            target.trick_seats = list(source.trick_seats)
        target.leader = source.leader
        target.to_act = source.to_act
        target.tricks_played = source.tricks_played
        target.excuse_seat = source.excuse_seat
        target.excuse_winner = source.excuse_winner

    @staticmethod
    def copy_hidden(target, source):
        target.hands = [list(hand) for hand in source.hands]

    def held_card(self, text, seat):
        """The card `text` names, which `seat` must hold (parse_action of card actions)."""
        card = self.game.parse_card(text)
        if card not in self.hands[seat]:
            raise RulesError("seat %d does not hold %s" % (seat, text))
        return card

    def current_player(self):
        return TERMINAL if self.phase == "over" else self.to_act


class TarotView(View):
    """What every seat may see of a tarot hand: the public play (the trick on the table, every
    card won in tricks, all seen when played, trick counts and the voids that play has
    shown), its own hand and the hand sizes."""

    trick = piles = []  # public fields: copy_public sets them on each view (named for pyright)
    sitting_out = -1    # as in TarotState

    def __init__(self, state, seat):
        View.__init__(self, state, seat)
        self.hand = list(state.hands[seat])
        self.hand_sizes = [len(hand) for hand in state.hands]

    def visible_cards(self):
        cards = self.hand + self.trick
        for pile in self.piles:
            cards.extend(pile)
        return cards

    def unseen_cards(self):
        """The cards of the pack this seat has not seen, in id order (for determinize)."""
        seen = bytearray(PACK_SIZE)
        for card in self.visible_cards():
            seen[card] = 1
        return [card for card in self.game.pack_cards if not seen[card]]


TAKEN = "tricks"  # what a seat takes in a hand, counted beside its name on the play screen
LEGEND = "tricks won"  # the help page's words for it


def seat_figures(view, seat):
    """(cards held, tricks won) of `seat` in `view`."""
    return view.hand_sizes[seat], view.tricks_won[seat]
