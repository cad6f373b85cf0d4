"""The contract line of the tarot games' play screen: the items of each game's show module's
`contract` (firmware/deckcore/games/<game>_show.py), which layout.py draws as pictures."""

from deckapp.play.session import HUMAN, Seat
from deckcore.games import load, show_of
from deckcore.games.droggn_game import ANSAGER, GUT, LAY_OUT_PAGAT, LIEGE, RETOUR, SCHWACHER
from deckcore.rng import Rng


class Table:
    seats = [Seat(name, HUMAN) for name in ("Ada", "Ben", "Cy", "Dee", "Eve")]


def seat_name(seat):
    return Table.seats[seat].name


def play_until(state, wanted, stop):
    """The first action of `wanted` that is legal, else the first legal one, until `stop`."""
    while not stop(state):
        legal = state.legal_actions()
        state.apply(([a for a in wanted if a in legal] + legal)[0])


def test_droggn_shows_the_contract_the_wish_the_laid_out_pagat_and_the_doublings():
    game = load("droggn")({"max_doublings": 2})  # a Schwacher and a retour, then no more
    for seed in range(40):
        state = game.new_hand(0, game.deal(Rng(seed), 0))
        play_until(state, [ANSAGER, LAY_OUT_PAGAT, SCHWACHER, RETOUR, GUT, LIEGE],
                   lambda s: s.phase in ("play", "over"))
        if state.laid_out >= 0 and state.multiplier == 4 and state.bought >= 0:
            break
    line = show_of(game.NAME).contract(state.view(0), seat_name)
    names = [seat.name for seat in Table.seats]
    assert line[:3] == [("name", names[state.declarer]), ("contract", "ansager"),
                        ("stake", "retour x4")]
    assert ("label", "wish") in line and ("card", game.card_text(state.bought)) in line
    assert line[-2:] == [("card", "T1"), ("label", "out: " + names[state.layer])]


def test_chambery_shows_the_called_king_and_no_line_before_the_contract():
    game = load("chambery")({})
    state = game.new_hand(0, game.deal(Rng(2), 0))
    # the discard: the text line
    assert show_of(game.NAME).contract(state.view(0), seat_name) is None
    play_until(state, [], lambda s: s.phase == "play")
    line = show_of(game.NAME).contract(state.view(1), seat_name)
    assert line == [("name", Table.seats[state.declarer].name), ("contract", "calls"),
                    ("card", game.card_text(state.called))]


def test_games_without_a_contract_keep_the_text_line():
    for name in ("scioto", "scarto", "scout"):
        assert show_of(name).contract is None
