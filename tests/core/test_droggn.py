"""Droggn, rules.md section 4: the test vectors of 4.9 and the rules they stand for (random
play over every option set: test_droggn_playouts.py)."""

from deckcore.game import RulesError
from deckcore.games import load
from deckcore.games.droggn import Droggn
from deckcore.games.droggn_game import (
    ANSAGER, GUT, LAY_OUT_GSTIESS, LAY_OUT_PAGAT, LIEGE, NO_BUY, RETOUR, SCHWACHER,
    SLAM, SOLO, SUPER, contract_value, declarer_wins, match_value, settlement, slam_value)
from deckcore.games.droggn_worlds import determinize
from deckcore.games.tarot import EXCUSE, FOOL, SUIT_OF, TRUMP, count_in_threes, parse_card
from deckcore.rng import Rng
from expect import raises
from repetitions import ON_MICROPYTHON

GAME = Droggn()
VALUES = GAME.values
ALL_TRUMPS = " ".join("T%d" % n for n in range(1, 22))


def cards(text):
    return [parse_card(t) for t in text.split()]


def rigged(fixed, talon="", dealer=0, game=GAME):
    """A hand whose deal gives the listed cards to the listed seats (and talon); the rest of
    the pack fills the hands of the active seats, then the talon, in card order."""
    hands = [cards(fixed.get(seat, "")) for seat in range(game.num_players)]
    talon_cards = cards(talon)
    used = talon_cards[:]
    for hand in hands:
        used.extend(hand)
    rest = [c for c in game.pack() if c not in used]
    for seat in game.seats_in_play(dealer):
        while len(hands[seat]) < game.tricks:
            hands[seat].append(rest.pop(0))
    talon_cards.extend(rest)
    assert len(talon_cards) == 3
    game.check_deal({"hands": hands, "talon": talon_cards})
    deal = {"hands": [sorted(h) for h in hands], "talon": sorted(talon_cards)}
    return game.new_hand(dealer, deal)


def act(state, *texts):
    for text in texts:
        action = state.parse_action(text)
        assert state.illegal_reason(action) is None, (text, state.illegal_reason(action))
        state.apply(action)


def reason(state, text):
    return state.illegal_reason(state.parse_action(text))


def texts(state, actions):
    return [state.action_text(a) for a in actions]


def lead_and_follow(state, leads):
    """The declarer (on lead throughout) leads `leads` in turn; the others play their first
    legal card."""
    for text in leads.split():
        assert state.to_act == state.declarer
        act(state, text)
        while state.trick and state.phase == "play":
            state.apply(state.legal_actions()[0])


# 4.1 Components ----------------------------------------------------------------------------

def test_a_game_keeps_its_options_values_in_order_and_lets_their_module_go():
    """The options are declared in games/droggn_options.py; the Game keeps their values, in
    declaration order for the log's header, with the "auto" ones worked out (4 players deal
    8 times). On the device the options module leaves memory again: a match does not hold
    it. (The host keeps what it imported.)"""
    import sys
    sys.modules.pop("deckcore.games.droggn_options", None)
    game = Droggn({"players": 4, "pack": 78})
    assert ("deckcore.games.droggn_options" in sys.modules) == (not ON_MICROPYTHON)
    from deckcore.games.options import options_of
    declared = options_of("droggn").OPTIONS
    assert [name for name, _ in game.option_items()] == [option.name for option in declared]
    assert game.options["players"] == 4 and game.options["pack"] == 78
    assert game.options["deals"] == 8 and game.options["win_threshold"] == 37


def test_4_1_2_the_66_card_pack():
    pack = GAME.pack()
    assert len(pack) == 66 and len(set(pack)) == 66 and load("droggn") is Droggn
    assert FOOL in pack and all(t in pack for t in cards(ALL_TRUMPS))
    for suit in "SC":
        for rank in "K Q N J 10 9 8 7 6 5 4".split():
            assert parse_card(rank + suit) in pack
        for rank in "1 2 3".split():
            raises(RulesError, GAME.parse_card, rank + suit)
    for suit in "HD":
        for rank in "K Q N J 1 2 3 4 5 6 7".split():
            assert parse_card(rank + suit) in pack
        for rank in "8 9 10".split():
            raises(RulesError, GAME.parse_card, rank + suit)


def test_4_1_2_irrational_ranking_and_the_gstiess_is_no_trump():
    for suit, order in (("S", "K Q N J 10 9 8 7 6 5 4"), ("H", "K Q N J 1 2 3 4 5 6 7")):
        ranked = cards(" ".join(r + suit for r in order.split()))
        assert all(GAME.power[ranked[i]] > GAME.power[ranked[i + 1]] for i in range(10))
    assert GAME.power[21] > GAME.power[20] > GAME.power[1] > GAME.power[parse_card("KS")]
    assert SUIT_OF[FOOL] == EXCUSE


def test_4_1_3_card_values():
    for text, value in (("Fool", 5), ("T21", 5), ("T1", 5), ("KS", 5), ("KH", 5), ("QD", 4),
                        ("NC", 3), ("JH", 2), ("T20", 1), ("T2", 1), ("4S", 1), ("1H", 1)):
        assert VALUES[parse_card(text)] == value, text


# 4.9 Test vectors: counting ---------------------------------------------------------------

def test_4_9_pack_face_values_118_counted_in_threes_make_74():
    assert sum(VALUES[c] for c in GAME.pack()) == 118
    assert 118 - 22 * 2 == 74 == count_in_threes(GAME.pack(), VALUES) == GAME.total_points
    assert GAME.half == 37 and GAME.threshold == 37


def test_4_9_groups_and_leftovers():
    assert count_in_threes(cards("QS 4S 5S"), VALUES) == 4   # Q + 1 + 1
    assert count_in_threes(cards("KH NH JH"), VALUES) == 8   # K + R + J
    assert count_in_threes(cards("4S 5S 6S"), VALUES) == 1   # 1 + 1 + 1
    assert count_in_threes(cards("NC JC"), VALUES) == 4      # leftover pair R + J
    assert count_in_threes(cards("KD"), VALUES) == 4         # single leftover K
    assert count_in_threes(cards("7D"), VALUES) == 0         # single empty card


def test_4_1_4_a_single_and_a_pair_left_over_still_make_74():
    pack = GAME.pack()
    for split in (1, 22, 43, 64):  # one side 3k + 1 cards, the other 3m + 2
        assert count_in_threes(pack[:split], VALUES) + count_in_threes(pack[split:], VALUES) == 74


def test_4_7_11_the_78_card_pack_counts_78_needs_39_and_deals_in_fives():
    game = Droggn({"pack": 78})
    assert len(game.pack()) == 78 and game.total_points == 78 and game.half == 39
    assert game.threshold == 39 and game.tricks == 25 and game.packet == 5
    assert Droggn({"pack": 78, "win_threshold": 38}).threshold == 40
    deal = game.deal(Rng(4), 1)
    assert [len(h) for h in deal["hands"]] == [25, 25, 25] and len(deal["talon"]) == 3


# 4.9 Test vectors: game values --------------------------------------------------------------

def test_4_9_ansager_45_wins_28():
    assert contract_value(GAME, ANSAGER, 45, 29, True) == 28


def test_4_9_solo_37_wins_40():
    assert contract_value(GAME, SOLO, 37, 37, True) == 40


def test_4_9_super_30_loses_87():
    assert contract_value(GAME, SUPER, 30, 44, False) == -87


def test_4_9_source_example_laid_out_pagat_wins_20_game_loses_26_net_minus_6():
    state = scored_state(ANSAGER, declarer=0, laid_out=1, layer=0, pagat=(20, 0, 0))
    assert state.pagat_bonus() == 20
    assert contract_value(GAME, ANSAGER, 31, 43, False) + state.pagat_bonus() == -6
    # at 10 Groschen a point the declarer pays 60 to each other player
    assert [10 * s for s in settlement(3, 0, -6)] == [-120, 60, 60]


def test_4_9_ansager_40_with_a_schwacher_46_with_a_retour_92():
    assert 2 * contract_value(GAME, ANSAGER, 40, 34, True) == 46
    assert 4 * contract_value(GAME, ANSAGER, 40, 34, True) == 92


def test_4_9_slam_167_or_187_with_a_card_laid_out_and_match_on_an_ansager_57():
    assert slam_value(GAME, False) == 167 and slam_value(GAME, True) == 187
    assert match_value(GAME, ANSAGER) == 57


def test_7_13_with_78_cards_slam_is_169_or_189():
    game = Droggn({"pack": 78})
    assert slam_value(game, False) == 169 and slam_value(game, True) == 189


# 4.2 Deal -------------------------------------------------------------------------------------

def test_4_2_2_deal_in_sevens_21_each_and_a_talon_of_3():
    deal = GAME.deal(Rng(7), 2)
    assert [len(h) for h in deal["hands"]] == [21, 21, 21] and len(deal["talon"]) == 3
    assert sorted(sum(deal["hands"], []) + deal["talon"]) == sorted(GAME.pack())
    GAME.check_deal(deal)


def test_4_1_1_four_players_the_dealer_sits_out():
    game = Droggn({"players": 4})
    deal = game.deal(Rng(7), 2)
    assert [len(h) for h in deal["hands"]] == [21, 21, 0, 21]
    game.check_deal(deal)
    state = game.new_hand(2, deal)
    assert state.auction.speakers == [1, 0, 3]  # counter-clockwise, the dealer skipped
    raises(RulesError, game.new_hand, 1, deal)


def test_4_2_3_counter_clockwise_by_default_clockwise_as_an_option():
    assert GAME.seats_in_play(0) == [2, 1, 0]
    assert Droggn({"direction": "clockwise"}).seats_in_play(0) == [1, 2, 0]
    assert Droggn({"players": 4, "direction": "clockwise"}).seats_in_play(3) == [0, 1, 2]


def test_4_2_4_the_declarer_deals_next():
    state = rigged({})
    act(state, "pass", "solo", "pass")
    assert state.declarer == 1 and GAME.next_dealer(0, state) == 1


def test_4_2_5_all_pass_the_cards_are_thrown_in_and_the_deal_passes_on():
    state = rigged({})
    act(state, "pass", "pass", "pass")
    assert state.is_terminal() and state.declarer == -1
    assert state.points() == [0, 0, 0] and state.scores() == [0, 0, 0]
    assert GAME.next_dealer(0, state) == 2  # counter-clockwise: to the right
    assert Droggn({"direction": "clockwise"}).next_dealer(0, state) == 1
    assert Droggn({"throw_in": "same_dealer"}).next_dealer(0, state) == 0


# 4.3 Bidding ----------------------------------------------------------------------------------

def test_4_3_1_each_player_speaks_once_starting_after_the_dealer():
    state = rigged({})
    seats = []
    for call in ("ansager", "solo", "pass"):
        seats.append(state.to_act)
        act(state, call)
    assert seats == [2, 1, 0] and state.declarer == 1 and state.contract == SOLO


def test_4_3_3_later_players_must_bid_higher_or_pass():
    state = rigged({})
    act(state, "solo")
    assert texts(state, state.legal_actions()) == ["pass", "super", "slam"]
    assert reason(state, "ansager").startswith("section 4.3.3")
    assert reason(state, "solo").startswith("section 4.3.3")
    act(state, "pass", "slam")
    assert state.declarer == 0 and state.contract == SLAM


# 4.4 Exchange and buying ----------------------------------------------------------------------

def test_4_4_1_ansager_and_solo_take_the_talon_unseen_and_discard_three():
    state = rigged({}, talon="4S 5S 6S")
    act(state, "solo", "pass", "pass")
    assert state.phase == "discard" and len(state.hands[2]) == 24
    assert state.view(1).talon is None and state.view(2).talon == cards("4S 5S 6S")
    act(state, "discard 4S", "discard 5S", "discard 6S")
    assert state.phase == "layout" and len(state.hands[2]) == 21  # Solo: no purchase
    assert state.view(0).discard is None and state.view(2).discard == cards("4S 5S 6S")


def test_4_4_1_option_the_talon_is_exposed_in_an_ansager_only():
    game = Droggn({"expose_talon_in_ansager": True})
    state = rigged({}, talon="4S 5S 6S", game=game)
    act(state, "ansager", "pass", "pass")
    assert state.view(0).talon == cards("4S 5S 6S") == state.view(1).talon
    state = rigged({}, talon="4S 5S 6S", game=game)
    act(state, "solo", "pass", "pass")
    assert state.view(0).talon is None


def test_4_4_2_never_the_gstiess_mond_or_pagat():
    state = rigged({2: "Fool T21 T1"})
    act(state, "ansager", "pass", "pass")
    for text in ("discard Fool", "discard T21", "discard T1"):
        assert reason(state, text) == "section 4.4.2: the Gstiess, XXI and I may not be discarded"
    act(state, "discard T2")  # other trumps may be discarded


def test_4_4_2_a_king_only_together_with_a_trump():
    state = rigged({2: "KS KC KH T5"}, talon="4H 5H 6H")
    act(state, "solo", "pass", "pass")
    act(state, "discard KS")
    assert reason(state, "discard KC").startswith("section 4.4.2: a King")
    act(state, "discard 4H")
    legal = state.legal_actions()  # the King needs its trump now
    assert parse_card("T5") in legal and all(SUIT_OF[c] == TRUMP for c in legal)
    act(state, "discard T5")
    # without a trump that may go with it, no King can be discarded at all
    others = " ".join("T%d" % n for n in range(2, 21))
    state = rigged({2: "KS Fool T1 T21", 1: others}, talon="4H 5H 6H")
    act(state, "solo", "pass", "pass")
    assert reason(state, "discard KS").startswith("section 4.4.2: a King")


def test_4_4_3_the_ansager_buys_a_card_for_a_face_down_card():
    state = rigged({2: "T2", 0: "KH"}, talon="4S 5S 6S")
    act(state, "ansager", "pass", "pass", "discard 4S", "discard 5S", "discard 6S")
    assert state.phase == "offer" and NO_BUY not in state.legal_actions()  # buying is a must
    act(state, "offer T2")
    assert reason(state, "buy 4S") == ("section 4.4.3: the declarer may not ask for a card he "
                                       "has discarded")
    assert reason(state, "buy T2") == "section 4.4.3: the declarer may not ask for a card he holds"
    act(state, "buy KH")
    assert state.bought == parse_card("KH") and state.seller == 0
    assert parse_card("KH") in state.hands[2] and parse_card("T2") in state.hands[0]
    # the bought card was shown to all; the face-down card only to its receiver
    assert state.view(1).bought == parse_card("KH") and state.view(1).offer is None
    assert state.view(0).offer == parse_card("T2") == state.view(2).offer
    assert parse_card("T2") not in state.view(1).visible_cards()


def test_4_4_3_option_forfeit_an_invalid_request_or_no_buy_loses_the_purchase():
    game = Droggn({"invalid_buy": "forfeit"})
    state = rigged({2: "T2"}, talon="4S 5S 6S", game=game)
    act(state, "ansager", "pass", "pass", "discard 4S", "discard 5S", "discard 6S")
    act(state, "offer T2", "buy 4S")
    assert state.buy_forfeited and state.bought == -1 and parse_card("T2") in state.hands[2]
    assert state.phase == "layout" and state.contract == ANSAGER  # still an Ansager
    state = rigged({2: "T2"}, talon="4S 5S 6S", game=game)
    act(state, "ansager", "pass", "pass", "discard 4S", "discard 5S", "discard 6S", "no buy")
    assert state.buy_forfeited and len(state.hands[2]) == 21


def test_4_4_4_super_the_talon_stays_unseen_and_counts_for_the_declarer():
    state = rigged({2: ALL_TRUMPS}, talon="KS KC KH")
    act(state, "super", "pass", "pass", "liege", "gut", "gut")
    assert all(state.view(seat).talon is None for seat in range(3))
    lead_and_follow(state, " ".join("T%d" % n for n in range(21, 0, -1)))
    assert state.is_terminal() and state.view(0).talon == sorted(cards("KS KC KH"))
    assert all(c in state.side_cards(True) for c in cards("KS KC KH"))


# 4.5 Announcements and doubling ---------------------------------------------------------------

def test_4_5_1_the_declarer_may_lay_out_the_pagat():
    state = rigged({2: "T1 Fool"})
    act(state, "super", "pass", "pass")
    assert texts(state, state.legal_actions()) == ["liege", "lay out T1"]  # Gstiess: Slam only
    assert reason(state, "lay out Fool").startswith("section 4.5.2")
    act(state, "lay out T1")
    assert state.laid_out == 1 and state.layer == 2 and state.phase == "double"
    assert 1 in state.view(0).visible_cards()


def test_4_5_1_a_defender_holding_the_pagat_may_lay_it_out_and_still_speaks():
    state = rigged({1: "T1"})
    act(state, "super", "pass", "pass", "liege")
    assert state.to_act == 1 and LAY_OUT_PAGAT in state.legal_actions()
    act(state, "lay out T1")
    assert state.layer == 1 and state.to_act == 1
    assert LAY_OUT_PAGAT not in state.legal_actions()
    act(state, "gut", "gut")
    assert state.phase == "play"


def test_4_5_2_in_a_slam_the_gstiess_may_be_laid_out_but_not_both():
    state = rigged({2: "T1 Fool"})
    act(state, "slam", "pass", "pass")
    assert texts(state, state.legal_actions()) == ["liege", "lay out T1", "lay out Fool"]
    act(state, "lay out Fool")
    assert state.laid_out == FOOL and LAY_OUT_PAGAT not in state.legal_actions()


def test_4_5_4_schwacher_then_retours_double_each_time():
    state = rigged({2: "7S"}, talon="4S 5S 6S")
    act(state, "ansager", "pass", "pass", "discard 4S", "discard 5S", "discard 6S")
    act(state, "offer 7S", "buy KH", "liege")
    assert state.defenders() == [1, 0] and state.to_act == 1  # the one who plays after him
    assert state.legal_actions() == [GUT, SCHWACHER]
    act(state, "gut", "schwacher")
    assert state.multiplier == 2 and state.to_act == 2
    assert state.legal_actions() == [GUT, RETOUR]
    act(state, "retour")
    assert state.multiplier == 4 and state.to_act == 1
    act(state, "gut", "retour")
    assert state.multiplier == 8 and state.to_act == 2
    act(state, "gut")
    assert state.phase == "play" and state.to_act == 2  # 4.6.1: the declarer leads


def test_4_5_4_after_the_first_schwacher_the_partner_only_passes():
    state = rigged({})
    act(state, "super", "pass", "pass", "liege", "schwacher")
    assert state.legal_actions() == [GUT]
    assert reason(state, "schwacher").startswith("section 4.5.4")
    act(state, "gut", "gut")
    assert state.phase == "play" and state.multiplier == 2


def test_4_5_4_by_default_the_retours_go_on_without_limit():
    state = rigged({})
    act(state, "super", "pass", "pass", "liege", "schwacher", "gut")
    for _ in range(6):
        act(state, "retour", "gut", "retour")  # the declarer, then the defenders
    assert state.multiplier == 2 ** 13 and RETOUR in state.legal_actions()


def test_house_rule_max_doublings_counts_the_schwacher_and_retours():
    game = Droggn({"max_doublings": 2})
    state = rigged({2: "T1"}, game=game)
    act(state, "super", "pass", "pass", "liege", "schwacher", "gut")
    assert state.legal_actions() == [GUT, RETOUR]
    act(state, "retour")
    assert state.multiplier == 4 and state.legal_actions() == [GUT]
    assert reason(state, "retour") == "house rule max_doublings: at most 2 doublings in a hand"
    act(state, "gut", "gut")
    assert state.phase == "play" and state.multiplier == 4


def test_house_rule_one_doubling_leaves_the_declarer_only_gut_after_a_schwacher():
    state = rigged({2: "T1"}, game=Droggn({"max_doublings": 1}))
    act(state, "super", "pass", "pass", "liege", "schwacher", "gut")
    assert state.legal_actions() == [GUT] and reason(state, "retour").startswith("house rule")
    act(state, "gut")
    assert state.phase == "play" and state.multiplier == 2


# 4.6 Play --------------------------------------------------------------------------------------

def first_trick_state(fixed, talon=""):
    """A Super by seat 2 (dealer 0), no announcements, on lead to the first trick."""
    state = rigged(fixed, talon)
    act(state, "super", "pass", "pass", "liege", "gut", "gut")
    return state


def test_4_6_2_follow_suit_else_trump_else_anything_and_no_overtrump():
    state = first_trick_state({2: "KS T21", 1: "4S T5 QH", 0: "T6 KD"})
    act(state, "KS")
    legal = texts(state, state.legal_actions())
    assert "QH" not in legal and "4S" in legal
    assert reason(state, "T5") == "section 4.6.2: must follow suit (spades led)"
    act(state, "4S")
    for card in state.hands[0]:  # void in spades: a trump, any trump (no overtrumping duty)
        assert (SUIT_OF[card] == TRUMP or card == FOOL) == (card in state.legal_actions())
    assert reason(state, "KD") == "section 4.6.2: void in spades, must play a trump"


def test_4_6_2_trump_led_must_be_followed_with_trumps():
    state = first_trick_state({2: "T21", 1: "T2 KS", 0: "Fool"})
    act(state, "T21")
    assert reason(state, "KS") == "section 4.6.2: trumps were led and seat 1 holds a trump"


def test_4_6_3_highest_trump_wins_else_highest_of_the_suit_led():
    state = first_trick_state({2: "4H", 1: "7H", 0: "1H"})
    act(state, "4H", "7H", "1H")
    assert state.leader == 0  # hearts rank 1 above 7
    state = first_trick_state({2: "KS", 1: "4S", 0: "T2"})
    for card in state.hands[0]:
        if SUIT_OF[card] == 0:  # make seat 0 void in spades
            state.hands[0].remove(card)
            state.hands[1].append(card)
    state.hands[1].sort()
    act(state, "KS", "4S", "T2")
    assert state.leader == 0


def test_4_6_4_the_gstiess_may_always_be_played_never_wins_and_stays_with_its_side():
    state = first_trick_state({2: "KS", 1: "Fool 4S", 0: "5S"})
    act(state, "KS")
    assert FOOL in state.legal_actions()
    act(state, "Fool", "5S")
    assert state.leader == 2 and FOOL in state.piles[1] and FOOL not in state.piles[2]


def test_4_6_4_a_led_gstiess_lets_the_second_card_set_the_suit():
    state = first_trick_state({2: "Fool", 1: "4H KS", 0: "KH 5S"})
    act(state, "Fool", "4H")
    assert reason(state, "5S") == "section 4.6.2: must follow suit (hearts led)"
    act(state, "KH")
    assert state.leader == 0


def test_4_6_5_a_laid_out_pagat_is_kept_while_there_is_a_legal_alternative():
    state = rigged({2: "T21", 1: "T1 T5"})
    act(state, "super", "pass", "pass", "liege", "lay out T1", "gut", "gut", "T21")
    assert state.legal_actions() == [parse_card("T5")]
    assert reason(state, "T1") == ("section 4.6.5: a laid-out Pagat must not be played while "
                                   "there is a legal alternative")


def test_7_9_the_gstiess_is_the_alternative_to_a_laid_out_pagat():
    state = rigged({2: "T21", 1: "T1 Fool"})
    act(state, "super", "pass", "pass", "liege", "lay out T1", "gut", "gut", "T21")
    assert state.legal_actions() == [FOOL]


def test_4_6_6_the_gstiess_may_go_to_the_last_trick_by_default():
    state = first_trick_state({2: ALL_TRUMPS, 1: "Fool"})
    for number in range(21, 1, -1):
        act(state, "T%d" % number)
        state.apply(state.legal_actions()[-1])  # seat 1 keeps the Gstiess
        state.apply(state.legal_actions()[0])
    assert state.hands[1] == [FOOL] and state.legal_actions() == [1]
    act(state, "T1", "Fool")


def test_7_8_option_the_gstiess_among_the_last_two_cards_must_be_played_now():
    game = Droggn({"gstiess_last_trick_illegal": True})
    state = rigged({2: ALL_TRUMPS, 1: "Fool"}, game=game)
    act(state, "super", "pass", "pass", "liege", "gut", "gut")
    for number in range(21, 2, -1):
        act(state, "T%d" % number)
        state.apply(state.legal_actions()[-1])  # seat 1 keeps the Gstiess
        state.apply(state.legal_actions()[0])
    act(state, "T2")
    assert len(state.hands[1]) == 2 and state.legal_actions() == [FOOL]
    other = [c for c in state.hands[1] if c != FOOL][0]
    assert reason(state, state.action_text(other)).startswith("section 4.6.6")


# 4.7 Scoring, scripted hands ------------------------------------------------------------------

def scored_state(contract, declarer, laid_out=-1, layer=-1, pagat=(-1, -1, -1), multiplier=1):
    """A state as play leaves it for the Pagat rules: pagat = (trick, seat, winner)."""
    state = rigged({})
    state.declarer, state.contract, state.multiplier = declarer, contract, multiplier
    state.laid_out, state.layer = laid_out, layer
    state.pagat_trick, state.pagat_seat, state.pagat_winner = pagat
    return state


def test_4_7_4_1_unannounced_pagat_ultimo_won_is_10_to_its_side_not_doubled():
    assert scored_state(SOLO, 2, pagat=(20, 2, 2), multiplier=4).pagat_bonus() == 10
    assert scored_state(SOLO, 2, pagat=(20, 0, 0), multiplier=4).pagat_bonus() == -10


def test_4_7_4_2_pagat_beaten_in_the_last_trick_costs_its_side_10_even_by_a_partner():
    assert scored_state(SOLO, 2, pagat=(20, 2, 1)).pagat_bonus() == -10
    assert scored_state(SOLO, 2, pagat=(20, 0, 1)).pagat_bonus() == 10


def test_4_7_4_3_laid_out_pagat_20_doubled_won_or_lost_forced_out_earlier():
    assert scored_state(SOLO, 2, 1, 2, (20, 2, 2), 2).pagat_bonus() == 40
    assert scored_state(SOLO, 2, 1, 2, (20, 2, 0), 2).pagat_bonus() == -40
    assert scored_state(SOLO, 2, 1, 0, (5, 0, 0), 1).pagat_bonus() == 20  # defenders' failed


def test_4_7_4_4_unannounced_pagat_captured_before_the_last_trick_5_to_the_captors():
    assert scored_state(SOLO, 2, pagat=(3, 0, 2)).pagat_bonus() == 5
    assert scored_state(SOLO, 2, pagat=(3, 2, 1)).pagat_bonus() == -5
    assert scored_state(SOLO, 2, pagat=(3, 0, 1)).pagat_bonus() == 0  # partner took it


def test_4_7_5_no_pagat_scores_in_a_slam():
    assert scored_state(SLAM, 2, pagat=(3, 0, 2)).pagat_bonus() == 0


def test_4_7_2_37_wins_38_as_an_option_and_the_37_37_tie_rule():
    game = Droggn()
    assert declarer_wins(game, 37, 37, False) and not declarer_wins(game, 36, 38, True)
    game = Droggn({"win_threshold": 38})
    assert not declarer_wins(game, 37, 37, True) and declarer_wins(game, 38, 36, False)
    for threshold in (37, 38):
        game = Droggn({"win_threshold": threshold, "tie_37_last_trick": True})
        assert declarer_wins(game, 37, 37, True)
        assert not declarer_wins(game, 37, 37, False)


def test_4_9_match_on_an_ansager_57_from_each_defender():
    state = rigged({2: ALL_TRUMPS, 0: "KH"}, talon="4S 5S 6S")
    act(state, "ansager", "pass", "pass", "discard 4S", "discard 5S", "discard 6S")
    act(state, "offer T2", "buy KH", "liege", "gut", "gut")
    lead_and_follow(state, " ".join("T%d" % n for n in range(21, 2, -1)) + " T1 KH")
    assert state.tricks_won[2] == 21 and state.pagat_bonus() == 0
    assert state.declarer_result() == 57 and state.scores() == [-57, -57, 114]
    assert state.points()[0] + state.points()[2] == 74


def test_4_9_slam_made_167_or_187_with_the_pagat_laid_out():
    for layout, value in (("liege", 167), ("lay out T1", 187)):
        state = rigged({2: ALL_TRUMPS})
        act(state, "slam", "pass", "pass", layout, "gut", "gut")
        lead_and_follow(state, " ".join("T%d" % n for n in range(21, 0, -1)))
        assert state.is_terminal() and not state.stopped
        assert state.scores() == [-value, -value, 2 * value]


def test_4_6_4_a_gstiess_laid_out_in_a_slam_wins_the_last_trick_187():
    state = rigged({2: "Fool " + " ".join("T%d" % n for n in range(2, 22))})
    act(state, "slam", "pass", "pass", "lay out Fool", "gut", "gut")
    lead_and_follow(state, " ".join("T%d" % n for n in range(21, 1, -1)) + " Fool")
    assert state.tricks_won[2] == 21 and state.declarer_result() == 187


def test_4_7_5_a_slam_that_loses_a_trick_stops_and_loses_everything():
    state = rigged({2: "4S " + " ".join("T%d" % n for n in range(2, 22)), 1: "KS"})
    act(state, "slam", "pass", "pass", "liege", "schwacher", "gut", "gut", "4S")
    state.apply(state.parse_action("KS"))
    state.apply(state.legal_actions()[0])
    assert state.is_terminal() and state.stopped and state.tricks_played == 1
    assert state.scores() == [334, 334, -668]
    assert state.side_points(True) + state.side_points(False) == 74


def test_7_12_a_slam_with_the_pagat_laid_out_stops_at_the_first_lost_trick_minus_187():
    state = rigged({2: "4S " + " ".join("T%d" % n for n in range(1, 21)), 1: "KS"})
    act(state, "slam", "pass", "pass", "lay out T1", "gut", "gut", "4S", "KS")
    state.apply(state.legal_actions()[0])
    assert state.is_terminal() and state.stopped and 1 in state.hands[2]
    assert state.declarer_result() == -187


def test_7_12_a_gstiess_laid_out_in_a_slam_and_led_early_loses_its_trick():
    state = rigged({2: "Fool " + " ".join("T%d" % n for n in range(2, 22))})
    act(state, "slam", "pass", "pass", "lay out Fool", "gut", "gut", "Fool")
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert state.is_terminal() and state.stopped and state.declarer_result() == -187


def test_4_7_4_4_scripted_capture_of_the_pagat_in_a_super_match():
    state = rigged({2: "KS " + " ".join("T%d" % n for n in range(2, 22)), 1: "T1", 0: "Fool"})
    act(state, "super", "pass", "pass", "liege", "gut", "gut")
    lead_and_follow(state, " ".join("T%d" % n for n in range(21, 1, -1)) + " KS")
    assert state.pagat_trick == 0 and state.pagat_bonus() == 5
    assert state.declarer_result() == 80 + 37 + 5


def test_4_7_4_3_scripted_a_defenders_laid_out_pagat_forced_out():
    state = rigged({2: "KS " + " ".join("T%d" % n for n in range(2, 22)), 1: "T1", 0: "Fool"})
    act(state, "super", "pass", "pass", "liege", "lay out T1", "schwacher", "gut", "gut", "T21")
    assert state.legal_actions() == [1]  # no alternative: the Pagat goes
    lead_and_follow(state, "")
    state.apply(1)
    state.apply(state.legal_actions()[0])
    assert state.voids[1] & (1 << TRUMP) and state.voids[1] & (1 << EXCUSE)
    lead_and_follow(state, " ".join("T%d" % n for n in range(20, 1, -1)) + " KS")
    assert state.pagat_bonus() == 40  # 20, doubled by the Schwacher, to the declarer


def test_4_7_8_four_players_the_sitting_out_dealer_pays_too():
    game = Droggn({"players": 4})
    state = game.new_hand(0, game.deal(Rng(3), 0))
    act(state, "super", "pass", "pass", "liege", "gut", "gut")
    assert state.declarer == 3 and state.defenders() == [2, 1]  # seat 0 sits out
    while not state.is_terminal():
        assert state.to_act != 0
        state.apply(state.legal_actions()[0])
    value = state.declarer_result()
    assert value != 0 and state.scores() == [-value, -value, -value, 3 * value]
    assert state.points()[0] == state.points()[1] == state.points()[2]
    assert settlement(4, 3, 10) == [-10, -10, -10, 30]


def test_determinize_varies_the_hidden_cards():
    state = rigged({})
    samples = []
    for seed in range(1, 6):
        samples.append(determinize(state.view(2), Rng(seed)).hands[1])
    assert len([s for s in samples if s != samples[0]]) > 0


def test_determinize_puts_an_exposed_talon_with_the_declarer():
    game = Droggn({"expose_talon_in_ansager": True})
    state = rigged({}, talon="KS KC KH", game=game)
    act(state, "ansager", "pass", "pass")
    for seed in range(1, 8):
        other = determinize(state.view(0), Rng(seed))
        assert all(c in other.hands[2] for c in cards("KS KC KH"))


def test_clone_is_an_independent_copy():
    state = rigged({2: "7S"}, talon="4S 5S 6S")
    act(state, "ansager", "pass", "pass", "discard 4S")
    copy = state.clone()
    act(copy, "discard 5S", "discard 6S", "offer 7S", "buy KH")
    assert state.phase == "discard" and len(state.discard) == 1 and state.bought == -1
    assert copy.auction.high == ANSAGER and copy.calls == state.calls
    for action in state.legal_actions():
        assert state.clone().illegal_reason(action) is None


def test_parse_action_rejects_other_phases_words_and_cards_outside_the_pack():
    state = rigged({})
    raises(RulesError, state.parse_action, "weiter")
    act(state, "solo", "pass", "pass")
    raises(RulesError, state.parse_action, "discard 3S")  # not in the 66-card pack
    raises(RulesError, state.parse_action, "buy KS")
    assert reason(state, "gut") == "gut is not a legal action in the discard phase"
    assert state.legal_actions() and LIEGE not in state.legal_actions()
    assert LAY_OUT_GSTIESS not in state.legal_actions()
