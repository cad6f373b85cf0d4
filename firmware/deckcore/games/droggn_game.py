"""Droggn's game (rules.md section 4) as a match needs it, played or scorekept: the constants
of its pack, contracts and actions, the game (4.1 the pack and its values, 4.2 the deal and
the dealer's rotation: the declarer deals the next hand, 4.2.4) and 4.7 the scoring, which a
scorekept hand (droggn_keep.py) goes through as a played one does (droggn.py).

A scorekept match loads this module and not droggn.py, whose hand (bidding, the exchange, the
play: DroggnState) a table that plays with real cards never makes: on the device that is 12 KB
of heap that the scorekeeper's resume and corrections need (docs/budgets.md, "The gate";
deckcore/keep.py's game_class).
"""

from deckcore import const
from deckcore.game import RulesError
import deckcore.games.tarot as tarot
from deckcore.games.tarot import FOOL

PAGAT = 1   # trump I, "der Kleine"
_MOND = const(21)  # trump XXI, "der Große"
NEVER_DISCARDED = (FOOL, PAGAT, _MOND)  # 4.4.2

# 4.3.2: the contracts, low to high, are the auction's bids (0 is the pass).
PASS, ANSAGER, SOLO, SUPER, SLAM = 0, 1, 2, 3, 4
CONTRACTS = ("pass", "ansager", "solo", "super", "slam")
BASE_VALUE = (0, 20, 40, 80, 80)  # 4.7.3
_SLAM_BONUS = const(50)  # 4.7.3: 167 = 80 + 37 + 50
_LAYOUT_BONUS = const(20)  # 4.7.3 (Slam) and 4.7.4.3
_ULTIMO_BONUS = const(10)  # 4.7.4.1-2
_CAPTURE_BONUS = const(5)  # 4.7.4.4
# 4.7.4: what became of the Pagat. PLAYED_EARLY: before the last trick, kept by its side.
NOT_PLAYED, PLAYED_EARLY, CAPTURED, WON_LAST, LOST_LAST = 0, 1, 2, 3, 4

# The other actions. Cards (ids 0..77) are the actions of the discard, offer, ask and play.
NO_BUY, LIEGE, LAY_OUT_PAGAT, LAY_OUT_GSTIESS = 100, 101, 102, 103
GUT, SCHWACHER, RETOUR = 104, 105, 106


# Their texts, NO_BUY to RETOUR in order, and the words before a card by phase. Tuples of
# literals only: MicroPython keeps their strings as data, not as interned names.
WORDS = ("no buy", "liege", "lay out T1", "lay out Fool", "gut", "schwacher", "retour")
CARD_VERB = (("discard", "discard "), ("offer", "offer "), ("ask", "buy "), ("play", ""))


class Droggn(tarot.TarotGame):
    NAME = "droggn"
    TITLE = "Droggn"
    DEAL_PILES = ("hands", "talon")

    @staticmethod
    def declared_options():
        import deckcore.games.droggn_options as declared
        return declared

    def __init__(self, options=None):
        tarot.TarotGame.__init__(self, options)
        opts = self.options
        self.num_players = opts["players"]
        clockwise = opts["direction"] == "clockwise"  # 4.2.3
        self.direction = tarot.CLOCKWISE if clockwise else tarot.COUNTER_CLOCKWISE
        if opts["pack"] == 66:  # 4.1.2: the lowest three of every suit removed
            self.pack_cards = tarot.make_pack(range(4, 11), range(1, 8))
            self.packet = 7
        else:                   # 4.7.11: the whole pack, dealt in fives
            self.pack_cards = tarot.make_pack()
            self.packet = 5
        self.tricks = (len(self.pack_cards) - 3) // 3   # 21 (25 with 78 cards)
        self.power = tarot.make_power(tarot.ITALIAN)
        # 4.1.3: Gstieß, XXI, I and Kings 5; Queens 4; Riders 3; Jacks 2; other cards 1.
        self.values = tarot.make_values((5, 4, 3, 2), 1, ((FOOL, 5), (_MOND, 5), (PAGAT, 5)))
        total = 0
        for card in self.pack_cards:
            total += self.values[card]
        self.total_points = total - 2 * (len(self.pack_cards) // 3)  # 4.1.4: 74 (78)
        self.half = self.total_points // 2                           # 37 (39)
        self.threshold = self.half + opts["win_threshold"] - 37      # 4.7.2, 4.7.11

    def seats_in_play(self, dealer):
        """The active seats in the order of play from the dealer's next (4.1.1, 4.2.3)."""
        order = []
        seat = dealer
        for _ in range(self.num_players):
            seat = tarot.next_seat(seat, self.num_players, self.direction)
            if self.num_players == 3 or seat != dealer:
                order.append(seat)
        return order

    def deal(self, rng, dealer):
        cards = self.pack()
        rng.shuffle(cards)
        hands, talon = tarot.deal_in_packets(cards, self.seats_in_play(dealer), self.num_players,
                                             self.packet, self.tricks)  # 4.2.2
        return {"hands": hands, "talon": talon}

    def check_deal(self, piles):
        """As the base check; with four players the one empty hand may be any seat's (the
        dealer's; the new hand checks that it is)."""
        hands = piles["hands"]
        if self.num_players == 4 and len(hands) == 4:
            empty = [seat for seat in range(4) if not hands[seat]]
            if len(empty) != 1:
                raise RulesError("with four players exactly one hand, the dealer's, is empty")
            turned = [hands[(seat + empty[0]) % 4] for seat in range(4)]
            piles = {"hands": turned, "talon": piles["talon"]}
        tarot.TarotGame.check_deal(self, piles)

    def next_dealer(self, dealer, state):
        if state is None:
            return -1                             # 4.2.4: the declarer, not known yet
        if state.declarer >= 0:
            return state.declarer                 # 4.2.4
        if self.options["throw_in"] == "same_dealer":
            return dealer                         # 4.2.5 option
        return tarot.next_seat(dealer, self.num_players, self.direction)  # 4.2.5

    def deals_in_match(self):
        return self.options["deals"]


# 4.7 Scoring ------------------------------------------------------------------------------------

def declarer_wins(game, mine, theirs, took_last_trick):
    """4.7.2 and clarification 7.10: the declarer's side wins with `mine` card points
    against `theirs` (`took_last_trick`: it won the last trick, for tie_37_last_trick)."""
    if mine == theirs and game.options["tie_37_last_trick"]:
        return took_last_trick
    return mine >= game.threshold


def hand_value(game, contract, multiplier, mine, theirs, every_trick, laid_out,
               took_last_trick):
    """The declarer's result before any Pagat bonus, doubled as announced (4.7.3-7), of a
    played hand or an entered one (droggn_keep.py): a Slam made when the declarer's side
    won `every_trick` (`laid_out`: with the Pagat or the Gstieß laid out), a Match when it
    did so without a Slam bid, else the contract against the card points."""
    if contract == SLAM:
        value = slam_value(game, laid_out)
        return multiplier * (value if every_trick else -value)
    if every_trick:
        return multiplier * match_value(game, contract)  # clarification 7.11
    wins = declarer_wins(game, mine, theirs, took_last_trick)
    return multiplier * contract_value(game, contract, mine, theirs, wins)


def pagat_bonus(contract, multiplier, owner, fate, laid_out):
    """4.7.4, for the declarer: the Pagat of the side `owner` (1: the declarer's, -1: the
    defenders') met `fate`, laid out or not; nothing in a Slam."""
    if contract == SLAM or fate == NOT_PLAYED:
        return 0
    if laid_out:
        return (1 if fate == WON_LAST else -1) * owner * _LAYOUT_BONUS * multiplier
    if fate == WON_LAST or fate == LOST_LAST:
        return (1 if fate == WON_LAST else -1) * owner * _ULTIMO_BONUS
    if fate == CAPTURED:
        return -owner * _CAPTURE_BONUS
    return 0


def contract_value(game, contract, mine, theirs, wins):
    """4.7.3: an Ansager, Solo or Super won is worth its base value plus the declarer's
    points over 37; lost, the declarer loses the base value plus the defenders' points over
    37 (39 with 78 cards)."""
    base = BASE_VALUE[contract]
    return base + mine - game.half if wins else -(base + theirs - game.half)


def match_value(game, contract):
    """4.7.6: every trick won without a Slam bid: the base value plus 37."""
    return BASE_VALUE[contract] + game.half


def slam_value(game, laid_out):
    """4.7.3: 167 = 80 + 37 + 50, and 20 more with the Pagat or Gstiess laid out
    (169 and 189 with 78 cards, clarification 7.13)."""
    return BASE_VALUE[SLAM] + game.half + _SLAM_BONUS + (_LAYOUT_BONUS if laid_out else 0)


def settlement(players, declarer, value):
    """4.7.8: the declarer wins `value` from each other player (the sitting-out dealer
    included), so the hand is zero-sum; nothing after a throw-in (declarer -1)."""
    return [(players - 1) * value if seat == declarer else (-value if declarer >= 0 else 0)
            for seat in range(players)]
