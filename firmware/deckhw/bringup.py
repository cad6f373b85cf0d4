"""The bring-up screen, for a board's first power-on (hardware/README.md): sixteen palette
bars, the free heap, the time of the last full-screen push and the last key events.
B held for a second pushes the whole screen again and times it."""

import gc
import time
from micropython import const

from deckhw.buttons import LONG

_POLL_MS = const(5)
_KIND_NAMES = const(("PRESS", "RELEASE", "LONG", "REPEAT"))  # deckhw.buttons' event kinds
# 16 colours that are easy to tell apart on the panel: black, white, greys, primaries, mixes
_PALETTE = const(((0, 0, 0), (255, 255, 255), (128, 128, 128), (64, 64, 64),
           (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0),
           (0, 255, 255), (255, 0, 255), (255, 128, 0), (128, 0, 255),
           (0, 128, 64), (128, 64, 0), (255, 160, 160), (160, 200, 255)))
_BLACK = const(0)
_WHITE = const(1)
_TEXT_TOP = const(128)


def draw_bars(display):
    width = display.width // 16
    for colour in range(16):
        display.fill_rect(colour * width, 0, width, 120, colour)
        display.text("%x" % colour, colour * width + 3, 104, _WHITE if colour == 0 else _BLACK)
    display.mark(0, 120)


def draw_status(display, board, lines, push_ms):
    display.fill_rect(0, _TEXT_TOP, display.width, display.height - _TEXT_TOP, _BLACK)
    gc.collect()
    display.text("%s" % board.name, 4, _TEXT_TOP, _WHITE)
    display.text("heap free %d" % gc.mem_free(), 4, _TEXT_TOP + 12, _WHITE)
    display.text("full push %s ms" % ("-" if push_ms is None else push_ms), 4, _TEXT_TOP + 24,
                 _WHITE)
    for i, line in enumerate(lines):
        display.text(line, 4, _TEXT_TOP + 44 + 12 * i, _WHITE)
    display.mark(_TEXT_TOP, display.height)


def timed_full_push(display):
    display.mark(0, display.height)
    start = time.ticks_ms()
    display.show()
    return time.ticks_diff(time.ticks_ms(), start)


def run(board):
    display = board.display
    for index, (r, g, b) in enumerate(_PALETTE):
        display.set_palette(index, r, g, b)
    display.fill(_BLACK)
    draw_bars(display)
    push_ms = timed_full_push(display)
    lines = ["press any key"]
    draw_status(display, board, lines, push_ms)
    display.show()
    while True:
        events = board.keys.poll(time.ticks_ms())
        if events:
            for key, kind in events:
                lines = (lines + ["%s %s" % (key, _KIND_NAMES[kind])])[-5:]
                if key == "b" and kind == LONG:
                    push_ms = timed_full_push(display)
            draw_status(display, board, lines, push_ms)
            display.show()
        board.idle()
        time.sleep_ms(_POLL_MS)
