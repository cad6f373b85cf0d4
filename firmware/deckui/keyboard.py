"""The on-screen keyboard, for typing a player's name (deckapp/text_entry.py owns it)."""

from deckui import font, theme
from deckui.widgets import SIZE


class Keyboard:
    """An on-screen keyboard: a grid of characters walked with the joystick.

    The screen that owns it forwards the joystick's directions to `move` and draws it with
    `draw`; `char()` is the character under the cursor, `shift` flips letter case.

    Under the digits, the accented letters of the names at the games' tables (French, German,
    Italian, Nordic): the last row, one Up from the first, has those of A, C, E and I in or
    beside their letters' columns (\u00c9 is Up from E); the row before it those of U, O, S
    (\u00dc under U, \u00d6 and \u00df in the columns of O and S), \u00c4, \u00c5 and \u00d8.
    """

    ROWS = ("ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ-'. ", "0123456789",
            "\u00dc\u00d9\u00db\u00c4\u00d6\u00d4\u00d8\u00c5\u00df\u00d2",
            "\u00c0\u00c2\u00c7\u00c6\u00c9\u00c8\u00ca\u00cb\u00cf\u00ce")
    CELL = 22

    def __init__(self, top):
        self.top = top
        self.row = 0
        self.column = 0
        self.lower = False

    def move(self, key):
        if key == "up":
            self.row = (self.row - 1) % len(self.ROWS)
        elif key == "down":
            self.row = (self.row + 1) % len(self.ROWS)
        elif key == "left":
            self.column = (self.column - 1) % len(self.ROWS[0])
        elif key == "right":
            self.column = (self.column + 1) % len(self.ROWS[0])
        else:
            return False
        return True

    def shift(self):
        self.lower = not self.lower

    def char(self):
        return self._label(self.ROWS[self.row][self.column])

    def _label(self, char):
        if not self.lower:
            return char
        if "\u00c0" <= char <= "\u00de" and char != "\u00d7":  # (MicroPython's lower() is
            return chr(ord(char) + 32)                         # ASCII's only)
        return char.lower()

    def height(self):
        return len(self.ROWS) * self.CELL

    def row_rows(self, row):
        """The screen rows (first, end) of the keyboard's row `row`."""
        y = self.top + row * self.CELL
        return y, y + self.CELL

    def draw(self, canvas, dirty_rows=None):
        """The keys; with dirty_rows (first, end) only the rows of keys that reach into
        those screen rows (a cursor's move along a row draws that row)."""
        left = (SIZE - len(self.ROWS[0]) * self.CELL) // 2
        first, end = dirty_rows or (0, SIZE)
        for row, chars in enumerate(self.ROWS):
            y = self.top + row * self.CELL
            if y >= end or y + self.CELL <= first:
                continue
            for column, char in enumerate(chars):
                x = left + column * self.CELL
                colour = theme.TEXT
                if row == self.row and column == self.column:
                    canvas.fill_rect(x, y, self.CELL, self.CELL, theme.CURSOR)
                    colour = theme.CURSOR_TEXT
                else:
                    canvas.rect(x, y, self.CELL, self.CELL, theme.BAR)
                if char == " ":  # the space: a bar like the one on a keyboard's space key
                    canvas.hline(x + 6, y + 15, self.CELL - 12, colour)
                else:
                    font.centred(canvas, self._label(char), x, y + 2, self.CELL, colour,
                                 font.LARGE)
