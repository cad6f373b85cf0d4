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

from deckcore.residency import let_go


def make_board():
    """The Board of the board in use (the Pico-LCD-1.3 when /board.txt names none we know).
    The definition's module is read once: it leaves memory when the board is built (0.9 KB
    of heap)."""
    try:
        with open("/board.txt") as handle:
            name = handle.read().strip()
    except OSError:
        name = ""
    if name == "pico_display_20":
        from boards import pico_display_20 as definition
    elif name == "browser":
        from boards import browser as definition
    else:
        from boards import pico_lcd_13 as definition
    board = definition.make_board()
    let_go(definition)
    return board
