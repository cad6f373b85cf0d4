"""The match set-up screen (firmware/deckapp/play/setup.py) under MicroPython: the match
length of each game, and the bots' levels with what each is."""

import json

from deckmate.runtime import run_core
from helpers import FIRMWARE

ROWS = """
import sys
sys.path.append(%r)
import json
from deckapp.play.setup import SetupScreen
from deckapp.store import Store

NAMES = ["You"] + ["Player %%d" %% seat for seat in range(2, 7)]
STORE = Store(%r)
STORE.boot()


def set_up(game_name):
    screen = SetupScreen()
    screen.open(STORE, NAMES)
    while screen.game_name != game_name:
        screen.change(0, 1)
    return screen


def row(screen, label):
    rows = screen.rows
    return [i for i in range(len(rows)) if rows[i].label.startswith(label)][0]


def value(screen, label):
    return screen.rows[row(screen, label)].text()
"""


def run(tmp_path, code):
    status, out, err = run_core(ROWS % (FIRMWARE, str(tmp_path)) + code, heap="512K")
    assert status == 0, out + err
    return json.loads(out.strip().splitlines()[-1])


def test_a_match_length_the_rules_fix_is_shown_and_does_not_change(tmp_path):
    shown = run(tmp_path, """
out = {}
for name in ("scarto", "chambery", "scout"):
    screen = set_up(name)
    before = value(screen, "Match")
    screen.change(row(screen, "Match"), 1)
    out[name] = [before, value(screen, "Match"), screen.message]
print(json.dumps(out))
""")
    rule = "The rules fix the match: each player deals once"
    assert shown == {"scarto": ["3 hands, one each", "3 hands, one each", rule],
                     "chambery": ["5 hands, one each", "5 hands, one each", rule],
                     "scout": ["4 rounds, one each", "4 rounds, one each", rule]}


def test_a_match_length_of_deals_is_stepped_and_remembered_per_game(tmp_path):
    shown = run(tmp_path, """
screen = set_up("droggn")
out = [value(screen, "Match")]
screen.change(row(screen, "Match"), 1)
screen.change(row(screen, "Match"), 1)
out.append(value(screen, "Match"))
screen.remember()
out.append(value(set_up("scioto"), "Match"))
out.append(value(set_up("droggn"), "Match"))
print(json.dumps(out))
""")
    assert shown == ["auto: 6 hands", "2 hands", "auto: 2 hands", "2 hands"]


def test_a_bots_seat_offers_easy_normal_and_hard_and_says_what_each_is(tmp_path):
    shown = run(tmp_path, """
from deckhw.buttons import PRESS
screen = set_up("scioto")
out = [screen.hint]
while screen.row().name != 1:  # Seat 2, a bot at the default level
    screen.key("down", PRESS)
for _ in range(4):
    out.append([screen.row().text(), screen.hint])
    screen.key("right", PRESS)
screen.key("up", PRESS)  # off the seats: how the rows change again
out.append(screen.hint)
print(json.dumps(out))
""")
    hint = "\u2190 \u2192 change; Start is the last row"
    assert shown == [hint,
                     ["bot normal", "normal: plans ahead; thinks 1 s"],
                     ["bot hard", "hard: strongest; thinks up to 3 s"],
                     ["Player 2", hint],
                     ["bot easy", "easy: one move ahead; beatable"],
                     hint]


def test_every_options_values_are_said_in_words_as_the_scorekeepers_set_up_says_them(tmp_path):
    """Each value of each option row, in every game, as Keep score's set-up says it (Droggn's
    direction 'counter-clockwise', its throw-in 'the deal passes'), never the log's spelling
    (counter_clockwise, pass_deal)."""
    shown = run(tmp_path, """
from deckcore.games import NAMES as GAMES
seen = {}
for name in GAMES:
    screen = set_up(name)
    for option in screen.game_options.OPTIONS:
        if option.name in ("players", "deals"):
            continue
        at = row(screen, option.name.replace("_", " "))
        values = []
        for _ in range(len(option.choices) if option.choices else 3):
            values.append(screen.rows[at].text())
            screen.change(at, 1)
            at = row(screen, option.name.replace("_", " "))
        seen["%s %s" % (name, option.name)] = values
print(json.dumps(seen))
""")
    assert shown["droggn direction"][:2] == ["counter-clockwise", "clockwise"]
    assert "the deal passes" in shown["droggn throw_in"]
    assert [(option, value) for option, values in shown.items() for value in values
            if "_" in value] == []
