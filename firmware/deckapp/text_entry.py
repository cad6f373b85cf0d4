"""Typing a short text (a player's name) with the on-screen keyboard.

    TextEntry(title, text, max_length, on_done)    on_done(new_text) runs after the screen
                                                   closes with A; Y leaves the text as it was

A with no letter typed is refused, said on the bottom line.
"""

from deckapp.screen import Screen
from deckhw.buttons import PRESS, REPEAT
from deckui import font, theme, widgets
from deckui.keyboard import Keyboard

_FIELD_TOP = widgets.TOP + 10
_FIELD_HEIGHT = 30


class TextEntry(Screen):
    def __init__(self, title, text, max_length, on_done):
        super().__init__()
        self.title = title
        self.text = text
        self.max_length = max_length
        self.on_done = on_done
        self.keyboard = Keyboard(_FIELD_TOP + _FIELD_HEIGHT + 4)
        self.refused = False  # A pressed with no letter typed

    def softkeys(self):
        return {"press": "Type", "a": "OK", "b": "Del", "x": "a/A", "y": "Cancel"}

    def draw(self, canvas):
        first, end = self.dirty_rows or (0, widgets.SIZE)  # (a key's move: its rows only)
        if first < _FIELD_TOP + _FIELD_HEIGHT:
            canvas.rect(8, _FIELD_TOP, widgets.SIZE - 16, _FIELD_HEIGHT, theme.MUTED)
            right = font.text(canvas, self.text, 14, _FIELD_TOP + 6, theme.TEXT, font.LARGE)
            canvas.fill_rect(right + 1, _FIELD_TOP + 5, 2, _FIELD_HEIGHT - 10, theme.CURSOR)
        self.keyboard.draw(canvas, self.dirty_rows)
        if end > widgets.BOTTOM - 18:
            font.text(canvas, self.hint(), 10, widgets.BOTTOM - 18,
                      theme.HEARTS if self.refused else theme.MUTED)

    def hint(self):
        """The bottom line: how many letters, or why A did nothing."""
        if self.refused:
            return "Type a letter first (Y: cancel)"
        return "%d of %d letters" % (len(self.text), self.max_length)

    def key(self, key, kind):
        if kind not in (PRESS, REPEAT):
            return
        was = self.keyboard.row
        if self.keyboard.move(key):  # the keys' rows the cursor left and came to
            self.changed(*self.keyboard.row_rows(was))
            self.changed(*self.keyboard.row_rows(self.keyboard.row))
        elif key == "press" and len(self.text) < self.max_length:
            self.text += self.keyboard.char()
            self.refused = False
            self.changed()
        elif key == "b" and self.text:
            self.text = self.text[:-1]
            self.changed()
        elif key == "x" and kind == PRESS:
            self.keyboard.shift()
            self.changed()
        elif key == "a" and kind == PRESS and self.text.strip():
            self.app.pop()
            self.on_done(self.text.strip())
        elif key == "a" and kind == PRESS:  # no letter: said, not silently ignored
            self.refused = True
            self.changed()
        elif key == "y" and kind == PRESS:
            self.app.pop()
