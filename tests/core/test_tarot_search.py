"""The search in the tarot games (bots/search.py with bots/tarot_knowledge.py): cards alike
are searched once, and the device's slices of thinking change no decision. (Apart from
test_bots_tarot.py: one module of both did not fit a 192K MicroPython heap.) Each test
loads one game."""

from deckcore.bots import knowledge
from deckcore.bots import tarot_knowledge as tarot
from deckcore.games import load
from deckcore.games.tarot import parse_card
from deckcore.rng import Rng
from playout import ticked_and_plain
from repetitions import scaled


def cards(text):
    return [parse_card(t) for t in text.split()]


def exact_values(state, legal):
    """Per legal action, the seats' final scores when every seat plays its best from there
    to the end of the hand, every card tried (the search with no limit)."""
    from deckcore.bots.levels import Budget
    from deckcore.bots.search import FULL, PimcSearch, play, take_back
    search = PimcSearch(knowledge(state.game), Budget("exact", nodes=1 << 20, depth=FULL,
                                                      width=FULL))
    values = []
    for action in legal:
        after, mark = play(state, action)
        search.left = 1 << 20
        values.append(search.maxn(after, FULL))
        take_back(state, mark)
    return values


def twins_in_last_tricks(name, hands):
    """(pairs of twins, pairs whose exact values differ) over the last tricks of `hands`
    random hands of the game called `name`."""
    game = load(name)()
    rng = Rng(23)
    twins, differ = 0, 0
    for number in range(hands):
        state = game.new_hand(0, game.deal(rng, 0))
        while state.current_player() >= 0:
            legal = state.legal_actions()
            if state.phase == "play" and tarot.cards_left(state) <= 3 * game.num_players:
                first = tarot.twins(state, legal)
                if first != list(range(len(legal))):
                    values = exact_values(state, legal)
                    for i in range(len(legal)):
                        if first[i] != i:
                            twins += 1
                            differ += values[i] != values[first[i]]
            state.apply(rng.choice(legal))
    return twins, differ


def test_twins_are_worth_exactly_the_same_in_scarto():
    """Cards `twins` calls alike (of a suit, worth the same, no card of another seat
    between them) lead to the same scores when the rest of the hand is played out exactly,
    so the search tries one of each: in the last three tricks of random hands."""
    twins, differ = twins_in_last_tricks("scarto", scaled(40, 4))
    assert twins > 0 and differ == 0, (twins, differ)


def test_twins_are_worth_exactly_the_same_in_chambery():
    twins, differ = twins_in_last_tricks("chambery", scaled(40, 4))
    assert twins > 0 and differ == 0, (twins, differ)


def test_twins_are_worth_exactly_the_same_in_droggn():
    twins, differ = twins_in_last_tricks("droggn", scaled(40, 4))
    assert twins > 0 and differ == 0, (twins, differ)


def test_twins_are_cards_alike_for_the_mover():
    """In Scarto's red suits the pips rank 1 to 10 high to low (2.1.3). With nobody else
    holding a heart between them, the mover's 2H, 3H and 4H are twins; the 6H is not, the
    5H being out; nor is the King (worth more). T2 and T3 are twins, T5 is not (T4 is
    out), and T1 never has one."""
    game = load("scarto")()
    state = game.new_hand(0, game.deal(Rng(3), 0))
    while state.phase != "play":
        state.apply(state.legal_actions()[0])
    mover = state.current_player()
    others = [seat for seat in range(3) if seat != mover]
    state.trick = []
    state.hands[mover] = sorted(cards("2H 3H 4H 6H KH T1 T2 T3 T5"))
    state.hands[others[0]] = sorted(cards("5H T4 2S"))
    state.hands[others[1]] = sorted(cards("7H T6 3S"))
    legal = state.hands[mover]
    first = tarot.twins(state, legal)
    twins = {}
    for i in range(len(legal)):
        twins.setdefault(first[i], []).append(game.card_text(legal[i]))
    assert sorted(sorted(group) for group in twins.values()) == sorted(
        [["2H", "3H", "4H"], ["6H"], ["KH"], ["T1"], ["T2", "T3"], ["T5"]])
    for i in range(len(legal)):
        assert first[i] <= i and first[first[i]] == first[i]


def test_tick_slices_the_search_and_changes_no_decision():
    """The device's `tick` is called while the search thinks; the decisions stay the same."""
    ticked, plain, calls = ticked_and_plain(load("scarto")(), ["normal", "easy", "greedy"], 4)
    assert ticked == plain and calls > 0


def test_tick_slices_droggns_hard_search_and_changes_no_decision():
    ticked, plain, calls = ticked_and_plain(load("droggn")(), ["hard", "normal", "easy"], 1)
    assert ticked == plain and calls > 0
