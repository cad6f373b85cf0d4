"""Text in two sizes, SMALL (14 px rows) and LARGE (19 px, bold), with the four suit symbols
and the Fool's star (deckcore.games names them: SUIT_SYMBOLS, FOOL_STAR).

    text(canvas, "Play", x, y, colour, LARGE)   draws with the top-left corner at (x, y)
    width("Play", LARGE)                         its width in pixels
    fit("Very long name", 80, SMALL)             the longest prefix (with "..") that fits

A glyph is a framebuf MONO_HLSB bitmap of its rows of ink in the file glyphs.bin beside this
module, found through the generated font data (deckui/font_data.py: FACES, each face's
height, widths and offsets). The bitmaps stay on flash (6 KB the heap does not hold): each
glyph's record is read into one small buffer and its rows drawn from it by a single blit,
through a two-entry palette whose background entry is the transparent key (255: screens draw
with a theme's 16 colours), so text goes over anything. Characters the font lacks are drawn
as "?".
"""

import framebuf
from micropython import const

from deckui import font_data

SMALL = 0
LARGE = 1


_UNKNOWN = const(63)  # the code of "?" (font_data.CHARS starts with the printable ASCII)
_FIRST_EXTRA = const(127)  # the code of CHARS[95], the first glyph after the printable ASCII
_palette = framebuf.FrameBuffer(bytearray(b"\xff\x00"), 2, 1, framebuf.GS8)  # 255, no colour
_glyphs = open(__file__[:__file__.rfind("/") + 1] + "glyphs.bin", "rb")  # open for good
_glyph = bytearray(font_data.LARGEST)  # the record of the glyph being drawn, from _glyphs
_bitmap = [memoryview(_glyph)[2:], 0, 0, framebuf.MONO_HLSB]  # the blit's source: the record's
# rows of ink, their width and their count
_EXTRAS = None  # the code points of CHARS after the printable ASCII, in its order (made below)


def height(size=SMALL):
    return font_data.FACES[size][0]


def _indices(string):
    """The glyph of each character of `string` as bytes: its index in CHARS plus 32, which
    for printable ASCII is the character's own code ("?" for a character the font lacks);
    bytes of printable ASCII (a card's rank, deckui/cards.py) are their own codes. Read from
    the string's UTF-8 bytes, never the str itself: iterating a str would make each
    character drawn a name MicroPython interns and keeps for good (a qstr: some 40 of them
    in a match, docs/budgets.md "The gate: 208K"). Most text is printable ASCII: its bytes
    are its codes as they are, with no copy."""
    if isinstance(string, bytes):
        return string
    data = string.encode()
    if len(data) == len(string) and (not data or min(data) >= 32 and max(data) < 127):
        return data
    codes = bytearray() if _EXTRAS else []  # (at the import: the code points of the extras)
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
            if _EXTRAS:
                code = _EXTRAS.index(code) + _FIRST_EXTRA if code in _EXTRAS else _UNKNOWN
        elif not 32 <= code < 127:
            code = _UNKNOWN
        codes.append(code)
    return codes


_EXTRAS = tuple(_indices(font_data.CHARS[_FIRST_EXTRA - 32:]))


def width(string, size=SMALL):
    widths = font_data.FACES[size][2]
    total = 0
    for code in _indices(string):
        total += widths[code - 32]
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
    (The hot loop of every screen, mostly on short strings, a card's index or a value: no
    object is made for a glyph, and only its rows of ink are drawn.)"""
    _, _, widths, offsets, at = font_data.FACES[size]
    _palette.pixel(1, 0, colour)
    for code in _indices(string):
        index = code - 32
        _glyphs.seek(at + (offsets[2 * index] | offsets[2 * index + 1] << 8))
        _glyphs.readinto(_glyph)  # the record and what follows it: the blit reads its rows
        advance = widths[index]
        _bitmap[1] = advance
        _bitmap[2] = _glyph[1]
        canvas.blit(_bitmap, x, y + _glyph[0], 255, _palette)
        x += advance
    return x


def centred(canvas, string, x, y, room, colour, size=SMALL):
    """Draw `string` centred in the `room` pixels from x."""
    return text(canvas, string, x + (room - width(string, size)) // 2, y, colour, size)
