"""The scorekeeper's set-up (firmware/deckapp/keep/setup.py) under MicroPython: every row of
every game's set-up steps left and right and is taken into the set-up, the options whose
default is "auto" among them (a choice such as Scioto's schedule, a number such as its
ranks); the options only of play (Scioto's dismissal, Chambéry's suit ranking) are not
asked (issue 43: the set-up shows what changes the scoring)."""

from test_shell import run


def test_every_row_of_every_games_set_up_changes_both_ways():
    taken = run("""
from deckapp.keep.setup import KeepSetupScreen
from deckcore.games import NAMES


class Store:
    def load_state(self, name, default):
        return default


board = ScriptedBoard([])
app = App(board, Store(), Settings())
screen = KeepSetupScreen()
app.push(screen)
taken = {}
for game in NAMES:
    screen._load(game)
    changed = []
    for name in [row.name for row in screen.rows if row.press is None and row.name != "Game"]:
        index = [row.name for row in screen.rows].index(name)
        if screen.change(index, 1) and screen.change(index, -1):
            changed.append(name)
    taken[game] = [changed, screen.options]
print(__import__("json").dumps(taken))
""")
    schedule, ranks = taken["scioto"][0].count("schedule"), taken["scioto"][0].count("ranks")
    assert schedule == 1 and ranks == 1, taken["scioto"]
    assert taken["scioto"][1]["schedule"] is None and taken["scioto"][1]["ranks"] is None
    for game, play_only in (("scioto", ["compounding", "trick_and_draw", "dismissal",
                                        "mandatory_dismissal"]),
                            ("chambery", ["suit_ranking", "first_lead", "discard_rule"]),
                            ("droggn", ["expose_talon_in_ansager", "gstiess_last_trick_illegal",
                                        "invalid_buy"])):
        assert not [name for name in play_only if name in taken[game][0]], taken[game][0]
    assert "settlement" in taken["chambery"][0] and "direction" in taken["droggn"][0]
    assert all("seat0" in changed and "First dealer" in changed for changed, _ in taken.values())
