"""Board definitions: one module per board, the only modules that import `machine`.

A board definition module has:
- NAME, TITLE;
- PANEL = (width, height) as the user sees the panel, MADCTL, COLUMN_OFFSET, ROW_OFFSET;
- the pin numbers SCK, MOSI, CS, DC, RST (None when not wired) and BACKLIGHT, and SPI_ID;
- KEYS, a dict of key name (deckhw/buttons.py KEY_NAMES) to GPIO number, all active low;
- make_board(), which builds a deckhw.board.Board (docs/device.md, "The board contract").
These names are plain literals: the simulator and the pin-map test read them from the source.
The browser's board (browser.py, the page of `deckmate web`) has NAME, TITLE, PANEL and
make_board() only: it has no pins, its display and keys are the page's.

The board in use is named in the file /board.txt (one line, e.g. `pico_lcd_13`), written when
the firmware is deployed; without it, the Pico-LCD-1.3.
"""

from micropython import const

from deckcore.residency import unload

_DEFAULT = const("pico_lcd_13")
_NAMES = const(("pico_lcd_13", "pico_display_20", "browser"))


def make_board():
    """The Board of the board in use. The definition's module is read once: it leaves
    memory when the board is built (0.9 KB of heap)."""
    try:
        with open("/board.txt") as handle:
            name = handle.read().strip()
    except OSError:
        name = _DEFAULT
    if name not in _NAMES:
        name = _DEFAULT
    board = getattr(__import__("boards." + name), name).make_board()
    unload("boards." + name)
    return board
