"""Cards of every game, drawn from their text tokens (docs/log-format.md, card tokens):

    "10H" "AC" "13S" "QD"    French cards of Scioto: rank, then suit C S H D
    "KS" "NH" "1C" "JD"      tarot suit cards (N is the knight), suits S C H D
    "T1" .. "T21"            tarot trumps: the number on a band of the trump colour
    "Fool"                   the Fool (Droggn's Gstiess, Chambery's Excuse): a star on that band
    "3/7"                    a SCOUT card: the number on top is the one that counts; it is drawn
                             large at the top, the other one small and faint at the bottom

    draw(canvas, token, x, y, width, height, state)   state: NORMAL or a sum of DIMMED (may not
                                                      be played now), CURSOR, SELECTED
    draw_back(canvas, x, y, width, height)            a face-down card
    chip(canvas, token, x, y, height)                 a card in a line of text

Every index sits in the card's top-left corner (rank above suit, both in the suit's colour), so
cards overlapped left to right by `INDEX_WIDTH` pixels still show what they are. Cards at
least `_LARGE_WIDTH` pixels wide use the large font; smaller ones the small font.
"""

from micropython import const

from deckui import font, theme
from deckcore.games import FOOL_STAR, SUIT_SYMBOLS

NORMAL = const(0)
DIMMED = const(1)
CURSOR = const(2)
SELECTED = const(4)

_LARGE_WIDTH = const(30)
INDEX_WIDTH = (16, 26)  # the strip an index needs in the small and the large font ("10")


def _kind(token):
    """("fool",), ("trump", number), ("scout", top, bottom) or ("suit", rank, suit letter):
    the numbers and the rank as bytes, which the font draws as it draws a str, the suit
    letter a str (SUIT_SYMBOLS' key). Read by slices, since a str's index interns, and of
    the token's bytes: a str's slice is looked up among every interned name, a bytes' is
    not (a tenth of the card test's page, docs/notes/2026-12-07-key-answers.md)."""
    if token == "Fool":
        return ("fool",)
    data = token.encode()
    if token.startswith("T") and data[1:].isdigit():
        return ("trump", data[1:])
    if "/" in token:
        top, _, bottom = data.partition(b"/")
        return ("scout", top, bottom)
    return ("suit", data[:-1], token[-1:])


def _index(canvas, text, x, y, colour, size):
    """A card's index: a two-digit number is set 2 pixels tighter to fit INDEX_WIDTH."""
    if len(text) == 2 and text.isdigit():
        x = font.text(canvas, text[:1], x, y, colour, size) - 2
        text = text[1:]
    font.text(canvas, text, x, y, colour, size)


def draw(canvas, token, x, y, width, height, state=NORMAL):
    size = font.LARGE if width >= _LARGE_WIDTH else font.SMALL
    face = theme.CARD_DIMMED if state & DIMMED else theme.CARD
    canvas.fill_rect(x, y, width, height, face)
    canvas.rect(x, y, width, height, theme.CARD_EDGE)
    kind = _kind(token)
    line = font.height(size)
    if kind[0] == "suit":
        colour = theme.SUIT_COLOURS.get(kind[2], theme.TEXT)
        symbol = SUIT_SYMBOLS.get(kind[2], kind[2])
        _index(canvas, kind[1], x + 2, y + 2, colour, size)
        font.text(canvas, symbol, x + 2, y + 1 + line, colour, size)
        if height >= 2 * line + font.height(font.LARGE) + 4 and width >= _LARGE_WIDTH:
            big = font.width(symbol, font.LARGE)
            font.text(canvas, symbol, x + width - big - 3, y + height - line - 3, colour,
                      font.LARGE)
    elif kind[0] == "scout":
        _index(canvas, kind[1], x + 2, y + 2, theme.CARD_INK, size)
        canvas.hline(x + 2, y + height // 2, width - 4, theme.CARD_EDGE)
        _index(canvas, kind[2], x + 2, y + height - font.height() - 2, theme.CARD_EDGE,
               font.SMALL)
    else:
        band = line + 4
        canvas.fill_rect(x + 1, y + 1, width - 2, band, theme.TRUMP)
        canvas.fill_rect(x + 1, y + height - 5, width - 2, 4, theme.TRUMP)
        label = FOOL_STAR if kind[0] == "fool" else kind[1]
        _index(canvas, label, x + 2, y + 3, face, size)
    if state & SELECTED:
        canvas.fill_rect(x, y, width, 3, theme.SELECTED)
    if state & CURSOR:
        canvas.rect(x, y, width, height, theme.CURSOR)
        canvas.rect(x + 1, y + 1, width - 2, height - 2, theme.CURSOR)


def chip(canvas, token, x, y, height):
    """A tarot or French card as a chip in a line of text: its index on the card's face (a
    trump's number on the trump band); returns the x after it."""
    kind = _kind(token)
    face, colour = theme.TRUMP, theme.CARD
    if kind[0] == "suit":
        face, colour = theme.CARD, theme.SUIT_COLOURS.get(kind[2], theme.TEXT)
        text = kind[1].decode() + SUIT_SYMBOLS.get(kind[2], kind[2])
    else:
        text = FOOL_STAR if kind[0] == "fool" else kind[1]
    width = font.width(text) + 6
    canvas.fill_rect(x, y, width, height, face)
    font.text(canvas, text, x + 3, y + (height - font.height()) // 2, colour)
    return x + width


def draw_back(canvas, x, y, width, height):
    canvas.fill_rect(x, y, width, height, theme.TRUMP)
    canvas.rect(x, y, width, height, theme.CARD_EDGE)
    canvas.rect(x + 3, y + 3, width - 6, height - 6, theme.CARD)
