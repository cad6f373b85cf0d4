"""The choices of a decision on the play screen (firmware/deckapp/play/choices.py)."""

import pytest

from deckapp.play.choices import HAND, MENU, Choices
from deckcore.games import load
from deckcore.rng import Rng

GAMES = [("scioto", {"players": 3, "compounding": True}), ("scarto", {}), ("chambery", {}),
         ("droggn", {}), ("scout", {"players": 2}), ("scout", {"players": 5})]


@pytest.mark.parametrize("name, options", GAMES)
def test_taking_the_highlighted_choice_again_and_again_finishes_a_hand(name, options):
    game = load(name)(options)
    state = game.new_hand(0, game.deal(Rng(5), 0))
    while not state.is_terminal():
        choices = Choices(state)
        action, reason = choices.take()
        assert reason is None and action in state.legal_actions()
        state.apply(action)


def mandatory_state():
    """Scioto with mandatory dismissal, the follower holding both kinds of card."""
    game = load("scioto")({"mandatory_dismissal": True})
    for seed in range(100):
        state = game.new_hand(0, game.deal(Rng(seed), 0))
        state.apply(state.legal_actions()[0])
        if len(state.legal_actions()) < len(state.hands[state.current_player()]):
            return state
    raise AssertionError("no deal leaves the follower a choice")


def test_cards_no_action_plays_are_dimmed_and_give_their_rule_when_taken():
    state = mandatory_state()
    choices = Choices(state)
    assert choices.focus == HAND and choices.playable[choices.cursor]
    dimmed = choices.playable.index(False)
    while choices.cursor != dimmed:
        choices.move("right" if choices.cursor < dimmed else "left")
    action, reason = choices.take()
    assert action is None and reason.startswith("section 1.5 mandatory dismissal")


def test_a_bid_is_a_menu_and_the_hand_is_only_shown():
    game = load("chambery")({})
    state = game.new_hand(0, game.deal(Rng(2), 0))
    while state.phase != "bid":
        state.apply(state.legal_actions()[0])
    choices = Choices(state)
    assert choices.focus == MENU and not choices.cards_are_choices
    assert [choices.menu_text(i) for i in range(len(choices.menu))] == [
        "pass", "two_cards", "one_card", "solo"]
    choices.move("down")
    assert choices.highlighted_text() == "two_cards"


def test_up_and_down_jump_between_the_kinds_of_a_scout_menu():
    game = load("scout")({"players": 3})
    state = game.new_hand(0, game.deal(Rng(4), 0))
    while state.phase == "flip":
        state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])  # a first show: now there is a set to scout
    choices = Choices(state)
    kinds = [choices.menu_text(i).split()[0] for i in range(len(choices.menu))]
    assert kinds[0] == "show"
    assert choices.jump(1) and choices.highlighted_text().startswith("scout ")
    assert choices.cursor == kinds.index("scout")
    assert choices.jump(1) and choices.highlighted_text().startswith("scout+show ")
    assert not choices.jump(1)
    assert choices.jump(-1) and choices.cursor == kinds.index("scout")
    assert choices.jump(-1) and choices.cursor == 0
