"""The PC's side of the sync protocol (docs/sync-protocol.md) over a BoardConnection: one
request at a time, each with a number `q` that its answer echoes. A request whose answer does
not come (a line lost or damaged on the way, either way) is sent again; the device answers
every request idempotently. Frames are decklink/frame.py's, as on the device."""

import base64
import binascii
import time

from decklink.frame import TO_DEVICE, TO_HOST, FrameError, decode, encode
from deckmate.errors import CommandError

PROTOCOL = 1            # the protocol version this deckmate speaks
ANSWER_S = 1.0          # how long an answer may take before the request is sent again;
ANSWER_MOST_S = 8.0     # from a device that has answered, twice as long at each try up to this:
                        # a slow answer (LittleFS compacting a big folder) is not asked for
                        # again and again, each try doing the work anew
BUSY_PAUSE_S = 0.05     # the device had no heap to answer (a bot thinking): ask again after
ATTEMPTS = 8            # sends of one request (busy answers not counted) before giving up
BUSY_MOST_S = 60.0      # how long a device may stay busy
CHUNK_MOST = 1536       # the bytes a data frame holds, until the device's hello says
CHUNK_LEAST = 128       # the shortest data frames asked for on a bad line


class LinkError(CommandError):
    """The device did not answer, or answered with an error; the message says which."""


class DeviceLink:
    def __init__(self, connection):
        self.connection = connection
        self.query = 0
        self.chunk_most = CHUNK_MOST  # the device's chunk, once its hello is read
        self.chunk = CHUNK_MOST       # the bytes a data frame is asked to hold
        self.resent = 0        # requests sent again (a lost or damaged frame)
        self.damaged = 0       # lines with the device's prefix that were not whole frames
        self.answered = False  # the device has answered a request

    def _send(self, message):
        self.connection.write(encode(TO_DEVICE, message))

    def _next_frame(self, deadline):
        """The next frame from the device before the deadline, or None; other lines (the
        REPL's, a print) are passed over, a damaged frame counted and passed over."""
        while True:
            line = self.connection.read_line(deadline)
            if line is None:
                return None
            if not line.startswith(TO_HOST):
                continue
            try:
                return decode(TO_HOST, line)
            except FrameError:
                self.damaged += 1

    def request(self, op, **fields):
        """Send a request until its answer comes; the answer (a dict with "ok"), or LinkError
        for an error the device gave or for silence."""
        self.query += 1
        message = dict(fields, q=self.query, op=op)
        attempts = 0
        busy_until = time.monotonic() + BUSY_MOST_S
        while True:
            self._send(message)
            attempts += 1
            patience = ANSWER_S * 2 ** (attempts - 1) if self.answered else ANSWER_S
            deadline = time.monotonic() + min(ANSWER_MOST_S, patience)
            while True:
                frame = self._next_frame(deadline)
                if frame is None or (frame.get("q") is None and "err" in frame):
                    break  # silence, or a request that arrived damaged: send it again
                if frame.get("q") != self.query:
                    continue  # the answer to an earlier try, or a duplicate
                self.answered = True
                if "err" in frame:
                    raise LinkError("the device refused %s: %s (%s)"
                                    % (op, frame.get("why"), frame["err"]))
                return frame
            if frame is not None and frame.get("err") == "busy" \
                    and time.monotonic() < busy_until:
                attempts -= 1
                time.sleep(BUSY_PAUSE_S)
            elif attempts >= ATTEMPTS:
                raise LinkError("no answer from the device on %s to %s after %d tries; is the "
                                "Deckmate app running on it? (If mpremote stopped it, restart "
                                "it with `mpremote reset`.)" % (self.connection.port, op, attempts))
            else:
                self.resent += 1

    def hello(self):
        """The device's hello; LinkError for a protocol version this deckmate does not speak."""
        answer = self.request("hello")
        self.chunk = self.chunk_most = answer.get("chunk", CHUNK_MOST)
        if answer.get("proto") != PROTOCOL:
            raise LinkError("the device speaks sync protocol %s; this deckmate speaks %d: %s"
                            % (answer.get("proto"), PROTOCOL,
                               "upgrade deckmate" if (answer.get("proto") or 0) > PROTOCOL
                               else "deploy the current firmware to the device"))
        return answer

    def games(self):
        """Every manifest entry of the device: dicts with id, state, size, sha256, acked, date."""
        listed = []

        def take(frame):
            listed.extend(frame["games"])
            return frame["at"] + len(frame["games"])
        self._stream("list", lambda at: {"from": at}, 0, None, take)
        return listed

    def fetch(self, game_id, offset, end, write, get_most):
        """Bytes `offset` to `end` of a log, handed to `write(bytes)` as they arrive. After a
        frame lost or damaged the device is asked for frames half as long (down to
        CHUNK_LEAST bytes), and for longer ones again after frames that came whole."""
        def take(frame):
            data = base64.b64decode(frame["data"], validate=True)
            write(data)
            return frame["at"] + len(data)
        self._stream("get", lambda at: {"id": game_id, "off": at, "n": min(get_most, end - at),
                                        "c": self.chunk},
                     offset, end, take)

    def _stream(self, op, fields, at, end, take):
        """A request answered by several frames, each at its position `at` (a byte of a log,
        an entry of the list), then a `done` frame. Each frame is checked by its CRC and its
        position; after a frame lost or damaged, the request is sent again from the position
        reached, so nothing is taken twice or skipped. `end`: where to stop (None: at done)."""
        stalls = 0
        busy_until = time.monotonic() + BUSY_MOST_S
        while end is None or at < end:
            self.query += 1
            self._send(dict(fields(at), q=self.query, op=op))
            reached, status = self._receive_stream(op, at, take)
            if status == "done" and end is None:
                return
            if status == "lost":
                self.chunk = max(CHUNK_LEAST, self.chunk // 2)
            elif status == "done":
                self.chunk = min(self.chunk_most, self.chunk * 2)
            if reached > at:
                stalls = 0
                busy_until = time.monotonic() + BUSY_MOST_S
            elif status != "busy" or time.monotonic() > busy_until:
                stalls += 1
            if stalls >= ATTEMPTS:
                raise LinkError("no answer from the device on %s to %s after %d tries; is the "
                                "Deckmate app running on it?" % (self.connection.port, op, stalls))
            at = reached

    def _receive_stream(self, op, at, take):
        """(position reached, "done", "lost" or "busy") for the request just sent: the done
        frame came at the position reached; a frame was lost (or none came); the device had no
        room to answer."""
        while True:
            frame = self._next_frame(time.monotonic() + ANSWER_S)
            if frame is None or (frame.get("q") is None and "err" in frame):
                if frame is not None and frame.get("err") == "busy":
                    time.sleep(BUSY_PAUSE_S)
                    return at, "busy"
                self.resent += 1
                return at, "lost"
            if frame.get("q") != self.query:
                continue  # an answer to an earlier request
            if "err" in frame:
                raise LinkError("the device refused %s: %s (%s)" % (op, frame.get("why"),
                                                                   frame["err"]))
            if frame.get("at") != at:
                if isinstance(frame.get("at"), int) and frame["at"] < at:
                    continue  # a duplicate
                self.resent += 1
                return at, "lost"  # a frame before it was lost
            if frame.get("done"):
                return at, "done"
            try:
                at = take(frame)
            except (KeyError, TypeError, ValueError, binascii.Error):
                self.damaged += 1
                return at, "lost"

    def digest(self, game_id, count):
        return self.request("hash", id=game_id, n=count)["sha256"]

    def acknowledge(self, game_id, sha256):
        self.request("ack", id=game_id, sha256=sha256)

    def prune(self):
        return self.request("prune")["removed"]

    def set_clock(self, now):
        """now: a datetime (the PC's local time)."""
        self.request("time", now=[now.year, now.month, now.day, now.weekday(), now.hour,
                                  now.minute, now.second])
