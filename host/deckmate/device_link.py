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
        self._stream("get", [_Reading({"file": name}, 0, None, got.append, None, self.get_most)])
        return b"".join(got)

    def fetch(self, game_id, offset, end, write, get_most, pieces=None):
        """Bytes `offset` to `end` of a log, handed to `write(bytes)` as they arrive, `get_most`
        a request. `pieces`: the CRC-32 of each PIECE bytes of a closed log (its manifest
        entry's `crc`): the device then sends the bytes without checking them (`x`), and each
        piece is checked here before it is handed on (from an offset that begins a piece)."""
        self._stream("get", [_Reading({"id": game_id}, offset, end, write,
                                      None if offset % PIECE else pieces, get_most)])

    def fetch_many(self, logs, finished):
        """Closed logs one after the other, `gets_most` a `gets` request: `logs` is [(game id,
        offset, end, write(bytes), pieces)], each offset a multiple of PIECE and `pieces` the
        CRC-32 of each PIECE bytes of the log (its manifest entry's `crc`). Each piece is
        checked here before it is handed to its log's `write`; `finished(index)` is called
        once a log's bytes up to its end are handed on."""
        self._stream("gets", [_Reading({"id": game_id}, offset, end, write, pieces)
                              for game_id, offset, end, write, pieces in logs], finished)

    def _stream(self, op, readings, finished=None):
        """The frame loop of `get` and `gets`: the _Readings `readings` (one for a get, many
        for a gets) read to their ends, each frame checked by its CRC (or its pieces') and
        its position (`i`, the reading's index in the request, and `at`, its byte), then a
        `done` frame at its end; `finished(index)` once a reading is whole. After a frame lost
        or damaged the request is sent again from the last byte (or piece) checked, for the
        readings not yet whole, and asks for frames half as long (down to CHUNK_LEAST bytes;
        twice as long again after a request answered whole); a device busy is asked again.
        A try that brought no bytes counts against ATTEMPTS unless its frames came damaged
        while they could still be shortened (on a bad line the first tries of long frames
        seldom come whole: the line's fault, not the device's silence)."""
        current = 0  # the reading whose frames come now
        stalls = 0
        busy_until = time.monotonic() + BUSY_MOST_S
        while current < len(readings):
            reading = readings[current]
            if reading.whole():  # (its done frame lost, or nothing to read)
                if finished:
                    finished(current)
                current += 1
                continue
            first = current
            if op == "gets":
                batch = readings[first:first + self.gets_most]
                if self.device.get("gets_ids") and all(
                        each.start == 0 and each.fields["id"].isalnum() for each in batch):
                    request = {"ids": " ".join(each.fields["id"] for each in batch)}  # (whole)
                else:  # (a firmware before `gets_ids`, or a log resumed from a piece)
                    request = {"logs": [[each.fields["id"], each.start, each.end]
                                        for each in batch]}
            else:
                request = reading.get_fields()
            self.query += 1
            request.update(q=self.query, op=op)
            if self.chunk != self.chunk_most:
                request["c"] = self.chunk
            self._send(request)
            del reading.held[:]  # (sent again from the last piece checked)
            before = reading.reached()
            damaged = self.damaged
            chunk = self.chunk
            current, status = self._answer(op, readings, first, finished)
            if status == "lost" and self.damaged > damaged:
                status = "damaged"  # (a frame came damaged, then silence)
            if status in ("lost", "damaged"):  # shorter frames, fewer damaged
                self.chunk = max(CHUNK_LEAST, self.chunk // 2)
            elif status == "done":
                self.chunk = min(self.chunk_most, self.chunk * 2)
            if current > first or readings[current].reached() > before:  # (bytes came)
                stalls = 0
                busy_until = time.monotonic() + BUSY_MOST_S
            elif status == "damaged" and chunk > CHUNK_LEAST:
                pass  # (the device answered: its frames are shortened)
            elif status != "busy" or time.monotonic() > busy_until:
                stalls += 1
            if stalls >= ATTEMPTS:
                raise LinkError("no answer from the device on %s to %s after %d tries; is the "
                                "Deckmate app running on it?" % (self.connection.port, op, stalls))

    def _answer(self, op, readings, first, finished):
        """(the reading reached, "done", "lost", "damaged" or "busy") for the request just
        sent, whose first reading is `first`: its answer came whole; no frame came for
        ANSWER_S; a frame (or the request) came damaged, or out of place; the device had no
        room to answer."""
        current = first
        while True:
            frame = self._next_frame(time.monotonic() + ANSWER_S)
            if frame is None or (frame.get("q") is None and "err" in frame):
                if frame is not None and frame.get("err") == "busy":
                    time.sleep(BUSY_PAUSE_S)
                    return current, "busy"
                self.resent += 1
                return current, "lost" if frame is None else "damaged"  # (the request's)
            if frame.get("q") != self.query:
                continue  # an answer to an earlier request
            if "err" in frame:
                raise LinkError("the device refused %s: %s (%s)" % (op, frame.get("why"),
                                                                   frame["err"]))
            index, at = frame.get("i") if op == "gets" else 0, frame.get("at")  # (a get's: no i)
            reading = readings[current]
            if type(index) is not int or first + index < current or (
                    first + index == current and type(at) is int and at < reading.reached()):
                continue  # a duplicate
            if first + index > current or at != reading.reached():
                self.resent += 1
                return current, "damaged"  # a frame before it was lost
            if frame.get("done"):
                if frame.get("eof") and reading.end is None:
                    reading.end = at  # (a file: read to its end)
                elif (op == "gets" or frame.get("eof")) and not reading.whole():
                    raise LinkError("the device's log of game %s ended at %d of %d bytes"
                                    % (reading.fields.get("id"), at, reading.end))
                if not reading.whole():
                    return current, "done"  # (a get's bytes: the next get goes on)
                if finished:
                    finished(current)
                current += 1
                if op != "gets" or current == first + self.gets_most or current == len(readings):
                    return current, "done"
                continue
            try:
                reading.take(frame["raw"] if "raw" in frame
                             else base64.b64decode(frame["data"], validate=True))
            except (KeyError, TypeError, ValueError, IndexError, binascii.Error):
                self.damaged += 1
                return current, "damaged"

    def digest(self, game_id, count):
        return self.request("hash", id=game_id, n=count)["sha256"]

    def acknowledge(self, entries, listed=""):
        """Acknowledge the closed logs `entries` (list entries: id, size, sha256) the archive
        holds, ack_most a request; `listed`: the list tag they were listed under. The
        refused, [[id, why]] (deckapp/sync_requests.py op_ack)."""
        refused = []
        for first in range(0, len(entries), self.ack_most):
            batch = entries[first:first + self.ack_most]
            if self.device.get("ack_text") and all(entry["id"] and entry["id"].isalnum()
                                                   for entry in batch):
                refused += self.request("ack", logs=ack_text(batch), listed=listed)["refused"]
            else:  # (a firmware before `ack_text`)
                acks = [[entry["id"], entry["size"], entry["sha256"][:ACK_DIGITS]]
                        for entry in batch]
                refused += self.request("ack", acks=acks, listed=listed)["refused"]
        return refused

    def prune(self):
        return self.request("prune")["removed"]

    def set_clock(self, now):
        """now: a datetime (the PC's local time)."""
        self.request("time", now=[now.year, now.month, now.day, now.weekday(), now.hour,
                                  now.minute, now.second])


def ack_text(entries):
    """An ack's `logs` (deckapp/sync_requests.py op_ack): "ID SIZE HASH ..." of `entries`
    (list entries), HASH the first 8 bytes of the SHA-256 in base64, unpadded."""
    return " ".join("%s %d %s" % (entry["id"], entry["size"], base64.b64encode(
        bytes.fromhex(entry["sha256"][:ACK_DIGITS])).decode().rstrip("="))
        for entry in entries)


class _Reading:
    """What a get or gets reads of one log or file: `fields` name it ({"id": game id} or
    {"file": name}); its bytes from `start` (those before are checked and handed on to
    `write`) to `end` (None: where the file ends), `most` bytes a get; `pieces`: the CRC-32 of
    each PIECE bytes of a closed log, checked here, a whole piece at a time (None: each frame
    is checked by its own CRC and handed on as it comes)."""

    def __init__(self, fields, start, end, write, pieces, most=GET_MOST):
        self.fields = fields
        self.start = start
        self.end = end
        self.write = write
        self.pieces = pieces
        self.most = most
        self.held = bytearray()  # the bytes of the piece being received

    def whole(self):
        return self.end is not None and self.start >= self.end

    def reached(self):
        """Where the next frame is due."""
        return self.start + len(self.held)

    def get_fields(self):
        """A get's fields for the bytes from `start` on: the offset only when not 0."""
        fields = dict(self.fields)
        if self.pieces is not None:
            fields["x"] = 1
        fields["n"] = self.most if self.end is None else min(self.most, self.end - self.start)
        if self.start:
            fields["off"] = self.start
        return fields

    def take(self, data):
        """A frame's bytes, at `reached()`; ValueError for a piece that does not match."""
        if self.pieces is None:
            self.write(data)
            self.start += len(data)
            return
        held = self.held
        if not held and len(data) == min(PIECE, self.end - self.start) \
                and not self.start % PIECE:  # a whole piece in one frame, as a gets sends
            self._checked(data)
            return
        held.extend(data)
        while held and (len(held) >= PIECE or self.start + len(held) >= self.end):
            self._checked(bytes(held[:PIECE]))
            del held[:PIECE]

    def _checked(self, piece):
        """The piece at `start`, whole, handed on if its CRC is the manifest's; ValueError
        if not."""
        if "%08x" % binascii.crc32(piece) != self.pieces[self.start // PIECE]:
            raise ValueError("a piece's CRC does not match")
        self.write(piece)
        self.start += len(piece)
