"""What a person reads on the play screens is words and card symbols, never the logs' tokens
(firmware/deckapp/play/choices.py, deckcore/games/scout_pick.py; the figures beside the seats,
drawn by layout.py, are tested under MicroPython in test_play_wording.py)."""

import random
import re

import pytest

from deckapp.play.choices import CONFIRM, HAND, Choices, action_words, card_words, play_words
from deckcore.games import load
from deckcore.rng import Rng

GAMES = [("scioto", {"players": 3, "compounding": True}), ("scioto", {"double_pack": True}),
         ("scarto", {}), ("chambery", {}), ("chambery", {"players": 4}),
         ("chambery", {"players": 3, "pack": 62}),
         ("chambery", {"partnerships": "fixed", "players": 4}),
         ("droggn", {}), ("droggn", {"players": 4, "invalid_buy": "forfeit"}),
         ("scout", {"players": 2}), ("scout", {"players": 3}), ("scout", {"players": 5})]
# a card token of the logs (docs/log-format.md): 10H, KS, NC, T21, 3/7
CARD_TOKEN = re.compile(r"^(T\d+|(\d+|[AJNQK])[SCHD]|\d+/\d+)$")


def raw_words(label):
    """The words of `label` that are a log's token: a bare card, or with an underscore, an @
    (SCOUT's place in the hand) or a + inside (`scout+show`)."""
    return [word for word in re.split(r"[\s,:]+", label)
            if CARD_TOKEN.match(word) or "_" in word or "@" in word or "+" in word[1:-1]]


def labels_of_the_decision(state, keys):
    """Every text the play screen can show for this decision: each menu entry, each playable
    card as the highlighted choice, the laying down of marked cards, SCOUT's picker as
    random keys change it, and the news line after each legal action."""
    choices = Choices(state)
    labels = [play_words(state, action) for action in state.legal_actions()]
    if choices.picker is not None:
        for _ in range(12):
            choices.key(keys.choice(["up", "down", "left", "right", "x", "y"]))
            labels.append(choices.highlighted_text())
        return labels
    labels += [choices.menu_text(index) for index in range(len(choices.menu))]
    for index in range(len(choices.cards)):
        if choices.playable[index]:
            choices.focus, choices.cursor = HAND, index
            labels.append(choices.highlighted_text())
    if choices.to_mark:
        choices.focus, choices.cursor = HAND, choices.playable.index(True)
        while choices.menu != [CONFIRM]:
            choices.take()
        labels.append(choices.menu_text(0))
    return labels


@pytest.mark.parametrize("name, options", GAMES)
def test_every_choice_of_every_phase_is_in_words_or_card_symbols(name, options):
    game = load(name)(options)
    keys = random.Random(7)
    phases = set()
    for seed in range(3):
        state = game.new_hand(seed % game.num_players, game.deal(Rng(seed), seed))
        while not state.is_terminal():
            phases.add(state.phase)
            for label in labels_of_the_decision(state, keys):
                assert not raw_words(label), (state.phase, label)
            state.apply(keys.choice(state.legal_actions()))
    assert len(phases) > 1 or name == "scioto"


def test_cards_are_named_by_rank_and_suit_symbol_and_trumps_by_number():
    assert [card_words(token) for token in ("5S", "10H", "KC", "ND", "AD", "T1", "T21",
                                            "Fool", "pass", "solo")] == [
        "5\u2660", "10\u2665", "K\u2663", "N\u2666", "A\u2666", "trump 1", "trump 21",
        "Fool", "pass", "solo"]


def test_actions_read_as_words_with_the_phase_verbs_of_the_rules():
    chambery = load("chambery")({})  # its show module's VERBS: the logs' "ask" and "give"
    assert [action_words(chambery, text) for text in (
        "two_cards", "one_card", "ask T21", "give 3C", "call KH", "discard QS", "lay out T1",
        "stop")] == [
        "two cards", "one card", "buy trump 21", "give back 3\u2663", "call K\u2665",
        "discard Q\u2660", "lay out trump 1", "stop"]
    droggn = load("droggn")({})  # its action texts are its rules' words already
    assert [action_words(droggn, text) for text in ("buy T21", "ansager", "KH")] == [
        "buy trump 21", "ansager", "K\u2665"]
