"""Bots: every level returns a legal action from the view alone, the same one for the same
seed, and Scioto's determinize deals worlds that agree with what the seat has seen."""

from deckcore.bots import NAMES
from deckcore.bots.levels import make
from deckcore.bots.levels import Budget
from deckcore.bots.search import PimcSearch
from deckcore.game import TERMINAL
from deckcore.games import load
from deckcore.rng import Rng
from playout import ticked_and_plain
from scioto_endgames import endgame_positions, perfect_points

SCIOTO_TABLES = ({}, {"compounding": True}, {"players": 3}, {"trick_and_draw": True},
                 {"players": 4, "compounding": True, "mandatory_dismissal": True})


def play_hand(game, bot_names, seed, on_decision=None):
    """A hand with `bot_names` by seat; returns the actions taken."""
    rng = Rng(seed)
    state = game.new_hand(0, game.deal(rng, 0))
    bots = [make(bot_names[seat % len(bot_names)], game) for seat in range(game.num_players)]
    rngs = [rng.fork(seat) for seat in range(game.num_players)]
    actions = []
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        view = state.view(seat)
        if on_decision is not None:
            on_decision(state, view)
        action = bots[seat].choose(view, legal, rngs[seat])
        assert action in legal, "bot %s chose an illegal action" % bots[seat].NAME
        actions.append(action)
        state.apply(action)
    return actions


def test_every_bot_plays_only_legal_actions_in_scioto():
    game_class = load("scioto")
    for options in SCIOTO_TABLES:
        game = game_class(options)
        for name in NAMES:
            if name not in ("strong", "hard"):
                play_hand(game, [name, "random"], 5)
    play_hand(game_class({"players": 3, "compounding": True}), ["strong", "normal", "greedy"], 6)
    play_hand(game_class({"players": 4, "compounding": True}), ["hard", "normal", "easy"], 7)
    play_hand(game_class({}), ["hard", "normal"], 8)


def test_the_same_seed_gives_the_same_decisions():
    game = load("scioto")({"players": 3})
    kinds = ["normal", "easy", "greedy"]
    assert play_hand(game, kinds, 9) == play_hand(game, kinds, 9)


def test_tick_slices_the_work_and_changes_no_decision():
    """The device keeps its keys alive through `tick` while a bot thinks: the search, the
    exact endgame and its proofs call it, and decide exactly as they do without."""
    for options, bot_names in (({}, ["normal"]), ({"players": 3}, ["normal", "greedy"]),
                               ({}, ["hard"]), ({"players": 3}, ["hard", "greedy"])):
        ticked, plain, calls = ticked_and_plain(load("scioto")(options), bot_names, 4)
        assert ticked == plain and calls > 0, options


def test_scioto_determinize_agrees_with_the_view():
    from deckcore.games.scioto_worlds import determinize
    game = load("scioto")({"players": 3, "compounding": True})
    rng = Rng(4)

    def check(state, view):
        world = determinize(view, rng)
        assert world.hands[view.seat] == state.hands[view.seat]
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert world.trick == state.trick and world.piles == state.piles
        assert world.points() == state.points() and world.phase == state.phase
        assert world.current_player() == state.current_player()
        assert world.legal_actions() == state.legal_actions()
        cards = list(world.stock)
        for hand in world.hands:
            cards.extend(hand)
        for pile in world.piles:
            cards.extend(pile)
        assert sorted(cards + world.trick) == game.pack()

    play_hand(game, ["normal"], 12, check)


def test_perfect_information_scioto_world_is_the_true_deal():
    from deckcore.games.scioto_worlds import determinize
    game = load("scioto")({})

    def check(state, view):
        assert determinize(view, Rng(1)).hands == state.hands

    play_hand(game, ["easy"], 3, check)


def test_scioto_endgame_values_match_minimax():
    from deckcore.bots.scioto_endgame import Endgame
    for options in ({}, {"compounding": True}, {"compounding": True, "mandatory_dismissal": True}):
        game, positions = endgame_positions(options, 3, 6, 21)
        for state in positions:
            assert Endgame(game, 256).value(state)[0] == perfect_points(state)


def test_normal_plays_a_two_player_endgame_exactly():
    """From 4 cards each the normal bot keeps the exact value of its seat, move by move."""
    from deckcore.bots.scioto_endgame import Endgame
    game, positions = endgame_positions({}, 4, 4, 8)
    bot = make("normal", game)
    rng = Rng(1)
    for state in positions:
        seat = state.current_player()
        exact = Endgame(game, 256).final_points(state, seat)
        state.apply(bot.choose(state.view(seat), state.legal_actions(), rng))
        assert Endgame(game, 256).final_points(state, seat) == exact


def test_a_search_with_a_horizon_goes_on_exactly_below_the_estimates_smallest_hands():
    """Hands smaller than the estimate serves are searched to the end, even one trick
    ahead, with a horizon set: the searched move, like the one past the last card, is
    exact."""
    from deckcore.bots.scioto_endgame import Endgame
    from deckcore.bots.scioto_estimate import SMALLEST
    game, positions = endgame_positions({}, SMALLEST - 1, 6, 5)
    for number in range(len(positions)):
        state = positions[number]
        endgame = Endgame(game, 256, estimated=True)
        seat = state.current_player()
        exact = endgame.final_points(state, seat)
        tricks = 1 if number % 2 else SMALLEST
        state.apply(endgame.searched_action(state, state.legal_actions(), tricks))
        assert Endgame(game, 256).final_points(state, seat) == exact


def test_a_search_never_looks_past_the_estimates_smallest_hands():
    """From one trick above the smallest hands the estimate serves, looking 2 tricks ahead
    is looking 1: the search stops there rather than going on to the end with no table."""
    from deckcore.bots.scioto_endgame import Endgame
    from deckcore.bots.scioto_estimate import SMALLEST
    game, positions = endgame_positions({}, SMALLEST + 1, 4, 8)
    for state in positions:
        nodes = []
        for tricks in (1, 2):
            endgame = Endgame(game, 256, estimated=True)
            endgame.searched_action(state, state.legal_actions(), tricks)
            nodes.append(endgame.rough.nodes)
        assert nodes[0] == nodes[1] > 0


def test_the_cards_of_a_hand_are_found_in_any_pack_size():
    from deckcore.bots.scioto_endgame import _bits, size_of
    assert _bits(0) == []
    assert _bits(1 | 1 << 3 | 1 << 27 | 1 << 51) == [0, 3, 27, 51]
    assert _bits((1 << 64) - 1) == list(range(64))
    assert size_of((1 << 28) - 1) == 28 and size_of(1 << 5 | 1 << 20) == 2


def test_an_exact_move_that_needs_more_positions_than_its_budget_is_given_up():
    from deckcore.bots.scioto_endgame import Endgame
    game, positions = endgame_positions({}, 5, 4, 9)
    for state in positions:
        endgame = Endgame(game, 256, estimated=True)
        assert endgame.best_action(state, None, 3) is None
        assert endgame.search.budget == 0 and endgame.search.horizon == 0
        assert endgame.best_action(state, None, 100000) in state.legal_actions()


def test_the_estimate_serves_only_the_base_game():
    from deckcore.bots.scioto_endgame import estimate_fits
    assert estimate_fits(load("scioto")({}))
    for options in ({"compounding": True}, {"mandatory_dismissal": True}, {"ranks": 8},
                    {"players": 3}, {"trick_and_draw": True}, {"dismissal": "narrow"}):
        assert not estimate_fits(load("scioto")(options))


def test_hard_plays_exactly_from_7_cards_each_in_the_base_game_only():
    """The base game's budgets were set by its think time with the device's search in native
    code and the estimate; the variants keep smaller ones (Budget.variant_exact): some
    search in Python on the device (no compounding or mandatory dismissal there, at most 30
    cards), and in 5 ranks `strong`'s budget took a p95 over 3 s. The rules decide, not the
    runtime, so that every runtime makes the same moves."""
    from deckcore.bots.scioto import _endgame
    from deckcore.games.scioto import Scioto
    searched = []
    for options in ({}, {"compounding": True}, {"mandatory_dismissal": True}, {"ranks": 8},
                    {"ranks": 6}, {"dismissal": "narrow"}):
        game = Scioto(options)
        state = game.new_hand(0, game.deal(Rng(3), 0))
        while sum(len(hand) for hand in state.hands) > 14 or state.trick:
            state.apply(state.legal_actions()[-1])  # (the last: no re-lead in compounding)
        assert sum(len(hand) for hand in state.hands) == 14
        make("hard", game).choose(state.view(state.to_act), state.legal_actions(), Rng(4))
        searched.append(_endgame(game).search is not None)
    assert searched == [True, False, False, False, False, False]


def test_the_estimate_and_the_endgame_table_are_loaded_only_where_they_serve():
    """A 2-player variant's bot never loads the estimate (6.9 KB on the device), and the
    exact endgame's table (bots/scioto.py's ENDGAME_TABLE places) is made at the first exact
    search, not before."""
    import sys
    from deckcore.bots.scioto import ENDGAME_TABLE, _endgame
    from deckcore.games.scioto import Scioto
    sys.modules.pop("deckcore.bots.scioto_estimate", None)
    game = Scioto({"ranks": 13, "compounding": True})
    state = game.new_hand(0, game.deal(Rng(3), 0))
    bot = make("normal", game)
    bot.choose(state.view(state.to_act), state.legal_actions(), Rng(4))
    assert "deckcore.bots.scioto_estimate" not in sys.modules
    assert _endgame(game).search is None
    while sum(len(hand) for hand in state.hands) > 10:
        state.apply(state.legal_actions()[0])
    bot.choose(state.view(state.to_act), state.legal_actions(), Rng(4))
    table = _endgame(game).search
    assert len(table.leads) * len(table.leads[0]) == ENDGAME_TABLE


def test_the_estimate_is_near_the_exact_take_and_inside_the_points_in_play():
    """Positions with 5 to 7 cards each: the estimate errs by under 4 points (rms), while
    counting a share in proportion to points held errs by more."""
    from deckcore.bots.scioto_endgame import BIT_NUMBER, POPCOUNT, Endgame
    from deckcore.bots.scioto_estimate import UNIT, Estimate
    squares = naive_squares = count = 0
    for size in (5, 6, 7):
        game, positions = endgame_positions({}, size, 6, 40 + size)
        endgame = Endgame(game, 256)
        estimate = Estimate(endgame.points, endgame.dismissers, BIT_NUMBER, POPCOUNT)
        for state in positions:
            if state.trick:
                continue
            leader = state.leader
            masks = [0, 0]
            held = [0, 0]
            for who in range(2):
                for card in state.hands[who]:
                    masks[who] |= 1 << endgame.number[card]
                    held[who] += game.card_points[card]
            rem = held[0] + held[1]
            take = endgame.final_points(state, leader) - state.points()[leader]
            guess = estimate(size, masks[leader], masks[1 - leader], rem * UNIT)
            assert 0 <= guess <= rem * UNIT
            squares += (guess / UNIT - take) ** 2
            naive_squares += (held[leader] - take) ** 2
            count += 1
    assert count >= 8
    assert squares < 16 * count and squares < naive_squares


class OneMove:
    """A stand-in position for the search machinery alone: one move ends it, action `a`
    worth VALUES[a] to seat 0; it keeps the actions tried in it."""
    VALUES = [5, 9, 1, 7, 3, 8, 2, 6, 4, 0]

    def __init__(self):
        self.game = self
        self.num_players = 3
        self.tried = []
        self.played = -1

    def current_player(self):
        return 0 if self.played < 0 else TERMINAL

    def undo_mark(self, action):
        return self.played

    def apply(self, action):
        self.tried.append(action)
        self.played = action

    def undo(self, mark):
        self.played = mark


class OneMoveKnowledge:
    @staticmethod
    def order(state, actions):
        return actions

    @staticmethod
    def cards_left(state):
        return 10

    @staticmethod
    def evaluate(state):
        return [OneMove.VALUES[state.played], 0, 0]


def test_halving_goes_on_with_the_better_half_of_the_root_actions():
    """After every `halve` worlds the search tries only the better half of the actions by
    their totals so far, never fewer than four; the others are out of the choice."""
    worlds = []

    def world_of(rng):
        worlds.append(OneMove())
        return worlds[-1]

    search = PimcSearch(OneMoveKnowledge(), Budget("hard", worlds=6, nodes=600, halve=2))
    assert search.choose(world_of, 6, 0, list(range(10)), Rng(1)) == 1
    assert [sorted(world.tried) for world in worlds] == [list(range(10))] * 2 + [
        [0, 1, 3, 5, 7]] * 2 + [[1, 3, 5, 7]] * 2
