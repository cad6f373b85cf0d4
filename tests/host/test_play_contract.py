"""The contract line of the tarot games' play screen (firmware/deckapp/play/contract_<game>.py,
one module per game with a contract)."""

import importlib.util

from deckapp.play import contract_chambery, contract_droggn
from deckapp.play.session import HUMAN, Seat
from deckcore.games import load
from deckcore.games.droggn import ANSAGER, GUT, LAY_OUT_PAGAT, LIEGE, RETOUR, SCHWACHER
from deckcore.rng import Rng


class Table:
    seats = [Seat(name, HUMAN) for name in ("Ada", "Ben", "Cy", "Dee", "Eve")]


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
    line = contract_droggn.items(Table, state.view(0))
    names = [seat.name for seat in Table.seats]
    assert line[:3] == [("name", names[state.declarer]), ("contract", "ansager"),
                        ("stake", "retour x4")]
    assert ("label", "wish") in line and ("card", game.card_text(state.bought)) in line
    assert line[-2:] == [("card", "T1"), ("label", "out: " + names[state.layer])]


def test_chambery_shows_the_called_king_and_no_line_before_the_contract():
    game = load("chambery")({})
    state = game.new_hand(0, game.deal(Rng(2), 0))
    assert contract_chambery.items(Table, state.view(0)) is None  # the discard: the text line
    play_until(state, [], lambda s: s.phase == "play")
    line = contract_chambery.items(Table, state.view(1))
    assert line == [("name", Table.seats[state.declarer].name), ("contract", "calls"),
                    ("card", game.card_text(state.called))]


def test_games_without_a_contract_keep_the_text_line():
    for name in ("scioto", "scarto", "scout"):
        assert importlib.util.find_spec("deckapp.play.contract_" + name) is None
