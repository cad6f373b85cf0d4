"""A web browser: the firmware in MicroPython's WebAssembly port, in a Web Worker of the page that
`deckmate web` writes (host/deckmate/web/: worker.js registers the module `deckmate_page` that
this board talks to, deckmate.js is the page). The page is the hardware; it has no pins, no SPI
and no `machine`:

- display: the same 4-bit palette frame buffer (GS4_HMSB) that deckhw/st7789.py is and the app
  draws into; show() hands the page the bytes of the rows marked since the last show and the
  palette (r, g, b; the page rounds them to RGB565, as the panel shows them), and the page
  draws them on its canvas as they come, during a pass too: no SPI to decode;
- keys: the debouncer of deckhw/buttons.py, its pins the page's on-screen keys, touch and
  mouse, and the keyboard's, read within a pass (a bot's think) where the page shares memory
  with its worker (cross-origin isolated), else between two passes; a key tapped quicker
  than a pass reads stays down until the app has read it;
- clock: the browser's (time.localtime is the computer's time; a sync sets nothing);
- flash: the port's file system in memory, which the page keeps in the browser's storage
  (IndexedDB): what changed goes to the page whenever the app is idle (while it works, once
  a second at most) and before a reset, and comes back when the page opens, so a match or a
  scorekept evening survives closing the tab;
- the loop: the worker's event loop runs the app's passes (deckapp/shell.py, App.step); the
  page beside it stays live whatever a pass does (a bot's think); a reset starts main.py
  again on a fresh interpreter (a fresh worker), as a soft reset does on a board;
- files out: `give(name, paths)` offers files of the flash to the person as a download
  (History: a game's log, or every log in one zip archive that `deckmate import` takes).
"""

import framebuf
import os
from micropython import const

# (the page's module, registered by worker.js)
import deckmate_page  # pyright: ignore[reportMissingImports]
from deckhw.buttons import KEY_NAMES, Buttons

NAME = "browser"
TITLE = "A web browser (deckmate web)"
PANEL = (240, 240)

_SIZE = const(240)
_ROW_BYTES = const(120)  # two pixels a byte
# The port's file system reports the errno numbers of Emscripten's C library (WASI's), not
# the ones MicroPython's `errno` module and the store use: theirs -> MicroPython's.
_ERRNO = {44: 2, 20: 17, 51: 28, 28: 22, 31: 21, 54: 20, 55: 39, 29: 5, 8: 9, 2: 13, 63: 1,
          48: 12, 10: 16, 37: 36}


class PageDisplay(framebuf.FrameBuffer):
    """The board contract's display (docs/device.md): draws as st7789.ST7789 does; show()
    hands the changed rows to the page instead of pushing them over SPI."""

    def __init__(self):
        self.width = _SIZE
        self.height = _SIZE
        self.buffer = bytearray(_SIZE * _ROW_BYTES)
        super().__init__(self.buffer, _SIZE, _SIZE, framebuf.GS4_HMSB)
        self.palette = bytearray(48)  # r, g, b of each of the 16 indices
        self.first = _SIZE  # the rows marked since the last show: first up to end
        self.end = 0

    def set_palette(self, index, r, g, b):
        """Colour `index` (0-15) shows as (r, g, b) in the rows handed over from now on (as
        the panel's driver, deckhw/st7789.py)."""
        self.palette[3 * index] = r
        self.palette[3 * index + 1] = g
        self.palette[3 * index + 2] = b

    def mark(self, y0, y1):
        """Rows y0 up to (not including) y1 changed; show() will hand them to the page."""
        self.first = max(0, min(self.first, y0))
        self.end = min(_SIZE, max(self.end, y1))

    def show(self):
        """Hand the page the marked rows (one band from the first to the last) and the palette."""
        if self.first < self.end:
            deckmate_page.show(
                memoryview(self.buffer)[self.first * _ROW_BYTES:self.end * _ROW_BYTES],
                self.first, self.palette)
        self.first = _SIZE
        self.end = 0


class PageKey:
    """A key's pin: 0 while the page holds it down (active low, as the board's)."""

    def __init__(self, name):
        self.name = name

    def value(self):
        return 0 if deckmate_page.key_down(self.name) else 1


class PageFlash:
    """The flash: the port's file system (os.VfsPosix, in the worker's memory) mounted at "/"
    as a board's LittleFS is, with MicroPython's errno numbers in its errors (the store tells
    a missing file, errno 2, and a full flash, errno 28, by them); a change is noted, and
    what changed goes to the page, which keeps it in IndexedDB, when the app is next idle."""

    def __init__(self, files):
        self.files = files

    def _call(self, name, *args):
        try:
            return getattr(self.files, name)(*args)
        except OSError as error:
            number = error.args[0] if error.args else 0
            raise OSError(_ERRNO.get(number, number))

    def _change(self, name, *args):
        deckmate_page.flash_changed()
        return self._call(name, *args)

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def open(self, path, mode):
        if "r" not in mode or "+" in mode:
            deckmate_page.flash_changed()
        return self._call("open", path, mode)

    def ilistdir(self, path):
        return self._call("ilistdir", path)

    def stat(self, path):
        return self._call("stat", path)

    def statvfs(self, path):
        return self._call("statvfs", path)

    def chdir(self, path):
        return self._call("chdir", path)

    def getcwd(self):
        return self._call("getcwd")

    def mkdir(self, path):
        return self._change("mkdir", path)

    def rmdir(self, path):
        return self._change("rmdir", path)

    def remove(self, path):
        return self._change("remove", path)

    def rename(self, old, new):
        return self._change("rename", old, new)


class BrowserBoard:
    """The board contract (docs/device.md) on the page."""
    serial = False  # no USB serial port: logs leave as downloads (give)

    def __init__(self):
        self.name = NAME
        self.display = PageDisplay()
        self.keys = Buttons(dict((name, PageKey(name)) for name in KEY_NAMES))

    def backlight(self, percent):
        """The canvas's brightness, 0-100 %."""
        deckmate_page.backlight(max(0, min(100, percent)))

    def device_id(self):
        """This browser's id: random hex, made by the page once and kept with the flash."""
        return deckmate_page.device_id()

    def set_clock(self, now):
        """Nothing to set: the browser's clock is the computer's."""

    def idle(self):
        """Nothing is left to do: what changed on the flash goes to the page to be kept."""
        deckmate_page.idle()

    def run(self, app):
        """Hand the app's passes (App.step) to the worker's event loop and return."""
        deckmate_page.run(app.step)

    def reset(self):
        """A soft reset: the flash is saved and main.py starts again on a fresh interpreter.
        The SystemExit ends this pass; the page starts a fresh worker after it."""
        deckmate_page.reset()
        raise SystemExit

    def give(self, name, paths):
        """Offer files of the flash as one download named `name`: a file as it is, or, when
        `name` ends in .zip, every one of `paths` in a zip archive."""
        deckmate_page.give(name, paths)


def make_board():
    # (this port's VfsPosix, not rp2's)
    files = os.VfsPosix("/")  # pyright: ignore[reportAttributeAccessIssue]
    os.umount("/")
    os.mount(PageFlash(files), "/")
    return BrowserBoard()
