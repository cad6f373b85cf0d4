"""The words of the match screens under MicroPython (firmware/deckapp/play/setup.py,
summary.py, resume.py, deckapp/history.py): one word for a hand in each game, from the
set-up to the match summary, the games by their names, counts with their nouns."""

import json
import re

from deckmate.runtime import run_core
from helpers import FIRMWARE

MATCHES = """
import sys
sys.path.append(%r)
import json
from deckapp.play.session import BOT, Seat, Session
from deckapp.play.setup import SetupScreen
from deckapp.play.summary import HandSummary, MatchSummary
from deckapp.play.table import TableScreen
from deckapp.resume import ResumeScreen
from deckapp.store import Store
from deckcore.games import NAMES, load

STORE = Store(%r)
STORE.boot()
OPTIONS = {"scioto": {"players": 3, "deals": 3}, "droggn": {"deals": 3}, "scout": {"players": 3},
           "chambery": {"players": 3}}  # three hands each


def match_length(name):
    screen = SetupScreen()
    screen.open(STORE, ["You"] + ["Player %%d" %% seat for seat in range(2, 7)])
    while screen.game_name != name:
        screen.change(0, 1)
    return [row.text() for row in screen.rows if row.label.lower().startswith("match")][0]


def played(name):
    game = load(name)(OPTIONS.get(name, {}))
    seats = [Seat("Bot %%d" %% seat, BOT, "easy") for seat in range(game.num_players)]
    log = []
    session = Session(game, seats, 5, log.append, "g", "dev")
    session.start()
    table = TableScreen(None)
    table.session = session
    titles = [table.title]  # the first hand dealt
    while not session.is_over():
        if session.state is None:
            titles.append(table.title)  # a hand played, the next not dealt yet
            session.next_hand()
            titles.append(table.title)
        session.play(session.state.legal_actions()[0])
    hand = HandSummary(session)
    resume = ResumeScreen(json.loads("".join(log).splitlines()[0]), 1)
    return {"set-up": match_length(name), "hand": [hand.title] + hand.lines,
            "key": hand.softkeys()["press"], "match": MatchSummary(session).lines,
            "resume": resume.lines(), "table": titles}


print(json.dumps({name: played(name) for name in NAMES}))
"""


def text(lines):
    """A page's lines as one text, the wrapping undone."""
    return " ".join(" ".join(lines).split())


def test_each_game_calls_a_hand_one_word_from_set_up_to_summary_and_by_its_title(tmp_path):
    status, out, err = run_core(MATCHES % (FIRMWARE, str(tmp_path)), heap="4M")
    assert status == 0, out + err
    shown = json.loads(out.strip().splitlines()[-1])
    titles = {"scioto": "Scioto", "scarto": "Scarto", "scout": "SCOUT", "droggn": "Droggn",
              "chambery": "Chamb\u00e9ry Tarot"}
    for name, words in shown.items():
        word = "round" if name == "scout" else "hand"
        assert re.match(r"(auto: )?\d+ %ss\b" % word, words["set-up"]), words["set-up"]
        assert words["hand"][0] == "%s%s 3 scored" % (word[0].upper(), word[1:])
        assert "Totals after %s 3 of 3:" % word in text(words["hand"])
        assert words["key"] == "Match over"
        assert "%s, %ss played: 3" % (titles[name], word) in text(words["match"])
        assert words["resume"][0] == "%s, %s 2" % (titles[name], word)
        # the table's title counts the hand on it: the one in play, else the last one played
        # (a full flash stalls the table before the next is dealt)
        assert words["table"] == ["%s %s" % (titles[name], n) for n in ("1/3", "1/3", "2/3",
                                                                     "2/3", "3/3")]


LEGEND = """
import sys
sys.path.append(%r)
import json
from deckapp.play.help import HelpScreen
from deckapp.play.layout import seat_figures
from deckcore.games import load
from deckcore.rng import Rng

out = {}
for name, options in (("scioto", {"players": 5}), ("chambery", {}), ("droggn", {"players": 4}),
                      ("scout", {"players": 5})):
    game = load(name)(options)
    state = game.new_hand(0, game.deal(Rng(1), 0))
    out[name] = [seat_figures(state.view(0), 1, False), HelpScreen(game).lines]
print(json.dumps(out))
"""


def test_the_help_page_gives_the_legend_of_each_letter_of_the_short_figures():
    status, out, err = run_core(LEGEND % FIRMWARE, heap="4M")
    assert status == 0, out + err
    for name, (short, lines) in json.loads(out.strip().splitlines()[-1]).items():
        legend = text(lines)
        for letter in re.findall(r"\d+([a-z])", short):
            assert re.search(r"\b%s [a-zA-Z ]+[,.:]" % letter, legend), (name, short, legend)



def test_the_help_page_says_the_options_in_force_in_the_set_ups_words():
    """The help page's options read as the match set-up shows them (deckapp/play/setup.py,
    deckcore.option.value_words): words, not the log's spellings with "_"."""
    status, out, err = run_core(LEGEND % FIRMWARE, heap="4M")
    assert status == 0, out + err
    for name, (_, lines) in json.loads(out.strip().splitlines()[-1]).items():
        options = lines[lines.index("Options in force:") + 1:]
        assert options and not [line for line in options if "_" in line], (name, options)


FIGURES = """
import sys
sys.path.append(%r)
import json
from deckapp.play.layout import seat_figures
from deckcore.games import load
from deckcore.rng import Rng

def a_hand_under_way(name, options, actions=12):
    game = load(name)(options)
    state = game.new_hand(0, game.deal(Rng(1), 0))
    for _ in range(actions):
        if not state.is_terminal():  # a Droggn hand all pass throws in
            state.apply(state.legal_actions()[0])
    return state.view(0)

out = []
for name, options, wide in %r:
    out.append(seat_figures(a_hand_under_way(name, options), 1, wide))
print(json.dumps(out))
"""
WIDE = [("scioto", {"players": 3}, "8 cards  45 points"),
        ("chambery", {"players": 3}, "22 cards  0 tricks"),
        ("scout", {"players": 3}, "8 cards  3 points")]
SHORT = [("scioto", {"players": 5}), ("chambery", {}), ("droggn", {"players": 4}),
         ("scout", {"players": 5})]


def test_a_seat_s_figures_are_words_where_its_row_has_the_screen_s_width_else_short():
    """In words beside three players or fewer ("8 cards  45 points"); short beside four or
    more, a count and the initial of what is counted ("13c 2t")."""
    cases = [(name, options, True) for name, options, _ in WIDE] + [
        (name, options, False) for name, options in SHORT]
    status, out, err = run_core(FIGURES % (FIRMWARE, cases), heap="4M")
    assert status == 0, out + err
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures[:len(WIDE)] == [wide for _, _, wide in WIDE]
    for short in figures[len(WIDE):]:
        assert re.fullmatch(r"\d+c \d+[pt]", short), short
