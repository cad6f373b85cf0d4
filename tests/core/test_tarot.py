"""The tarot family's shared mechanics (rules.md sections 2, 3 and 4)."""

from deckcore.game import RulesError
from deckcore.games import tarot
from deckcore.games.tarot import (
    CLOCKWISE, COUNTER_CLOCKWISE, EXCUSE, FOOL, FRENCH_1902, ITALIAN, PASS, TRUMP, Auction,
    card_text, count_cards_and_tricks, count_in_threes, deal_in_packets,
    follow_cards, led_suit, make_pack, make_power, make_values, next_seat, parse_card,
    winning_index)
from deckcore.games.tarot_worlds import deal_unknown
from deckcore.rng import Rng
from expect import raises
from repetitions import scaled

SCARTO_VALUES = make_values((5, 4, 3, 2), 1, ((1, 5), (20, 5), (FOOL, 4)))
DROGGN_VALUES = make_values((5, 4, 3, 2), 1, ((1, 5), (21, 5), (FOOL, 5)))
CHAMBERY_VALUES = make_values((4, 3, 2, 1), 0, ((1, 4), (21, 4), (FOOL, 4)))


def cards(text):
    return [parse_card(t) for t in text.split()]


def total(pack, values):
    return sum(values[c] for c in pack)


def test_card_alphabet_round_trips_for_all_78_cards():
    texts = [card_text(c) for c in range(78)]
    assert len(set(texts)) == 78
    for card in range(78):
        assert parse_card(card_text(card)) == card
    assert card_text(FOOL) == "Fool"
    assert texts[1] == "T1" and texts[21] == "T21"
    assert "KS" in texts and "NH" in texts and "10D" in texts and "1C" in texts and "JD" in texts


def test_bad_card_texts_are_rejected():
    for text in ("T0", "T22", "T01", "11S", "KX", "K", "", "fool", "0H", "CS"):
        raises(RulesError, parse_card, text)


def test_suits_and_colours():
    assert tarot.SUIT_OF[parse_card("T5")] == TRUMP
    assert tarot.SUIT_OF[FOOL] == EXCUSE
    assert tarot.SUIT_OF[parse_card("KS")] == 0 and tarot.SUIT_OF[parse_card("3C")] == 1
    assert tarot.is_red(tarot.SUIT_OF[parse_card("QH")])
    assert tarot.is_red(tarot.SUIT_OF[parse_card("QD")])
    assert not tarot.is_red(tarot.SUIT_OF[parse_card("QC")])


def test_pack_sizes_78_66_62():
    assert len(make_pack()) == 78
    droggn = make_pack(range(4, 11), range(1, 8))  # section 4.1.2
    assert len(droggn) == 66
    assert parse_card("4S") in droggn and parse_card("3S") not in droggn
    assert parse_card("7H") in droggn and parse_card("8H") not in droggn
    short = make_pack((1, 6, 7, 8, 9, 10), (1, 6, 7, 8, 9, 10))  # section 3.7
    assert len(short) == 62 and parse_card("5D") not in short


def test_2_1_3_italian_ranking_black_high_tens_red_high_aces():
    power = make_power(ITALIAN)
    order_black = cards("KS QS NS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S 1S")
    order_red = cards("KH QH NH JH 1H 2H 3H 4H 5H 6H 7H 8H 9H 10H")
    for order in (order_black, order_red):
        for i in range(len(order) - 1):
            assert power[order[i]] > power[order[i + 1]]


def test_3_2_3_french_1902_ranking_ace_below_jack():
    power = make_power(FRENCH_1902)
    for suit in "SCHD":
        order = cards(" ".join(r + suit for r in "K Q N J 1 10 9 8 7 6 5 4 3 2".split()))
        for i in range(len(order) - 1):
            assert power[order[i]] > power[order[i + 1]]


def test_2_1_2_angel_beats_world_only_in_scarto():
    scarto, others = make_power(ITALIAN, True), make_power(ITALIAN)
    assert winning_index(cards("T21 T20 T19"), scarto) == 1
    assert winning_index(cards("T21 T20 T19"), others) == 0
    assert winning_index(cards("T2 T1 KH"), scarto) == 0


def test_trick_winner_highest_trump_else_highest_of_suit_led():
    power = make_power()
    assert winning_index(cards("5H KS 9H"), power) == 0    # red suits: the 5 beats the 9
    assert winning_index(cards("9H KS 5H"), power) == 2
    assert winning_index(cards("KH T1 QH"), power) == 1
    assert winning_index(cards("2S 10S KC"), power) == 1


def test_the_fool_never_wins_and_a_led_fool_lets_the_next_card_set_the_suit():
    power = make_power()
    trick = cards("Fool 3C 10C")
    assert led_suit(trick) == 1
    assert winning_index(trick, power) == 2
    assert winning_index(cards("2D Fool 3S"), power) == 0
    assert led_suit([FOOL]) == -1


def test_follow_suit_then_trump_then_anything():
    hand = cards("Fool T3 T9 2S KS 4H")
    assert follow_cards(hand, 0) == cards("2S KS")
    assert follow_cards(hand, 1) == cards("T3 T9")          # void in clubs: must trump
    assert follow_cards(hand, TRUMP) == cards("T3 T9")
    assert follow_cards(hand, -1) == cards("T3 T9 2S KS 4H")
    no_trumps = cards("2S 4H")
    assert follow_cards(no_trumps, 1) == no_trumps
    assert follow_cards(cards("Fool 2S"), TRUMP) == cards("2S")


def test_card_values_totals_of_the_three_games():
    assert total(make_pack(), SCARTO_VALUES) == 129                       # 2.4
    assert total(make_pack(range(4, 11), range(1, 8)), DROGGN_VALUES) == 118   # 4.9
    assert total(make_pack(), CHAMBERY_VALUES) == 52                      # 3.9


def test_2_6_groups_counted_in_threes():
    assert count_in_threes(cards("KS 7S T3"), SCARTO_VALUES) == 5
    assert count_in_threes(cards("QH KC JD"), SCARTO_VALUES) == 9
    assert count_in_threes(cards("2S 3S 4S"), SCARTO_VALUES) == 1


def test_4_9_groups_pairs_and_singles():
    v = DROGGN_VALUES
    assert count_in_threes(cards("QS 5S 6S"), v) == 4
    assert count_in_threes(cards("KS NS JS"), v) == 8
    assert count_in_threes(cards("NS JS"), v) == 4
    assert count_in_threes(cards("KS"), v) == 4
    assert count_in_threes(cards("5S"), v) == 0


def test_3_9_trick_of_king_queen_and_empties_is_worth_8():
    assert count_cards_and_tricks(cards("KS QS 7S 5S 2S"), CHAMBERY_VALUES, 1) == 8


def test_seat_rotation_in_both_directions():
    assert next_seat(0, 3, COUNTER_CLOCKWISE) == 2
    assert next_seat(2, 3, CLOCKWISE) == 0
    assert next_seat(4, 5, CLOCKWISE) == 0


def test_deal_in_packets():
    pack = list(range(78))
    hands, rest = deal_in_packets(pack, [2, 1, 0], 3, 5, 25)
    assert [len(h) for h in hands] == [25, 25, 25] and len(rest) == 3
    assert hands[2][:5] == [0, 1, 2, 3, 4] and hands[1][:5] == [5, 6, 7, 8, 9]
    hands, rest = deal_in_packets(list(range(66)), [1, 2, 3], 4, 7, 21)
    assert [len(h) for h in hands] == [0, 21, 21, 21] and len(rest) == 3


def test_auction_one_round_each_speaks_once_and_must_bid_higher():
    auction = Auction([1, 2, 0], 4)
    assert auction.to_speak() == 1 and auction.legal() == [PASS, 1, 2, 3, 4]
    auction.speak(2)
    assert auction.to_speak() == 2 and auction.legal() == [PASS, 3, 4]
    auction.speak(PASS)
    auction.speak(3)
    assert auction.to_speak() == -1 and auction.declarer == 0 and auction.high == 3
    silent = Auction([0, 1], 3)
    silent.speak(PASS)
    silent.speak(PASS)
    assert silent.declarer == -1


def test_deal_unknown_respects_voids_and_sizes():
    rng = Rng(7)
    unknown = cards("T1 T2 T3 2S 3S 4S KH QH")
    # slot 0 is void in trumps, slot 1 void in spades
    def allowed(slot, card):
        suit = tarot.SUIT_OF[card]
        return not (slot == 0 and suit == TRUMP) and not (slot == 1 and suit == 0)
    for _ in range(50):
        slots = deal_unknown(unknown, [4, 4], allowed, rng)
        assert sorted(slots[0] + slots[1]) == sorted(unknown)
        assert [len(s) for s in slots] == [4, 4]
        assert all(allowed(0, c) for c in slots[0]) and all(allowed(1, c) for c in slots[1])
    assert deal_unknown(cards("T1 T2 T3"), [1, 2], lambda s, c: s == 0, rng) is None


class ToyGame(tarot.TarotGame):
    NAME = "toy"

    @classmethod
    def resolve(cls, given):
        return []  # no options (and no options module)

    def __init__(self, players=3, direction=COUNTER_CLOCKWISE):
        tarot.TarotGame.__init__(self)
        self.num_players = players
        self.direction = direction


class ToyState(tarot.TarotState):
    PLAY_RULE = "section X"

    def __init__(self, game, hands, leader, sitting_out=-1):
        tarot.TarotState.__init__(self, game, 0, sitting_out)
        self.hands = [cards(h) for h in hands]
        for hand in self.hands:
            hand.sort()
        self.start_play(leader)

    def blank(self):
        return ToyState(self.game, ["" for _ in range(self.game.num_players)], 0)

    def play(self, *texts):
        for text in texts:
            card = parse_card(text)
            assert self.play_illegal_reason(card) is None, (text, self.play_illegal_reason(card))
            self.play_card(card)


def test_play_state_runs_tricks_counter_clockwise_and_tracks_voids():
    state = ToyState(ToyGame(), ["2S KH", "3S Fool", "T1 4H"], 0)
    assert state.legal_cards(0) == cards("2S KH")
    state.play("2S")
    assert state.to_act == 2                         # counter-clockwise: to the right
    assert state.legal_cards(2) == cards("T1")       # void in spades: must trump
    assert "must play a trump" in state.play_illegal_reason(parse_card("4H"))
    state.play("T1")
    assert state.voids[2] == 1 << 0
    assert state.legal_cards(1) == cards("Fool 3S")
    state.play("Fool")                               # the Fool, though he could follow
    assert state.piles[2] == cards("2S T1") and state.piles[1] == [FOOL]
    assert state.excuse_seat == 1 and state.excuse_winner == 2
    assert state.leader == 2 and state.tricks_won == [0, 0, 1]
    state.play("4H", "3S")
    assert state.voids[1] == (1 << 2) | (1 << TRUMP)
    state.play("KH")
    assert state.phase == "over" and state.tricks_won == [1, 0, 1]


def test_play_illegal_reason_names_the_obligation():
    state = ToyState(ToyGame(), ["2S 3H", "3S T2", "T1 4S"], 0)
    state.play("3H")
    assert state.play_illegal_reason(parse_card("4S")) == \
        "section X: void in hearts, must play a trump"
    state.play("T1")
    assert state.play_illegal_reason(parse_card("3S")) == \
        "section X: void in hearts, must play a trump"
    state = ToyState(ToyGame(), ["2S 3H", "3S T2", "T1 4S"], 2)
    state.play("T1")
    assert state.play_illegal_reason(parse_card("3S")) == \
        "section X: trumps were led and seat 1 holds a trump"
    state = ToyState(ToyGame(), ["2S 3H", "3S T2", "T1 4S"], 2)
    state.play("4S")
    assert state.play_illegal_reason(parse_card("T2")) == \
        "section X: must follow suit (spades led)"
    assert state.play_illegal_reason(parse_card("KS")) == "seat 1 does not hold KS"


def test_play_state_clockwise_with_a_seat_sitting_out():
    state = ToyState(ToyGame(4, CLOCKWISE), ["", "2S", "3S", "4S"], 3, sitting_out=0)
    state.play("4S")
    assert state.to_act == 1                         # seat 0 sits out
    state.play("2S", "3S")
    assert state.phase == "over" and state.piles[3] == cards("4S 2S 3S")
    other = state.clone()
    assert other.piles == state.piles and other.piles[3] is not state.piles[3]
    assert other.to_act == state.to_act and other.sitting_out == 0


def test_may_hold_respects_shown_voids():
    voids = (1 << 2) | (1 << TRUMP)
    assert not tarot.may_hold(voids, parse_card("KH"))
    assert not tarot.may_hold(voids, parse_card("T4"))
    assert tarot.may_hold(voids, parse_card("KS")) and tarot.may_hold(voids, FOOL)


def test_deal_unknown_always_finds_a_deal_when_one_exists():
    rng = Rng(31)
    for _ in range(40):
        slots = 2 + rng.below(4)
        truth = [rng.below(slots) for _ in range(40)]     # a deal known to fit
        sizes = [truth.count(s) for s in range(slots)]
        extra = [rng.below(1 << slots) for _ in range(40)]  # other slots each card may use
        def allowed(slot, card):
            return slot == truth[card] or bool(extra[card] >> slot & 1)
        dealt = deal_unknown(list(range(40)), sizes, allowed, rng)
        assert [len(pile) for pile in dealt] == sizes
        for slot in range(slots):
            assert all(allowed(slot, card) for card in dealt[slot])


def fields(state):
    """Every field of a tarot State by value (an Auction by its own fields)."""
    found = {}
    for name, value in state.__dict__.items():
        if isinstance(value, Auction):
            value = sorted(value.__dict__.items())
        elif isinstance(value, (list, bytearray)):
            value = repr(value)
        found[name] = value
    return found


def cards_taken_back(name, player_counts):
    """Play hands of `name` at each count, every legal card played and taken back (undo_mark
    and undo, with which the bots search the play on one position) before a random card is
    played for good; asserts each leaves the state as it was and returns how many were."""
    from deckcore.games import load
    rng = Rng(17)
    taken_back = 0
    for players in player_counts:
        game = load(name)({} if name == "scarto" else {"players": players})
        for dealer in range(scaled(4)):
            state = game.new_hand(dealer % players, game.deal(rng, dealer % players))
            while not state.is_terminal():
                legal = state.legal_actions()
                if state.phase != "play":
                    assert state.undo_mark(legal[0]) is None
                before = fields(state)
                for card in legal if state.phase == "play" else ():
                    mark = state.undo_mark(card)
                    state.apply(card)
                    state.undo(mark)
                    assert fields(state) == before, (name, card_text(card))
                    taken_back += 1
                state.apply(rng.choice(legal))
    return taken_back


# One test per game, so that under MicroPython each runs with only its own game loaded, as
# the device does.
def test_a_card_played_then_taken_back_leaves_the_hand_as_it_was_in_scarto():
    assert cards_taken_back("scarto", (3,)) > scaled(1000)


def test_a_card_played_then_taken_back_leaves_the_hand_as_it_was_in_chambery():
    assert cards_taken_back("chambery", (3, 4, 5)) > scaled(2000)


def test_a_card_played_then_taken_back_leaves_the_hand_as_it_was_in_droggn():
    assert cards_taken_back("droggn", (3, 4)) > scaled(800)


def test_a_card_is_refused_exactly_when_the_legal_cards_leave_it_out():
    """play_illegal_reason checks one card by the rules legal_cards applies to the hand
    (Droggn's 4.6.5 and 4.6.6 too, and its discard's 4.4.2): every card, at every turn of
    random hands of the three games, is refused exactly when the legal list leaves it out."""
    from deckcore.games import load
    from deckcore.match import Match
    set_ups = [("droggn", {}), ("droggn", {"gstiess_last_trick_illegal": True}),
               ("scarto", {}), ("chambery", {})]
    for name, options in set_ups:
        game = load(name)(options)
        for seed in range(scaled(12, 2)):
            rng = Rng(seed)
            match = Match(game, seed % game.num_players)
            state = match.new_hand(match.next_deal(rng))
            while not state.is_terminal():
                legal = state.legal_actions()
                if state.phase in ("discard", "play"):
                    for card in range(78):
                        if card in state.hands[state.to_act]:
                            assert (state.illegal_reason(card) is None) == (card in legal), (
                                name, options, seed, card_text(card), state.phase)
                state.apply(legal[rng.below(len(legal))])
