"""Droggn, rules.md section 4, by random play: matches pass the deal as 4.2.4 says, and over
every option set random hands keep the cards, count 74 points zero-sum, show each seat only
what it may see, and deal worlds that agree with the seat's view. (Apart from test_droggn.py
so that under MicroPython's 192K heap neither module's compilation crowds the other's tests.)"""

from deckcore.games.droggn import Droggn
from deckcore.games.droggn_game import ANSAGER
from deckcore.games.droggn_worlds import determinize
from deckcore.games.tarot import FOOL, KING, RANK_OF, SUIT_OF, TRUMP, may_hold
from deckcore.match import Match
from deckcore.rng import Rng
from follow_rule import obligations_kept
from repetitions import ON_MICROPYTHON, scaled

GAME = Droggn()
HANDS_PER_OPTION_SET = scaled(250)

OPTION_SETS = (
    {},
    {"players": 4},
    {"direction": "clockwise", "throw_in": "same_dealer", "invalid_buy": "forfeit",
     "max_doublings": 3},
    {"pack": 78, "win_threshold": 38, "tie_37_last_trick": True},
    {"expose_talon_in_ansager": True, "gstiess_last_trick_illegal": True},
    {"players": 4, "pack": 78, "gstiess_last_trick_illegal": True, "invalid_buy": "forfeit",
     "expose_talon_in_ansager": True},
)


# Matches -----------------------------------------------------------------------------------

def test_match_length_is_the_deals_option_twice_the_players_by_default():
    assert GAME.deals_in_match() == 6 and Droggn({"players": 4}).deals_in_match() == 8
    assert Droggn({"deals": 5}).deals_in_match() == 5


def test_a_random_match_passes_the_deal_to_each_declarer():
    rng = Rng(11)
    for options in OPTION_SETS[:3]:
        game = Droggn(options)
        match = Match(game, 0)
        while not match.is_over():
            dealer = match.dealer
            state = random_hand(game, rng, dealer)
            match.finish_hand(state)
            assert match.dealer == game.next_dealer(dealer, state)
            if state.declarer >= 0:
                assert match.dealer == state.declarer
        assert len(match.results) == game.deals_in_match() and sum(match.totals) == 0


# Random playouts ----------------------------------------------------------------------------

def choose(state, legal, rng):
    """Random legal play, leaning to low bids and few doublings so that every contract and
    the purchase come up often."""
    if state.phase == "bid":
        return rng.choice(legal[:2] + legal)
    if state.phase == "double" and len(legal) > 1 and rng.below(4):
        return legal[0]
    return rng.choice(legal)


def random_hand(game, rng, dealer, check=None):
    state = game.new_hand(dealer, game.deal(rng, dealer))
    steps = 0
    while not state.is_terminal():
        if check:
            check(state, rng)
        action = choose(state, state.legal_actions(), rng)
        if state.phase == "play":
            assert obligations_kept(state, action), "follow suit or trump (4.6.2)"
        state.apply(action)
        steps += 1
        assert steps < 500
    return state


def check_step(state, rng):
    legal = state.legal_actions()
    assert legal and len(legal) == len(set(legal))
    for action in legal:
        assert state.illegal_reason(action) is None
        assert state.parse_action(state.action_text(action)) == action
    check_conservation(state)
    check_views(state)


def check_conservation(state):
    cards = list(state.discard) + state.trick
    if not state.talon_taken:
        cards.extend(state.talon)
    if state.phase == "ask":
        cards.append(state.offer)
    for seat in range(state.game.num_players):
        cards.extend(state.hands[seat])
        cards.extend(state.piles[seat])
    assert sorted(cards) == sorted(state.game.pack()), "cards lost or duplicated"


def check_views(state):
    """No view shows another seat's cards except those the rules make known (a laid-out card,
    the bought card, the offer to its giver and receiver, an exposed talon); the talon and
    discard only to those who may see them."""
    for seat in range(state.game.num_players):
        view = state.view(seat)
        visible = view.visible_cards()
        exposed = state.contract == ANSAGER and state.game.options["expose_talon_in_ansager"]
        known = [state.laid_out, state.bought]
        if seat in (state.declarer, state.seller):
            known.append(state.offer)
        if exposed or state.phase == "over":
            known.extend(state.talon)
        for other in range(state.game.num_players):
            if other != seat:
                for card in state.hands[other]:
                    assert card not in visible or card in known, "seat %d sees %s" % (
                        seat, state.game.card_text(card))
        may_see_talon = state.talon_taken and (seat == state.declarer or exposed)
        assert (view.talon is not None) == may_see_talon
        if not may_see_talon and not state.talon_taken:
            for card in state.talon:
                assert card not in visible
        assert (view.discard is not None) == (seat == state.declarer)


def check_determinize(state, rng):
    seat = state.current_player()
    view = state.view(seat)
    other = determinize(view, rng)
    assert other.hands[seat] == state.hands[seat]
    assert other.legal_actions() == state.legal_actions()
    check_conservation(other)
    for s in range(state.game.num_players):
        assert len(other.hands[s]) == len(state.hands[s])
        if s != seat:
            for card in other.hands[s]:
                assert may_hold(other.voids[s], card)
    assert len(other.discard) == len(state.discard)
    for card in other.discard:
        assert card not in (FOOL, 1, 21)
    kings = len([c for c in other.discard if SUIT_OF[c] < TRUMP and RANK_OF[c] == KING])
    trumps = len([c for c in other.discard if SUIT_OF[c] == TRUMP])
    assert kings - trumps <= 3 - len(other.discard)
    assert other.view(seat).visible_cards() == view.visible_cards()


def test_random_playouts_74_points_zero_sum_and_every_card_kept():
    contracts = [0] * 5
    for options in OPTION_SETS:
        game = Droggn(options)
        rng = Rng(1000 + len(options))
        for number in range(HANDS_PER_OPTION_SET):
            dealer = rng.below(game.num_players)
            state = random_hand(game, rng, dealer, check_step)
            scores = state.scores()
            assert sum(scores) == 0
            contracts[state.contract] += 1
            if state.declarer < 0:
                assert state.points() == [0] * game.num_players
                assert scores == [0] * game.num_players
                continue
            mine, theirs = state.side_points(True), state.side_points(False)
            assert mine + theirs == game.total_points
            points = state.points()
            assert points[state.declarer] == mine
            assert all(points[s] == theirs for s in range(game.num_players) if s != state.declarer)
            if not state.stopped:
                assert state.tricks_played == game.tricks
            declarer = state.declarer
            assert scores[declarer] == (game.num_players - 1) * state.declarer_result()
            if game.num_players == 4:
                assert state.hands[dealer] == [] and state.piles[dealer] == []
    if not ON_MICROPYTHON:
        assert min(contracts) > 0, contracts  # throw-ins and every contract came up


def test_random_playouts_determinize_agrees_with_the_view():
    for options in OPTION_SETS:
        game = Droggn(options)
        rng = Rng(77 + len(options))
        for number in range(max(2, HANDS_PER_OPTION_SET // 10)):
            random_hand(game, rng, rng.below(game.num_players), check_determinize)
