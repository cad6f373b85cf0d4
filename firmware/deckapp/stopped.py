"""The screen a PC leaves on the panel when it stops the app over USB: a Ctrl-C on the serial
port (mpremote, Thonny, a terminal) ends the app in a KeyboardInterrupt and hands the port to
the MicroPython REPL, and the app starts again only at the next reset. main.py draws it, then
lets the KeyboardInterrupt go on to the REPL.

    show(display)   draw the screen and push it; the keys do nothing until the reset
"""

from deckui import font, theme, widgets

TITLE = "Stopped for the PC"
PARAGRAPHS = (
    "A computer stopped the app over USB (mpremote, Thonny or a terminal): it has the "
    "MicroPython prompt now, and the keys do nothing.",
    "Your games are saved.",
    "To start the app again: mpremote reset on the computer, or unplug the USB cable and plug "
    "it in again.",
)
_MARGIN = 8
_PARAGRAPH_GAP = 8


def show(display):
    display.fill(theme.BACKGROUND)
    widgets.title_bar(display, TITLE)
    line_height = font.height() + 2
    y = widgets.TOP + _PARAGRAPH_GAP
    for paragraph in PARAGRAPHS:
        for line in widgets.wrap(paragraph, widgets.SIZE - 2 * _MARGIN):
            font.text(display, line, _MARGIN, y, theme.TEXT)
            y += line_height
        y += _PARAGRAPH_GAP
    display.mark(0, widgets.SIZE)
    display.show()
