"""The SCOUT bots (deckcore.bots.scout): legal choices at every level, the whole-hand flip
(5.1.4) by structure, the Show that ends the round (5.3 (a)), decisions that depend only on
what the seat can see, and strong's choice between normal's two best actions."""

from deckcore.bots.levels import make
from deckcore.bots.levels import budget
from deckcore.bots import scout as scout_bot
from deckcore.bots.scout import (OUTLOOK, SCALE, Split, Turn, _fits, _normal_in,
                                 _scout_shows_through, evaluate, order, strongest, structure)
from deckcore.games.scout import (FLIP, KEEP, SCOUT, SCOUT_SHOW, SHOW, Scout, decode, encode,
                                  strength, turned)
from deckcore.games.scout_worlds import determinize
from deckcore.rng import Rng
from expect import raises
from playout import ticked_and_plain
from repetitions import scaled

GAMES = dict((n, Scout({"players": n})) for n in (2, 3, 4, 5))
LEVELS = ("easy", "normal", "hard", "strong")
SEARCHING = ("hard", "strong")  # the levels that play out worlds
NAMES = ("random", "greedy") + LEVELS


def cards(game, texts):
    return [game.parse_card(t) for t in texts.split()]


def playing(players, *hands):
    """A round in play, seat 0 first, everyone having kept their hand."""
    game = GAMES[players]
    state = game.new_hand(players - 1, {"hands": [cards(game, h) for h in hands]})
    for _ in range(players):
        state.apply(KEEP)
    return state


def test_structure_prefers_long_sets_and_matching_sets():
    assert structure([3, 4, 5, 6]) > structure([3, 4]) + structure([5, 6])
    assert structure([5, 5, 5]) > structure([4, 5, 6])
    assert structure([1, 8, 3, 10]) < structure([1, 2, 3, 4])
    assert structure([]) == 0


def test_structure_counts_the_sets_of_its_split_by_length_and_matching():
    for numbers, split in (([], [0, 0, 0, 0, 0, 0]),
                           ([1, 8, 3, 10], [4, 0, 0, 0, 0, 0]),
                           ([2, 2, 9, 5, 6, 7, 8, 9, 10, 4], [2, 1, 0, 0, 1, 1]),
                           ([7, 7, 7, 3, 4, 5, 6], [0, 0, 1, 1, 0, 1])):
        pieces = [0] * 6
        assert structure(numbers, pieces) == structure(numbers)
        assert pieces == split, numbers


def test_the_structure_a_show_leaves_is_that_of_the_hand_left():
    """Split.without, from the best splits of the hand's beginnings and ends (a set may run
    across the gap a Show leaves: 4 5 | 9 9 | 6 7), gives what `structure` gives of the cards
    left, for every block of every hand."""
    assert Split([4, 5, 9, 9, 6, 7]).without(2, 2) == structure([4, 5, 6, 7])
    rng = Rng(46)
    for _ in range(scaled(40)):
        numbers = [1 + rng.below(4 + rng.below(7)) for _ in range(rng.below(13))]
        split = Split(numbers)
        for start in range(len(numbers)):
            for length in range(1, len(numbers) - start + 1):
                left = numbers[:start] + numbers[start + length:]
                assert split.without(start, length) == structure(left), (numbers, start)


def test_a_scouted_cards_fit_at_a_gap_is_read_off_its_two_neighbours():
    """_fits: +3 for a neighbour of the card's number, +2 for one next to it, +3 more when
    the two neighbours continue one set through the card, -4 where the card splits a set of
    two neighbours (5.2.A.1); the ends of the hand have one neighbour."""
    assert _fits([4, 5, 9], 6) == [0, 2 - 4, 2, 0]
    assert _fits([4, 5, 9], 5) == [2, 2 + 3 - 4, 3, 0]
    assert _fits([4, 6], 5) == [2, 2 + 2 + 3, 2]
    rng = Rng(5)
    for _ in range(scaled(200)):
        numbers = [1 + rng.below(10) for _ in range(rng.below(13))]
        number = 1 + rng.below(10)
        fits = _fits(numbers, number)
        assert len(fits) == len(numbers) + 1
        for gap in range(len(fits)):
            joins = [number - numbers[gap - 1] if gap else 9, numbers[gap] - number
                     if gap < len(numbers) else 9]
            fit = sum(3 if step == 0 else 2 for step in joins if -1 <= step <= 1)
            if joins[0] == joins[1] and -1 <= joins[0] <= 1:
                fit += 3
            if 0 < gap < len(numbers) and -1 <= numbers[gap] - numbers[gap - 1] <= 1:
                fit -= 4
            assert fits[gap] == fit, (numbers, number, gap)


def test_strongest_set_in_a_hand():
    assert strongest([1, 8, 7, 6, 6, 2]) == strength([8, 7, 6])
    assert strongest([1, 1, 9]) == strength([1, 1])
    assert strongest([4, 9]) == strength([9])


def test_5_1_4_the_flip_keeps_the_way_up_with_the_better_structure():
    game = GAMES[4]
    scattered = cards(game, "1/8 10/7 3/6 9/5 2/4")  # 1 10 3 9 2; flipped 4 5 6 7 8
    run = [turned(card) for card in reversed(scattered)]
    for level in LEVELS:
        bot = make(level, game)
        state = game.new_hand(3, {"hands": [scattered, run, run[:3], run[3:]]})
        assert bot.choose(state.view(0), state.legal_actions(), Rng(1)) == FLIP
        state.apply(FLIP)
        assert bot.choose(state.view(1), state.legal_actions(), Rng(1)) == KEEP


def facing_a_lone_6():
    """Seat 2 to play 3 4 5 6 7 against a lone 6 that seat 1 showed over seat 0's 5."""
    state = playing(3, "9/1 5/2", "2/8 6/1", "3/9 4/1 5/3 6/8 7/2")
    state.apply(state.parse_action("show 2"))
    state.apply(state.parse_action("show 2"))
    return state


def test_5_3_a_a_bot_shows_the_set_that_empties_its_hand():
    state = playing(3, "9/1 5/2 6/1 7/1 8/1 2/3", "2/8 6/2 7/3 8/3 9/2 4/5 6/7", "3/9 4/1 5/3")
    state.apply(state.parse_action("show 2"))  # seat 0 shows a lone 5
    state.apply(state.parse_action("show 2"))  # seat 1 a lone 6
    for level in LEVELS:
        bot = make(level, GAMES[3])
        action = bot.choose(state.view(2), state.legal_actions(), Rng(3))
        assert state.action_text(action) == "show 1-3", (level, state.action_text(action))


def test_a_bot_sheds_a_long_run_rather_than_a_lone_card():
    state = playing(3, "2/5 4/6 7/9 2/6 5/9 7/5", "9/1 8/4 5/6 3/4 1/2 4/9",
                    "3/9 4/1 5/3 6/8 1/7 8/2")
    state.apply(state.parse_action("show 1"))  # seat 0 shows a lone 2
    state.apply(state.parse_action("show 1"))  # seat 1 a lone 9
    for level in ("normal", "strong"):
        bot = make(level, GAMES[3])
        action = bot.choose(state.view(2), state.legal_actions(), Rng(3))
        assert state.action_text(action) == "show 1-4", (level, state.action_text(action))


def hide_differently(state, seat, rng):
    """The same position for `seat`, the cards it cannot see dealt among the same places."""
    other = state.clone()
    places, hidden = [], []
    for s in range(state.game.num_players):
        for i in range(len(state.hands[s])):
            if s != seat and not state.scouted[s][i]:
                places.append((s, i))
                hidden.append(state.hands[s][i])
    hidden.extend(state.set_aside)
    rng.shuffle(hidden)
    for k in range(len(places)):
        s, i = places[k]
        other.hands[s][i] = turned(hidden[k]) if rng.below(2) else hidden[k]
    other.set_aside = hidden[len(places):]
    return other


def decisions_depend_only_on_the_seats_view(players):
    """Every level decides the same in a position whose hidden cards lie elsewhere: the
    one-ply levels at every position of four rounds, the two that play out worlds (hard,
    strong: nine tenths of the test's time) at every other one, every phase of a round
    still among them."""
    game = GAMES[players]
    rng = Rng(40 + players)
    bots = [make(level, game) for level in LEVELS]
    positions = 0
    for deal in range(scaled(4)):
        state = game.new_hand(deal % players, game.deal(rng, deal % players))
        while not state.is_terminal():
            seat = state.current_player()
            other = hide_differently(state, seat, rng)
            view, other_view = state.view(seat), other.view(seat)
            assert view.hands == other_view.hands
            legal = state.legal_actions()
            positions += 1
            for bot in bots:
                if bot.NAME in SEARCHING and positions % 2:
                    continue
                chosen = bot.choose(view, legal, Rng(deal + 1))
                assert chosen == bot.choose(other_view, legal, Rng(deal + 1)), bot.NAME
            state.apply(bots[deal % len(bots)].choose(view, legal, rng))


# (two tests, so that the test runs on two cores share the work)
def test_decisions_depend_only_on_the_seats_view_with_2_and_3_players():
    decisions_depend_only_on_the_seats_view(2)
    decisions_depend_only_on_the_seats_view(3)


def test_decisions_depend_only_on_the_seats_view_with_4_and_5_players():
    decisions_depend_only_on_the_seats_view(4)
    decisions_depend_only_on_the_seats_view(5)


def test_every_level_plays_legal_actions_to_the_end_for_2_to_5_players():
    for players in (2, 3, 4, 5):
        game = GAMES[players]
        rng = Rng(players)
        for deal in range(scaled(8)):
            bots = [make(NAMES[(seat + deal) % len(NAMES)], game) for seat in range(players)]
            state = game.new_hand(deal % players, game.deal(rng, deal % players))
            steps = 0
            while not state.is_terminal():
                seat = state.current_player()
                legal = state.legal_actions()
                action = bots[seat].choose(state.view(seat), legal, rng)
                assert action in legal, (bots[seat].NAME, action)
                state.apply(action)
                steps += 1
                assert steps < 1000
            assert sum(len(hand) for hand in state.hands) + len(state.active) + sum(
                len(pile) for pile in state.piles) == players * game.hand_size


def normal_best(view, legal, rng, count):
    """normal's `count` best actions by their one-ply value (its worlds dealt with `rng`)."""
    normal = budget("scout", "normal")
    return Turn(view, rng, normal.worlds).best_few(legal, normal.places, count)


def test_hard_has_a_work_budget_for_each_table_scout_is_played_at_and_none_for_others():
    """hard's playouts per number of players (2: normal's four best in 32 worlds, a playout's
    steps being few; 3 to 5: as many as `nodes` allow); a number of players SCOUT is not
    played by has no budget, not the 3-player one by a wrapped index."""
    two = budget("scout", "hard", 2)
    assert (two.candidates, two.playouts, two.nodes) == (4, 32, 0)
    assert [budget("scout", "hard", n).nodes for n in (3, 4, 5)] == [9000, 6400, 14000]
    assert [budget("scout", "hard", n).playouts for n in (3, 4, 5)] == [32, 32, 32]
    for players in (0, 1, 6):
        assert "2 to 5 players" in str(raises(ValueError, budget, "scout", "hard", players))


def test_strong_and_hard_play_one_of_normals_best_actions_chosen_by_playouts():
    """strong plays each of normal's two best actions out to the end of the round, hard its
    five best (with 3 and 4 players; 5 players: four) a little way, and each keeps the one
    that scores best: neither plays what normal ranks lower."""
    game = GAMES[4]
    bots, normal = [make("strong", game), make("hard", game)], make("normal", game)
    assert budget("scout", "hard", 4).candidates == 5
    rng = Rng(9)
    for deal in range(scaled(2)):
        state = game.new_hand(deal, game.deal(rng, deal))
        while not state.is_terminal():
            seat, legal = state.current_player(), state.legal_actions()
            view = state.view(seat)
            if state.phase == "play" and len(legal) > 1:
                for bot, count in zip(bots, (2, 5)):
                    chosen = bot.choose(view, legal, Rng(deal))
                    assert chosen in normal_best(view, legal, Rng(deal), count), bot.NAME
            state.apply(normal.choose(view, legal, rng))


def test_hard_plays_out_in_as_many_worlds_as_its_work_allows():
    """With 3 to 5 players hard plays its candidates out in at least 2 worlds and at most its
    budget's `playouts`, one more while the work stays within `nodes` (each step counting
    the cards it weighs and STEP more): short hands late in the round play out in more
    worlds than the first turns' long ones, in about the same work."""
    worlds = []

    def counted(view, rng):
        worlds[-1] += 1
        return determinize(view, rng)

    scout_bot.determinize = counted  # (no monkeypatch: the test runs under MicroPython too)
    try:
        _count_worlds(worlds)
    finally:
        scout_bot.determinize = determinize


def _count_worlds(worlds):
    for players in (3, 5):
        game = GAMES[players]
        hard, normal = make("hard", game), make("normal", game)
        rng = Rng(players)
        state = game.new_hand(0, game.deal(rng, 0))
        first = last = None
        while not state.is_terminal():
            seat, legal = state.current_player(), state.legal_actions()
            view = state.view(seat)
            if state.phase == "play" and seat == 0 and len(legal) > 1:
                worlds.append(0)
                hard.choose(view, legal, Rng(len(worlds)))
                assert 2 <= worlds[-1] <= hard.budget.playouts
                first = worlds[-1] if first is None else first
                last = worlds[-1]
            state.apply(normal.choose(view, legal, rng))
        assert last > first, (players, worlds)
        del worlds[:]


def test_in_hards_playouts_seats_scout_and_show_as_normal_does_without_the_whole_list():
    """hard's playouts let every seat Scout & Show (5.2.C), as `normal` would through the
    places it tries, but list only the Scout & Shows through those places: each such list is
    the part of `legal_actions` through that place; nor do they list every place for a
    scouted card, only those tried: the step decides as with the whole list, at every turn."""
    for players in (2, 3, 5):
        game = GAMES[players]
        rng = Rng(60 + players)
        easy = make("easy", game)
        for deal in range(scaled(3)):
            state = game.new_hand(deal % players, game.deal(rng, deal % players))
            while not state.is_terminal():
                seat, legal = state.current_player(), state.legal_actions()
                if state.phase == "play" and state.active and state.scout_show[seat]:
                    for action in legal:
                        kind, start, length, index, turn, gap = decode(action)
                        if kind == SCOUT:
                            low = encode(SCOUT_SHOW, 0, 0, index, turn, gap)
                            high = encode(SCOUT_SHOW, 0, 0, index, turn, gap + 1)
                            assert _scout_shows_through(state, action) == [
                                other for other in legal if low <= other < high]
                if state.phase == "play":
                    for places in (1, 3):
                        whole = Turn(state.view(seat), Rng(deal), 0, state).best(legal, places)
                        assert _normal_in(state, Rng(deal), places, True) == whole
                state.apply(easy.choose(state.view(seat), legal, rng))


def test_evaluate_is_the_score_times_scale_when_the_round_is_over():
    state = facing_a_lone_6()
    state.apply(state.parse_action("show 1-5"))
    assert state.is_terminal()
    assert evaluate(state) == [SCALE * score for score in state.scores()]


def test_with_2_players_a_hand_that_can_beat_the_active_set_is_worth_more_mid_round():
    """hard's playouts stop mid-round; with 2 players the fitted outlook values the seats
    there, and it counts a hand able to answer the active set (its fourth weight)."""
    values = []
    for answer in ("6/1 6/2 2/3", "4/1 4/2 2/3"):  # a pair of 6s beats the 5s, of 4s not
        state = playing(2, "5/1 5/2 8/3", answer)
        state.apply(state.parse_action("show 1-2"))
        values.append(evaluate(state))
    assert values[0][0] == values[1][0]
    assert values[0][1] - values[1][1] == SCALE * OUTLOOK[0][3] // 32 > 0


def test_with_3_to_5_players_the_outlook_counts_an_answer_and_the_scout_and_show_chip():
    """With 3 to 5 players too hard's playouts stop at an outlook fitted to self-play: a hand
    that can beat the active set is worth more, and so is the Scout & Show chip still held
    (5.2.C), worth keeping for a later turn; the other seats' values stay as they were."""
    others = ("3/7 4/8", "3/8 4/9", "3/9 7/8")
    for players in (3, 4, 5):
        values = []
        for answer in ("6/1 6/2 2/3", "4/1 4/2 2/3"):  # a pair of 6s beats the 5s, of 4s not
            state = playing(players, "5/1 5/2 8/3", answer, *others[:players - 2])
            state.apply(state.parse_action("show 1-2"))
            values.append(evaluate(state))
        assert values[0][1] > values[1][1], players
        assert values[0][:1] + values[0][2:] == values[1][:1] + values[1][2:], players
        state.scout_show[1] = False
        spent = evaluate(state)
        assert spent[1] < values[1][1] and spent[2:] == values[1][2:], players


def test_order_puts_long_shows_first_and_scouts_last():
    state = facing_a_lone_6()
    ordered = order(state, state.legal_actions())
    assert state.action_text(ordered[0]) == "show 1-5"
    assert decode(ordered[-1])[0] == SCOUT and decode(ordered[0])[0] == SHOW


def test_bots_leave_a_cycle_of_shows_scouted_empty():
    """Small hands that cannot beat each other's sets can go round for ever: each Show is
    scouted empty before play comes back to its owner (5.2.B.5), so 5.3 (b) never ends the
    round. Past LONG_ROUND Scouts the bots vary their play and the round ends."""
    game = GAMES[4]
    state = game.new_hand(2, {"hands": [cards(game, h) for h in (
        "2/6", "9/4 9/5 6/10 8/9", "9/6 3/2", "10/8 2/9 8/6 2/5")]})
    for _ in range(4):
        state.apply(KEEP)
    state.scout_show = [False] * 4  # every Scout & Show chip spent earlier in the round
    state.apply(state.parse_action("show 1"))  # seat 3 shows a lone 10
    bots = [make(("normal", "greedy")[seat % 2], game) for seat in range(4)]
    rng = Rng(5)
    steps = 0
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
        steps += 1
        assert steps < 400, "the round goes round for ever"


def test_tick_slices_the_work_and_changes_no_decision():
    """Every level calls the device's `tick` while it thinks, and decides as without it."""
    ticked, plain, calls = ticked_and_plain(GAMES[3], ["normal", "easy", "greedy"], 4)
    assert ticked == plain and calls > 0
    ticked, plain, calls = ticked_and_plain(GAMES[4], ["hard", "normal", "easy", "hard"], 5)
    assert ticked == plain and calls > 0
    state = playing(3, "9/1 5/2 6/1 7/1", "2/8 6/2 7/3 8/3", "3/9 4/1 5/3 1/2")
    state.apply(state.parse_action("show 2"))
    strong, view, legal = make("strong", GAMES[3]), state.view(1), state.legal_actions()
    calls = [0]

    def tick():
        calls[0] += 1

    assert strong.choose(view, legal, Rng(5), tick) == strong.choose(view, legal, Rng(5))
    assert calls[0] > 0  # strong's playouts
