"""Scarto, rules.md section 2: the test vectors of 2.6 and the rules they stand for."""

from deckcore.game import RulesError
from deckcore.games import load
from deckcore.games.scarto import Scarto, card_points, forbidden_discard, hand_scores
from deckcore.games.scarto_worlds import determinize
from deckcore.games.tarot import FOOL, SUIT_OF, TRUMP, parse_card
from deckcore.match import Match
from deckcore.rng import Rng
from expect import raises
from follow_rule import obligations_kept
from repetitions import scaled

GAME = Scarto()
VALUES = GAME.values
PLAYOUTS = scaled(2000)


def cards(text):
    return [parse_card(t) for t in text.split()]


def rigged(hands, stock, dealer=0):
    """A hand dealt exactly as given (card texts per seat; small hands are fine)."""
    deal = {"hands": [sorted(cards(h)) for h in hands], "stock": sorted(cards(stock))}
    return GAME.new_hand(dealer, deal)


def act(state, *texts):
    for text in texts:
        action = state.parse_action(text)
        assert state.illegal_reason(action) is None, (text, state.illegal_reason(action))
        state.apply(action)


def reason(state, text):
    return state.illegal_reason(parse_card(text))


# 2.1 Components ----------------------------------------------------------------------------

def test_2_1_1_three_players_and_the_78_card_pack():
    assert GAME.num_players == 3 and len(GAME.pack()) == 78
    assert load("scarto") is Scarto


def test_2_1_2_angel_beats_world_then_trumps_in_order():
    order = cards("T20 T21 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 T4 T3 T2 T1")
    for i in range(len(order) - 1):
        assert GAME.power[order[i]] > GAME.power[order[i + 1]]


def test_2_1_3_long_suits_rank_ten_high_round_suits_ace_high():
    for suit in "SC":
        order = cards(" ".join(r + suit for r in "K Q N J 10 9 8 7 6 5 4 3 2 1".split()))
        assert all(GAME.power[order[i]] > GAME.power[order[i + 1]] for i in range(13))
    for suit in "HD":
        order = cards(" ".join(r + suit for r in "K Q N J 1 2 3 4 5 6 7 8 9 10".split()))
        assert all(GAME.power[order[i]] > GAME.power[order[i + 1]] for i in range(13))


def test_2_1_4_card_values():
    for text, value in (("KS", 5), ("KD", 5), ("T1", 5), ("T20", 5), ("QH", 4), ("Fool", 4),
                        ("NC", 3), ("JD", 2), ("T21", 1), ("T7", 1), ("1H", 1), ("10S", 1)):
        assert VALUES[parse_card(text)] == value, text


# 2.6 Test vectors --------------------------------------------------------------------------

def test_2_6_pack_values_sum_to_129_and_count_to_78():
    assert sum(VALUES[c] for c in GAME.pack()) == 129
    # 25 groups of three (24 tricks and the scart), the pair of the Fool's trick, the Fool.
    pack = [c for c in GAME.pack() if c != FOOL]
    groups = [pack[i:i + 3] for i in range(0, 75, 3)]
    pair = pack[75:]
    assert len(groups) == 25 and len(pair) == 2
    assert sum(card_points(g, VALUES) for g in groups) + card_points(pair, VALUES) \
        + card_points([FOOL], VALUES) == 78


def test_2_6_groups_of_three():
    assert card_points(cards("KS 7S T3"), VALUES) == 5
    assert card_points(cards("QH KC JD"), VALUES) == 9
    assert card_points(cards("2S 3C 4H"), VALUES) == 1


def test_2_6_fool_trick_pair_counts_sum_minus_1_and_the_fool_4():
    # A deals; P1 (seat 2, the dealer's right) leads QH, P2 (seat 1) the Fool, P3 (seat 0) KH.
    state = rigged(["KH", "Fool", "QH"], "2S 3S 4S", dealer=0)
    act(state, "2S", "3S", "4S")
    act(state, "QH", "Fool", "KH")
    assert state.piles[0] == cards("QH KH") and state.piles[1] == [FOOL]
    assert card_points(state.piles[0], VALUES) == 8
    assert card_points(state.piles[1], VALUES) == 4
    assert state.points() == [1 + 8, 4, 0]  # the dealer also has his scart: 3 - 2 = 1


def test_2_6_hand_with_the_fool_27_25_26_cards_and_78_points():
    # A (seat 0) dealt: 8 tricks + the scart; B played the Fool: 8 tricks + the Fool;
    # C won the Fool's trick: 8 full tricks + the pair.
    pack = [c for c in GAME.pack() if c != FOOL]
    state = GAME.new_hand(0, {"hands": [[], [], []], "stock": []})
    state.scart = pack[:3]
    state.piles = [pack[3:27], pack[27:51] + [FOOL], pack[51:]]
    state.tricks_won = [8, 8, 9]
    assert [len(state.seat_cards(s)) for s in range(3)] == [27, 25, 26]
    assert sum(state.tricks_won) == 25
    assert sum(state.points()) == 78


def test_2_6_game_score_is_card_points_minus_26():
    assert hand_scores([31, 27, 20]) == [5, 1, -6]


# 2.2 Deal and discard ----------------------------------------------------------------------

def test_2_2_2_deal_25_each_in_fives_from_the_dealers_right_and_3_to_the_stock():
    piles = GAME.deal(Rng(3), 1)
    assert [len(h) for h in piles["hands"]] == [25, 25, 25] and len(piles["stock"]) == 3
    GAME.check_deal(piles)
    # Unshuffled: the dealer's right (seat 0 when seat 1 deals) gets the first packet.
    class Unshuffled:
        def shuffle(self, items):
            pass
    piles = GAME.deal(Unshuffled(), 1)
    assert piles["hands"][0][:5] == [0, 1, 2, 3, 4]
    assert piles["hands"][2][:5] == [5, 6, 7, 8, 9]
    assert piles["hands"][1][:5] == [10, 11, 12, 13, 14]
    assert piles["stock"] == [75, 76, 77]


def test_2_2_3_dealer_takes_the_stock_unseen_and_discards_three_that_score_for_him():
    state = GAME.new_hand(1, GAME.deal(Rng(5), 1))
    assert state.phase == "discard" and state.current_player() == 1
    assert len(state.hands[1]) == 28
    for seat in (0, 2):
        visible = state.view(seat).visible_cards()
        assert not any(c in visible for c in state.stock)
    assert all(c in state.view(1).visible_cards() for c in state.stock)
    discards = state.legal_actions()[:3]
    for card in discards:
        state.apply(card)
    assert state.scart == discards and state.phase == "play"
    assert state.seat_cards(1) == discards
    for seat in (0, 2):
        view = state.view(seat)
        assert view.scart == [] and view.scart_size == 3
        assert not any(c in view.visible_cards() for c in discards)


def test_2_2_4_no_kings_t20_t1_or_fool_in_the_scart():
    for text in ("KS", "KC", "KH", "KD", "T20", "T1", "Fool"):
        assert forbidden_discard(parse_card(text)), text
    for text in ("QS", "T21", "T2", "10H", "1D"):
        assert not forbidden_discard(parse_card(text)), text
    state = rigged(["KS T20 T1 T2 Fool 5S", "2H", "3H"], "6S 7S 8S")
    assert state.legal_actions() == cards("T2 5S 6S 7S 8S")
    for text in ("KS", "T20", "Fool"):
        assert reason(state, text) == \
            "section 2.2.4: Kings, T20, T1 and the Fool may not be discarded"
    assert reason(state, "T1").startswith("section 2.2.4: T1 may be discarded only")
    assert reason(state, "9S") == "seat 0 does not hold 9S"


def test_2_2_4_other_trumps_may_be_discarded():
    state = rigged(["T21 T2 T19 5S", "2H", "3H"], "6S 7S 8S")
    act(state, "T21", "T2", "T19")
    assert state.phase == "play"


def test_2_2_4_t1_may_be_discarded_by_a_dealer_with_no_other_trump_and_no_fool():
    state = rigged(["T1 KS 5S", "2H", "3H"], "6S 7S 8S")
    assert parse_card("T1") in state.legal_actions()
    state = rigged(["T1 KS 5S", "2H", "3H"], "6S 7S Fool")
    assert parse_card("T1") not in state.legal_actions()


def test_7_4_the_t1_exception_is_judged_on_the_28_card_hand_before_discarding():
    state = rigged(["T1 T5 5S", "2H", "3H"], "6S 7S 8S")
    act(state, "T5")  # no other trump left in hand now, but the dealer held one
    assert parse_card("T1") not in state.legal_actions()
    assert reason(state, "T1").startswith("section 2.2.4")


# 2.3 Play ----------------------------------------------------------------------------------

def discarded(hands, stock="2S 3S 4S", dealer=0):
    state = rigged(hands, stock, dealer)
    for card in sorted(cards(stock)):
        state.apply(card)
    return state


def test_2_3_1_the_dealers_right_leads_and_play_goes_counter_clockwise():
    state = discarded(["KH", "QH", "JH"], dealer=0)
    assert state.current_player() == 2
    act(state, "JH")
    assert state.current_player() == 1
    act(state, "QH")
    assert state.current_player() == 0


def test_2_3_2_follow_suit():
    state = discarded(["5H T3", "KH 2C", "9H 1H"])
    act(state, "9H")
    assert state.legal_actions() == cards("KH")
    assert reason(state, "2C") == "section 2.3.2: must follow suit (hearts led)"


def test_2_3_2_void_must_trump_else_anything():
    state = discarded(["T2 5S", "1C 2C", "9H 1H"])
    act(state, "9H")
    assert state.legal_actions() == cards("1C 2C")   # seat 1: no hearts, no trumps
    act(state, "1C")
    assert state.legal_actions() == cards("T2")      # seat 0: no hearts, must trump
    assert reason(state, "5S") == "section 2.3.2: void in hearts, must play a trump"


def test_2_3_2_trump_led_must_play_trump():
    state = discarded(["T2 5S", "T9 2C", "T4 1H"])
    act(state, "T4")
    assert state.legal_actions() == cards("T9")
    assert reason(state, "2C") == "section 2.3.2: trumps were led and seat 1 holds a trump"


def test_2_3_3_no_obligation_to_overtrump_or_head_the_trick():
    state = discarded(["T21 T2 5S", "KH T1 2C", "9H 1H 3C"])
    act(state, "9H", "KH")
    assert state.legal_actions() == cards("T2 T21")
    act(state, "T2")
    state = discarded(["2H T2", "KH T1", "9H 1H"])
    act(state, "9H")
    assert state.legal_actions() == cards("KH")
    state = discarded(["3H T2", "KH T1", "9H 1H"])
    act(state, "9H", "KH", "3H")  # holding only a low heart is fine; no heading required


def test_2_3_4_highest_trump_wins_else_highest_of_the_suit_led():
    state = discarded(["T21 5S", "T20 2C", "9H 1H"])
    act(state, "9H", "T20", "T21")  # the Angel beats the World
    assert state.leader == 1 and state.tricks_won == [0, 1, 0]
    state = discarded(["10H 5S", "KS 2C", "9H 1H"])
    act(state, "9H", "KS", "10H")  # round suit: 9 beats 10; a King of another suit is nothing
    assert state.leader == 2


def test_2_3_5_fool_may_be_played_even_when_able_to_follow_and_is_never_captured():
    state = discarded(["Fool 5H", "KH 2C", "9H 1H"])
    act(state, "9H", "KH")
    assert state.legal_actions() == cards("Fool 5H")
    act(state, "Fool")
    assert state.leader == 1
    assert state.piles[0] == [FOOL] and state.piles[1] == cards("9H KH")


def test_2_3_5_fool_led_the_next_card_sets_the_suit():
    state = discarded(["KH 2C", "5S 2H", "Fool 1H"])
    act(state, "Fool")
    assert state.legal_actions() == cards("5S 2H")
    act(state, "2H")
    assert state.legal_actions() == cards("KH")
    act(state, "KH")
    assert state.leader == 0 and state.piles[0] == cards("2H KH") and state.piles[2] == [FOOL]


def test_2_3_5_the_fool_may_be_played_to_the_last_trick():
    state = discarded(["5H", "KH", "Fool"])
    act(state, "Fool", "KH", "5H")
    assert state.phase == "over" and state.points() == [1, 5 + 1 - 1, 4]  # KH 5H: a pair


# 2.4 Counting and the game -----------------------------------------------------------------

def test_2_4_5_deal_passes_to_the_right_and_a_game_is_three_deals():
    assert GAME.next_dealer(0, None) == 2 and GAME.next_dealer(2, None) == 1
    assert GAME.deals_in_match() == 3


def test_2_4_5_lowest_total_loses_and_ties_for_lowest_all_lose():
    match = Match(GAME, 0)
    match.totals = [5, -8, 3]
    assert GAME.match_losers(match) == [1] and match.winners() == [0, 2]
    assert GAME.match_standings(match) == [0, 2, 1]
    match.totals = [-4, 8, -4]
    assert GAME.match_losers(match) == [0, 2] and match.winners() == [1]
    assert GAME.match_standings(match) == [1, 0, 2]
    match.totals = [0, 0, 0]
    assert GAME.match_losers(match) == [0, 1, 2] and match.winners() == []


def test_parse_action_rejects_cards_not_held_and_cards_not_in_the_pack():
    state = discarded(["5H", "KH", "Fool"])
    raises(RulesError, state.parse_action, "KH")
    raises(RulesError, state.parse_action, "T22")


# Random playouts: the invariants of every hand ---------------------------------------------

def check_views(state):
    for seat in range(3):
        visible = state.view(seat).visible_cards()
        for other in range(3):
            if other != seat:
                assert not any(c in visible for c in state.hands[other])
        if seat != state.dealer:
            assert not any(c in visible for c in state.scart)
            stock_in_dealer_hand = [c for c in state.stock if c in state.hands[state.dealer]]
            assert not any(c in visible for c in stock_in_dealer_hand)


def random_hand(rng, dealer):
    state = GAME.new_hand(dealer, GAME.deal(rng, dealer))
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal and len(legal) == len(set(legal))
        seat = state.current_player()
        if state.phase == "play":
            for card in state.hands[seat]:
                assert (card in legal) == obligations_kept(state, card)
                assert (state.illegal_reason(card) is None) == (card in legal)
        else:
            for card in legal:
                assert not forbidden_discard(card) or card == parse_card("T1")
        action = rng.choice(legal)
        assert state.parse_action(state.action_text(action)) == action
        state.apply(action)
        held = sum(len(h) for h in state.hands)
        won = sum(len(p) for p in state.piles)
        assert held + won + len(state.trick) + len(state.scart) == 78
    return state


def test_random_playouts_keep_78_points_zero_sum_scores_and_all_cards():
    rng = Rng(2026)
    for number in range(PLAYOUTS):
        state = random_hand(rng, number % 3)
        points = state.points()
        assert sum(points) == 78 and sum(state.scores()) == 0
        assert sum(state.tricks_won) == 25
        everything = state.scart[:]
        for seat in range(3):
            everything.extend(state.piles[seat])
            others = [c for c in state.seat_cards(seat) if c != FOOL]
            assert len(others) % 3 != 1
        assert sorted(everything) == GAME.pack()


def test_random_playouts_views_hide_hands_stock_and_scart():
    rng = Rng(99)
    for number in range(max(3, PLAYOUTS // 20)):
        state = GAME.new_hand(number % 3, GAME.deal(rng, number % 3))
        while not state.is_terminal():
            check_views(state)
            state.apply(rng.choice(state.legal_actions()))


def test_matches_are_three_deals_with_a_loser():
    rng = Rng(11)
    for _ in range(scaled(30)):
        match = Match(GAME, rng.below(3))
        dealers = []
        while not match.is_over():
            dealers.append(match.dealer)
            match.finish_hand(random_hand(rng, match.dealer))
        assert len(match.results) == 3 and sorted(dealers) == [0, 1, 2]
        assert sum(match.totals) == 0
        assert GAME.match_losers(match) and len(match.winners()) < 3


# determinize: sampled deals for bots -------------------------------------------------------

def check_determinized(state, seat, rng):
    view = state.view(seat)
    sample = determinize(view, rng)
    assert sample.hands[seat] == state.hands[seat]
    assert sample.phase == state.phase and sample.current_player() == state.current_player()
    assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
    assert len(sample.scart) == len(state.scart)
    assert sample.piles == state.piles and sample.trick == state.trick
    everything = sample.scart + sample.trick
    for s in range(3):
        everything.extend(sample.hands[s])
        everything.extend(sample.piles[s])
        for card in sample.hands[s]:
            assert not state.voids[s] & (1 << SUIT_OF[card]), "a card of a shown void"
    assert sorted(everything) == GAME.pack()
    assert not any(forbidden_discard(c) for c in sample.scart if c != parse_card("T1"))
    if seat == state.dealer:
        assert sample.scart == state.scart and sample.stock == state.stock
    assert sample.legal_actions() == state.legal_actions() or seat != state.current_player()
    return sample


def test_determinize_gives_states_consistent_with_the_view():
    rng = Rng(5)
    for number in range(scaled(40)):
        state = GAME.new_hand(number % 3, GAME.deal(rng, number % 3))
        steps = 0
        while not state.is_terminal():
            if steps % 7 == 0:
                seat = state.current_player()
                sample = check_determinized(state, seat, rng)
                check_determinized(state, (seat + 1) % 3, rng)
                # the sample plays on to the end like any hand
                while not sample.is_terminal():
                    sample.apply(rng.choice(sample.legal_actions()))
                assert sum(sample.points()) == 78
            state.apply(rng.choice(state.legal_actions()))
            steps += 1


def test_determinize_varies_the_hidden_cards():
    state = GAME.new_hand(0, GAME.deal(Rng(8), 0))
    for card in state.legal_actions()[:3]:
        state.apply(card)
    view = state.view(1)
    samples = [determinize(view, Rng(seed)).hands[2] for seed in range(1, 6)]
    assert len(set(tuple(s) for s in samples)) > 1


def test_determinize_the_t1_exception_when_only_the_scart_can_hold_t1():
    # Dealer 0 holds T1 and no other trump, no Fool, and discards T1. When seat 2 and the
    # dealer have both shown a trump void, seat 1 knows T1 can only be in the scart.
    spades = " ".join(r + "S" for r in "1 2 3 4 5 6 7 8 9 10 J".split())
    diamonds = " ".join(r + "D" for r in "2 3 4 5 6 7 8 9 10 J N Q K".split())
    hearts_high = " ".join(r + "H" for r in "5 6 7 8 9 10 J N Q K".split())
    clubs = " ".join(r + "C" for r in "1 2 3 4 5 6 7 8 9 10 J N Q K".split())
    trumps = " ".join("T%d" % n for n in range(2, 22))
    state = rigged(["T1 " + spades + " " + diamonds,
                    trumps + " Fool 1H 2H 3H 4H",
                    hearts_high + " " + clubs + " 1D"], "NS QS KS")
    assert [len(h) for h in state.hands] == [28, 25, 25]
    assert sorted(state.hands[0] + state.hands[1] + state.hands[2]) == GAME.pack()
    assert state.pagat_discardable
    act(state, "T1", "NS", "QS")
    act(state, "1D", "T2", "2D")     # seat 1 trumps a diamond
    act(state, "T3", "1S", "5H")     # the dealer and seat 2 show they hold no trump
    assert state.voids[0] & (1 << TRUMP) and state.voids[2] & (1 << TRUMP)
    for seed in range(1, 4):
        sample = check_determinized(state, 1, Rng(seed))
        assert parse_card("T1") in sample.scart and sample.pagat_discardable


def test_clone_is_an_independent_copy():
    rng = Rng(21)
    state = GAME.new_hand(2, GAME.deal(rng, 2))
    for _ in range(20):
        state.apply(rng.choice(state.legal_actions()))
    copy = state.clone()
    before = (state.points(), [list(h) for h in state.hands], list(state.trick))
    assert copy.legal_actions() == state.legal_actions() and copy.voids == state.voids
    while not copy.is_terminal():
        copy.apply(rng.choice(copy.legal_actions()))
    assert (state.points(), state.hands, state.trick) == before
    assert sum(copy.points()) == 78 and copy.scart == state.scart and copy.stock == state.stock
