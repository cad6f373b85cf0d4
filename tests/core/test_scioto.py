"""Scioto, rules.md section 1: the test vectors of 1.7 and the rules they stand for."""

from deckcore.game import RulesError
from deckcore.games import scioto_options, scioto_text
from deckcore.games.scioto import STOP, Scioto
from deckcore.rng import Rng
from expect import raises

BASE = Scioto()


def card(text, game=BASE):
    return game.parse_card(text)


def dismisses(f, l, game=BASE):
    return game.dismisses(card(f, game), card(l, game))


def hand_from(game, hands, dealer=1, stock=()):
    """A hand dealt exactly as given (card texts per seat)."""
    deal = {"hands": [[card(t, game) for t in h] for h in hands],
            "stock": [card(t, game) for t in stock]}
    return game.new_hand(dealer, deal)


def play(state, *texts):
    for text in texts:
        action = state.parse_action(text)
        assert state.illegal_reason(action) is None, (text, state.illegal_reason(action))
        state.apply(action)


# 1.2 / 1.7: the dismissal rule -------------------------------------------------------------

def test_1_7_one_rank_higher_dismisses_in_any_suit():
    assert dismisses("7C", "6C")
    assert dismisses("7H", "6C")


def test_1_7_two_ranks_higher_dismisses_in_the_same_colour_only():
    assert dismisses("AS", "6C")
    assert not dismisses("AH", "6C")


def test_1_7_three_ranks_higher_dismisses_in_the_same_suit_only():
    assert dismisses("2C", "6C")
    assert not dismisses("2S", "6C")


def test_1_7_many_pairs_dismiss_in_neither_direction():
    assert not dismisses("6C", "3H")
    assert not dismisses("3H", "6C")


def test_1_2_every_card_has_exactly_seven_dismissers_and_none_dismiss_each_other():
    for l in BASE.pack():
        dismissers = [f for f in BASE.pack() if BASE.dismisses(f, l)]
        assert len(dismissers) == 7, BASE.card_text(l)
        for f in dismissers:
            assert not BASE.dismisses(l, f)


def test_1_2_the_seed_table_rows_as_corrected():
    table = {
        "6C": "7C 7S 7H 7D AC AS 2C",
        "2H": "3H 3D 3C 3S 4H 4D 5H",
        "5S": "6S 6C 6H 6D 7S 7C AS",
        "AD": "2D 2H 2C 2S 3D 3H 4D",
    }
    for leader in sorted(table):
        expected = sorted(card(t) for t in table[leader].split())
        found = [f for f in BASE.pack() if BASE.dismisses(f, card(leader))]
        assert found == expected, leader


def test_1_1_the_pack_has_28_cards_worth_112():
    assert len(BASE.pack()) == 28
    assert sum(BASE.card_points) == 112


# 1.3 basic play ----------------------------------------------------------------------------

def test_1_7_basic_trick_follower_dismisses_and_scores_11():
    state = hand_from(BASE, [["7D"], ["4D"]], dealer=0)  # seat 1 leads (non-dealer)
    play(state, "4D", "7D")
    assert state.is_terminal()
    assert state.points() == [11, 0]


def test_1_3_leader_wins_when_the_follower_does_not_dismiss():
    state = hand_from(BASE, [["3H", "5C"], ["6C", "7S"]], dealer=0)
    play(state, "6C", "3H")
    assert state.leader == 1 and state.points() == [0, 9]


def test_1_1_non_dealer_leads_and_there_is_no_obligation_to_follow():
    state = hand_from(BASE, [["AC", "2C"], ["3H", "4H"]], dealer=0)
    assert state.current_player() == 1
    play(state, "3H")
    assert state.legal_actions() == [card("AC"), card("2C")]


# 1.4 compounding ----------------------------------------------------------------------------

def test_1_7_compounding_follower_wins_four_cards_for_16_points():
    game = Scioto({"compounding": True})
    # Seat 1 leads; it holds nothing that dismisses 2H after its re-lead of AC.
    state = hand_from(game, [["7C", "2H", "5D"], ["6C", "AC", "6H"]], dealer=0)
    play(state, "6C", "7C")
    assert state.phase == "relead" and state.current_player() == 1
    play(state, "AC", "2H")
    assert state.is_terminal() is False
    assert state.points() == [16, 0]
    assert state.leader == 0


def test_1_4_the_leader_may_stop_instead_of_re_leading():
    game = Scioto({"compounding": True})
    state = hand_from(game, [["7C", "5D"], ["6C", "AC"]], dealer=0)
    play(state, "6C", "7C")
    assert state.legal_actions() == [card("AC", game), STOP]
    play(state, "stop")
    assert state.points() == [13, 0] and state.leader == 0


def test_1_4_a_re_lead_must_dismiss_the_followers_card():
    game = Scioto({"compounding": True})
    state = hand_from(game, [["7C", "5D", "2H"], ["6C", "AC", "4S"]], dealer=0)
    play(state, "6C", "7C")
    assert state.legal_actions() == [card("AC", game), STOP]
    assert "must dismiss 7C" in state.illegal_reason(card("4S", game))


def test_1_4_a_leader_without_a_dismissing_card_loses_the_trick_at_once():
    game = Scioto({"compounding": True})
    state = hand_from(game, [["7C", "5D"], ["6C", "3S"]], dealer=0)
    play(state, "6C", "7C")
    assert state.phase == "play" and state.points() == [13, 0] and state.current_player() == 0


def test_1_5_mandatory_dismissal_forces_the_re_lead_and_the_dismissing_card():
    game = Scioto({"compounding": True, "mandatory_dismissal": True})
    state = hand_from(game, [["7C", "5D"], ["6C", "AC"]], dealer=0)
    play(state, "6C")
    assert state.legal_actions() == [card("7C", game)]
    assert "mandatory dismissal" in state.illegal_reason(card("5D", game))
    play(state, "7C")
    assert state.legal_actions() == [card("AC", game)]
    assert "re-lead" in state.illegal_reason(STOP)


# 1.5 N players and the major ------------------------------------------------------------------

def test_1_7_four_players_the_last_major_wins():
    game = Scioto({"players": 4})
    # Dealer 3, so seat 0 (W) leads; X, Y, Z follow clockwise.
    state = hand_from(game, [["4D"], ["5S"], ["6H"], ["AC"]], dealer=3)
    play(state, "4D", "5S", "6H", "AC")
    assert state.points() == [0, 0, 16, 0]


def test_1_5_compounding_with_n_players_gives_2n_cards_after_one_re_lead():
    game = Scioto({"players": 4, "compounding": True})
    state = hand_from(game, [["4D", "7D"], ["5S", "AS"], ["6H", "2H"], ["AC", "3C"]], dealer=3)
    play(state, "4D", "5S", "6H", "AC")
    assert state.phase == "relead" and state.current_player() == 0
    play(state, "7D", "AS", "2H", "3C")  # 7D dismisses 6H; then AS, 2H, 3C each dismiss
    assert state.points() == [0, 0, 0, 4 + 5 + 6 + 1 + 7 + 1 + 2 + 3]


def test_1_5_pack_table_for_more_players():
    for players, ranks, each in ((3, 9, 12), (4, 7, 7), (5, 10, 8), (6, 9, 6)):
        game = Scioto({"players": players})
        assert game.ranks == ranks and game.hand_size == each
        deal = game.deal(Rng(1), 0)
        assert [len(h) for h in deal["hands"]] == [each] * players


# 1.5 ranks, schedules and rule families --------------------------------------------------------

def test_1_5_ranks_r_score_r_r_plus_1_over_2_per_suit():
    for ranks in (5, 6, 7, 8, 9, 10, 11, 13):
        game = Scioto({"ranks": ranks})
        assert sum(game.card_points) == 4 * ranks * (ranks + 1) // 2


def test_1_5_twelve_ranks_use_the_120_point_tiers_unless_pips_are_chosen():
    game = Scioto({"ranks": 12})
    assert game.options["schedule"] == "tiers" and sum(game.card_points) == 120
    assert [game.card_points[card("%dC" % r if r > 1 else "AC", game)] for r in range(1, 13)] == \
        [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
    assert sum(Scioto({"ranks": 12, "schedule": "pips"}).card_points) == 312


def test_7_2_auto_dismissal_picks_the_family_by_ranks_and_each_keeps_its_dismisser_count():
    expected = {5: ("narrow", 6), 6: ("narrow", 6), 8: ("original", 7), 9: ("broader", 11),
                10: ("broader", 11), 11: ("very_broad", 15), 13: ("very_broad", 15)}
    for ranks in sorted(expected):
        family, count = expected[ranks]
        game = Scioto({"ranks": ranks})
        assert game.options["dismissal"] == family
        for l in game.pack():
            dismissers = [f for f in game.pack() if game.dismisses(f, l)]
            assert len(dismissers) == count
            for f in dismissers:
                assert not game.dismisses(l, f)


def test_7_2_a_rule_with_a_distance_not_below_half_the_ranks_is_rejected():
    error = raises(RulesError, Scioto, {"ranks": 6, "dismissal": "original"})
    assert "dismiss each other" in str(error)
    raises(RulesError, Scioto, {"ranks": 4})
    raises(RulesError, Scioto, {"ranks": 14})


def test_1_5_the_pack_must_deal_out_equally():
    assert "equally" in str(raises(RulesError, Scioto, {"players": 3, "ranks": 7}))


# 1.5 double pack ------------------------------------------------------------------------------

def test_1_5_double_pack_has_48_cards_worth_168_and_two_players_draw():
    game = Scioto({"double_pack": True})
    assert len(game.pack()) == 48 and sum(game.card_points) == 168
    assert game.options["trick_and_draw"] and game.options["dismissal"] == "narrow"
    deal = game.deal(Rng(3), 0)
    assert [len(h) for h in deal["hands"]] == [12, 12] and len(deal["stock"]) == 24
    assert [game.card_points[card(r + "C", game)] for r in ("9", "J", "Q", "K", "10", "A")] == \
        [1, 2, 3, 4, 5, 6]


def test_1_5_a_logged_double_pack_deal_names_both_copies_alike_and_no_card_a_third_time():
    game = Scioto({"double_pack": True})
    deal = game.deal(Rng(3), 0)
    # A log gives each card by its text, which reads back as the lower id of the two copies.
    logged = {"hands": [[game.parse_card(game.card_text(c)) for c in hand]
                        for hand in deal["hands"]],
              "stock": [game.parse_card(game.card_text(c)) for c in deal["stock"]]}
    game.check_deal(logged)
    third = logged["hands"][0][0]  # the pack holds it twice
    other = [c for c in logged["hands"][1] if c != third][0]
    logged["hands"][1][logged["hands"][1].index(other)] = third
    assert "more often" in str(raises(RulesError, game.check_deal, logged))


def test_1_5_double_pack_turns_trick_and_draw_on_for_two_players_and_refuses_it_off():
    given = {"double_pack": True}
    resolved = dict(Scioto.resolve(given))
    assert resolved["trick_and_draw"] is True and resolved["ranks"] == 6
    assert given == {"double_pack": True}  # the caller's dict is left alone
    assert Scioto(given).options == resolved
    assert dict(Scioto.resolve({"double_pack": True, "trick_and_draw": True})) == resolved
    assert "section 1.5" in str(raises(RulesError, Scioto, {"double_pack": True,
                                                            "trick_and_draw": False}))
    assert Scioto({"players": 3, "double_pack": True}).options["trick_and_draw"] is False
    assert "auto: on with the double pack" in [
        o.help_line(scioto_text.HELP) for o in scioto_options.OPTIONS
        if o.name == "trick_and_draw"][0]


def test_1_5_double_pack_the_second_of_two_identical_cards_dismisses_the_first():
    game = Scioto({"double_pack": True})
    first, second = card("KH", game), card("KH", game) + 24
    assert game.dismisses(second, first) and game.card_text(second) == "KH"
    assert dismisses("9C", "AC", game)  # circular: the 9 is just above the A
    for l in game.pack():  # clarification 7.3: narrow rule 6 + the identical twin = 7
        identities = []
        for f in game.pack():
            if game.dismisses(f, l) and f % 24 not in identities:
                identities.append(f % 24)
        assert len(identities) == 7


def test_1_5_double_pack_offers_one_action_per_identical_pair():
    game = Scioto({"players": 3, "double_pack": True})
    deal = {"hands": [[0, 24] + list(range(1, 15)), list(range(25, 41)),
                      list(range(15, 24)) + list(range(41, 48))], "stock": []}
    state = game.new_hand(2, deal)
    assert state.current_player() == 0
    assert state.legal_actions().count(0) == 1 and 24 not in state.legal_actions()


# 1.5 trick and draw ---------------------------------------------------------------------------

def test_1_5_trick_and_draw_winner_draws_first_then_loser():
    game = Scioto({"trick_and_draw": True})
    deal = game.deal(Rng(11), 0)
    state = game.new_hand(0, deal)
    stock = list(deal["stock"])
    leader = state.current_player()
    lead = state.legal_actions()[0]
    state.apply(lead)
    state.apply(state.legal_actions()[0])
    winner = state.leader
    assert stock[0] in state.hands[winner] and stock[1] in state.hands[1 - winner]
    assert len(state.hands[0]) == len(state.hands[1]) == 7 and len(state.stock) == 12
    assert leader == 1  # 1.1.6: the non-dealer leads


# Match -----------------------------------------------------------------------------------------

def test_1_3_match_is_two_deals_and_the_deal_alternates():
    from deckcore.match import Match
    match = Match(BASE, 1)
    rng = Rng(5)
    dealers = []
    while not match.is_over():
        dealers.append(match.dealer)
        state = match.new_hand(BASE.deal(rng, match.dealer))
        while not state.is_terminal():
            state.apply(state.legal_actions()[0])
        match.finish_hand(state)
    assert dealers == [1, 0] and sum(match.totals) == 224


def test_1_3_deals_must_let_everyone_deal_equally_often():
    raises(RulesError, Scioto, {"players": 3, "deals": 4})
    assert Scioto({"players": 3}).options["deals"] == 3


def test_1_3_first_to_target_needs_a_clear_leader():
    from deckcore.match import Match
    game = Scioto({"target": 100})
    match = Match(game, 0)
    match.totals = [100, 100]
    assert not match.is_over()
    match.totals = [101, 100]
    assert match.is_over() and match.winners() == [0]


# Actions and text -----------------------------------------------------------------------------

def test_actions_have_a_stable_text_form():
    state = hand_from(BASE, [["AC", "2C"], ["3H", "4H"]], dealer=0)
    for action in state.legal_actions():
        assert state.parse_action(state.action_text(action)) == action
    assert "does not hold" in str(raises(RulesError, state.parse_action, "AC"))
    raises(RulesError, state.parse_action, "8C")


# Random playouts: invariants over thousands of seeded hands --------------------------------------

from playout import random_hand  # noqa: E402
from repetitions import scaled  # noqa: E402

VARIANTS = (
    {},
    {"compounding": True},
    {"trick_and_draw": True},
    {"trick_and_draw": True, "compounding": True},
    {"mandatory_dismissal": True, "compounding": True},
    {"ranks": 8},
    {"ranks": 12},
    {"ranks": 5},
    {"double_pack": True},
    {"double_pack": True, "compounding": True},
    {"players": 3},
    {"players": 4, "compounding": True},
    {"players": 5, "mandatory_dismissal": True},
    {"players": 6, "compounding": True, "mandatory_dismissal": True},
    {"players": 3, "double_pack": True},
)


def _check_conservation(state):
    game = state.game
    cards = list(state.stock) + list(state.trick)
    for seat in range(game.num_players):
        cards += state.hands[seat] + state.piles[seat]
    assert sorted(cards) == game.pack()
    assert len(state.trick) == len(state.trick_seats)


def test_playouts_conserve_cards_and_total_the_pack_points():
    rng = Rng(2024)
    for options in VARIANTS:
        game = Scioto(options)
        total = sum(game.card_points)
        for _ in range(scaled(200)):
            state = random_hand(game, rng, rng.below(game.num_players), _check_conservation)
            _check_conservation(state)
            assert sum(state.points()) == total and state.scores() == state.points()
            assert all(not hand for hand in state.hands) and not state.stock


def test_playouts_the_base_game_totals_112_in_every_hand():
    rng = Rng(7)
    for _ in range(scaled(2000)):
        state = random_hand(BASE, rng, rng.below(2))
        assert sum(state.points()) == 112
        assert state.tricks_played == 14


def test_playouts_compounding_tricks_hold_an_even_number_of_cards():
    game = Scioto({"compounding": True})
    rng = Rng(99)

    def tricks_are_even(state):
        if state.phase == "relead":
            assert len(state.trick) % 2 == 0
    for _ in range(scaled(300)):
        state = random_hand(game, rng, rng.below(2), tricks_are_even)
        assert state.tricks_played <= 14


def _fields(state):
    """Every field of a Scioto State by value (lists by their contents, in order)."""
    return dict((name, repr(value) if isinstance(value, list) else value)
                for name, value in state.__dict__.items())


def test_an_action_applied_then_taken_back_leaves_the_hand_as_it_was():
    """undo_mark and undo, with which the bots search on one position: every legal action
    (a card, a re-lead, a stop, a trick ended with a draw from the stock) of random hands."""
    rng = Rng(23)
    taken_back = 0
    for options in VARIANTS:
        game = Scioto(options)
        for dealer in range(scaled(3)):
            state = game.new_hand(dealer % game.num_players, game.deal(rng, dealer))
            while not state.is_terminal():
                legal = state.legal_actions()
                before = _fields(state)
                for action in legal:
                    mark = state.undo_mark(action)
                    state.apply(action)
                    state.undo(mark)
                    assert _fields(state) == before, (options, state.action_text(action))
                    taken_back += 1
                state.apply(rng.choice(legal))
    assert taken_back > scaled(2000)
