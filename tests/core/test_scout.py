"""SCOUT, rules.md section 5: the test vectors of 5.7, the rules they stand for, the distinct
actions of clarification 7.14, and random-playout invariants for 2 to 5 players."""

import gc

from deckcore.game import RulesError
from deckcore.games.scout import (DECISION, FLIP, KEEP, SCOUT, SCOUT_SHOW, SHOW, UNKNOWN, Scout,
                                  decode, encode, identity, strength, turned)
from deckcore.games.scout_worlds import determinize
from deckcore.match import Match
from deckcore.rng import Rng
from expect import raises
from repetitions import ON_MICROPYTHON, scaled

GAMES = {players: Scout({"players": players}) for players in range(2, 6)}


def cards(game, texts):
    return [game.parse_card(t) for t in texts.split()]


def playing(players, *hands):
    """A round in play, seat 0 first, everyone having kept their hand; each hand is card texts
    left to right. The deal need not be full: only the rules of play are tested."""
    game = GAMES[players]
    state = game.new_hand(players - 1, {"hands": [cards(game, h) for h in hands]})
    for _ in range(players):
        state.apply(KEEP)
    return state


def play(state, *texts):
    for text in texts:
        action = state.parse_action(text)
        reason = state.illegal_reason(action)
        assert reason is None, (text, reason)
        assert action in state.legal_actions(), text
        state.apply(action)


def refused(state, text):
    """The reason the rules give for refusing `text` (which must be refused)."""
    action = state.parse_action(text)
    reason = state.illegal_reason(action)
    assert reason is not None, text
    assert action not in state.legal_actions(), text
    return reason


def numbers(state, seat):
    return [card >> 4 for card in state.hands[seat]]


# 5.1 components and setup ---------------------------------------------------------------------

def test_5_7_deck_sizes_44_36_44_45_and_hands_11_12_11_9():
    for players, deck, hand in ((2, 44, 11), (3, 36, 12), (4, 44, 11), (5, 45, 9)):
        game = GAMES[players]
        assert len(game.pack()) == deck
        deal = game.deal(Rng(players), 0)
        assert [len(h) for h in deal["hands"]] == [hand] * players
        game.check_deal(deal)


def test_5_7_three_players_remove_exactly_the_nine_cards_with_a_10():
    everything = GAMES[5].pack()
    removed = [card for card in everything if card not in GAMES[3].pack()]
    assert len(removed) == 9 and all(card & 15 == 10 for card in removed)


def test_5_1_2_two_and_four_players_remove_the_9_10_card():
    for players in (2, 4):
        assert GAMES[players].parse_card("1/10")
        assert "5.1.2" in str(raises(RulesError, GAMES[players].parse_card, "10/9"))


def test_5_1_1_every_pair_of_numbers_once():
    pack = GAMES[5].pack()
    assert len(pack) == 45 == len(set(identity(c) for c in pack))


def test_5_1_3_a_card_shows_its_top_number_first():
    game = GAMES[4]
    card = game.parse_card("3/7")
    assert card >> 4 == 3 and game.card_text(card) == "3/7"
    assert game.card_text(turned(card)) == "7/3"
    for bad in ("3/3", "0/4", "11/2", "3/17", "-1/2", "37", "a/b", "3/"):
        raises(RulesError, game.parse_card, bad)


def test_5_1_3_the_deal_shuffles_order_and_orientation():
    game = GAMES[5]
    hand = game.deal(Rng(9), 0)["hands"][0]
    assert hand != sorted(hand)
    ups = [game.deal(Rng(seed), 0)["hands"][0][0] for seed in range(1, 40)]
    assert any(c >> 4 < c & 15 for c in ups) and any(c >> 4 > c & 15 for c in ups)


def test_5_5_1_two_players_set_22_aside_and_deal_them_in_round_2():
    game = GAMES[2]
    deal = game.deal(Rng(3), 0)
    assert len(deal["set_aside"]) == 22
    match = Match(game, 0)
    state = match.new_hand(deal)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    match.finish_hand(state)
    second = match.next_deal(Rng(99))
    assert second["hands"] == [deal["set_aside"][:11], deal["set_aside"][11:]]
    assert second["set_aside"] == [] and match.dealer == 1


def test_5_5_1_round_2_worlds_leave_out_the_cards_the_seat_saw_in_round_1():
    """None of the cards a seat saw in round 1 is in round 2: its view holds them (its own
    seat's only), its worlds deal none of them, and a clone of the round keeps them."""
    game = GAMES[2]
    rng = Rng(5)
    first = game.new_hand(0, game.deal(rng, 0))
    while not first.is_terminal():
        first.apply(rng.choice(first.legal_actions()))
    seen = [[identity(card) for card in first.view(seat).visible_cards()] for seat in (0, 1)]
    second = game.new_hand(1, game.carried_deal(first))
    assert second.clone().seen_before == seen
    for seat in (0, 1):
        view = second.view(seat)
        assert view.seen_before == seen[seat]
        for _ in range(4):
            dealt = determinize(view, rng).hands[1 - seat]
            assert not any(identity(card) in seen[seat] for card in dealt)
    assert game.new_hand(0, game.deal(rng, 0)).seen_before is None  # a round 1


def test_5_1_2_check_deal_rejects_wrong_sizes_and_cards_twice():
    game = GAMES[3]
    deal = game.deal(Rng(4), 0)
    deal["hands"][1][0] = turned(deal["hands"][0][0])
    assert "twice" in str(raises(RulesError, game.check_deal, deal))
    assert "5.1.2" in str(raises(RulesError, game.check_deal, {"hands": [[], [], []]}))
    two = GAMES[2].deal(Rng(4), 0)
    two["set_aside"] = two["set_aside"][1:]
    assert "5.5.1" in str(raises(RulesError, GAMES[2].check_deal, two))


def test_5_1_4_each_player_decides_on_the_flip_once_from_the_starting_player():
    game = GAMES[3]
    state = game.new_hand(0, game.deal(Rng(1), 0))
    assert state.phase == "flip" and state.current_player() == 1
    assert state.legal_actions() == [KEEP, FLIP]
    order = []
    for _ in range(3):
        order.append(state.current_player())
        play(state, "keep hand")
    assert order == [1, 2, 0]
    assert state.phase == "play" and state.current_player() == 1
    assert "5.1.4" in refused(state, "flip hand")


def test_5_1_4_flipping_reverses_the_hand_and_turns_every_card():
    game = GAMES[4]
    state = game.new_hand(3, {"hands": [cards(game, h) for h in
                                        ("1/2 3/4 5/6", "2/3", "4/5", "6/7")]})
    play(state, "flip hand", "keep hand", "keep hand", "keep hand")
    assert state.hands[0] == cards(game, "6/5 4/3 2/1")
    assert state.hands[1] == cards(game, "2/3") and state.flips == [True, False, False, False]


def test_5_1_6_the_player_after_the_dealer_starts_and_the_start_moves_on():
    game = GAMES[4]
    match = Match(game, 2)
    rng = Rng(8)
    starters = []
    while not match.is_over():
        state = match.new_hand(match.next_deal(rng))
        starters.append(state.current_player())
        while not state.is_terminal():
            state.apply(state.legal_actions()[-1])
        match.finish_hand(state)
    assert starters == [3, 0, 1, 2]


# 5.2.A Show: validity and strength ---------------------------------------------------------

def beats(a, b):
    return strength(a) > strength(b)


def test_5_7_more_cards_win_1234_beats_888():
    assert beats([1, 2, 3, 4], [8, 8, 8])


def test_5_7_a_matching_set_beats_a_run_222_beats_678():
    assert beats([2, 2, 2], [6, 7, 8])


def test_5_7_the_higher_lowest_number_wins_456_beats_345():
    assert beats([4, 5, 6], [3, 4, 5])


def test_5_7_runs_go_both_ways_89_beats_87_and_not_the_reverse():
    assert beats([8, 9], [8, 7])
    assert not beats([8, 7], [8, 9])


def test_5_7_equal_sets_do_not_beat_each_other_44_33_55_7_6():
    assert beats([4, 4], [3, 3])
    assert not beats([5, 5], [5, 5])
    assert beats([7], [6])


def test_5_2_A_1_ten_and_one_are_not_consecutive():
    assert strength([9, 10]) and not strength([10, 1]) and not strength([1, 10])
    assert not strength([3, 4, 3]) and not strength([5, 7])


def test_5_7_validity_from_hand_3_3_4_5_8():
    state = playing(3, "3/1 3/2 4/1 5/1 8/1", "1/2", "1/3")
    play(state, "show 1-2")  # [3, 3]
    state = playing(3, "3/1 3/2 4/1 5/1 8/1", "1/2", "1/3")
    play(state, "show 2-4")  # [3, 4, 5]
    state = playing(3, "3/1 3/2 4/1 5/1 8/1", "1/2", "1/3")
    assert "5.2.A.1" in refused(state, "show 2-5")  # [3, 4, 5, 8]
    shown = [state.hands[0][(a >> 6 & 63):(a >> 6 & 63) + (a & 63)] for a in state.legal_actions()]
    assert all(len(s) == 1 for s in shown if cards(state.game, "8/1")[0] in s)  # 8 stays put


def test_5_2_A_3_a_show_must_beat_the_active_set():
    state = playing(3, "5/1 6/1 2/1", "3/1 4/1 9/1", "7/1")
    play(state, "show 1-2")  # 5 6
    assert "5.2.A.3" in refused(state, "show 1-2")  # 3 4 does not beat 5 6
    assert "5.2.A.3" in refused(state, "show 3")


def test_5_2_A_4_the_shower_takes_the_beaten_set_and_owns_the_new_one():
    state = playing(3, "5/1 6/1 2/1", "3/1 4/1 5/2", "7/1")
    play(state, "show 1-2", "show 1-3")
    assert state.piles[1] == cards(state.game, "5/1 6/1") and state.owner == 1


def test_5_2_forced_show_at_the_start_of_a_round():
    state = playing(4, "5/1 6/1", "3/1", "7/1", "8/1")
    assert all(kind_of(a) == SHOW for a in state.legal_actions())
    assert "must Show" in refused(state, "scout left @1")


# 5.2.B Scout -------------------------------------------------------------------------------

def test_5_7_scout_a_6_between_5_and_7_makes_the_run_4567():
    state = playing(3, "6/1 9/2", "4/1 5/1 7/1", "8/2")
    play(state, "show 1", "scout left @3")
    assert numbers(state, 1) == [4, 5, 6, 7]


def test_5_2_B_either_end_either_way_up_anywhere_and_the_owner_takes_a_chip():
    state = playing(3, "2/9 3/8 4/1 6/7", "1/5 7/6", "8/2")
    play(state, "show 1-3")  # 2 3 4, owner seat 0
    play(state, "scout right flip @1")
    assert numbers(state, 1) == [1, 1, 7] and state.active == cards(state.game, "2/9 3/8")
    assert state.chips == [1, 0, 0] and state.owner == 0 and state.current_player() == 2
    play(state, "scout left @2")
    assert numbers(state, 2) == [8, 2] and state.chips == [2, 0, 0]


def test_5_2_B_1_a_middle_card_cannot_be_scouted():
    state = playing(3, "2/9 3/8 4/1 6/7", "1/5", "8/2")
    play(state, "show 1-3")
    assert "5.2.B.1" in refused(state, "scout 2 @1")


def test_5_2_B_5_a_set_scouted_empty_lets_the_next_player_show_anything():
    state = playing(4, "9/1 5/2", "1/2", "1/3", "1/4")
    play(state, "show 1", "scout left @1")
    assert state.active == [] and state.owner == 0
    assert "must Show" in refused(state, "scout left @1")
    play(state, "show 1")  # a lone 1 is fine now


# 5.2.C Scout & Show ------------------------------------------------------------------------

def test_5_2_C_3_the_scouted_card_may_be_part_of_the_show_and_the_owner_gets_a_chip():
    state = playing(3, "6/1 7/1 8/1", "5/2 9/3", "1/3")
    play(state, "show 1")  # 6
    play(state, "scout+show left @2 show 1-2")  # 5 6 from 5 . 9
    assert state.active == cards(state.game, "5/2 6/1") and state.owner == 1
    assert state.chips == [1, 0, 0] and state.scout_show == [True, False, True]
    assert state.piles[1] == []  # nothing was left of the beaten set


def test_5_2_C_scout_and_show_is_once_per_round():
    state = playing(3, "6/1 7/1 8/1 1/4", "5/2 9/3 2/4", "1/3 2/3")
    play(state, "show 1", "scout+show left @2 show 1-2", "scout left @1", "show 1-2")
    assert state.current_player() == 1
    assert "once per round" in refused(state, "scout+show left @1 show 1")


def test_5_2_C_4_a_scout_and_show_whose_show_is_illegal_is_rejected_whole():
    state = playing(3, "6/1 7/1 8/1", "5/2 9/3", "1/3")
    play(state, "show 2-3")  # 7 8
    assert "5.2.A.3" in refused(state, "scout+show left @1 show 1")
    assert state.hands[1] == cards(state.game, "5/2 9/3") and state.scout_show[1]


def test_5_5_2_no_scout_and_show_with_two_players():
    state = playing(2, "6/1 7/1", "5/2 9/3")
    play(state, "show 1")
    assert "5.5.2" in refused(state, "scout+show left @1 show 1-2")
    assert not [a for a in state.legal_actions() if kind_of(a) == SCOUT_SHOW]


# 5.3 end of round and 5.4 scoring ---------------------------------------------------------

def test_5_3_a_the_round_ends_when_a_show_empties_a_hand():
    state = playing(3, "6/1", "5/2 9/3", "1/3")
    play(state, "show 1")
    assert state.is_terminal() and state.ended_by == "a"


def test_5_3_b_the_round_ends_when_everyone_else_only_scouted():
    state = playing(3, "6/1 7/1 8/1 2/9", "5/2", "1/3")
    play(state, "show 1-3", "scout left @1", "scout right @1")
    assert state.is_terminal() and state.ended_by == "b" and state.exempt() == 0
    # 5.4: seat 0 keeps its 2/9 free of penalty; the active set scores nothing.
    assert state.points() == [2, 0, 0] and state.scores() == [2, -2, -2]


def test_5_3_b_also_ends_the_round_when_the_set_was_scouted_empty_on_the_way():
    state = playing(3, "6/1 7/1 2/9", "5/2", "1/3")
    play(state, "show 1-2", "scout left @1", "scout left @1")
    assert state.active == [] and state.is_terminal() and state.exempt() == 0
    assert state.scores() == [2, -2, -2]


def test_5_3_b_a_show_by_someone_else_restarts_the_count():
    state = playing(3, "6/1 7/1 8/1 2/9", "5/2 5/3 5/4 5/6 1/2", "1/3")
    play(state, "show 1-3", "show 1-4", "scout left @1")
    assert not state.is_terminal() and state.current_player() == 0


def test_5_7_scoring_seven_captured_two_chips_four_in_hand_is_5_or_9_unbeaten():
    state = playing(3, "1/2", "1/3", "1/4")
    state.piles[0] = cards(state.game, "2/3 2/4 2/5 2/6 2/7 2/8 2/9")
    state.chips[0] = 2
    state.hands[0] = cards(state.game, "3/4 3/5 3/6 3/7")
    state.owner, state.phase = 0, "over"
    state.ended_by = "a"
    assert state.scores()[0] == 5
    state.ended_by = "b"
    assert state.scores()[0] == 9


def test_5_7_two_player_example_six_captured_two_unspent_chips_three_in_hand_is_5():
    state = playing(2, "1/2", "1/3")
    state.piles[0] = cards(state.game, "2/3 2/4 2/5 2/6 2/7 2/8")
    state.chips[0] = 2
    state.hands[0] = cards(state.game, "3/4 3/5 3/6")
    state.owner, state.phase, state.ended_by = 1, "over", "b"
    assert state.points()[0] == 8 and state.scores()[0] == 5


def test_5_4_a_match_has_as_many_rounds_as_players_and_ties_share_the_win():
    for players in (2, 3, 4, 5):
        game = GAMES[players]
        match = Match(game, 0)
        rng = Rng(players)
        while not match.is_over():
            state = match.new_hand(match.next_deal(rng))
            while not state.is_terminal():
                state.apply(rng.choice(state.legal_actions()))
            match.finish_hand(state)
        assert len(match.results) == players
        best = max(match.totals)
        assert match.winners() == [s for s in range(players) if match.totals[s] == best]


# 5.5 two players -------------------------------------------------------------------------

def test_5_5_3_scouting_spends_your_own_chip_and_5_5_4_you_act_again():
    state = playing(2, "6/1 7/1 2/9", "5/2 9/3")
    play(state, "show 1-2")
    assert state.chips == [3, 3] and state.current_player() == 1
    play(state, "scout left @1")
    assert state.chips == [3, 2] and state.current_player() == 1 and state.owner == 0
    play(state, "scout left flip @1")
    assert state.chips == [3, 1] and state.active == [] and state.current_player() == 1
    assert "must Show" in refused(state, "scout left @1")


def test_5_5_3_no_scouting_without_chips():
    state = playing(2, "6/1 7/1 2/9", "8/2 9/3")
    state.chips = [3, 0]
    play(state, "show 1-2")
    assert "5.5.3" in refused(state, "scout left @1")
    assert [state.action_text(a) for a in state.legal_actions()] == ["show 1-2"]


def test_5_5_5_b_the_round_ends_when_the_player_to_act_can_neither_show_nor_scout():
    state = playing(2, "9/1 1/4", "5/2 2/3")
    state.chips = [0, 2]
    play(state, "show 1")
    assert state.current_player() == 1  # it cannot beat 9 but still has chips
    play(state, "scout left @1", "show 1")
    assert state.is_terminal() and state.ended_by == "b"
    # 5.5.6: the owner of the active set keeps its hand free; 5.5.7: +1 per unspent chip.
    assert state.exempt() == 1
    assert state.points() == [0, 1] and state.scores() == [-1, 1]


def test_5_5_7_unspent_chips_score_a_point_each():
    state = playing(2, "9/1 8/2", "5/2 2/3")
    play(state, "show 1-2")
    assert state.is_terminal() and state.ended_by == "a"
    assert state.points() == [3, 3] and state.scores() == [3, 1]


# Actions: text form and 7.14 ---------------------------------------------------------------

def test_actions_read_as_the_module_docstring_says():
    state = playing(3, "6/1 7/1 8/1 2/9", "5/2 9/3 4/1", "1/3")
    play(state, "show 1-3")
    for text in ("show 2", "show 1-2", "scout left @1", "scout right flip @4",
                 "scout+show left flip @2 show 2-4", "scout+show right @1 show 1"):
        action = state.parse_action(text)
        assert state.action_text(action) == text, text
    assert state.parse_action("scout left @1") == SCOUT | 0
    assert state.parse_action("show 2-3") == SHOW | 1 << 6 | 2
    for bad in ("show", "show 0", "show 3-2", "scout middle @1", "scout left 2", "dance",
                "scout+show left @1", "scout left @1 show 1"):
        raises(RulesError, state.parse_action, bad)


def test_7_14_a_one_card_set_is_scouted_from_the_left_only():
    state = playing(3, "6/1 7/1", "5/2 9/3", "1/3")
    play(state, "show 1")
    assert state.parse_action("scout right @1") == state.parse_action("scout left @1")
    ends = set(decode(a)[3] for a in state.legal_actions() if kind_of(a) != SHOW)
    assert ends == {0}


def test_7_14_a_show_of_only_the_scouted_card_puts_it_at_1():
    state = playing(3, "6/1 7/1", "5/2 9/3", "1/3")
    play(state, "show 1")
    assert "7.14" in refused(state, "scout+show left flip @3 show 3")
    play(state, "scout+show left flip @1 show 1")


def test_7_14_a_scouted_card_never_goes_right_after_the_shown_block():
    state = playing(3, "6/1 7/1", "5/2 9/3 9/4", "1/3")
    play(state, "show 1")
    reason = refused(state, "scout+show left @4 show 2-3")
    assert "7.14" in reason and "scout+show left @2 show 3-4" in reason
    play(state, "scout+show left @2 show 3-4")


def state_key(state):
    """The whole state as a few bytes (cards fit in a byte; 255 separates the lists)."""
    parts = []
    for cards in state.hands + state.piles + state.scouted + [state.active, state.chips]:
        parts.extend([int(card) for card in cards] + [255])
    parts += [state.owner + 1, state.to_act + 1, len(state.phase), len(state.ended_by)]
    return bytes(parts + [1 if chip else 0 for chip in state.scout_show])


def every_action(state):
    """Every encodable action with positions inside the hand and the active set."""
    hand = len(state.hands[state.to_act])
    for start, length in shows_within(hand):
        yield encode(SHOW, start, length)
    for index in range(max(1, len(state.active))):
        for turn in (0, 1):
            for gap in range(hand + 1):
                yield encode(SCOUT, 0, 0, index, turn, gap)
                for start, length in shows_within(hand + 1):
                    yield encode(SCOUT_SHOW, start, length, index, turn, gap)


def shows_within(size):
    for start in range(size):
        for length in range(1, size + 1 - start):
            yield start, length


def kind_of(action):
    return decode(action)[0]


def check_legal_actions_exactly(state):
    """The legal list is what illegal_reason allows; one action per distinct state, none
    missing: every action the rules allow (7.14 duplicates too) reaches a listed state."""
    legal = state.legal_actions()
    assert legal == sorted(legal) and len(legal) == len(set(legal))
    listed = {}
    for action in legal:
        after = state.clone()
        after.apply(action)
        listed[state_key(after)] = action
    assert len(listed) == len(legal), "two legal actions reach the same state"
    allowed = set(legal)
    for action in every_action(state):
        reason = state.illegal_reason(action)
        assert (reason is None) == (action in allowed), (state.action_text(action), reason)
        if reason is not None and reason.startswith("section 7.14"):
            after = state.clone()
            after.apply(action)
            assert state_key(after) in listed, state.action_text(action)


def test_7_14_legal_actions_are_complete_and_distinct_in_random_positions():
    for players in (2, 3, 4, 5):
        game = GAMES[players]
        for seed in range(scaled(40)):
            rng = Rng(seed + 100 * players)
            state = game.new_hand(0, game.deal(rng, 0))
            steps = rng.below(12 * players)
            while not state.is_terminal() and steps:
                state.apply(rng.choice(state.legal_actions()))
                steps -= 1
            if not state.is_terminal():
                check_legal_actions_exactly(state)


# Random playouts: invariants over many seeded rounds ---------------------------------------

def round_cards(state):
    out = list(state.active) + list(state.set_aside)
    for seat in range(state.game.num_players):
        out += state.hands[seat] + state.piles[seat]
    return sorted(identity(card) for card in out)


def check_hand_order(before, after):
    """No action reorders a hand: the cards that stay keep their order and orientation, the
    cards that leave were adjacent, and at most one card comes in (5.1.4, 5.2)."""
    kept = [card for card in before if card in after]
    assert [card for card in after if card in before] == kept
    assert len(after) - len(kept) <= 1
    gone = [i for i in range(len(before)) if before[i] not in after]
    assert not gone or gone == list(range(gone[0], gone[0] + len(gone)))


def check_view(state, seat):
    view = state.view(seat)
    visible = [identity(card) for card in view.visible_cards()]
    hidden = list(state.set_aside)
    for other in range(state.game.num_players):
        if other != seat:
            hidden += [state.hands[other][i] for i in range(len(state.hands[other]))
                       if not state.scouted[other][i]]
            assert len(view.hands[other]) == len(state.hands[other])
    for card in hidden:
        assert identity(card) not in visible, "seat %d sees a hidden card" % seat
    assert view.hands[seat] == state.hands[seat]
    world = determinize(view, Rng(len(visible) + 1))
    again = world.view(seat)
    for name in ("hands", "active", "piles", "chips", "scout_show", "to_act", "phase", "owner"):
        assert getattr(again, name) == getattr(view, name), name
    assert len(set(round_cards(world))) == len(round_cards(world))


def random_round(game, seed):
    if ON_MICROPYTHON:  # as the device does between games: a fresh heap for the round's lists
        gc.collect()    # (under CPython a collection scans every object of the test run)
    rng = Rng(seed)
    dealer = rng.below(game.num_players)
    state = game.new_hand(dealer, game.deal(rng, dealer))
    deck = round_cards(state)
    steps = 0
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        assert legal
        if steps % 7 == 0:
            check_view(state, seat)
        action = rng.choice(legal)
        assert state.illegal_reason(action) is None
        assert state.parse_action(state.action_text(action)) == action
        before = list(state.hands[seat])
        state.apply(action)
        if kind_of(action) != DECISION:
            check_hand_order(before, state.hands[seat])
        assert round_cards(state) == deck
        steps += 1
        assert steps < 2000, "the round does not end"
    return state


def check_scores(state):
    exempt = state.owner if state.ended_by == "b" else -1
    for seat in range(state.game.num_players):
        gained = len(state.piles[seat]) + state.chips[seat]
        lost = 0 if seat == exempt else len(state.hands[seat])
        assert state.points()[seat] == gained and state.scores()[seat] == gained - lost
        if state.game.num_players == 2:
            assert 0 <= state.chips[seat] <= 3
    if state.ended_by == "a":
        assert [] in state.hands
    else:
        assert state.ended_by == "b"


def test_random_rounds_keep_every_invariant_for_2_to_5_players():
    for players in (2, 3, 4, 5):
        game = GAMES[players]
        for seed in range(1, scaled(300) + 1):
            check_scores(random_round(game, seed * 7 + players))


def test_determinize_keeps_scouted_cards_in_place_and_hides_the_rest():
    state = playing(3, "6/1 7/1 8/1 1/4", "5/2 9/3 2/4", "1/3 2/3")
    play(state, "show 1", "scout left flip @2")
    view = state.view(0)
    assert view.hands[1] == [UNKNOWN, state.game.parse_card("1/6"), UNKNOWN, UNKNOWN]
    world = determinize(view, Rng(5))
    assert world.hands[1][1] == state.game.parse_card("1/6")
    assert world.hands[0] == state.hands[0] and len(world.hands[2]) == 2


def test_house_rule_a_round_ends_after_the_play_limit_scored_without_exemption():
    from deckcore.games.scout import PLAY_LIMIT
    state = playing(3, "6/1 7/1 8/1 1/4", "5/2 9/3 2/4", "1/3 2/3")
    state.plays = PLAY_LIMIT - 1
    play(state, "show 1")
    assert state.is_terminal() and state.ended_by == "limit"
    assert state.scores() == [state.points()[seat] - len(state.hands[seat]) for seat in range(3)]


def test_actions_encode_their_fields_and_sort_by_kind_then_scout_then_show():
    fields = [(SHOW, 0, 1, 0, 0, 0), (SHOW, 10, 3, 0, 0, 0), (SCOUT, 0, 0, 0, 1, 12),
              (SCOUT, 0, 0, 4, 0, 0), (SCOUT_SHOW, 2, 5, 0, 0, 3), (SCOUT_SHOW, 0, 1, 0, 1, 0),
              (SCOUT_SHOW, 63, 63, 63, 1, 63)]
    for item in fields:
        assert decode(encode(*item)) == item
    actions = [encode(*item) for item in fields]
    assert sorted(actions) == [encode(*item) for item in sorted(fields, key=lambda f: (
        f[0], f[3], f[4], f[5], f[1], f[2]))]
    assert KEEP != FLIP and decode(KEEP)[0] == decode(FLIP)[0] == DECISION
