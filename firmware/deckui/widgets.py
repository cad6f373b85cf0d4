"""The pieces every screen is built from: the title bar, the soft-key bar, a scrolling list
and a dialog box (the on-screen keyboard is deckui/keyboard.py).

The screen is 240x240: the title bar takes rows [0, TOP), the soft-key bar rows [BOTTOM, 240),
a screen draws in between. Widgets draw with theme colours and know nothing of keys' events
beyond the small `move`/`key` methods that screens call.
"""

from micropython import const

from deckui import font, theme

SIZE = const(240)
TOP = const(24)
BOTTOM = const(220)

# The soft-key bar's order, and how each key is shown on its cap (the joystick centre as a dot).
_SOFTKEY_ORDER = const(("press", "a", "b", "x", "y"))
_KEY_CAPS = const(("\u25cf", "A", "B", "X", "Y"))  # (not a str: iterating one interns)


def title_bar(canvas, title):
    """The title in the large font, or whole in the small one when the large is too wide."""
    canvas.fill_rect(0, 0, SIZE, TOP, theme.BAR)
    size = font.LARGE
    if font.width(title, font.LARGE) > SIZE - 12:
        size = font.SMALL
        title = font.fit(title, SIZE - 12, size)
    font.text(canvas, title, 6, (TOP - font.height(size)) // 2, theme.BAR_TEXT, size)


def softkey_bar(canvas, labels):
    """Each labelled key as its cap (the key's letter on a light block) and its meaning, spread
    over the bar; labels are shortened only when all of them cannot fit."""
    canvas.fill_rect(0, BOTTOM, SIZE, SIZE - BOTTOM, theme.BAR)
    shown = [(cap, labels[key]) for key, cap in zip(_SOFTKEY_ORDER, _KEY_CAPS) if labels.get(key)]
    if not shown:
        return
    widths = [font.width(cap) + 4 for cap, _ in shown]
    texts = [text for _, text in shown]
    natural = sum(widths) + sum(font.width(text) + 3 for text in texts)
    if natural > SIZE - 2 * len(shown):
        room = SIZE // len(shown)
        texts = [font.fit(text, room - width - 6) for text, width in zip(texts, widths)]
        natural = sum(widths) + sum(font.width(text) + 3 for text in texts)
    gap = (SIZE - natural) // len(shown)
    x = gap // 2
    for (cap, _), width, text in zip(shown, widths, texts):
        canvas.fill_rect(x, BOTTOM + 3, width, 15, theme.BAR_TEXT)
        font.text(canvas, cap, x + 2, BOTTOM + 4, theme.BAR)
        x = font.text(canvas, text, x + width + 3, BOTTOM + 4, theme.BAR_TEXT) + gap


class ListView:
    """A vertical list with a cursor that scrolls to keep the cursor in view.

    Rows are text, or (text, value) pairs whose value is drawn right-aligned (a setting and its
    current value), or (text, value, detail) with a second line of detail in small muted text
    (give such a list a row_height of two lines). `rows` may be replaced; `cursor` stays
    within it.
    """

    def __init__(self, rows: list, size=font.SMALL, row_height=20, top=TOP, bottom=BOTTOM):
        self.rows = rows
        self.size = size
        self.row_height = row_height
        self.top = top
        self.visible = (bottom - top) // row_height
        self.cursor = 0
        self.first = 0  # the row shown at the top

    def move(self, delta):
        """Move the cursor by delta rows, wrapping round the ends. Returns the screen rows
        (first, end) that changed, for Screen.changed: the two rows, or the whole list when
        it scrolled; None if the cursor did not move."""
        if not self.rows:
            return None
        cursor = (self.cursor + delta) % len(self.rows)
        if cursor == self.cursor:
            return None
        old = self.cursor
        self.cursor = cursor
        first = self.first
        if cursor < self.first:
            self.first = cursor
        elif cursor >= self.first + self.visible:
            self.first = cursor - self.visible + 1
        if self.first != first:
            return self.top, self.top + self.visible * self.row_height
        y0 = self.top + (min(old, cursor) - first) * self.row_height
        y1 = self.top + (max(old, cursor) - first + 1) * self.row_height
        return y0, y1

    def end_at(self, bottom):
        """Keep the list above `bottom` from now on (what is under it grew or shrank), the
        cursor in view and, when it grew, no room left empty below the last row (the scroll
        bar's thumb stays in its track); True if fewer or more rows show."""
        visible = (bottom - self.top) // self.row_height
        if visible == self.visible:
            return False
        self.visible = visible
        if self.cursor >= self.first + visible:
            self.first = self.cursor - visible + 1
        elif self.first > len(self.rows) - visible:
            self.first = max(0, len(self.rows) - visible, self.cursor - visible + 1)
        return True

    def answer(self, key, screen):
        """Up and down move the cursor, and screen.changed() gets the rows to draw again; True
        if `key` was one of them."""
        if key not in ("up", "down"):
            return False
        rows = self.move(-1 if key == "up" else 1)
        if rows:
            screen.changed(*rows)
        return True

    def draw(self, canvas, empty_text="Nothing here yet", dirty_rows=None):
        """The rows in view; with dirty_rows (first, end) only those that reach into screen
        rows [first, end) (a cursor's move draws its two rows)."""
        if not self.rows:
            font.centred(canvas, empty_text, 0, self.top + 20, SIZE, theme.MUTED)
            return
        line = font.height(self.size)
        first, end = dirty_rows or (0, SIZE)
        for index in range(self.first, min(len(self.rows), self.first + self.visible)):
            y = self.top + (index - self.first) * self.row_height
            if y >= end or y + self.row_height <= first:
                continue
            colour = theme.TEXT
            if index == self.cursor:
                canvas.fill_rect(0, y, SIZE, self.row_height, theme.CURSOR)
                colour = theme.CURSOR_TEXT
            row = self.rows[index]
            if isinstance(row, str):
                row = (row, "")
            detail = row[2] if len(row) > 2 else ""
            text_y = y + (self.row_height - line - (line if detail else 0)) // 2
            value_width = font.width(row[1], self.size)
            room = SIZE - 16 - (value_width + 8 if row[1] else 0)
            font.text(canvas, font.fit(row[0], room, self.size), 8, text_y, colour, self.size)
            font.text(canvas, row[1], SIZE - 10 - value_width, text_y, colour, self.size)
            if detail:
                font.text(canvas, font.fit(detail, SIZE - 16), 8, text_y + line,
                          colour if index == self.cursor else theme.MUTED)
        if len(self.rows) > self.visible:
            self._scrollbar(canvas)

    def _scrollbar(self, canvas):
        height = self.visible * self.row_height
        thumb = max(8, height * self.visible // len(self.rows))
        y = self.top + (height - thumb) * self.first // (len(self.rows) - self.visible)
        canvas.fill_rect(SIZE - 3, self.top, 3, height, theme.BAR)
        canvas.fill_rect(SIZE - 3, y, 3, thumb, theme.MUTED)


def dialog_box(canvas, title, lines):
    """A framed box in the middle of the screen with a title and lines of text (wrapped by the
    caller); returns the box's (x, y, width, height)."""
    line_height = font.height() + 2
    height = 12 + font.height(font.LARGE) + 6 + line_height * len(lines)
    x, width = 12, SIZE - 24
    y = (SIZE - height) // 2
    canvas.fill_rect(x, y, width, height, theme.BACKGROUND)
    canvas.rect(x, y, width, height, theme.CURSOR)
    canvas.rect(x + 1, y + 1, width - 2, height - 2, theme.CURSOR)
    font.text(canvas, font.fit(title, width - 16, font.LARGE), x + 8, y + 6, theme.TEXT,
              font.LARGE)
    text_y = y + 12 + font.height(font.LARGE)
    for line in lines:
        font.text(canvas, line, x + 8, text_y, theme.TEXT)
        text_y += line_height
    return x, y, width, height


def wrap(string, room, size=font.SMALL):
    """Break `string` into lines of whole words that fit in `room` pixels."""
    lines = []
    line = ""
    for word in string.split():
        candidate = word if not line else line + " " + word
        if line and font.width(candidate, size) > room:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines
