"""The list/form screen base (firmware/deckapp/form.py) under MicroPython, driven by key
events through the shell: up and down move the cursor, left and right change the row under
it (held keys repeat, a Number then steps ten times as far, and stops at its bounds), the
centre key chooses an action row, B goes back, and a screen can put the cursor on a named
row and show a one-line message."""

from test_shell import run

FORM = """
from deckapp.form import Choice, FormScreen, Number, Row
from deckhw.buttons import LONG, REPEAT


class Entry(FormScreen):
    title = "Hand 1"

    def __init__(self, log):
        FormScreen.__init__(self, [
            Number("Points", 5, 0, 91, shown=lambda value: "%d pts" % value),
            Choice("Bid", ["pass", "small", "guard"], "small", wrap=False),
            Row("Dealer", "Ada"),
            Row("Save", press="Save")], hint="Enter the hand")
        self.log = log

    def edited(self, row):
        self.log.append("edited %s %s" % (row.name, row.value))

    def refused(self, row):
        self.say("%s cannot change" % row.label)

    def choose(self, row):
        self.log.append("chose " + row.name)


def play(events, setup=None):
    board = ScriptedBoard([[event] for event in events])
    app = App(board, None, Settings())
    app.push(Worker([]))
    form = Entry(board.log)
    app.push(form)
    if setup:
        setup(form)
    for _ in range(len(events) + 1):
        app.tick(0)
    return app, form, board
"""


def test_left_and_right_step_a_number_within_its_bounds_and_held_keys_land_on_round_tens():
    shown = run(FORM + """
app, form, board = play([("right", PRESS)] + [("right", REPEAT)] * 11)
fast = form.rows[0].text()
app, form, board = play([("right", PRESS)] + [("right", REPEAT)] * 20 + [("left", LONG)])
top = form.rows[0].text()
app, low, board = play([("left", PRESS)] * 7)
print(__import__("json").dumps([fast, top, low.rows[0].value, board.log, low.message]))
""")
    # 5, + 1 (the press), + 1 for each of the first 8 repeats (14), then to the next round ten
    # a repeat (20, 30, 40: never past a value between); 91 stops it, and a long press is no step
    assert shown[:2] == ["40 pts", "91 pts"]
    assert shown[2:] == [0, ["edited Points %d" % n for n in (4, 3, 2, 1, 0)],
                         "Points cannot change"]


def test_a_choice_steps_through_its_values_and_stops_at_its_ends_without_wrap():
    shown = run(FORM + """
app, form, board = play([("down", PRESS), ("right", PRESS), ("right", PRESS)])
bid = form.rows[1]
print(__import__("json").dumps([bid.value, bid.index, form.message,
                                [line for line in board.log if line.startswith("edited")]]))
""")
    assert shown == ["guard", 2, "Bid cannot change", ["edited Bid guard"]]


def test_the_centre_key_chooses_an_action_row_only_and_the_soft_keys_say_so():
    shown = run(FORM + """
app, form, board = play([("press", PRESS), ("up", PRESS), ("press", PRESS)])
keys = form.softkeys()
app, plain, _ = play([("down", PRESS), ("down", PRESS)])
print(__import__("json").dumps([[line for line in board.log if line.startswith("chose")],
                                keys, plain.softkeys()]))
""")
    # up from the first row wraps to the last, Save
    assert shown == [["chose Save"], {"press": "Save", "b": "Back"}, {"b": "Back"}]


def test_go_to_puts_the_cursor_on_a_named_row_and_say_shows_a_message_until_a_change():
    shown = run(FORM + """
def setup(form):
    form.go_to("Dealer")
    form.say("Who dealt?")

app, form, board = play([("right", PRESS), ("up", PRESS), ("up", PRESS), ("right", PRESS)],
                        setup)
print(__import__("json").dumps([form.row().name, form.message, form.rows[0].value]))
""")
    assert shown == ["Points", "", 6]


def test_b_goes_back_to_the_screen_below():
    shown = run(FORM + """
app, form, board = play([("b", PRESS)])
print(__import__("json").dumps([type(screen).__name__ for screen in app.stack]))
""")
    assert shown == ["Worker"]


def test_a_list_scrolled_to_its_end_fills_the_room_a_message_leaves_and_its_bar_stays_in_it():
    """Scrolled to its last row, the list shrinks under a two-line message and grows back
    when a change clears it: it then shows its last rows down to the message line (none left
    empty) and its scroll bar's thumb stays in its track: the panel is what drawing the whole
    screen afresh gives, the soft-key bar untouched."""
    seen = run(FORM + """
class Long(FormScreen):
    title = "Long"

    def __init__(self):
        FormScreen.__init__(self, [Choice("Row " + str(i), [1, 2, 3], 1) for i in range(14)],
                            hint="Left and right change")

    def other_key(self, key):
        self.say("A message long enough to take two lines under the list, as refusals do")


board = ScriptedBoard([])
app = App(board, None, Settings())
form = Long()
app.push(form)
app.render()
for key in ("up", "a", "right"):  # to the last row, a message, a change that clears it
    app.handle(key, PRESS)
    app.render()
drawn = bytes(board.display)
app._bars = app._drawn = None
board.display.fill(15)
app.render()
print(__import__("json").dumps([form.list.first, form.list.visible, form.list.cursor,
                                bytes(board.display) == drawn]))
""")
    first, visible, cursor, same = seen
    assert cursor == 13 and first + visible == 14 and same


def test_a_value_key_builds_the_rows_as_drawn_once_however_many_bands_it_marks():
    """Left and right on a value that another row follows from (the points left to the
    others, rows apart): the form builds what it shows (view) once a key, compared with what
    it showed before and drawn in each band it marked (the value's row and the other's), a
    refusal's message too; the panel after each key is a full draw's."""
    seen = run(FORM + """
class Counted(FormScreen):
    title = "Hand 1"

    def __init__(self):
        FormScreen.__init__(self, [Number("Points", 1, 0, 91), Row("Dealer", "Ada"),
                                   Row("Bid", "small"), Row("Others", "90")], hint="Points")
        self.builds = 0

    def edited(self, row):
        self.rows[3].value = str(91 - row.value)

    def refused(self, row):
        self.say("%s cannot change" % row.label)

    def view(self):
        self.builds += 1
        return FormScreen.view(self)


board = ScriptedBoard([])
app = App(board, None, Settings())
form = Counted()
app.push(form)
app.render()
builds, bands, same = [], [], []
for key in ("right", "left", "left", "left", "right"):  # 2, 1, 0, refused at 0, 1
    form.builds = 0
    app.handle(key, PRESS)
    app.render()
    builds.append(form.builds)
    bands.append(board.display.bands[-1])
    drawn = bytes(board.display)
    app._bars = app._drawn = None
    board.display.fill(15)
    app.render()
    same.append(bytes(board.display) == drawn)
print(__import__("json").dumps([builds, bands, same, form.rows[3].value]))
""")
    builds, bands, same, others = seen
    assert others == "90" and all(same)
    assert bands == [[[24, 44], [84, 104]]] * 3 + [[[188, 220]]] + [[[24, 44], [84, 104],
                                                                     [204, 220]]]
    assert builds == [1] * 5


def test_a_hint_of_several_lines_has_the_list_end_above_them_from_the_first_draw():
    """A hint of three lines (SCOUT's entry form: how a round is scored) under a list longer
    than the screen: from its first draw the list shows only the rows above the hint's
    lines, and a value key that changes one row draws that row alone (the list drew its rows
    over the hint until the first value key made room, which then drew the whole screen)."""
    seen = run(FORM + """
class Long(FormScreen):
    title = "Long"

    def __init__(self):
        FormScreen.__init__(self, [Choice("Row " + str(i), [1, 2, 3], 1) for i in range(11)],
                            row_height=18, hint="A hint long enough to take three lines "
                            "under the list, as the SCOUT entry form's")


board = ScriptedBoard([])
app = App(board, None, Settings())
form = Long()
app.push(form)
app.render()
shown = form.list
end = shown.top + shown.visible * shown.row_height
app.handle("right", PRESS)
app.render()
print(__import__("json").dumps([len(form._message_lines()), end, board.display.bands[-1]]))
""")
    lines, end, band = seen
    assert lines == 3 and end <= 220 - 3 * 16  # (the message line's rows: form.py)
    assert band == [[24, 42]]
