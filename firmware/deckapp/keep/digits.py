"""Large digits for the totals screen, read across a table: seven segments of filled
rectangles, any height (the fonts stop at 19 px).

    number(canvas, -120, x, y, height, colour)   draws with the top-left at (x, y); returns
                                                 the x after the last digit
    width("-120", height)                        its width in pixels
"""

from micropython import const

# Segments a b c d e f g (top, top right, bottom right, bottom, bottom left, top left,
# middle) lit for each digit, as bits 0..6.
_SEGMENTS = const((0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07, 0x7F, 0x6F))
_MINUS = const(0x40)


def _glyph_width(height):
    return height * 11 // 20


def width(text, height):
    return len(text) * (_glyph_width(height) + height // 6)


def number(canvas, value, x, y, height, colour):
    text = str(value)
    advance = _glyph_width(height) + height // 6
    for char in text:
        _segments(canvas, _MINUS if char == "-" else _SEGMENTS[ord(char) - 48], x, y,
                  _glyph_width(height), height, colour)
        x += advance
    return x


def _segments(canvas, lit, x, y, w, h, colour):
    """The lit segments, each stopping short of the corners, as a segment display's do: a 0
    is then an open oval, never the box of a missing character."""
    t = max(2, h // 8)         # stroke
    half = (h - t) // 2
    fill = canvas.fill_rect
    gap = max(1, t // 3)       # between two segments that meet
    across = w - 2 * t - 2 * gap
    upper = half - t - 2 * gap
    lower = h - half - 2 * t - 2 * gap
    if lit & 1:
        fill(x + t + gap, y, across, t, colour)
    if lit & 2:
        fill(x + w - t, y + t + gap, t, upper, colour)
    if lit & 4:
        fill(x + w - t, y + half + t + gap, t, lower, colour)
    if lit & 8:
        fill(x + t + gap, y + h - t, across, t, colour)
    if lit & 16:
        fill(x, y + half + t + gap, t, lower, colour)
    if lit & 32:
        fill(x, y + t + gap, t, upper, colour)
    if lit & 64:
        fill(x + t + gap, y + half, across, t, colour)
