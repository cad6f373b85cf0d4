"""Colours by name: the indices of the display's 16-entry palette, and the colour schemes that
fill it.

Everything on screen is drawn with these indices; a scheme only changes what colour each index
shows, so switching schemes repaints the whole panel without redrawing anything. Four-colour
suits (clubs green, diamonds blue, as in bridge and poker apps) are a switch on top of either
scheme: they change only the CLUBS and DIAMONDS entries.
"""

from micropython import const

BACKGROUND = const(0)
TEXT = const(1)
MUTED = const(2)        # secondary text, hints, disabled entries
BAR = const(3)          # title and soft-key bars
BAR_TEXT = const(4)
CURSOR = const(5)       # the highlighted list row, the cursor frame around a card
CURSOR_TEXT = const(6)
CARD = const(7)         # a card's face
CARD_EDGE = const(8)
CARD_DIMMED = const(9)  # the face of a card that may not be played now
_SPADES = const(10)
_CLUBS = const(11)
HEARTS = const(12)  # also the red of warnings
_DIAMONDS = const(13)
TRUMP = const(14)       # tarot trumps and the Fool
SELECTED = const(15)    # cards picked in a multi-select, a card's lifted marker
CARD_INK = const(_SPADES)  # black print on a card face (SCOUT's numbers); spades stay black

# Suit letters of both alphabets (French cards CSHD, tarot SCHD) to the suit's palette index.
SUIT_COLOURS = {"S": _SPADES, "C": _CLUBS, "H": HEARTS, "D": _DIAMONDS}

SCHEME_NAMES = ("dark", "light")

# Each scheme: r, g, b for indices 0 .. 15 in the order of the constants above (bytes: 48
# bytes of memory where tuples of ints would take kilobytes).
_SCHEMES = {
    "dark": bytes((
        12, 40, 28, 240, 240, 232, 150, 170, 160, 4, 20, 14, 230, 230, 220,
        250, 200, 60, 20, 20, 20, 250, 250, 244, 60, 60, 60, 150, 150, 146,
        20, 20, 20, 20, 20, 20, 200, 20, 30, 200, 20, 30, 120, 70, 170,
        60, 170, 250,
    )),
    "light": bytes((
        244, 242, 236, 20, 20, 20, 110, 110, 110, 40, 70, 110, 245, 245, 245,
        40, 110, 200, 255, 255, 255, 255, 255, 255, 90, 90, 90, 190, 190, 186,
        20, 20, 20, 20, 20, 20, 200, 20, 30, 200, 20, 30, 120, 70, 170,
        230, 130, 0,
    )),
}
_FOUR_COLOUR = const(((_CLUBS, (0, 130, 50)), (_DIAMONDS, (20, 80, 220))))


def apply(display, scheme, four_colour):
    """Load a scheme into the display's palette: the rows pushed from then on show it (the
    shell draws and pushes the whole screen after, App.apply_settings); an unknown name
    falls back to the first."""
    rgb = _SCHEMES.get(scheme, _SCHEMES[SCHEME_NAMES[0]])
    for index in range(16):
        display.set_palette(index, rgb[3 * index], rgb[3 * index + 1], rgb[3 * index + 2])
    if four_colour:
        for index, (r, g, b) in _FOUR_COLOUR:
            display.set_palette(index, r, g, b)
