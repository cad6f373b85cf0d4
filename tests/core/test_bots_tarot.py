"""The bots of the tarot games (Scarto, Chambéry, Droggn; rules.md sections 2-4): legal in every
phase, the rule-based decisions that know the scoring, and blind to what their view hides."""

import gc
import sys
from deckcore.bots import card_total
from deckcore.bots.knowledge import determinizer, knowledge
from deckcore.bots.levels import make
from deckcore.bots import tarot_bidding
from deckcore.bots import tarot_knowledge as tarot
from deckcore.bots.levels import budget
from deckcore.games import load as load_game
from deckcore.games.tarot import FOOL, KING, RANK_OF, SUIT_OF, TRUMP, parse_card
from deckcore.rng import Rng
from playout import ticked_and_plain
from repetitions import ON_MICROPYTHON, scaled

PLAYOUTS = scaled(12, 2)
NORMAL = budget("scarto", "normal")  # the tarot games share their budgets

# Droggn first: the largest module compiles best on a fresh MicroPython heap.
OPTION_SETS = (
    ("droggn", {}),
    ("droggn", {"players": 4, "direction": "clockwise"}),
    ("droggn", {"invalid_buy": "forfeit", "expose_talon_in_ansager": True, "pack": 78}),
    ("chambery", {}),
    ("chambery", {"players": 4}),
    ("chambery", {"players": 3, "discard_rule": "1902", "multipliers": "1902"}),
    ("chambery", {"players": 4, "partnerships": "fixed", "pack": 62}),
    ("chambery", {"settlement": "pagat_1902", "multipliers": "1902", "discard_rule": "1902"}),
    ("scarto", {}),
)
GAMES = ("droggn", "chambery", "scarto")
FITTED = ("scarto",)  # the games whose outlook has fitted play strengths, cubed


def cards(text):
    return [parse_card(t) for t in text.split()]


def load(name):
    """The game class, the other tarot games and their bots unloaded first: the three do
    not fit a 192K MicroPython heap at once. (Only there: under pytest other tests share
    the process and must keep their classes.)"""
    if not ON_MICROPYTHON:
        return load_game(name)
    for other in ("scarto", "chambery", "droggn"):
        if other == name:
            continue
        for package in ("deckcore.games", "deckcore.bots"):
            module = package + "." + other
            if module in sys.modules:
                del sys.modules[module]
                if hasattr(sys.modules[package], other):
                    delattr(sys.modules[package], other)
    gc.collect()
    return load_game(name)


def decide_in_playouts(name, options, phases):
    game = load(name)(options)
    know = knowledge(game)
    rng = Rng(5)
    for number in range(PLAYOUTS * 6):
        dealer = number % game.num_players
        state = game.new_hand(dealer, game.deal(rng, dealer))
        while state.current_player() >= 0:
            seat = state.current_player()
            legal = state.legal_actions()
            choice = know.decide(state.view(seat), legal, rng, NORMAL, None)
            assert choice is None or choice in legal, (name, state.phase, choice)
            if choice is not None:
                phases[name + " " + state.phase] = 1
            # the bots' choice in the bidding (so that all pass and a King is called) or at
            # random (so that bids are made and cards bought), otherwise half the time
            follow = rng.below(2) if state.phase != "bid" else number % 2
            state.apply(choice if choice is not None and follow else rng.choice(legal))


def test_rule_based_decisions_are_legal_in_every_phase():
    """Random playouts under every option set: wherever a seat acts, the knowledge's rule
    either returns one of the legal actions or leaves the decision to the search."""
    phases = {}
    for name, options in OPTION_SETS:
        decide_in_playouts(name, options, phases)
    for phase in ("scarto discard", "chambery discard", "chambery bid", "chambery ask",
                  "chambery give", "chambery call", "droggn bid", "droggn discard",
                  "droggn offer", "droggn ask", "droggn layout", "droggn double"):
        assert phase in phases, phase


def play_hands(name, options):
    game = load(name)(options)
    names = ("normal", "greedy", "easy", "random", "greedy")
    bots = [make(names[seat], game) for seat in range(game.num_players)]
    rng = Rng(11)
    for number in range(max(1, PLAYOUTS // 4)):
        state = game.new_hand(number % game.num_players, game.deal(rng, 0))
        while state.current_player() >= 0:
            seat = state.current_player()
            legal = state.legal_actions()
            action = bots[seat].choose(state.view(seat), legal, rng)
            assert action in legal, (name, state.phase, action)
            state.apply(action)
        assert knowledge(game).evaluate(state) == state.scores()


def test_every_bot_plays_whole_hands_with_legal_actions():
    """Seeded hands with the levels and the baselines at the table, in every game."""
    for name in GAMES:
        play_hands(name, {})


def compare_worlds(name):
    game = load(name)()
    bot = make("normal", game)
    determinize = determinizer(game)
    rng = Rng(17)
    checked = 0
    for number in range(PLAYOUTS):
        state = game.new_hand(0, game.deal(rng, 0))
        steps = 0
        while state.current_player() >= 0 and steps < 12:
            seat = state.current_player()
            view = state.view(seat)
            legal = state.legal_actions()
            other = determinize(view, Rng(99 + steps))
            assert other.legal_actions() == legal
            first = bot.choose(view, legal, Rng(steps))
            assert bot.choose(other.view(seat), legal, Rng(steps)) == first
            checked += 1
            state.apply(first)
            steps += 1
    return checked


def test_bots_never_read_hidden_cards():
    """Another deal of the hidden cards consistent with a seat's view (its determinize)
    leaves the seat's decision unchanged, in the bidding and in the play."""
    for name in GAMES:
        assert compare_worlds(name) >= PLAYOUTS


# Scarto (section 2) ---------------------------------------------------------------------------

def scarto_dealer(dealer_cards):
    """A Scarto hand whose dealer (seat 0) holds the 28 given cards after taking the stock."""
    game = load("scarto")()
    hand = cards(dealer_cards)
    rest = [c for c in game.pack() if c not in hand]
    deal = {"hands": [sorted(hand[:25]), sorted(rest[:25]), sorted(rest[25:50])],
            "stock": sorted(hand[25:])}
    return game.new_hand(0, deal)


def test_scarto_discard_banks_an_unguarded_queen_and_voids_a_short_suit():
    """2.2.3: the scart scores for the dealer: the single Queen of hearts (4) goes, and the
    rest of the short suit with it; 2.2.4: never a King, T20, T1 or the Fool."""
    state = scarto_dealer("QH 2D KS QS NS JS 10S 9S 8S 7S KC QC NC JC 10C 9C 8C "
                          "T1 T20 T21 T19 T18 T17 T16 Fool 2C 3C 4C")
    know = knowledge(state.game)
    scart = []
    while state.phase == "discard":
        card = know.decide(state.view(0), state.legal_actions(), Rng(1), NORMAL, None)
        scart.append(card)
        state.apply(card)
    assert parse_card("QH") in scart and parse_card("2D") in scart
    for card in scart:
        assert card not in cards("T1 T20 Fool") and not (card >= 22 and RANK_OF[card] == KING)


def test_scarto_discard_may_use_the_t1_exception():
    """2.2.4: a dealer with T1 as his only trump and no Fool may discard it; the bot's
    choices stay within what the legal actions allow."""
    state = scarto_dealer("T1 KS QS NS JS 10S 9S 8S 7S 6S 5S 4S KC QC NC JC 10C 9C 8C "
                          "7C 6C KH QH NH JH 10H 9H 8H")
    know = knowledge(state.game)
    assert parse_card("T1") in state.legal_actions()
    while state.phase == "discard":
        legal = state.legal_actions()
        card = know.decide(state.view(0), legal, Rng(1), NORMAL, None)
        assert card in legal
        state.apply(card)


# Chambéry (section 3) --------------------------------------------------------------------------

def chambery_bidder(hand_text, options=None):
    """A Chambéry hand in its bidding, the first bidder (seat 4, the dealer's right) holding
    `hand_text`, the dealer having laid a scart."""
    game = load("chambery")(options or {})
    hand = cards(hand_text)
    rest = [c for c in game.pack() if c not in hand]
    size = game.hand_size
    hands = [rest[i * size:(i + 1) * size] for i in range(game.num_players - 1)]
    deal = {"hands": [sorted(h) for h in hands] + [sorted(hand)],
            "stock": sorted(rest[(game.num_players - 1) * size:])}
    state = game.new_hand(0, deal)
    know = knowledge(game)
    while state.phase == "discard":
        state.apply(know.decide(state.view(0), state.legal_actions(), Rng(1), NORMAL, None))
    assert state.phase == "bid" and state.current_player() == game.num_players - 1
    return state


def chambery_bid(state):
    seat = state.current_player()
    action = knowledge(state.game).decide(state.view(seat), state.legal_actions(), Rng(1),
                                          NORMAL, None)
    return state.action_text(action)


def test_chambery_bids_with_a_strong_hand_and_passes_with_a_weak_one():
    """3.4.3: a soloist plays against four for the half of 68; a hand of the top trumps and
    Kings bids, a hand of low pips passes."""
    strong = chambery_bidder("T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 Fool KS KC KH KD")
    assert chambery_bid(strong) != "pass"
    weak = chambery_bidder("2S 3S 4S 5S 2C 3C 4C 5C 2H 3H 4H 2D 3D 4D 5D")
    assert chambery_bid(weak) == "pass"


def test_chambery_solo_needs_more_than_buying_cards():
    """3.4.3-3.4.4: with the default settlement a bid buys nothing in the stake, so a good
    hand prefers the bid that buys cards; the 1902 multipliers (x4 Solo) favour the Solo."""
    hand = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 KS KC KH KD"
    assert chambery_bid(chambery_bidder(hand)) == "two_cards"
    assert chambery_bid(chambery_bidder(hand, {"multipliers": "1902"})) == "solo"


def test_chambery_soloist_asks_for_the_world_and_gives_back_a_poor_card():
    """3.4.4: the strongest card he may name (T21 when he lacks it), a card of no value back."""
    state = chambery_bidder("T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 Fool KS KC KH 2D")
    game = state.game
    know = knowledge(game)
    while state.phase == "bid":
        seat = state.current_player()
        choice = "one_card" if seat == 4 else "pass"
        state.apply(state.parse_action(choice))
    assert state.phase == "ask"
    named = know.decide(state.view(4), state.legal_actions(), Rng(1), NORMAL, None)
    if named == parse_card("T21") or parse_card("T21") not in state.scart:
        assert named == parse_card("T21")
    state.apply(named)
    while state.phase == "ask":
        state.apply(know.decide(state.view(4), state.legal_actions(), Rng(1), NORMAL, None))
    given = know.decide(state.view(4), state.legal_actions(), Rng(1), NORMAL, None)
    assert given == parse_card("2D")


def test_chambery_dealer_calls_the_king_of_his_longest_suit():
    """3.4.5: with no bid the dealer calls a King he lacks: the one of his longest suit."""
    load("chambery")
    from deckcore.bots.chambery_bidding import call
    hand = cards("KS QS NS JS 10S 9S QH 2H 3D T1 T2 T3 T4 T5 T6")
    assert call(hand, cards("KC KH KD")) in cards("KH KD")


# Droggn (section 4) ----------------------------------------------------------------------------

def droggn_bidder(hand_text, options=None):
    """A Droggn hand in its bidding, the first speaker holding `hand_text`."""
    game = load("droggn")(options or {})
    hand = cards(hand_text)
    rest = [c for c in game.pack() if c not in hand]
    state_probe = game.new_hand(0, game.deal(Rng(1), 0))
    first = state_probe.current_player()
    hands = [[], [], []]
    hands[first] = sorted(hand)
    others = [s for s in range(3) if s != first]
    hands[others[0]] = sorted(rest[:game.tricks])
    hands[others[1]] = sorted(rest[game.tricks:2 * game.tricks])
    deal = {"hands": hands, "talon": sorted(rest[2 * game.tricks:])}
    return game.new_hand(0, deal)


def droggn_call(state):
    seat = state.current_player()
    action = knowledge(state.game).decide(state.view(seat), state.legal_actions(), Rng(1),
                                          NORMAL, None)
    return state.action_text(action)


def test_droggn_calls_with_a_strong_hand_and_passes_with_a_weak_one():
    """4.3, 4.7.3: a declarer needs 37 of 74 against two; the top trumps with Kings call a
    contract, low pips pass."""
    strong = droggn_bidder("T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 Fool "
                           "KS KC KH KD QS QC QH")
    assert droggn_call(strong) in ("ansager", "solo", "super")
    weak = droggn_bidder("4S 5S 6S 7S 8S 4C 5C 6C 7C 8C 1H 2H 3H 4H 5H 1D 2D 3D 4D 5D 6D")
    assert droggn_call(weak) == "pass"


def test_the_rules_before_the_play_are_unloaded_after_each_decision():
    """A bid decided, its module (bots/droggn_bidding.py) is out of memory again on the device:
    it takes no heap while the bots search the play. The host keeps it loaded (importing it
    for every decision would only cost time there)."""
    import deckcore.bots
    strong = droggn_bidder("T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 Fool "
                           "KS KC KH KD QS QC QH")
    assert droggn_call(strong) != "pass"
    assert ("deckcore.bots.droggn_bidding" in sys.modules) == (not ON_MICROPYTHON)
    assert hasattr(deckcore.bots, "droggn_bidding") == (not ON_MICROPYTHON)


def test_droggn_calls_the_contract_worth_most_to_the_hand():
    """4.3.2, 4.7.3: a hand that reaches 37 only with the exchange and the purchase calls an
    Ansager; a hand sure of 37 as dealt calls a Super, whose base value (80) is highest."""
    middling = droggn_bidder("T20 T19 T17 T15 T13 T11 T9 T7 KS KC QH NH JH 7H 4S 5S 4C 5C "
                             "1D 2D 3D")
    assert droggn_call(middling) == "ansager"
    monster = droggn_bidder("T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 "
                            "Fool KS KC KH KD T6")
    assert droggn_call(monster) == "super"


def test_droggn_defenders_double_only_against_a_weak_declarer():
    """4.5.4: the Schwacher when the defenders expect the declarer under 37 by a margin."""
    game = load("droggn")()
    know = knowledge(game)
    for seed in range(PLAYOUTS * 4):
        state = game.new_hand(0, game.deal(Rng(seed), 0))
        while state.phase == "bid":
            seat = state.current_player()
            state.apply(know.decide(state.view(seat), state.legal_actions(), Rng(1), NORMAL, None))
        while state.phase not in ("double", "play", "over"):
            seat = state.current_player()
            state.apply(know.decide(state.view(seat), state.legal_actions(), Rng(1), NORMAL, None))
        if state.phase != "double":
            continue
        seat = state.current_player()
        view = state.view(seat)
        choice = know.decide(view, state.legal_actions(), Rng(1), NORMAL, None)
        trumps = len([c for c in view.hand if SUIT_OF[c] == TRUMP])
        if trumps <= 3:
            assert state.action_text(choice) == "gut"


def test_droggn_greedy_says_gut_whatever_the_others_double():
    """4.5.4: the greedy baseline counts nothing before the first card is played, so it
    never raises the stakes, even when its gut starts the play."""
    game = load("droggn")()
    greedy = make("greedy", game)
    for seed in range(PLAYOUTS * 4):
        rng = Rng(seed)
        state = game.new_hand(0, game.deal(rng, 0))
        while state.phase not in ("play", "over"):
            legal = state.legal_actions()
            if state.phase == "double":
                choice = greedy.choose(state.view(state.current_player()), legal, rng)
                assert state.action_text(choice) == "gut"
            bids = legal[1:] if state.phase == "bid" else ()  # someone declares
            state.apply(rng.choice(bids or legal))


# The shared knowledge ----------------------------------------------------------------------------

def test_outlook_shares_out_exactly_the_68_points_of_chambery():
    """3.2.4: card values 52 + 15 tricks + 1 for the scart: whatever the position, the
    outlook credits 68 in all (counting by card and trick is exact)."""
    game = load("chambery")()
    know = knowledge(game)
    rng = Rng(23)
    for number in range(PLAYOUTS):
        state = game.new_hand(0, game.deal(rng, 0))
        while state.current_player() >= 0:
            if state.phase == "play":
                points = know.immediate(state)
                assert points is not None
                outlook = tarot.outlook(state, game.values, tarot.CARD_AND_TRICK,
                                        lambda s, a, b: s.side[a] == s.side[b])
                scart = card_total(state.scart, game.values) + game.scart_point
                assert sum(outlook) + scart == 68, (sum(outlook), state.tricks_played)
            state.apply(rng.choice(state.legal_actions()))


def test_the_outlooks_shares_stay_small_ints_on_the_board():
    """In the games with fitted strengths the outlook multiplies the points in play by a
    hand's summed play strength cubed. With every value of the pack and a point per trick
    in play, that stays below 2**30, the board's small ints, for every hand of these deals
    (Scarto's strongest reached 0.64 of it over 2000 deals). A freak hand beyond it would
    cost a slower int on the heap, not a wrong share."""
    for name, options in OPTION_SETS:
        if name not in FITTED:
            continue
        game = load(name)(options)
        strength = knowledge(game).STRENGTH
        in_play = card_total(game.pack_cards, game.values) + len(game.pack_cards) // 3
        rng = Rng(5)
        for _ in range(PLAYOUTS * 8):
            for hand in game.new_hand(0, game.deal(rng, 0)).hands:
                assert in_play * card_total(hand, strength) ** 3 < 1 << 30, (name, options)


def test_the_play_strengths_rank_trumps_and_courts_above_plain_cards():
    """Every trump and every court card helps more to take tricks than a plain suit card,
    a King more than a Jack, and the Fool (which never wins a trick) not at all."""
    for name in FITTED:
        strength = knowledge(load(name)()).STRENGTH
        plain = strength[parse_card("7S")]
        assert strength[FOOL] == 0, name
        assert min([strength[card] for card in range(1, 22)]) > plain, name
        assert strength[parse_card("KH")] > strength[parse_card("JH")] > plain, name


def test_lay_away_banks_value_for_oneself_and_gives_nothing_away():
    """A scart or discard that counts for us takes the rich unguarded card; a card given to
    an opponent is the poorest."""
    game = load("scarto")()
    hand = cards("QH 2H KS 2S 3S 4S T5 T6")
    legal = cards("QH 2H 2S 3S 4S T5 T6")
    assert tarot_bidding.lay_away(hand, legal, game.values, True) == parse_card("QH")
    assert tarot_bidding.lay_away(hand, legal, game.values, False) in cards("2H 2S 3S 4S")


def test_order_puts_the_cheapest_winning_card_first():
    """In reply to a trick an opponent leads: the cheapest card that wins comes first."""
    game = load("scarto")()
    know = knowledge(game)
    rng = Rng(31)
    for number in range(PLAYOUTS * 4):
        state = game.new_hand(0, game.deal(rng, 0))
        while state.phase == "discard":
            state.apply(state.legal_actions()[0])
        state.apply(state.legal_actions()[-1])  # the leader's highest card
        legal = state.legal_actions()
        ordered = know.order(state, legal)
        assert sorted(ordered) == sorted(legal)
        best = state.trick[0]
        winners = [c for c in legal if c != FOOL and tarot.beats(c, best, SUIT_OF[best],
                                                                 game.power)]
        if winners:
            assert ordered[0] in winners
            assert game.power[ordered[0]] == min(game.power[c] for c in winners)


def test_tick_slices_the_search_and_changes_no_decision():
    """The device's `tick` is called while the search thinks; the decisions stay the same."""
    ticked, plain, calls = ticked_and_plain(load_game("scarto")(), ["normal", "easy", "greedy"], 4)
    assert ticked == plain and calls > 0
    ticked, plain, calls = ticked_and_plain(load_game("droggn")(), ["hard", "normal", "easy"], 1)
    assert ticked == plain and calls > 0


def droggn_deal(mover_hand, elsewhere):
    """A Droggn hand at its first bid, the seat to speak holding `mover_hand` and the next
    seat holding `elsewhere` among its cards."""
    game = load("droggn")()
    seat = game.new_hand(0, game.deal(Rng(1), 0)).current_player()
    hands = [[] for _ in range(game.num_players)]
    hands[seat] = cards(mover_hand)
    other = (seat + 1) % game.num_players
    hands[other] = cards(elsewhere)
    rest = [card for card in game.pack() if card not in hands[seat] + hands[other]]
    for index in range(game.num_players):
        while len(hands[index]) < game.tricks:
            hands[index].append(rest.pop(0))
    state = game.new_hand(0, {"hands": hands, "talon": rest})
    assert state.current_player() == seat
    return state, other


def test_distinct_searches_one_of_the_cards_that_play_alike():
    """Cards of one suit and value play alike when no card another seat may still play lies
    between them: T2 and T3, T5 and T6, 7S and 8S below. T4 and 9S, in another hand, keep
    apart the cards around them, a King is worth more than the cards below it, and the
    Fool is always itself."""
    hand = "T2 T3 T5 T6 7S 8S 10S KS Fool"
    state, other = droggn_deal(hand + " 4S 5S 6S 4H 5H 6H 7H 1H 2H 3H 4D 5D", "T4 9S")
    seat, mine = state.current_player(), cards(hand)
    distinct = knowledge(state.game).distinct
    assert distinct(state.view(seat), mine) == cards("T2 T5 7S 10S KS Fool")
    assert distinct(state.view(seat), cards("T6 T5 T3 KS Fool")) == cards("T6 T3 KS Fool")
    for text in ("T4", "9S"):  # won in a trick: nothing keeps the cards around it apart
        card = parse_card(text)
        state.hands[other].remove(card)
        state.piles[other].append(card)
    assert distinct(state.view(seat), mine) == cards("T2 7S KS Fool")
    assert distinct(state.view(seat), cards("4S 5S 6S 7S")) == cards("4S")
