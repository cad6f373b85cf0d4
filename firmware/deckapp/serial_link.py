"""The USB serial link: the sync protocol's requests (docs/sync-protocol.md) read from the
port the MicroPython REPL shares, and answered a slice at a time from the shell's loop, beside
whatever screen is up.

What stays loaded while the app runs is this module: the poll of stdin, the request line
being read (at most decklink.frame.REQUEST_MOST bytes) and the state of a `get` being sent.
The requests are answered by deckapp/sync_requests.py, imported for a request and unloaded
after it, or after the last chunk of its `get`. Ctrl-C is never read here: the port's driver
(the terminal on the simulated board) turns it into KeyboardInterrupt first, so mpremote can
always take over.
"""

import select
import sys

from deckapp import unload

_LINE_MOST = 240  # decklink.frame.REQUEST_MOST
_READ_MOST = 64   # the bytes read in one slice
# What a request gets when the heap has no room for its answer (while a bot thinks): the
# PC asks again. Its CRC is fixed: a test checks the frame.
BUSY_FRAME = b'#<{"err":"busy","why":"no room in the heap now; ask again"}*745ef582\n'
_MODULES = ("deckapp.sync_requests", "decklink.frame")


class SerialLink:
    def __init__(self, store, board):
        self.store = store
        self.board = board
        self.input = sys.stdin.buffer
        self.output = sys.stdout.buffer
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)
        self.line = bytearray()
        self.too_long = False
        self.stream = None   # the get being answered: deckapp/sync_requests.py Stream
        self.closed = False  # stdin has no other end (no USB host, a headless run)

    def serve(self, lean=False):
        """One slice: the next chunk of a `get`, or else the bytes that have come (at most
        _READ_MOST) and at most one request answered. True while a `get` has chunks left.
        `lean` (while a bot thinks): nothing of the link's work is kept between slices."""
        if self.stream is not None:
            self._call("send_chunk", lean)
        elif not self.closed:
            self._read(lean)
        return self.stream is not None

    def _read(self, lean):
        line = self.line
        for _ in range(_READ_MOST):
            if not self.poller.poll(0):
                return
            byte = self.input.read(1)
            if not byte:  # end of file: nobody will ever write (no unregister: on the unix
                self.closed = True  # port that stalls the stand-in machine's own poll)
                return
            if byte != b"\n":
                if len(line) < _LINE_MOST:
                    line.extend(byte)
                else:
                    self.too_long = True
                continue
            request, too_long = bytes(line), self.too_long
            self.line = bytearray()
            self.too_long = False
            if request[:2] == b"#>":
                self._call("answer", lean, request, too_long)
            return

    def _call(self, name, lean, *args):
        """Call deckapp.sync_requests' `name` with the link; a MemoryError is answered with
        BUSY_FRAME, and the module leaves memory unless a get goes on (and `lean` is off)."""
        try:
            getattr(__import__(_MODULES[0], None, None, [name]), name)(self, *args)
        except MemoryError:
            self.end_stream()
            self.output.write(BUSY_FRAME)
        if lean or self.stream is None:
            if self.stream is not None:
                self.stream.release()
            for module in _MODULES:
                unload(module)

    def end_stream(self):
        if self.stream is not None:
            self.stream.release()
            self.stream = None
