"""Run under MicroPython by deckmate.card_pictures, on the firmware image's import path: draws
each card token given on standard input (one a line) with the device's card renderer
(deckui/cards.py) at the size of a card in the hand, and prints the palette, then each card.

    palette R,G,B R,G,B ... (16 entries, the dark scheme)
    card TOKEN WIDTH HEIGHT HEX   (the GS4_HMSB frame buffer: two pixels a byte, left one high)
"""

import sys

import framebuf

from deckui import cards, theme

WIDTH = 32   # deckapp/play/layout.py: a card of the hand
HEIGHT = 46


class Palette:
    """What theme.apply loads into the display, kept to be printed."""

    def __init__(self):
        self.entries = [(0, 0, 0)] * 16

    def set_palette(self, index, r, g, b):
        self.entries[index] = (r, g, b)


def main():
    palette = Palette()
    theme.apply(palette, theme.SCHEME_NAMES[0], False)
    print("palette " + " ".join("%d,%d,%d" % entry for entry in palette.entries))
    buffer = bytearray(WIDTH * HEIGHT // 2)
    canvas = framebuf.FrameBuffer(buffer, WIDTH, HEIGHT, framebuf.GS4_HMSB)
    for line in sys.stdin:
        token = line.strip()
        if not token:
            continue
        canvas.fill(theme.BACKGROUND)
        cards.draw(canvas, token, 0, 0, WIDTH, HEIGHT)
        print("card %s %d %d %s" % (token, WIDTH, HEIGHT,
                                    "".join("%02x" % byte for byte in buffer)))


main()
