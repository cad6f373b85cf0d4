"""List and form screens: rows under a cursor, each with a label and a value, answered by the
keys in one way on every such screen (the main menu, History, Settings, the match menu, the
set-up, the scorekeeper's entry forms), as micro-gui's Listbox and Menu serve every screen.

Rows (a screen keeps them in `self.rows`, a list it may replace at any time):

    Row(label, value="", detail="", press=None, name=None)
        a label and a value text drawn at the right (and a second line of small muted
        `detail`, for a screen whose rows are two lines high). With `press`, a soft-key
        label ("Open", "Start"), it is an action row: the centre key on it calls the
        screen's choose(row). `name` finds it (go_to, find); the label by default.
    Number(label, value, lo, hi, step=1, wrap=False, shown=None, press=None, name=None)
        a whole number in [lo, hi]; left and right take `step` off or add it, and go on
        while held (the debouncer's REPEAT); after the first eight repeats a held key runs
        to the next round ten (of `step`s) each time, so it lands on 40, 30, 20 rather than
        on 34, 24 or past the value wanted. At an end it stops (or goes round with `wrap`).
        `shown(value)` gives the text drawn (str by default): `row.value` is the number.
    Choice(label, choices, value, shown=None, wrap=True, press=None, name=None)
        one of `choices` (a list or tuple of any values; the first when `value` is not one
        of them); left and right pick the one before or after, also while held, and at an
        end go round (or stop, wrap=False). `shown(choice)` gives the text drawn (str by
        default). `row.value` is the choice, `row.index` its place.

The screen (subclass FormScreen; call FormScreen.__init__ with the rows and, if wanted, the
list's look) gets, from the keys:
    up, down          the cursor moves (held: it goes on), wrapping round the ends
    left, right       the row under the cursor changes: `edited(row)` is called after its
                      value changed; a row that cannot change calls `refused(row)` (by
                      default nothing: override it to say why with `say`)
    centre            choose(row) on an action row (a row with `press`)
    B                 back(): app.pop() by default; `back_label` ("Back", or None for a
                      screen with no way back) is its soft key
Other keys reach `other_key(key)` when pressed. Soft keys: the cursor row's `press` as the
centre key, `back_label` as B (override softkeys to add others).

    self.row()                  the row under the cursor
    self.find(name)             the row named `name`, or None
    self.go_to(name)            put the cursor on the row named `name`
    self.say(text)              a message under the list, on two lines (taken from the
                                list) when one is short (for a screen made with hint= not
                                None; "" clears it and the hint shows again)
    self.change(index, delta, wrap=None)
                                what left (-1) and right (+1) do to the row at `index`;
                                it marks only the rows whose text changed

Drawing: the rows as a `deckui.widgets.ListView` (`self.list`: its size, row height and
top as given, its end above the hint's lines), the list's text when there are no rows
(`empty`), then the message line: the message in the warning colour, or else the `hint` in
muted text. With `arrows`, the value of the cursor's row is drawn between arrows when left
and right change it. The rows as drawn (`view`) are built once a value key and kept in
`self.list.rows` until `changed()` or another key: a screen that changes its rows, or gives
it new ones, marks them with changed() after, as any screen marks what it changed.
"""

from micropython import const

from deckapp.screen import Screen, acts
from deckhw.buttons import PRESS, REPEAT
from deckui import font, theme, widgets

_FAST_AFTER = const(8)  # repeats of a held key before a Number runs to round tens
LEAP = const(10)  # a held key's fast step: to the next multiple of LEAP steps
_MESSAGE_ROWS = const(16)  # a line of the message under the list
_MESSAGE_WIDTH = const(236)


class Row:
    steps = False  # left and right change it (Number, Choice)
    shown = None  # shown(value): the text drawn (Number, Choice)

    def __init__(self, label, value="", detail="", press=None, name=None):
        self.label = label
        self.value = value
        self.detail = detail
        self.press = press
        self.name = label if name is None else name

    def text(self):
        """The value as drawn: shown(value), else the value as text."""
        value = self.value
        if self.shown is not None:
            return self.shown(value)
        return value if type(value) is str else str(value)

    def change(self, delta, wrap=None):
        """Step the value by delta (left -1, right +1, more while held); True if it changed.
        `wrap` (None: the row's own way) goes round at the ends."""
        return False


class Number(Row):
    steps = True

    def __init__(self, label, value, lo, hi, step=1, wrap=False, shown=None, press=None,
                 name=None):
        Row.__init__(self, label, value, "", press, name)
        self.lo = lo
        self.hi = hi
        self.step = step
        self.wrap = wrap
        self.shown = shown

    def change(self, delta, wrap=None):
        value = self.value + delta * self.step
        if delta in (LEAP, -LEAP):  # a held key's fast step: to the next round ten
            tens = LEAP * self.step
            value = value // tens * tens if delta > 0 else -(-value // tens) * tens
        if value < self.lo or value > self.hi:
            if not (self.wrap if wrap is None else wrap):
                value = self.lo if value < self.lo else self.hi
            elif self.value in (self.lo, self.hi):  # round from the end it stands at
                value = self.hi if delta < 0 else self.lo
            else:  # a big step stops at the end first
                value = self.lo if value < self.lo else self.hi
        if value == self.value:
            return False
        self.value = value
        return True


class Choice(Row):
    steps = True

    def __init__(self, label, choices, value, shown=None, wrap=True, press=None, name=None):
        Row.__init__(self, label, "", "", press, name)
        self.choices = choices
        self.shown = shown
        self.wrap = wrap
        self.index = choices.index(value) if value in choices else 0
        self.value = choices[self.index]

    def change(self, delta, wrap=None):
        delta = 1 if delta > 0 else -1  # one choice a time, however long held
        index = self.index + delta
        if not 0 <= index < len(self.choices):
            if not (self.wrap if wrap is None else wrap):
                return False
            index %= len(self.choices)
        if index == self.index:
            return False
        self.index = index
        self.value = self.choices[index]
        return True


class FormScreen(Screen):
    back_label = "Back"
    arrows = False  # the cursor row's value drawn "<- value ->" when it can change
    empty = "Nothing here yet"

    def __init__(self, rows, size=font.SMALL, row_height=20, top=widgets.TOP, hint=None):
        Screen.__init__(self)
        self.rows = rows
        self.hint = hint        # None: no message line; else its text when no message
        self.message = ""
        self._held = 0          # repeats of the held left or right key
        # self.list.rows: the rows as drawn (view), or as a value key left them to be drawn;
        # self.rows itself when they are to be built again: since changed() (a screen that
        # changes its rows marks them after) or another key (which may open a screen over it)
        bottom = widgets.BOTTOM - (0 if hint is None else _MESSAGE_ROWS)
        self.list = widgets.ListView(rows, size, row_height, top, bottom)
        if hint is not None and font.width(hint) > _MESSAGE_WIDTH:  # the list ends above
            self._make_room()  # the hint's lines from the first draw

    # Rows ---------------------------------------------------------------------------------
    def row(self):
        rows = self.rows
        return rows[self.list.cursor] if self.list.cursor < len(rows) else None

    def find(self, name):
        for row in self.rows:
            if row.name == name:
                return row
        return None

    def go_to(self, name):
        """Put the cursor on the row named `name` (scrolled into view)."""
        row = self.find(name)
        if row is not None:
            self.list.rows = self.rows
            self.list.move(self.rows.index(row) - self.list.cursor)
            self.changed()

    def say(self, text):
        """Show `text` under the list (until the next change of a row)."""
        self.message = text
        if self._make_room():
            self.changed()
        else:
            self.changed(widgets.BOTTOM - 2 * _MESSAGE_ROWS, widgets.BOTTOM)

    def _message_lines(self):
        """The message, or else the hint, in lines of whole words."""
        return widgets.wrap(self.message or self.hint, _MESSAGE_WIDTH)

    def _make_room(self):
        """The list ends above the message's lines; True if it shows more or fewer rows."""
        return self.list.end_at(widgets.BOTTOM - _MESSAGE_ROWS * len(self._message_lines()))

    def change(self, index, delta, wrap=None):
        """Left (-1) or right (+1) on the row at `index` (`wrap` as Row.change); True if its
        value changed. What the form shows differently is marked, in place of what edited()
        marked: the rows whose text changed (the value's, and the rows that follow from it:
        the last player's points), the message line when it changed, and the whole screen
        when the list scrolled or rows came or went. (A screen whose edited() changes
        anything else it draws marks it with changed() after this.) The rows as drawn are
        built once: compared with the rows drawn before, and drawn."""
        row = self.rows[index]
        shown = self.list
        before = shown.rows if shown.rows is not self.rows else self.view()
        place = (shown.first, shown.visible, shown.cursor, self.message, self.hint)
        marked = self.dirty_rows
        if not row.change(delta, wrap):
            self.refused(row)
            return False
        self.message = ""
        if self.hint is not None:
            self._make_room()
        self.edited(row)
        after = self.view()
        self.dirty_rows = marked
        if place[:3] != (shown.first, shown.visible, shown.cursor) or \
                len(before) != len(after):
            self.changed()
        else:
            for at in range(shown.first, min(len(after), shown.first + shown.visible)):
                if before[at] != after[at]:
                    y = shown.top + (at - shown.first) * shown.row_height
                    self.changed(y, y + shown.row_height)
            if place[3:] != (self.message, self.hint):  # the message line, under the list
                self.changed(shown.top + shown.visible * shown.row_height, widgets.BOTTOM)
        if self.dirty_rows is None:
            # the cursor's row all the same: the shell looks at the bars only when rows are
            # marked, and the soft keys may follow a value
            y = shown.top + (shown.cursor - shown.first) * shown.row_height
            self.changed(y, y + shown.row_height)
        shown.rows = after  # (what the next draw draws, and the next value key compares)
        return True

    def view(self):
        """The rows as the form draws them now (draw, change): (label, value[, detail]) each,
        the cursor's value between arrows when left and right change it (`arrows`)."""
        cursor = self.list.cursor
        drawn = []
        for index in range(len(self.rows)):
            row = self.rows[index]
            value = row.text()
            if self.arrows and index == cursor and row.steps:
                value = "\u2190 " + value + " \u2192"
            drawn.append((row.label, value, row.detail) if row.detail else (row.label, value))
        return drawn

    # What a screen makes of them (override) -----------------------------------------------
    def choose(self, row):
        """The centre key on an action row (one with `press`)."""

    def edited(self, row):
        """`row`'s value was changed by left or right."""

    def refused(self, row):
        """Left or right on a row that did not change (an end, or not a value)."""

    def back(self):
        self.app.pop()

    def other_key(self, key):
        """A key pressed that the form does not use (a, x, y; b without back_label)."""

    # Screen -------------------------------------------------------------------------------
    def changed(self, *band):
        """Screen.changed; the rows as drawn are built again (view) when next drawn."""
        self.list.rows = self.rows
        Screen.changed(self, *band)

    def softkeys(self):
        keys = {}
        row = self.row()
        if row is not None and row.press:
            keys["press"] = row.press
        if self.back_label:
            keys["b"] = self.back_label
        return keys

    def key(self, key, kind):
        if not acts(key, kind):
            return
        if key in ("left", "right"):
            self._held = self._held + 1 if kind == REPEAT else 0
            if self.rows:
                step = LEAP if self._held > _FAST_AFTER else 1
                self.change(self.list.cursor, -step if key == "left" else step)
            return
        self.list.rows = self.rows
        if self.list.answer(key, self):
            return
        if kind != PRESS:
            return
        row = self.row()
        if key == "press" and row is not None and row.press:
            self.choose(row)
        elif key == "b" and self.back_label:
            self.back()
        else:
            self.other_key(key)

    def draw(self, canvas):
        shown, marked = self.list, self.dirty_rows
        if shown.rows is self.rows:
            shown.rows = self.view()
        shown.draw(canvas, self.empty, marked)
        if self.hint is None or marked is not None and \
                marked[1] <= shown.top + shown.visible * shown.row_height:
            return  # (no message line, or its rows under the list were not marked: on the panel)
        lines = self._message_lines()
        colour = theme.HEARTS if self.message else theme.MUTED
        y = widgets.BOTTOM - _MESSAGE_ROWS * len(lines) + 1
        for line in lines:
            font.text(canvas, font.fit(line, _MESSAGE_WIDTH), 2, y, colour)
            y += _MESSAGE_ROWS
