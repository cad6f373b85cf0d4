"""The PC's side of the sync protocol (docs/sync-protocol.md) over a BoardConnection: one
request at a time, each with a number `q` that its answer echoes. A request whose answer does
not come (a line lost or damaged on the way, either way) is sent again; the device answers
every request idempotently. Frames are decklink/frame.py's, as on the device."""

import base64
import binascii
import time

from decklink.checked import read_blocks, read_values
from decklink.frame import TO_DEVICE, TO_HOST, FrameError, decode, encode
from deckmate.errors import CommandError

PROTOCOL = 2            # the protocol version this deckmate speaks
ANSWER_S = 1.0          # how long an answer may take before the request is sent again;
ANSWER_MOST_S = 8.0     # from a device that has answered, twice as long at each try up to this:
                        # a slow answer (LittleFS compacting a big folder) is not asked for
                        # again and again, each try doing the work anew
BUSY_PAUSE_S = 0.05     # the device had no heap to answer (a bot thinking): ask again after
ATTEMPTS = 8            # sends of one request (busy answers not counted) before giving up
BUSY_MOST_S = 60.0      # how long a device may stay busy
CHUNK_MOST = 4096       # the bytes a data frame holds, until the device's hello says
CHUNK_LEAST = 128       # the shortest data frames asked for on a bad line
ACK_MOST = 50           # the logs one ack holds, until the device's hello says
ACK_DIGITS = 16         # the hex digits of a log's SHA-256 an acknowledgement gives
GET_MOST = 65536        # the bytes one get asks for, until the device's hello says
GETS_MOST = 0           # the closed logs one `gets` asks for, until the device's hello says
                        # (0: the firmware before `gets`, a get a log)
PIECE = 4096            # the bytes each CRC-32 of a closed log's manifest entry covers


class LinkError(CommandError):
    """The device did not answer, or answered with an error; the message says which."""


class DeviceLink:
    def __init__(self, connection):
        self.connection = connection
        self.query = 0
        self.chunk_most = CHUNK_MOST  # the device's chunk, once its hello is read
        self.chunk = CHUNK_MOST       # the bytes a data frame is asked to hold
        self.ack_most = ACK_MOST
        self.get_most = GET_MOST
        self.gets_most = GETS_MOST
        self.device = {}       # the device's hello
        self.requests = {}     # requests sent, by op (a try sent again counts again)
        self.resent = 0        # requests sent again (a lost or damaged frame)
        self.damaged = 0       # lines with the device's prefix that were not whole frames
        self.answered = False  # the device has answered a request

    def _send(self, message):
        self.requests[message["op"]] = self.requests.get(message["op"], 0) + 1
        self.connection.write(encode(TO_DEVICE, message))

    def _next_frame(self, deadline):
        """The next frame from the device before the deadline, or None; other lines (the
        REPL's, a print) are passed over, a damaged frame counted and passed over. A data
        frame's log bytes, which follow its line (`n` of them, then a newline), are read
        with it, into its "raw"."""
        while True:
            line = self.connection.read_line(deadline)
            if line is None:
                return None
            if not line.startswith(TO_HOST):
                continue
            try:
                frame = decode(TO_HOST, line)
            except FrameError:
                self.damaged += 1
                continue
            count = frame.get("n")
            if type(count) is not int or "at" not in frame:  # (a hash's answer has an n)
                return frame
            data = self.connection.read_bytes(count + 1, max(deadline, time.monotonic() + 1))
            if data[-1:] == b"\n" and ("crc" not in frame or frame["crc"] == "%08x"
                                        % binascii.crc32(memoryview(data)[:-1])):
                frame["raw"] = data[:-1]  # (without a crc: checked by the caller, fetch)
                return frame
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

    def hello(self, space=True):
        """The device's hello; LinkError for a protocol version this deckmate does not speak.
        `space`: with the flash's `free` and `total` bytes (a walk through the whole flash on
        the device: a sync leaves them out)."""
        answer = self.request("hello") if space else self.request("hello", space=0)
        self.chunk = self.chunk_most = answer.get("chunk", CHUNK_MOST)
        self.ack_most = answer.get("ack_most", ACK_MOST)
        self.get_most = answer.get("get_most", GET_MOST)
        self.gets_most = answer.get("gets_most", GETS_MOST)
        self.device = answer
        if answer.get("proto") != PROTOCOL:
            raise LinkError("the device speaks sync protocol %s; this deckmate speaks %d: %s"
                            % (answer.get("proto"), PROTOCOL,
                               "upgrade deckmate" if (answer.get("proto") or 0) > PROTOCOL
                               else "deploy the current firmware to the device "
                                    "(`deckmate deploy`)"))
        return answer

    def games(self):
        """Every manifest entry of the device: dicts with id, state, size, sha256, acked, date
        (and the rest of the manifest's fields). The list is read from the store's files: the
        manifest (the open game's size is the hello's) and the journal of acknowledgements
        (`acked`: the SHA-256 when the journal holds it for the log, else None), each read
        again if it changed while it was read (its checksum does not match)."""
        if not self.device:
            self.hello()
        for attempt in range(3):
            try:
                manifest = self.read_file("manifest")  # (none yet: no game)
                entries = list(read_values(manifest.splitlines(True))) if manifest else []
                break
            except ValueError:
                if attempt == 2:
                    raise LinkError("the device's list of games on %s is damaged; restart the "
                                    "device (its boot rebuilds the list from the logs)"
                                    % self.connection.port)
        acked = dict(read_blocks(self.read_file("acks").splitlines(True)))
        opened = self.device.get("open"), self.device.get("open_size")
        for entry in entries:
            digest = acked.get(entry["id"])
            entry["acked"] = entry["sha256"] if entry["state"] == "closed" and digest and len(
                digest) >= ACK_DIGITS and entry["sha256"].startswith(digest) else None
            if entry["state"] == "open":  # (opened since the hello: copied at the next sync)
                entry["size"] = opened[1] if entry["id"] == opened[0] else None
        return [entry for entry in entries if entry["size"] is not None]

    def read_file(self, name):
        """The bytes of one of the store's files ("manifest", "acks")."""
        got = []
        self._stream("get", lambda at: self._get_fields({"file": name}, at, self.get_most),
                     0, None, lambda frame: self._take(frame, got.append))
        return b"".join(got)

    def fetch(self, game_id, offset, end, write, get_most, pieces=None):
        """Bytes `offset` to `end` of a log, handed to `write(bytes)` as they arrive. After a
        frame lost or damaged the device is asked for frames half as long (down to
        CHUNK_LEAST bytes), and for longer ones again after frames that came whole.
        `pieces`: the CRC-32 of each PIECE bytes of a closed log (its manifest entry's `crc`):
        the device then sends the bytes without checking them (`x`), and each piece is
        checked here before it is handed on; a piece that does not match is asked for
        again."""
        if pieces is None or offset % PIECE:
            self._stream("get", lambda at: self._get_fields({"id": game_id}, at,
                                                            min(get_most, end - at)),
                         offset, end, lambda frame: self._take(frame, write))
            return
        held = bytearray()  # the bytes of the piece being received
        start = [offset]    # where it begins: the bytes before it are checked and handed on

        def fields(at):
            del held[:]  # a request again: from the last piece checked
            return self._get_fields({"id": game_id, "x": 1}, start[0],
                                    min(get_most, end - start[0])), start[0]

        def take(frame):
            held.extend(frame["raw"])
            while held and (len(held) >= PIECE or start[0] + len(held) >= end):
                piece = bytes(held[:PIECE])
                if "%08x" % binascii.crc32(piece) != pieces[start[0] // PIECE]:
                    raise ValueError("a piece's CRC does not match")
                write(piece)
                del held[:PIECE]
                start[0] += len(piece)
            return frame["at"] + len(frame["raw"])
        self._stream("get", fields, offset, end, take, positioned=True)
        if start[0] < end:
            raise LinkError("the device's log of game %s ended at %d of %d bytes"
                            % (game_id, start[0], end))

    def fetch_many(self, logs, finished):
        """Closed logs one after the other, `gets_most` a `gets` request: `logs` is [(game id,
        offset, end, write(bytes), pieces)], each offset a multiple of PIECE and `pieces` the
        CRC-32 of each PIECE bytes of the log (its manifest entry's `crc`). Each piece is
        checked here before it is handed to its log's `write`; `finished(index)` is called
        once a log's bytes up to its end are handed on. After a frame lost or damaged (or a
        piece that does not match) the request is sent again from the last piece checked,
        for the logs not yet finished, in frames half as long (twice as long again after a
        request answered whole), as fetch does."""
        starts = [log[1] for log in logs]  # where each log's unchecked bytes begin
        held = bytearray()  # the bytes of the piece being received
        current = 0         # the log being received
        stalls = 0
        busy_until = time.monotonic() + BUSY_MOST_S

        def take(frame):
            game_id, _, end, write, pieces = logs[current]
            held.extend(frame["raw"])
            while held and (len(held) >= PIECE or starts[current] + len(held) >= end):
                piece = bytes(held[:PIECE])
                if "%08x" % binascii.crc32(piece) != pieces[starts[current] // PIECE]:
                    raise ValueError("a piece's CRC does not match")
                write(piece)
                del held[:PIECE]
                starts[current] += len(piece)

        while current < len(logs):
            if starts[current] >= logs[current][2]:  # (whole, its done frame lost)
                finished(current)
                current += 1
                continue
            self.query += 1
            first = current
            request = {"logs": [[game_id, starts[index], end] for index, (game_id, _, end, _, _)
                                in enumerate(logs[first:first + self.gets_most], first)],
                       "q": self.query, "op": "gets"}
            if self.chunk != self.chunk_most:
                request["c"] = self.chunk
            self._send(request)
            del held[:]
            reached = before = starts[current]
            status = "lost"
            while True:
                frame = self._next_frame(time.monotonic() + ANSWER_S)
                if frame is None or (frame.get("q") is None and "err" in frame):
                    if frame is not None and frame.get("err") == "busy":
                        time.sleep(BUSY_PAUSE_S)
                        status = "busy"
                    else:
                        self.resent += 1
                    break
                if frame.get("q") != self.query:
                    continue  # an answer to an earlier request
                if "err" in frame:
                    raise LinkError("the device refused gets: %s (%s)" % (frame.get("why"),
                                                                         frame["err"]))
                index = frame.get("i")
                if type(index) is not int or index + first < current or (
                        index + first == current and isinstance(frame.get("at"), int)
                        and frame["at"] < reached):
                    continue  # a duplicate
                if index + first > current or frame.get("at") != reached:
                    self.resent += 1
                    break  # a frame before it was lost
                if frame.get("done"):
                    if reached < logs[current][2]:
                        raise LinkError("the device's log of game %s ended at %d of %d bytes"
                                        % (logs[current][0], reached, logs[current][2]))
                    finished(current)
                    current += 1
                    if current == first + self.gets_most or current == len(logs):
                        status = "done"
                        break
                    reached = starts[current]
                    continue
                try:
                    take(frame)
                except (KeyError, TypeError, ValueError):
                    self.damaged += 1
                    break
                reached = frame["at"] + len(frame["raw"])
            if status == "lost":  # shorter frames, fewer damaged
                self.chunk = max(CHUNK_LEAST, self.chunk // 2)
            elif status == "done":
                self.chunk = min(self.chunk_most, self.chunk * 2)
            if current > first or reached > before:  # (bytes came, if not a whole piece)
                stalls = 0
                busy_until = time.monotonic() + BUSY_MOST_S
            elif status != "busy" or time.monotonic() > busy_until:
                stalls += 1
            if stalls >= ATTEMPTS:
                raise LinkError("no answer from the device on %s to gets after %d tries; is the "
                                "Deckmate app running on it?" % (self.connection.port, stalls))

    def _get_fields(self, fields, at, count):
        """A get's fields: the offset and the frames' length only when not the defaults."""
        fields["n"] = count
        if at:
            fields["off"] = at
        if self.chunk != self.chunk_most:
            fields["c"] = self.chunk
        return fields

    @staticmethod
    def _take(frame, write):
        data = frame["raw"] if "raw" in frame else base64.b64decode(frame["data"], validate=True)
        write(data)
        return frame["at"] + len(data)

    def _stream(self, op, fields, at, end, take, positioned=False):
        """A request answered by several frames, each at its position `at` (a byte of a
        file), then a `done` frame. Each frame is checked by its CRC and its position; after
        a frame lost or damaged, the request is sent again from the position reached, so
        nothing is taken twice or skipped, and asks for frames half as long (twice as long
        again after a request answered whole). `end`: where to stop (None: where the file
        ends, the done frame's `eof`). `positioned`: `fields(at)` gives the request and where
        it starts (the last piece checked, fetch)."""
        stalls = 0
        busy_until = time.monotonic() + BUSY_MOST_S
        while end is None or at < end:
            self.query += 1
            request = fields(at)
            if positioned:  # (fields say where the request starts)
                request, at = request
            self._send(dict(request, q=self.query, op=op))
            reached, status = self._receive_stream(op, at, take)
            if status == "eof" and end is None:
                return
            if status == "lost":  # shorter frames, fewer damaged
                self.chunk = max(CHUNK_LEAST, self.chunk // 2)
            elif status in ("done", "eof"):
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
        """(position reached, "done", "eof", "lost" or "busy") for the request just sent: the
        done frame came at the position reached (and the file ends there); a frame was lost
        (or none came); the device had no room to answer."""
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
                return at, "eof" if frame.get("eof") else "done"
            try:
                at = take(frame)
            except (KeyError, TypeError, ValueError, binascii.Error):
                self.damaged += 1
                return at, "lost"

    def digest(self, game_id, count):
        return self.request("hash", id=game_id, n=count)["sha256"]

    def acknowledge(self, entries, listed=""):
        """Acknowledge the closed logs `entries` (list entries: id, size, sha256) the archive
        holds, ack_most a request; `listed`: the list tag they were listed under. The
        refused, [[id, why]] (deckapp/sync_requests.py op_ack)."""
        refused = []
        for first in range(0, len(entries), self.ack_most):
            acks = [[entry["id"], entry["size"], entry["sha256"][:ACK_DIGITS]]
                    for entry in entries[first:first + self.ack_most]]
            refused += self.request("ack", acks=acks, listed=listed)["refused"]
        return refused

    def prune(self):
        return self.request("prune")["removed"]

    def set_clock(self, now):
        """now: a datetime (the PC's local time)."""
        self.request("time", now=[now.year, now.month, now.day, now.weekday(), now.hour,
                                  now.minute, now.second])
