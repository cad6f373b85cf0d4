"""Keeping score (deckcore/keep.py and games/*_keep.py): hands entered at a table that plays
with real cards are checked, then scored by the rules core's own functions, against the test
vectors of rules.md (1.7, 2.6, 3.9, 4.9, 5.7); the match they make."""

import gc

from deckcore.games import load
from deckcore.keep import Keeper, ask, refusal, scored
from repetitions import ON_MICROPYTHON


def game_of(name, options=None):
    return load(name)(options or {})


def entry_of(game, dealer, **values):
    """The starting entry with `values` entered, derived fields filled in."""
    entry = ask(game, "start", dealer)
    entry.update(values)
    ask(game, "derive", dealer, entry)
    return entry


def scores_of(game, dealer, **values):
    entry = entry_of(game, dealer, **values)
    assert refusal(game, dealer, entry) is None, refusal(game, dealer, entry)
    return scored(game, dealer, entry).scores()


def refused(game, dealer, entry):
    """The (field, seat, reason) of a refused entry; fails if it is accepted."""
    found = refusal(game, dealer, entry)
    assert found is not None, entry
    return found


# Scioto (1.3.4) ------------------------------------------------------------------------------

def test_scioto_two_players_the_second_players_points_follow_and_score_as_taken():
    game = game_of("scioto")
    entry = entry_of(game, 1, points=[48, 0])
    assert entry["points"] == [48, 64]
    assert scored(game, 1, entry).scores() == [48, 64]
    assert ask(game, "start", 0)["points"] == [56, 56]


def test_scioto_points_must_total_the_pack_of_the_options():
    game = game_of("scioto")
    field, seat, reason = refused(game, 0, {"points": [48, 65]})
    assert field == "points" and "112" in reason
    assert refused(game, 0, {"points": [120, -8]}) == (
        "points", 0, "Points: 120, the pack has 112")
    four = game_of("scioto", {"players": 4})
    assert scores_of(four, 0, points=[20, 30, 40, 0]) == [20, 30, 40, 22]
    assert refused(game_of("scioto", {"double_pack": True}), 0, {"points": [56, 56]})[2] \
        == "Points: total 112, the pack 168"


def test_scioto_a_negative_or_non_numeric_count_is_refused_naming_the_field():
    game = game_of("scioto", {"players": 3})
    assert refused(game, 0, {"points": [-4, 100, 84]}) == ("points", 0, "Points: -4 is below 0")
    assert refused(game, 0, {"points": [1, "x", 2]})[2] == "Points: 'x' is not a whole number"
    assert refused(game, 0, {"points": [1, 2]})[2] == "Points: one per player, 3 in all"
    assert refused(game, 0, {})[2] == "Points: missing"


# Scarto (2.4, 2.6) ---------------------------------------------------------------------------

def test_scarto_the_test_vector_31_27_20_scores_plus_5_plus_1_minus_6():
    game = game_of("scarto")
    assert scores_of(game, 0, points=[31, 27, 0]) == [5, 1, -6]


def test_scarto_points_total_78_and_the_dealer_has_his_scart():
    game = game_of("scarto")
    assert refused(game, 0, {"points": [31, 27, 19]})[2] == "Points: total 77, must be 78"
    assert refused(game, 1, {"points": [40, 0, 38]}) == (
        "points", 1, "Points: the dealer's scart is 1+")


# Chambéry Tarot (3.6, 3.7, 3.9) --------------------------------------------------------------

def test_chambery_called_game_40_28_pair_18_trio_minus_12_and_the_pagat_split():
    game = game_of("chambery")
    # dealer 0 calls; seat 2 held the King
    assert scores_of(game, 0, contract="called", partner=2, points=40) == [18, -12, 18, -12, -12]
    pagat = game_of("chambery", {"settlement": "pagat_1902"})
    assert scores_of(pagat, 0, contract="called", partner=2, points=40) == [9, -6, 9, -6, -6]


def test_chambery_called_game_16_52_and_the_1902_multipliers():
    game = game_of("chambery")
    assert scores_of(game, 0, contract="called", partner=3, points=16) == [-54, 36, 36, -54, 36]
    doubled = game_of("chambery", {"multipliers": "1902"})
    assert scores_of(doubled, 0, contract="called", partner=3, points=16) == \
        [-108, 72, 72, -108, 72]


def test_chambery_solos_one_card_and_the_draw():
    game, doubled = game_of("chambery"), game_of("chambery", {"multipliers": "1902"})
    assert scores_of(game, 0, contract="solo", declarer=4, points=50) == [-16] * 4 + [64]
    assert scores_of(doubled, 0, contract="solo", declarer=4, points=50) == [-64] * 4 + [256]
    assert scores_of(game, 0, contract="one card", declarer=1, points=30) == [4, -16, 4, 4, 4]
    assert scores_of(doubled, 0, contract="one card", declarer=1, points=30) == [8, -32, 8, 8, 8]
    assert scores_of(game, 2, contract="two cards", declarer=1, points=34) == [0] * 5


def test_chambery_three_players_each_for_himself_pagats_example():
    game = game_of("chambery", {"players": 3})
    # 37 / 29 / 12: the 12 pays 26 - 12, shared 11 : 3 by the excesses; x2 under 13 in 1902
    assert scores_of(game, 2, points=[37, 29, 0]) == [11, 3, -14]
    doubled = game_of("chambery", {"players": 3, "multipliers": "1902"})
    assert scores_of(doubled, 2, points=[37, 29, 0]) == [22, 6, -28]


def test_chambery_refusals_name_the_field():
    game = game_of("chambery")
    entry = entry_of(game, 0, contract="called", partner=0)
    assert refused(game, 0, entry)[:2] == ("partner", -1)
    entry = entry_of(game, 0, contract="called", partner=2)
    entry["others"] = 30
    assert refused(game, 0, entry)[2] == "Dealer+partner points: total 64, not 68"
    entry = entry_of(game, 0, contract="solo", declarer=7)
    assert refused(game, 0, entry)[:2] == ("declarer", -1)
    entry = entry_of(game, 0, contract="grand slam")
    assert refused(game, 0, entry)[0] == "contract"
    # the dealer's side holds the scart's point
    entry = entry_of(game, 0, contract="solo", declarer=3, points=68)
    assert refused(game, 0, entry)[2] == "Soloist's points: 67 at most (the scart)"
    entry = entry_of(game, 0, contract="called", partner=2, points=0)
    assert refused(game, 0, entry)[2] == "Dealer+partner points: 1+ (the scart)"
    three = game_of("chambery", {"players": 3})
    entry = entry_of(three, 0, points=[30, 20, 0])
    entry["contract"] = "solo"
    assert refused(three, 0, entry)[2] == "Contract: none with 3 players (3.7)"


def test_chambery_fixed_partnerships_the_dealers_pair_against_the_other():
    game = game_of("chambery", {"players": 4, "partnerships": "fixed"})
    # 72 points, tie at 36: the dealer's pair (1 and 3) takes 40, D = 4
    assert scores_of(game, 1, points=40) == [-8, 8, -8, 8]


# Droggn (4.7, 4.9) ---------------------------------------------------------------------------

def droggn_value(game, **values):
    """What the declarer (seat 2, dealer 0) wins from each other player."""
    return scores_of(game, 0, declarer=2, **values)[0] * -1


def test_droggn_the_game_values_of_4_9():
    game = game_of("droggn")
    assert droggn_value(game, contract="ansager", points=45) == 28
    assert droggn_value(game, contract="solo", points=37) == 40
    assert droggn_value(game, contract="super", points=30) == -87
    assert droggn_value(game, contract="ansager", points=40, doubled=1) == 46
    assert droggn_value(game, contract="ansager", points=40, doubled=2) == 92
    assert scores_of(game, 0, declarer=2, contract="ansager", points=45) == [-28, -28, 56]


def test_droggn_pagat_laid_out_and_won_on_a_lost_ansager_nets_minus_6():
    game = game_of("droggn")
    assert droggn_value(game, contract="ansager", points=31, pagat="laid out, won",
                        pagat_side="declarer") == -6


def test_droggn_slam_and_match():
    game = game_of("droggn")
    assert droggn_value(game, contract="slam", made=True) == 167
    assert droggn_value(game, contract="slam", made=True, laid_out="Pagat") == 187
    assert droggn_value(game, contract="slam", made=False) == -167
    assert droggn_value(game, contract="ansager", every_trick=True) == 57


def test_droggn_the_declarer_deals_next_a_throw_in_passes_the_deal():
    game = game_of("droggn")
    keeper = Keeper(game, 0)
    keeper.add(entry_of(game, 0, contract="solo", declarer=2, points=40))
    assert keeper.match.dealer == 2
    keeper.add(entry_of(game, 2, contract="thrown in"))
    assert keeper.match.dealer == 1 and keeper.match.results[-1][1] == [0, 0, 0]


def test_droggn_refusals_name_the_field():
    four = game_of("droggn", {"players": 4})
    entry = entry_of(four, 0, declarer=0)
    assert refused(four, 0, entry)[0] == "declarer"  # the dealer sits out
    game = game_of("droggn")
    entry = entry_of(game, 0, points=80)
    assert refused(game, 0, entry) == ("points", -1, "Declarer pts: 80 is over 74")
    capped = game_of("droggn", {"max_doublings": 1})
    assert refused(capped, 0, entry_of(capped, 0, doubled=2))[0] == "doubled"


def test_droggn_a_37_37_tie_asks_who_won_the_last_trick_with_that_option():
    game = game_of("droggn", {"tie_37_last_trick": True})
    names = [field.name for field in ask(game, "fields", 0, entry_of(game, 0, points=37))]
    assert "last_trick" in names
    assert droggn_value(game, contract="solo", points=37, last_trick="defenders") == -40


# SCOUT (5.4, 5.5.7, 5.7) ---------------------------------------------------------------------

def test_scout_the_scoring_examples_of_5_7():
    game = game_of("scout", {"players": 3})
    entry = {"captured": [7, 3, 2], "chips": [2, 0, 1], "in_hand": [4, 0, 5], "ended": 1}
    assert scores_of(game, 0, **entry) == [5, 3, -2]
    entry["ended"] = 0  # the round ended on seat 0's unbeaten Show
    assert scores_of(game, 0, **entry)[0] == 9
    two = game_of("scout", {"players": 2})
    assert scores_of(two, 0, captured=[6, 4], chips=[2, 0], in_hand=[3, 0], ended=1) == [5, 4]


def test_scout_a_round_is_entered_as_each_players_score_as_on_paper():
    game = game_of("scout", {"players": 3})
    entry = ask(game, "start", 2)
    assert entry == {"score": [0, 0, 0]}
    assert [field.name for field in ask(game, "fields", 2, entry)] == ["score"]
    entry["score"] = [9, -4, 3]  # 5.4: pile and chips, less the cards in hand
    assert refusal(game, 2, entry) is None
    assert scored(game, 2, entry).scores() == [9, -4, 3]
    entry["score"] = [9, -37, 3]  # a hand of more than the round's 36 cards
    assert refused(game, 2, entry) == ("score", 1, "Score: -37 is below -36")
    two = game_of("scout", {"players": 2})  # 21 of the 22 cards and 3 unspent chips at most
    assert refused(two, 0, {"score": [25, 0]}) == ("score", 0, "Score: 25 is over 24")


def test_scout_counted_rounds_of_older_logs_the_ender_loses_nothing_for_his_hand():
    game = game_of("scout", {"players": 3})
    entry = {"ended": 0, "captured": [6, 6, 6], "chips": [2, 2, 2], "in_hand": [0, 6, 6]}
    entry["ended"] = 1  # the ender's count is 0, the one who no longer ended it holds 1+
    ask(game, "derive", 2, entry)
    assert entry["in_hand"] == [1, 0, 6]
    entry = {"captured": [0, 0, 0], "chips": [0, 0, 0], "in_hand": [0, 0, 0], "ended": 1}
    assert refused(game, 0, entry) == ("in_hand", 0, "In hand: 1+ if he did not end it")


def test_scout_counts_cannot_exceed_the_cards_in_play_nor_be_negative():
    game = game_of("scout", {"players": 3})
    # 5.3: he went out, so his last Show lies on the table: 35 of the 36 cards at most
    entry = {"captured": [20, 10, 0], "chips": [0, 0, 0], "in_hand": [3, 3, 0], "ended": 2}
    assert refused(game, 0, entry) == ("captured", -1, "Captured+in hand: over 35")
    entry["captured"] = [20, 9, 0]
    assert refusal(game, 0, entry) is None
    # (b) with the set scouted empty: every card captured or held, his own too
    entry = {"captured": [20, 9, 0], "chips": [0, 0, 0], "in_hand": [3, 3, 1], "ended": 2}
    assert refusal(game, 0, entry) is None
    entry["in_hand"][2] = 2
    assert refused(game, 0, entry) == ("captured", -1, "Captured+in hand: over 36")
    entry = {"captured": [2, -1, 0], "chips": [0, 0, 0], "in_hand": [3, 3, 0], "ended": 2}
    assert refused(game, 0, entry) == ("captured", 1, "Captured: -1 is below 0")
    # 2 players: the 22 cards dealt for the round (5.5.1), not the 44 of the deck
    two = game_of("scout", {"players": 2})
    entry = {"captured": [12, 7], "chips": [0, 0], "in_hand": [3, 0], "ended": 1}
    assert refused(two, 0, entry) == ("captured", -1, "Captured+in hand: over 21")
    entry = {"captured": [2, 1], "chips": [4, 0], "in_hand": [3, 0], "ended": 1}
    assert refused(two, 0, entry) == ("chips", 0, "Chips left: 4 is over 3")


def played_scout_rounds(players, matches):
    """The finished states of the rounds of SCOUT matches played by `easy` bots."""
    from deckcore.bots.levels import make
    from deckcore.match import Match
    from deckcore.rng import Rng
    game = game_of("scout", {"players": players})
    for seed in range(1, matches + 1):
        deal_rng = Rng(seed)
        match = Match(game, deal_rng.below(players))
        rngs = [deal_rng.fork(seat) for seat in range(players)]
        bots = [make("easy", game) for _ in range(players)]
        while not match.is_over():
            state = match.new_hand(match.next_deal(deal_rng))
            while not state.is_terminal():
                seat = state.current_player()
                if ON_MICROPYTHON:  # SCOUT's list of shows wants 5 KB in one piece
                    gc.collect()
                state.apply(bots[seat].choose(state.view(seat), state.legal_actions(),
                                              rngs[seat]))
            yield game, state
            match.finish_hand(state)


def test_scout_every_played_round_is_accepted_as_counted_and_as_entered_and_scores_alike():
    rounds = 0
    for players in (2, 3, 4, 5):
        for game, state in played_scout_rounds(players, 12):
            rounds += 1
            ended = state.owner if state.owner >= 0 else (state.dealer + 1) % players
            counted = {"ended": ended, "captured": [len(pile) for pile in state.piles],
                       "chips": list(state.chips), "in_hand": [len(h) for h in state.hands]}
            assert refusal(game, state.dealer, counted) is None, counted
            entered = dict(counted, in_hand=list(counted["in_hand"]))
            ask(game, "derive", state.dealer, entered)
            assert refusal(game, state.dealer, entered) is None, entered
            if state.owner >= 0:  # an ender exempt from his hand, as played
                assert scored(game, state.dealer, entered).scores() == state.scores()
            # one card more than the round has is refused
            entered["captured"][0] += game.hand_size * players - sum(entered["captured"]) \
                - sum(entered["in_hand"])
            assert refused(game, state.dealer, entered)[0] == "captured"
    assert rounds > 100


# The match -----------------------------------------------------------------------------------

def test_a_kept_match_rotates_the_deal_totals_undoes_corrects_and_ends():
    game = game_of("scarto")
    keeper = Keeper(game, 0)
    dealers = []
    for points in ([31, 27, 20], [20, 30, 28], [26, 26, 26]):
        dealers.append(keeper.match.dealer)
        keeper.add(entry_of(game, keeper.match.dealer, points=points[:2] + [0]))
    assert dealers == [0, 2, 1]  # 2.4.5: the dealer's right deals next
    assert keeper.match.totals == [-1, 5, -4] and keeper.match.is_over()
    assert keeper.match.winners() == [0, 1] and game.match_losers(keeper.match) == [2]
    keeper.undo()
    assert not keeper.match.is_over() and keeper.match.dealer == 1
    keeper.correct(1, entry_of(game, 0, points=[26, 26, 0]))
    assert keeper.match.totals == [-6, 4, 2]
    assert [dealer for dealer, _ in keeper.hands] == [0, 2]
