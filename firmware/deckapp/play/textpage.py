"""A read-only page of text lines that scrolls with up and down (summaries, help)."""

from micropython import const
from deckapp.screen import Screen, acts
from deckui import font, theme, widgets

_ROW = const(16)
VISIBLE = (widgets.BOTTOM - widgets.TOP - 4) // _ROW


class TextPage(Screen):
    def __init__(self, title, lines):
        Screen.__init__(self)
        self.title = title
        self.lines = []
        for line in lines:  # a long line wraps, its rest indented under its first part
            indent = "  " if line.startswith("  ") else ""
            parts = widgets.wrap(line, 200) or [""]  # room for the indent of its rest
            self.lines.append(indent + parts[0])
            for part in parts[1:]:
                self.lines.append(indent + "  " + part)
        self.first = 0

    def key(self, key, kind):
        if not acts(key, kind):
            return
        if key in ("up", "down"):
            first = self.first + (-1 if key == "up" else 1)
            if 0 <= first <= max(0, len(self.lines) - VISIBLE):
                self.first = first
                self.changed()
        else:
            self.key_beyond(key)

    def softkeys(self):
        return {"b": "Back"}

    def key_beyond(self, key):
        """A key other than up and down (here: B goes back)."""
        if key == "b":
            self.app.pop()

    def draw(self, canvas):
        """The lines in view, with an arrow at the right edge where more lie above or below
        (the lines keep clear of the arrows)."""
        arrow_x = widgets.SIZE - font.width("\u2193") - 1
        y = widgets.TOP + 4
        for line in self.lines[self.first:self.first + VISIBLE]:
            font.text(canvas, font.fit(line, arrow_x - 6), 4, y, theme.TEXT)
            y += _ROW
        if self.first + VISIBLE < len(self.lines):
            font.text(canvas, "\u2193", arrow_x, widgets.BOTTOM - 16, theme.MUTED)
        if self.first > 0:
            font.text(canvas, "\u2191", arrow_x, widgets.TOP + 2, theme.MUTED)
