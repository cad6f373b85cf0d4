"""Text in two sizes, SMALL (14 px rows) and LARGE (19 px, bold), with the four suit symbols
and the Fool's star (deckcore.games names them: SUIT_SYMBOLS, FOOL_STAR).

    text(canvas, "Play", x, y, colour, LARGE)   draws with the top-left corner at (x, y)
    width("Play", LARGE)                         its width in pixels
    fit("Very long name", 80, SMALL)             the longest prefix (with "..") that fits

A glyph is a framebuf MONO_HLSB bitmap in the file glyphs.bin beside this module, found
through the generated font data (deckui/font_data.py: FACES, each face's height, widths and
offsets). The bitmaps stay on flash (6 KB the heap does not hold): each glyph is read into
one small buffer and drawn from it by a single blit, through a two-entry palette whose
background entry is the transparent key, so text goes over anything. Characters the font
lacks are drawn as "?".
"""

import framebuf
from micropython import const

from deckui import font_data

SMALL = 0
LARGE = 1


_UNKNOWN = const(31)  # "?" in font_data.CHARS, which starts with the printable ASCII
_ASCII_GLYPHS = const(95)  # CHARS[:95] is the printable ASCII, from the space (code 32)
_palette = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.GS4_HMSB)
_glyphs = open(__file__[:__file__.rfind("/") + 1] + "glyphs.bin", "rb")  # open for good
_glyph = bytearray(font_data.LARGEST)  # the glyph being drawn, read from _glyphs
_EXTRAS = None  # the code points of CHARS after the ASCII, in its order (made below)


def height(size=SMALL):
    return font_data.FACES[size][0]


def _indices(string):
    """The glyph of each character of `string` (its index in CHARS, _UNKNOWN if the font
    lacks it), read from the string's UTF-8 bytes: iterating the str itself would make each
    character drawn a name MicroPython interns and keeps for good (a qstr: some 40 of them
    in a match, docs/budgets.md "The gate: 208K")."""
    data = string.encode()
    at, end = 0, len(data)
    while at < end:
        code = data[at]
        at += 1
        if code >= 0x80:  # the lead byte of 2, 3 or 4: its low bits, then 6 bits a byte
            more = 1 if code < 0xE0 else 2 if code < 0xF0 else 3
            code &= 0x3F >> more
            for _ in range(more):
                code = code << 6 | data[at] & 0x3F
                at += 1
            if _EXTRAS is None:  # (at the import: the code points of CHARS' own extras)
                yield code
            else:
                yield _EXTRAS.index(code) + _ASCII_GLYPHS if code in _EXTRAS else _UNKNOWN
        else:
            yield code - 32 if 32 <= code < 127 else _UNKNOWN


_EXTRAS = tuple(_indices(font_data.CHARS[_ASCII_GLYPHS:]))  # code points: suits, accents, arrows


def width(string, size=SMALL):
    widths = font_data.FACES[size][2]
    total = 0
    for index in _indices(string):
        total += widths[index]
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
    height, _, widths, offsets, at = font_data.FACES[size]
    blit = canvas.blit
    seek, readinto, glyph = _glyphs.seek, _glyphs.readinto, _glyph
    key = (colour + 1) & 15
    _palette.pixel(0, 0, key)
    _palette.pixel(1, 0, colour)
    for index in _indices(string):
        advance = widths[index]
        seek(at + (offsets[2 * index] | offsets[2 * index + 1] << 8))
        readinto(glyph)  # the glyph and what follows it: the blit reads only the glyph
        blit((glyph, advance, height, framebuf.MONO_HLSB), x, y, key, _palette)
        x += advance
    return x


def centred(canvas, string, x, y, room, colour, size=SMALL):
    """Draw `string` centred in the `room` pixels from x."""
    return text(canvas, string, x + (room - width(string, size)) // 2, y, colour, size)
