"""Our ST7789 panel driver: the display is a 4-bit palette frame buffer.

`ST7789` is a `framebuf.FrameBuffer` in GS4_HMSB (two pixels a byte, 28,800 bytes for the
240x240 app area), so every drawing primitive runs in C and the app draws with the standard
API. Colours are indices 0-15 into a palette of RGB565 values (`set_palette`). The app says
which rows it changed with `mark(y0, y1)`; `show()` pushes only those row bands, expanding
the palette a few lines at a time into one small buffer (expand_viper.py, or expand.py where
no native module was built). The palette is kept as the table of what each frame-buffer byte
(two pixels) becomes: 1 KB, so that the expansion copies one 4-byte word a byte.

A panel bigger than 240x240 shows the app area in its centre; the rest stays black.
Pins and the SPI bus come from the board definition; this module knows no board.
Command bytes and their timings: Sitronix ST7789VW datasheet v1.0, section 9.1.
"""

import framebuf
import time
from micropython import const

try:
    from deckhw.expand_viper import expand
except (ImportError, ValueError):  # no native module for this architecture in the image
    from deckhw.expand import expand

_WIDTH = const(240)
_HEIGHT = const(240)
BAND_ROWS = const(1)  # rows expanded and written per SPI transfer (1 x 480 bytes)

_SWRESET = const(0x01)  # software reset; wait 5 ms (120 ms when it was sleeping out)
_SLPOUT = const(0x11)   # sleep out; wait 5 ms before the next command, 120 ms before SLPIN
_NORON = const(0x13)    # normal display mode
_INVON = const(0x21)    # colour inversion on: an IPS panel shows true colours with it
_DISPON = const(0x29)   # display on
_CASET = const(0x2A)    # column address window: start and end, 16 bits each
_RASET = const(0x2B)    # row address window: start and end, 16 bits each
_RAMWR = const(0x2C)    # memory write: pixel data follows until the next command
_MADCTL = const(0x36)   # memory data access control: MY MX MV ML RGB MH bits
_COLMOD = const(0x3A)   # interface pixel format
_COLMOD_RGB565 = const(0x55)  # 65K colours, 16 bits a pixel

# MADCTL bits (datasheet 9.1.28)
_MADCTL_MY = const(0x80)  # rows bottom to top
_MADCTL_MX = const(0x40)  # columns right to left
_MADCTL_MV = const(0x20)  # rows and columns exchanged (landscape)


class ST7789(framebuf.FrameBuffer):
    def __init__(self, spi, cs, dc, rst, panel_width=240, panel_height=240, madctl=0,
                 column_offset=0, row_offset=0, kept=False):
        """spi: a machine.SPI; cs, dc, rst: output Pins (rst may be None);
        panel_width x panel_height: the panel as the user sees it, after `madctl`;
        column_offset, row_offset: where that panel starts in the controller's memory;
        kept: the panel was set up by the start before a soft reset and still shows its
        last screen, which stays until the app's first show() replaces it (no reset, no
        black panel between the two screens)."""
        self.width = _WIDTH
        self.height = _HEIGHT
        self.buffer = bytearray(_WIDTH * _HEIGHT // 2)
        super().__init__(self.buffer, _WIDTH, _HEIGHT, framebuf.GS4_HMSB)
        self.pairs = bytearray(1024)  # the palette as each byte's 4 bytes (deckhw/expand.py)
        self.dirty = bytearray(_HEIGHT)  # 1 for each row to push at the next show()
        self.band = bytearray(BAND_ROWS * _WIDTH * 2)
        self.spi = spi
        self.cs = cs
        self.dc = dc
        self.panel_width = panel_width
        self.panel_height = panel_height
        self.column_offset = column_offset
        self.row_offset = row_offset
        self.left = (panel_width - _WIDTH) // 2  # the app area's place on the panel
        self.top = (panel_height - _HEIGHT) // 2
        cs.value(1)
        if rst is not None and not kept:
            self.hard_reset(rst)
        self.start(madctl, kept)

    def hard_reset(self, rst):
        """Pulse the reset line (at least 10 us low; wait 120 ms after). Blocks 130 ms."""
        rst.value(1)
        time.sleep_ms(1)
        rst.value(0)
        time.sleep_ms(1)
        rst.value(1)
        time.sleep_ms(128)

    def start(self, madctl, kept=False):
        """The init sequence, then a black panel. Blocks about 270 ms. A panel `kept` from
        the start before a soft reset gets the same settings again (each is what it already
        has: nothing changes on it) and keeps its picture: no software reset, no clearing."""
        if not kept:
            self.command(_SWRESET)
            time.sleep_ms(150)
        self.command(_SLPOUT)
        time.sleep_ms(120)
        self.command(_COLMOD, bytes((_COLMOD_RGB565,)))
        self.command(_MADCTL, bytes((madctl,)))
        self.command(_INVON)
        self.command(_NORON)
        if not kept:
            self.clear_panel()
        self.command(_DISPON)

    def command(self, code, data=None):
        self.cs.value(0)
        self.dc.value(0)
        self.spi.write(bytes((code,)))
        if data:
            self.dc.value(1)
            self.spi.write(data)
        self.cs.value(1)

    def window(self, x0, y0, x1, y1):
        """Let the next _RAMWR fill panel columns x0..x1 and rows y0..y1 (inclusive)."""
        x0 += self.column_offset
        x1 += self.column_offset
        y0 += self.row_offset
        y1 += self.row_offset
        self.command(_CASET, bytes((x0 >> 8, x0 & 0xFF, x1 >> 8, x1 & 0xFF)))
        self.command(_RASET, bytes((y0 >> 8, y0 & 0xFF, y1 >> 8, y1 & 0xFF)))

    def clear_panel(self):
        """Fill the whole panel with black (RGB565 0), band by band. Called by start(), while
        the band buffer is still all zeros."""
        zeros = memoryview(self.band)
        self.window(0, 0, self.panel_width - 1, self.panel_height - 1)
        self.command(_RAMWR)
        left = self.panel_width * self.panel_height * 2
        self.cs.value(0)
        self.dc.value(1)
        while left > 0:
            chunk = min(left, len(self.band))
            self.spi.write(zeros[:chunk])
            left -= chunk
        self.cs.value(1)

    def set_palette(self, index, r, g, b):
        """Colour `index` (0-15) shows as (r, g, b) in the rows pushed from now on; the rows
        already on the panel keep the old colour until marked (a scheme's 16 colours mark
        the screen once, not 16 times: App.apply_settings draws it all again)."""
        value = ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)  # RGB565
        # Its 32 places in the table `pairs` (the 4 bytes of byte b at 4 * b) are two lines of
        # the table seen as framebuf RGB565 pixels: 2 x 256, row b is byte b's left pixel and
        # right pixel; 32 x 16, column 2 * index + 1 is the right pixel of the 16 bytes whose
        # right pixel is `index`. (The panel takes a colour big-endian; framebuf writes a
        # pixel little-endian on both boards.) The views are made here, not kept: each kept
        # one would cost an interned name on every match's path (docs/budgets.md).
        value = (value & 0xFF) << 8 | value >> 8
        pairs = self.pairs
        framebuf.FrameBuffer(pairs, 2, 256, framebuf.RGB565).vline(0, 16 * index, 16, value)
        framebuf.FrameBuffer(pairs, 32, 16, framebuf.RGB565).vline(2 * index + 1, 0, 16, value)

    def mark(self, y0, y1):
        """Rows y0 up to (not including) y1 changed; show() will push them."""
        for y in range(max(0, y0), min(_HEIGHT, y1)):
            self.dirty[y] = 1

    def show(self):
        """Push the marked rows, each run of consecutive rows as one band. Blocks for the
        SPI transfer and the expansion of the rows pushed."""
        dirty = self.dirty
        y = 0
        while y < _HEIGHT:
            if dirty[y]:
                end = y
                while end < _HEIGHT and dirty[end]:
                    dirty[end] = 0
                    end += 1
                self.push_rows(y, end)
                y = end
            else:
                y += 1

    def push_rows(self, y0, y1):
        """Send app rows y0 up to y1 to the panel."""
        self.window(self.left, self.top + y0, self.left + _WIDTH - 1, self.top + y1 - 1)
        self.command(_RAMWR)
        frame = self.buffer
        out = self.band
        pairs = self.pairs
        band = memoryview(out)
        row_bytes = _WIDTH // 2
        self.cs.value(0)
        self.dc.value(1)
        y = y0
        while y < y1:
            rows = min(BAND_ROWS, y1 - y)
            # (the native expand's arguments are viper pointers, which take a buffer's address)
            expand(pairs, out, frame, y * row_bytes, rows * row_bytes)  # pyright: ignore[reportArgumentType]
            self.spi.write(band[:rows * _WIDTH * 2])
            y += rows
        self.cs.value(1)
