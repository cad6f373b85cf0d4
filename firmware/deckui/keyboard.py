"""The on-screen keyboard, for typing a player's name (deckapp/text_entry.py owns it)."""

from deckui import font, theme
from deckui.widgets import SIZE


class Keyboard:
    """An on-screen keyboard: a grid of characters walked with the joystick.

    The screen that owns it forwards the joystick's directions to `move` and draws it with
    `draw`; `char()` is the character under the cursor, `shift` flips letter case.
    """

    ROWS = ("ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ-'. ", "0123456789")
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
        return char.lower() if self.lower else char

    def height(self):
        return len(self.ROWS) * self.CELL

    def draw(self, canvas):
        left = (SIZE - len(self.ROWS[0]) * self.CELL) // 2
        for row, chars in enumerate(self.ROWS):
            y = self.top + row * self.CELL
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
