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
        actions, reason = choices.take()
        while actions is None:  # cards marked one by one, then laid down together
            assert reason is None
            actions, reason = choices.take()
        for action in actions:
            assert action in state.legal_actions()
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
    actions, reason = choices.take()
    assert actions is None and reason.startswith("section 1.5 mandatory dismissal")


def test_a_bid_is_a_menu_and_the_hand_is_only_shown():
    game = load("chambery")({})
    state = game.new_hand(0, game.deal(Rng(2), 0))
    while state.phase != "bid":
        state.apply(state.legal_actions()[0])
    choices = Choices(state)
    assert choices.focus == MENU and not choices.cards_are_choices
    assert [choices.menu_text(i) for i in range(len(choices.menu))] == [
        "pass", "two cards", "one card", "solo"]
    choices.move("down")
    assert choices.highlighted_text() == "two cards"


def scout_turn(players, seed=4, shows=1):
    """A SCOUT state in play after `shows` first legal actions (a set to scout, or not)."""
    game = load("scout")({"players": players})
    state = game.new_hand(0, game.deal(Rng(seed), 0))
    while state.phase == "flip":
        state.apply(state.legal_actions()[0])
    for _ in range(shows):
        state.apply(state.legal_actions()[0])
    return state


def test_a_scout_turn_starts_on_the_first_legal_action_and_builds_the_others_from_parts():
    state = scout_turn(3, shows=0)
    state.apply([a for a in state.legal_actions() if "-" in state.action_text(a)][0])
    assert len(state.active) > 1  # a run shown: it has two ends
    choices = Choices(state)
    picker = choices.picker
    assert picker.action() == state.legal_actions()[0]  # no show beats the run: a Scout
    assert picker.text() == "scout left to place 1" and picker.hand_cards()[0] == state.active[0]
    choices.key("right")
    choices.key("x")
    choices.key("y")
    assert picker.text() == "scout right, turned, to place 2"
    assert choices.key("press") == ([picker.action()], None)
    assert picker.action() in state.legal_actions()
    single = Choices(scout_turn(3))
    assert single.picker.text().startswith("show ")
    assert single.key("down") == (None, None)
    assert single.picker.text() == "scout left to place 1"
    assert single.key("y")[1] == "the active set has one card: it is scouted from the left"


def test_a_scout_and_show_chooses_the_scout_then_the_show_in_the_new_hand():
    state = scout_turn(3)
    choices = Choices(state)
    choices.key("up")  # Show -> Scout & Show, round the kinds
    picker = choices.picker
    assert picker.text().startswith("scout ") and not picker.showing
    assert picker.hint().endswith("\u25cf next: the show")  # the centre key goes on
    assert choices.key("press") == (None, None)  # the scout is chosen: now the show
    assert picker.showing and picker.shown_run()[1] > picker.shown_run()[0]
    assert picker.text().startswith("then show card")
    actions, reason = choices.key("press")
    assert reason is None and actions[0] in state.legal_actions()
    assert state.action_text(actions[0]).startswith("scout+show ")


def test_a_scout_key_that_would_make_an_illegal_action_gives_the_rule_and_changes_nothing():
    state = scout_turn(2)
    choices = Choices(state)
    before = choices.picker.action()
    actions, reason = choices.key("up")  # Scout & Show, which two players do not have
    assert actions is None and reason.startswith("section 5.5.2")
    assert choices.picker.action() == before
    first = scout_turn(3, shows=0)  # no set yet: nothing to scout
    actions, reason = Choices(first).key("down")
    assert reason.startswith("section 5.2.B")


@pytest.mark.parametrize("players, seed", [(3, 4), (4, 7), (5, 2), (2, 3)])
def test_whatever_keys_are_pressed_the_highlighted_scout_action_is_legal(players, seed):
    import random
    state = scout_turn(players, seed)
    keys = random.Random(seed)
    for _ in range(40):
        choices = Choices(state)
        for _ in range(25):
            actions, reason = choices.key(keys.choice(["up", "down", "left", "right", "x",
                                                       "y", "left", "right"]))
            assert reason is None or reason
            if choices.picker.complete():
                assert state.illegal_reason(choices.picker.action()) is None
        actions, reason = choices.key("press")
        while actions is None:
            actions, reason = choices.key("press")
        state.apply(actions[0])
        if state.is_terminal():
            break


def scarto_scart():
    game = load("scarto")({})
    state = game.new_hand(0, game.deal(Rng(3), 0))
    assert state.phase == "discard"
    return state


def test_the_scart_is_marked_card_by_card_then_laid_down_in_one_go():
    state = scarto_scart()
    choices = Choices(state)
    assert choices.to_mark == 3 and choices.left_to_mark() == 3
    first = choices.cursor
    assert choices.take() == (None, None)
    assert choices.marked == [first] and choices.cursor != first and choices.left_to_mark() == 2
    choices.take()
    choices.take()
    assert choices.focus == MENU and choices.menu_text(0) == "OK: lay down 3 cards"
    actions, reason = choices.take()
    assert reason is None and actions == [choices.cards[i] for i in choices.marked]
    for action in actions:
        state.apply(action)
    assert state.phase == "play"


def test_a_marked_card_is_taken_back_with_the_centre_key_and_y_lays_the_cards_down():
    state = scarto_scart()
    choices = Choices(state)
    for _ in range(3):
        choices.take()
    assert choices.key("y")[0] == choices.marked_actions()
    choices.move("down")  # back to the hand, on a marked card
    assert choices.cursor in choices.marked
    choices.take()
    assert len(choices.marked) == 2 and choices.menu == [] and choices.key("y") == (None, None)


def test_a_card_the_scart_may_not_take_is_refused_with_its_rule():
    state = scarto_scart()
    choices = Choices(state)
    kept = choices.playable.index(False)  # a King, trump 20, trump 1 or the Fool
    choices.cursor = kept
    actions, reason = choices.take()
    assert actions is None and reason.startswith("section 2.2.4")
