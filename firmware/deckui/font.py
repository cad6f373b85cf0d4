"""Text in two sizes, SMALL (14 px rows) and LARGE (19 px, bold), with the four suit symbols
(use the letters through `SUIT_SYMBOLS`) and the Fool's star.

    text(canvas, "Play", x, y, colour, LARGE)   draws with the top-left corner at (x, y)
    width("Play", LARGE)                         its width in pixels
    fit("Very long name", 80, SMALL)             the longest prefix (with "..") that fits

A glyph is a framebuf MONO_HLSB bitmap in the generated font data (deckui/font_data.py); each
one is drawn by a single blit straight from that data, through a two-entry palette whose
background entry is the transparent key, so text goes over anything. Characters the font lacks are drawn as "?".
"""

import framebuf

from deckui import font_data

SMALL = 0
LARGE = 1
SUIT_SYMBOLS = {"S": "\u2660", "C": "\u2663", "H": "\u2665", "D": "\u2666"}
FOOL_STAR = "\u2605"


class _Face:
    def __init__(self, height, baseline, widths, offsets, bits):
        self.height = height
        self.baseline = baseline
        self.widths = widths
        self.offsets = offsets
        self.bits = memoryview(bits)


_FACES = (
    _Face(font_data.SMALL_HEIGHT, font_data.SMALL_BASELINE, font_data.SMALL_WIDTHS,
          font_data.SMALL_OFFSETS, font_data.SMALL_BITS),
    _Face(font_data.LARGE_HEIGHT, font_data.LARGE_BASELINE, font_data.LARGE_WIDTHS,
          font_data.LARGE_OFFSETS, font_data.LARGE_BITS),
)
_UNKNOWN = font_data.CHARS.find("?")
_palette = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.GS4_HMSB)


def height(size=SMALL):
    return _FACES[size].height


def width(string, size=SMALL):
    widths = _FACES[size].widths
    find = font_data.CHARS.find
    total = 0
    for char in string:
        index = find(char)
        total += widths[_UNKNOWN if index < 0 else index]
    return total


def fit(string, room, size=SMALL):
    """`string` itself if it fits in `room` pixels, else its longest prefix that fits with ".."."""
    if width(string, size) <= room:
        return string
    while string and width(string + "..", size) > room:
        string = string[:-1]
    return string + ".."


def text(canvas, string, x, y, colour, size=SMALL):
    """Draw `string` with its top-left corner at (x, y); returns the x after its last glyph.
    (The hot loop of every screen: names are fetched into locals once.)"""
    face = _FACES[size]
    widths, offsets, bits, height = face.widths, face.offsets, face.bits, face.height
    find = font_data.CHARS.find
    blit = canvas.blit
    key = (colour + 1) & 15
    _palette.pixel(0, 0, key)
    _palette.pixel(1, 0, colour)
    for char in string:
        index = find(char)
        if index < 0:
            index = _UNKNOWN
        advance = widths[index]
        start = offsets[2 * index] | offsets[2 * index + 1] << 8
        end = start + (advance + 7) // 8 * height
        blit((bits[start:end], advance, height, framebuf.MONO_HLSB), x, y, key, _palette)
        x += advance
    return x


def centred(canvas, string, x, y, room, colour, size=SMALL):
    """Draw `string` centred in the `room` pixels from x."""
    return text(canvas, string, x + (room - width(string, size)) // 2, y, colour, size)
