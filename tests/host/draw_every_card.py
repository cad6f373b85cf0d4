"""Run under MicroPython by test_cards.py: draws every card of every game's pack (SCOUT's both
ways up) at the two sizes a hand uses and prints one line per broken rule, then "checked N".

    micropython draw_every_card.py FIRMWARE_DIR
"""

import sys

sys.path.append(sys.argv[1])

import framebuf  # noqa: E402

from deckcore.games import load  # noqa: E402
from deckui import cards, font, theme  # noqa: E402

# (game, options): packs that hold every token a game writes
PACKS = (("scioto", {"players": 2, "ranks": 13}), ("scioto", {"players": 2, "double_pack": True}),
         ("scarto", {}), ("chambery", {}), ("droggn", {}), ("scout", {"players": 5}))
SIZES = ((24, 36, font.SMALL), (32, 48, font.LARGE))
ROOM = 60
canvas = framebuf.FrameBuffer(bytearray(ROOM * ROOM // 2), ROOM, ROOM, framebuf.GS4_HMSB)


def tokens(name, options):
    game = load(name)(options)
    texts = set(game.card_text(card) for card in game.pack())
    if name == "scout":  # a SCOUT card is held either way up
        texts |= set("%s/%s" % (b, a) for a, _, b in (text.partition("/") for text in texts))
    return sorted(texts)


def check(token, width, height, size, strips):
    """The rules for one card; returns how many were broken (each printed)."""
    broken = 0
    canvas.fill(theme.BACKGROUND)
    cards.draw(canvas, token, 0, 0, width, height)
    for y in range(ROOM):
        for x in range(ROOM):
            if (x >= width or y >= height) and canvas.pixel(x, y) != theme.BACKGROUND:
                print("%s %dx%d: drawn outside its card at (%d, %d)"
                      % (token, width, height, x, y))
                return 1
    strip = cards.INDEX_WIDTH[size]
    for y in range(1, height - 1):
        reference = canvas.pixel(strip, y)
        for x in range(strip, width - 2):
            if canvas.pixel(x, y) != reference:
                print("%s %dx%d: drawn outside its %d-pixel index strip at (%d, %d)"
                      % (token, width, height, strip, x, y))
                return 1
    picture = bytes(canvas.pixel(x, y) for y in range(height) for x in range(strip))
    if picture in strips:
        print("%s %dx%d: its index strip looks like %s's"
              % (token, width, height, strips[picture]))
        broken += 1
    strips[picture] = token
    return broken


def main():
    checked = 0
    for name, options in PACKS:
        for width, height, size in SIZES:
            strips = {}
            for token in tokens(name, options):
                check(token, width, height, size, strips)
                checked += 1
    print("checked %d" % checked)


main()
