"""The USB serial link: the sync protocol's requests (docs/sync-protocol.md) read from the
port the MicroPython REPL shares, and answered a slice at a time from the shell's loop, beside
whatever screen is up.

The shell imports this module when the first byte comes on the port (App.service), and
it then stays loaded: the request line being read (at most decklink.frame.REQUEST_MOST
bytes) and the state of a `get` or `list` being sent. The requests are answered by
deckapp/sync_requests.py. A sync's requests make a session: its first request loads that
module and holds the store's (Store.hold), and they stay loaded for the requests after it,
until the link has been quiet for QUIET_MS, a bot starts to think or a key is handed to the
top screen (SerialLink.release); then they leave memory.
While a bot thinks (`lean`) the link takes neither time nor heap from it: every request
is answered BUSY_FRAME, an answer in progress is ended with it, and the PC asks again.
Ctrl-C is never read here: the port's driver (the terminal on the simulated board) turns it
into KeyboardInterrupt first, so mpremote can always take over.
"""

import gc
import sys
import time

from deckapp import phases

_LINE_MOST = 4096  # decklink.frame.REQUEST_MOST: the longest request (an ack of many logs)
_LEAN_MOST = 240  # ... kept while a bot thinks (a longer one is answered BUSY_FRAME)
_READ_MOST = 256  # the bytes read in one slice (a slice of a long request)
_SEND_MS = 16  # a slice sends the frames of an answer for at most about this long: a frame
_BUSY_SEND_MS = 6  # of the screen; while a screen has work, this long, and shorter frames
_BUSY_CHUNK = 1024  # deckapp.sync_requests.BUSY_CHUNK
# What a request gets while a bot thinks, or when the heap has no room for its answer: the
# PC asks again. Its CRC is fixed: a test checks the frame.
BUSY_FRAME = b'#<{"err":"busy","why":"no time or room to answer now; ask again"}*da11603f\n'
QUIET_MS = 1500  # a session ends once no request or answer has gone by for this long
# The heap is collected after every SESSION_GC_EVERY bytes allocated during a session, not the
# shell's 4 KB (GC_EVERY): each collection marks the whole live heap (the app's screen, the
# store, the session's modules), and at 4 KB the collections were two thirds of the device's
# instructions in a sync (docs/notes/2026-12-06-sync-device-estimate.md). The session's
# garbage is short-lived (a request's dict, a file opened), and it all goes at the session's
# end, where the shell's threshold comes back. (32 KB to 64 KB: 4 % fewer of the copies'
# instructions, docs/notes/2026-12-06-sync.md; 64 KB to 96 KB: 0.03 s a MB of log less of the
# device's 1.0, docs/notes/2026-12-06-sync-device-per-log.md. An allocation that finds no room
# collects the heap first whatever the threshold.)
SESSION_GC_EVERY = 98304


def _let_go(value):
    """Drop a byte of a line too long to keep (SerialLink._read's append once it is)."""


class SerialLink:
    def __init__(self, store, board, poller):
        """`poller`: a select.poll with stdin registered (the shell's)."""
        self.store = store
        self.board = board
        self.input = sys.stdin.buffer
        self.output = sys.stdout.buffer
        self.poller = poller
        self.line = bytearray()
        self.byte = bytearray(1)  # the byte being read
        self.too_long = False
        self.stream = None   # the answer being sent: a deckapp/sync_requests.py stream
        self.closed = False  # stdin has no other end (no USB host, a headless run)
        self.in_session = False  # a sync's modules are loaded (see the module's docstring)
        self.heard_ms = 0        # ticks_ms of the session's last request or answer frames
        self.gc_every = -1       # the shell's gc.threshold, set again at the session's end
        self.requests = None     # deckapp.sync_requests while in a session

    def serve(self, lean=False, working=False):
        """One slice: the next frames of an answer (as many as _SEND_MS allows, one at least),
        or else the bytes that have come (at most _READ_MOST) and at most one request
        answered. True while an answer has frames left
        or a request is coming in (bytes came in this slice and the line is not yet whole:
        bytes that stop short of a line, such as what mpremote sends on leaving, let the loop
        rest). `lean`: a bot is thinking; `working`: the screen has work of its own (the
        frames are then shorter, and the slice)."""
        if lean:
            self.release()
        if self.stream is not None:
            self._call(None, _BUSY_CHUNK if working else 65536, _BUSY_SEND_MS if working
                       else _SEND_MS)
        elif not self.closed and self._read(lean) and self.line:
            return True
        elif self.in_session and time.ticks_diff(time.ticks_ms(), self.heard_ms) > QUIET_MS:
            self._end_session()
        return self.stream is not None

    def _read(self, lean):
        """Take in the bytes that have come, up to the end of a line; whether any came. A
        byte at a time, into a buffer of one (a byte read allocates nothing: a request of
        4 KB would otherwise be a few collections of the heap); the port is never read for
        more than it has (a read waits for its bytes). A byte of a request costs the device
        about a hundred times what a byte of a log sent does: the loop does as little as it
        can a byte (the line's room is counted once a slice, a byte too many ends the line
        as too long)."""
        line = self.line
        byte = self.byte
        ready = self.poller.ipoll  # (the loop's names bound once: a third of its time)
        readinto = self.input.readinto
        append = line.append
        room = (_LEAN_MOST if lean else _LINE_MOST) - len(line)  # the bytes it may still take
        if self.too_long or room <= 0:
            self.too_long = True
            append = _let_go
            room = _READ_MOST
        count = 0
        try:
            for count in range(min(_READ_MOST, room + 1)):
                for _ in ready(0):
                    break
                else:
                    return count > 0
                if not readinto(byte):  # end of file: nobody will ever write (no
                    self.closed = True  # unregister: on the unix port that stalls the
                    return False        # stand-in machine's own poll)
                value = byte[0]
                if value == 10:  # a newline
                    return self._line_read(lean)
                append(value)
        except MemoryError:  # no room for it: answered busy, the PC asks again
            self.line = bytearray()
            self.too_long = True
        if count >= room:  # (a byte more than the line may hold: the line is too long, the
            self.too_long = True  # bytes after it are let go up to its end)
        return True

    def _line_read(self, lean):
        """A whole line has come: the request in it answered (True)."""
        request, too_long = bytes(self.line), self.too_long
        self.line = bytearray()
        self.too_long = False
        start = request.find(b"#>")  # what came before (mpremote's last bytes) is not
        if start >= 0:                # the request's
            if lean or (too_long and len(request) < _LINE_MOST):  # (cut short)
                self.output.write(BUSY_FRAME)
            else:
                self._call(request[start:], too_long)
        return True

    def _call(self, request, more, slice_ms=0):
        """deckapp/sync_requests.py in the session (begun if need be): the answer to `request`
        (bytes; `more`: it was too long), or with None the next frames of the answer being
        sent for `slice_ms` (at most `more` bytes a frame). A MemoryError is answered with
        BUSY_FRAME and ends the session."""
        if not self.in_session:
            self.in_session = True
            self.store.hold()
            self.gc_every = gc.threshold()
            gc.threshold(SESSION_GC_EVERY)
        self.heard_ms = time.ticks_ms()
        try:
            requests = self.requests
            if requests is None:  # (imported once a session, not a frame: on a board an
                from deckapp import sync_requests as requests  # import is a call of the
                self.requests = requests                       # shell's hook, in Python)
            if request is None:
                requests.send_chunk(self, more, slice_ms)
            else:
                requests.answer(self, request, more)
        except MemoryError:
            self._end_session()
            self.output.write(BUSY_FRAME)

    def release(self):
        """The session steps aside for the app (a bot's think, a key the top screen is given):
        an answer in progress is ended with BUSY_FRAME (the PC asks again) and the session's
        modules, stream and files leave memory, so what the app does next has the heap it has
        without a PC. A sync beside a match otherwise ran the heap out where the match needs
        it most: the last play's close of the log (two files open, the manifest rewritten)."""
        if self.in_session:
            if self.stream is not None:
                self.output.write(BUSY_FRAME)
            self._end_session()

    def end_stream(self):
        if self.stream is not None:
            self.stream.release()
            self.stream = None

    def _end_session(self):
        """End the answer in progress and let the session's modules leave memory."""
        self.end_stream()
        self.in_session = False
        self.requests = None
        self.store.release()
        phases.release_sync()
        if gc.threshold() == SESSION_GC_EVERY:  # (not when a bot's think has set its own)
            gc.threshold(self.gc_every)
