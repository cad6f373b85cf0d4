"""The sync protocol's requests as the device answers them (docs/sync-protocol.md has the
frames and an example session). deckapp/serial_link.py imports this module for a request and
unloads it after: it takes no heap between syncs.

Each request is a frame `#>{"q":N,"op":OP,...}`; the answer echoes `q`. A frame that cannot
be read (a damaged CRC, too long, not JSON) gets an error frame without `q`; a request that
cannot be done, an error frame with its `q` and a `why`. Nothing here raises out to the shell.
"""

import binascii
import hashlib
import os
import time

from deckapp.store import StoreError
from deckapp.store_base import CRASH_STATE
from deckapp import VERSION
from decklink import log_name
from decklink.checked import CHECK_DIGITS
from decklink.frame import TO_DEVICE, TO_HOST, FrameError, decode, encode

PROTOCOL = 2       # raised for any change a PC of the last version would misread
LOG_FORMAT = 1     # the log format version the device writes (docs/log-format.md)
CHUNK = 8192       # the most log bytes a data frame holds, and a get's frames by default:
#                    two buffers (a typical log in two frames, not three: a frame line is
#                    the dearest of a frame's work; a PC resumes a log cut off from the last
#                    frame it took whole, so larger frames lose more: 16 KB kept nothing of
#                    a log cut off, docs/notes/2026-12-06-sync.md)
BUFFER = 4096      # ... read from flash at a time (a frame checked here: at most this)
BUSY_CHUNK = 1024  # ... while a screen has work (serial_link: the frames of a slice)
GET_MOST = 65536   # the most bytes one get asks for (a round trip per log, most often)
GETS_MOST = 32     # the most closed logs one `gets` asks for, sent one after the other
ACK_MOST = 50      # the most logs one ack acknowledges (a slice of the loop: keys wait)
DIGEST_LEAST = 16  # the hex digits of a SHA-256 an acknowledgement holds at least
FILES = ("manifest", "acks")  # the store's files a get reads besides the logs
# A get's buffer of BUFFER bytes, kept for the next get of the session (a new buffer a log
# would be a collection of the heap every log or so); it leaves memory with this module, at
# the session's end.
_SPARE = []
# The closed logs the session's gets sent to their end, {store_acks.ack_key(id): size}, when
# their last byte was a newline: what an `ack` checks of a log (its size, a whole last line),
# known without looking the log up again (a lookup reads about 11 KB of LittleFS's metadata
# in a folder of 32 logs: docs/storage.md). A closed log
# changes only by a prune, which rewrites the manifest (the ack then checks each log on flash).
# The PC acknowledges as it archives, so few are kept: past SERVED_MOST the record starts anew
# (those then are looked up). It leaves memory with this module.
_SERVED = {}
SERVED_MOST = 128


def reply(link, message):
    reply_to(link.output, message)


def reply_to(output, message):
    output.write(encode(TO_HOST, message))


def answer(link, line, too_long):
    """Read one request line and answer it."""
    if too_long:
        return reply(link, {"err": "frame", "why": "a request is at most 4,096 bytes"})
    try:
        request = decode(TO_DEVICE, line)
    except FrameError as error:
        return reply(link, {"err": error.kind, "why": str(error)})
    link.end_stream()  # a new request ends the get before it
    query, operation = request.get("q"), request.get("op")
    handler = globals().get("op_" + str(operation))
    if type(query) is not int:
        message = {"err": "args", "why": "a request has a number q"}
    elif handler is None:
        message = {"err": "op", "why": "no request %r (hello, get, gets, hash, ack, prune, time)"
                   % operation}
    else:
        try:
            message = handler(link, request)
        except StoreError as error:
            message = {"err": "store", "why": str(error)}
        except (AttributeError, LookupError, TypeError, ValueError) as error:  # (a field
            # of the wrong kind; LookupError: KeyError, or the IndexError of a short list)
            message = {"err": "args", "why": "%s: %s %s" % (operation, type(error).__name__,
                                                            error)}
    if message is not None:
        reply(link, dict(message, q=query))


def op_hello(link, request):
    """The device and its store. `space`: 0 leaves out `free` and `total`, the flash's bytes
    (a sync does not need them; on LittleFS they are a walk through every block of every
    file, a cost that grows with the flash's logs)."""
    message = {"ok": 1, "proto": PROTOCOL, "device": link.board.device_id(), "fw": VERSION,
               "log_v": LOG_FORMAT, "logs": link.store.game_count, "open": link.store.open_id,
               "open_size": None if link.store.open_id is None else _log_size(
                   link, link.store.open_id),
               "chunk": CHUNK, "get_most": GET_MOST, "gets_most": GETS_MOST,
               "ack_most": ACK_MOST, "ack_text": 1, "gets_ids": 1,
               # (deckapp/crash.py's record, read without loading that module, the screen's)
               "crash": link.store.load_state(CRASH_STATE, None),
               "listed": _list_tag(link)}
    if request.get("space", 1):
        info = os.statvfs(link.store.root or "/")
        message["free"] = link.store.free_bytes()
        message["total"] = info[0] * info[2]
    return message


def _list_tag(link):
    """A text that changes whenever the list would, but for the acknowledgements: the
    manifest's checksum and the open log's size. A PC that archived and acknowledged all it
    listed under a tag need not list again while the tag stays (it made the acknowledgements
    itself)."""
    tag = _manifest_tag(link.store)
    if link.store.open_id is not None:
        tag += "+%d" % _log_size(link, link.store.open_id)
    return tag


def _manifest_tag(store):
    """The manifest's checksum line ("#" and 16 hex digits), or "empty". (The file is looked
    up once: a lookup reads the logs folder's metadata up to its name, after the folders of
    logs.)"""
    try:
        handle = open(store.manifest_path, "rb")
    except OSError:
        return "empty"
    with handle:
        handle.seek(max(0, handle.seek(0, 2) - CHECK_DIGITS - 2))
        return handle.read().decode().strip()


def op_get(link, request):
    """Bytes `off` (0 by default) to `off + n` of a log (`id`) or of the store's manifest or
    journal of acknowledgements (`file`: "manifest" or "acks"; the PC reads the list of games
    from them), `c` bytes a frame at most (CHUNK at most and by default: a PC that sees frames
    damaged asks for shorter ones; BUSY_CHUNK while a screen has work), then a frame with
    `done` and `eof` (true when the file ends there). `x`: the PC checks a closed log's
    bytes by the CRC-32 of each of its 4 KB pieces in the manifest, which the store wrote
    when it closed the log and found no Ctrl-C or Ctrl-D byte in it: the frames then go
    without a CRC of their bytes, and without a search for those two (the device's work a
    byte, the most of a sync's: 1.1 s per MB on the RP2040 estimate)."""
    offset, count = request.get("off", 0), request["n"]
    chunk = request.get("c", CHUNK)
    if not (0 <= offset and 0 < count <= GET_MOST and 0 < chunk <= CHUNK):
        raise ValueError("off >= 0, 0 < n <= %d and 0 < c <= %d" % (GET_MOST, CHUNK))
    name = request.get("file")
    if name is None:
        path = link.store.log_path(request["id"])
    elif name in FILES:
        from deckapp.store_acks import acks_path
        path = link.store.manifest_path if name == "manifest" else acks_path(link.store)
    else:
        raise ValueError("file is one of %s" % ", ".join(FILES))
    try:  # (its size by the open handle: a file looked up once in a folder of many logs)
        handle = open(path, "rb")
    except OSError:
        if name is None:
            raise ValueError("no log of game %s" % request["id"])
        handle = None  # (no acknowledgement yet)
    size = 0
    if handle is not None:
        size = handle.seek(0, 2)
    served = None  # (a closed log's, sent to its end: its size and last byte noted, _SERVED)
    if name is None and request.get("x"):
        from deckapp.store_acks import ack_key
        served = ack_key(request["id"])
    stream = GetStream(request["q"], chunk, not request.get("x"))
    stream.begin(path, offset, min(offset + count, size), size, handle, served)
    link.stream = stream
    send_chunk(link)


def op_gets(link, request):
    """Closed logs one after the other, `logs`: [[id, off, end]] (at most GETS_MOST), each
    from byte `off` to byte `end` (or its end) as a get with `x` sends it (the PC checks the
    bytes by the manifest's piece CRCs), its frames and its done frame carrying `i`, its
    index in `logs`: the per-request work of a get (the request read and decoded, its answer
    begun) once for many logs. A log that is not there ends the answer with an error frame.
    `ids` (hello's `gets_ids`), in place of `logs`: whole logs, their ids in one text
    ("26 27 28"), each sent from its first byte to its last (3 bytes of request a log where
    `logs` took 15: a request's bytes are the dearest a sync's device reads)."""
    ids, chunk = request.get("ids"), request.get("c", CHUNK)
    # (a numbered id as bytes: its path made as bytes, no text made, each looked up among the
    # interned names on the device, twice an open)
    logs = request["logs"] if ids is None else [
        [word if word.isdigit() and len(word) <= 32 else word.decode(), 0, None]
        for word in ids.encode().split()]
    if not (0 < len(logs) <= GETS_MOST and 0 < chunk <= CHUNK) or [
            log for log in logs if len(log) != 3 or not (ids or type(log[0]) is str
                                                          and 0 <= log[1] < log[2])]:
        raise ValueError("logs: 1 to %d of [id, off, end], off < end; 0 < c <= %d"
                         % (GETS_MOST, CHUNK))
    # (imported once a request, not a log: on the device an import calls the shell's hook)
    from deckapp.store_acks import ack_key
    link.stream = ManyStream(request["q"], link.store, logs, chunk, ack_key)
    send_chunk(link)


class ManyStream:
    """A `gets` being answered: its logs in turn through one GetStream (the next log opened
    by the call after the last one's done frame: a lookup a slice of the loop)."""

    def __init__(self, query, store, logs, chunk, ack_key):
        self.query = query
        self.store = store
        self.logs = logs
        self.ack_key = ack_key
        self.index = 0
        self.get = GetStream(query, chunk, False)  # (one for all the logs: an object and
        self.started = False                       # its attributes made once a request)

    def send(self, output, most):
        """Send the next frame; False once the last log's done frame is sent. (This and
        GetStream's calls for each frame keep to a few locals: a call whose locals and
        stack take more than 11 slots has them allocated on the heap.)"""
        if not self.started and not self._start(output):
            return False
        if self.get.send(output, most):
            return True
        self.get.close()
        self.started = False
        self.index += 1
        return self.index < len(self.logs)

    def _start(self, output):
        """Open the next log; False (and the error frame sent) if it is not there."""
        game_id, offset, end = self.logs[self.index]
        try:
            path = log_name(game_id, self.store.logs_dir) if type(game_id) is bytes \
                else self.store.log_path(game_id)
            handle = open(path, "rb")
        except (OSError, ValueError):  # (ValueError: an id no log of the store can have)
            reply_to(output, {"q": self.query, "err": "args", "why": "gets: no log of game %s"
                              % (game_id.decode() if type(game_id) is bytes else game_id)})
            return False
        size = handle.seek(0, 2)
        self.get.begin(path, offset, size if end is None else min(end, size), size, handle,
                       self.ack_key(game_id), self.index)
        self.started = True
        return True

    def release(self):
        self.get.release()


def _log_size(link, game_id):
    """The bytes of a log on flash (ValueError when there is none)."""
    try:
        return os.stat(link.store.log_path(game_id))[6]
    except OSError:
        raise ValueError("no log of game %s" % game_id)


def send_chunk(link, most=CHUNK, slice_ms=0):
    """The stream's next frames, for `slice_ms` (serial_link calls it once a slice of the
    loop; one frame at least), `most` the log bytes a data frame may hold now; a flash error
    ends it with an error frame."""
    stream = link.stream
    output = link.output
    started = time.ticks_ms()
    try:
        while stream.send(output, most):
            if time.ticks_diff(time.ticks_ms(), started) >= slice_ms:
                return
    except (OSError, StoreError) as error:
        reply(link, {"q": stream.query, "err": "store", "why": "flash error: %s" % error})
    link.end_stream()


class GetStream:
    """A get being answered, a frame at a time (a `gets`: each of its logs in turn, begin).
    Its file is opened by the first read after a release (serial_link releases it between
    the slices of a lean pass).

    A data frame is a header frame and the log's bytes as they are, then a newline:

        #<{"q":7,"ok":1,"at":0,"n":4096,"crc":"89abcdef"}*01234567\n  (4,096 bytes)\n

    `n` the bytes, `crc` their CRC-32 (none when the PC holds the CRCs, `x`: op_get). A log
    is JSON lines, so its bytes hold no control
    byte but the newline; a piece that holds a Ctrl-C or Ctrl-D (a damaged log) goes in
    base64 instead, `data` in the header frame: no frame ever holds those two bytes. The
    newline after the bytes starts the next frame on a line of its own, so a PC that lost
    its place in the bytes finds the next frame.

    Every frame of a log begins with the same text up to `"at":` (`head`), whose CRC-32 is
    computed once a log (`head_crc`): a frame computes the CRC of the rest alone, and writes
    its line in three pieces, joining nothing (the heap's collections are most of a get's
    work, and the CRC a byte of a frame line is the dearest work on the bytes of a sync's)."""

    def __init__(self, query, chunk, checked):
        """`checked`: each frame is checked here (its CRC, no Ctrl-C or Ctrl-D byte), else by
        the PC."""
        self.query = query
        self.chunk = chunk
        self.checked = checked
        self.buffer = bytearray(0)
        self.handle = None
        self.begin(None, 0, 0, 0, None)

    def begin(self, path, offset, end, size, handle, served=None, index=None):
        """Send bytes `offset` to `end` of the file at `path` (`size` bytes; `handle`: the
        file, open, else opened by the first read). `served`: the log's key in _SERVED,
        noted there once its last byte is sent (a newline). `index`: the log's `i` in a
        `gets`, in each of its frames."""
        self.path = path
        self.offset = offset
        self.end = end
        self.size = size
        self.handle = handle
        if handle is not None:
            handle.seek(offset)
        self.served = served
        self.last = 0  # the last byte sent
        if index is None:
            head = b'{"q":%d,"ok":1,"at":' % self.query
        else:
            head = b'{"q":%d,"i":%d,"ok":1,"at":' % (self.query, index)
        self.head = TO_HOST + head
        self.head_crc = binascii.crc32(head)

    def _line(self, output, rest):
        """Write a frame line: `head`, then `rest` (bytes: the JSON text after `"at":`)."""
        output.write(self.head)
        output.write(rest)
        output.write(b"*%08x\n" % (binascii.crc32(rest, self.head_crc) & 0xFFFFFFFF))

    def send(self, output, most):
        """Send the next frame; False once the last (`done`) is sent."""
        if self.offset < self.end:
            if self.handle is None or not self.buffer:
                self._ready()
            if self.checked:
                count = self._piece(min(self.chunk, most, BUFFER, self.end - self.offset))
                if count:
                    self._checked(output, count)
                    return True
            elif self._poured(output, min(self.chunk, most, self.end - self.offset)):
                return True
            self.end = self.offset  # the file is shorter than it was
        return self._done(output)

    def _poured(self, output, count):
        """A frame of `count` bytes the PC checks: its line, then the bytes, read into the
        buffer a piece at a time and written as they come (more than one piece only with the
        buffer of 512 bytes of a heap without 4 KB in one piece), then the newline; False if
        the file had no bytes left."""
        got = self._piece(count)
        if not got:
            return False
        self._line(output, b'%d,"n":%d}' % (self.offset, count))
        left = count
        while got:  # (a piece short of its count: the frame is short, the PC asks again)
            output.write(self._view(got))
            left -= got
            self.offset += got
            self.last = self.buffer[got - 1]
            got = self._piece(left) if left else 0
        output.write(b"\n")
        return True

    def _piece(self, most):
        """Read at most `most` bytes into the buffer; how many."""
        buffer = self.buffer
        if most >= len(buffer):
            return self.handle.readinto(buffer)
        return self.handle.readinto(memoryview(buffer)[:most])

    def _view(self, count):
        """The buffer's first `count` bytes."""
        buffer = self.buffer
        return buffer if count == len(buffer) else memoryview(buffer)[:count]

    def _ready(self):
        """The buffer (a spare one, or a new one) and the file, opened at the offset."""
        if not self.buffer:
            if _SPARE:
                self.buffer = _SPARE.pop()
            else:
                try:  # (only in a session: a match cut the heap into pieces)
                    self.buffer = bytearray(BUFFER)
                except MemoryError:
                    self.buffer = bytearray(512)
        if self.handle is None:
            self.handle = open(self.path, "rb")
            self.handle.seek(self.offset)

    def _bytes(self, output, count):
        """Write the buffer's first `count` bytes and the newline after them."""
        output.write(self._view(count))
        output.write(b"\n")
        self.offset += count
        self.last = self.buffer[count - 1]

    def _checked(self, output, count):
        """The frame of `count` bytes checked here: their CRC-32 in the frame, or base64 if
        they hold a Ctrl-C or Ctrl-D."""
        buffer = self.buffer
        data = memoryview(buffer)[:count]
        if buffer.find(b"\x03", 0, count) < 0 and buffer.find(b"\x04", 0, count) < 0:
            self._line(output, b'%d,"n":%d,"crc":"%08x"}' % (
                self.offset, count, binascii.crc32(data) & 0xFFFFFFFF))
            self._bytes(output, count)
            return
        rest = b'%d,"data":"' % self.offset
        text = binascii.b2a_base64(data)[:-1]  # pyright: ignore[reportArgumentType]
        crc = binascii.crc32(b'"}', binascii.crc32(text, binascii.crc32(rest, self.head_crc)))
        output.write(self.head)  # (MicroPython's b2a_base64 takes any buffer)
        output.write(rest)
        output.write(text)
        output.write(b'"}*%08x\n' % (crc & 0xFFFFFFFF))
        self.offset += count
        self.last = buffer[count - 1]

    def _done(self, output):
        """The done frame (the log noted in _SERVED if it was sent to its end); False."""
        if self.served is not None and self.offset == self.size and self.last == 10:
            if len(_SERVED) >= SERVED_MOST:
                _SERVED.clear()
            _SERVED[self.served] = self.size
        self._line(output, b'%d,"done":1,"eof":%s}' % (
            self.offset, b"true" if self.offset >= self.size else b"false"))
        return False

    def close(self):
        """Close the file (the buffer stays for the next log of a `gets`)."""
        if self.handle is not None:
            self.handle.close()
            self.handle = None

    def release(self):
        self.close()
        if len(self.buffer) == BUFFER:
            _SPARE.append(self.buffer)
        self.buffer = bytearray(0)


def op_hash(link, request):
    """The SHA-256 of the first `n` bytes of a log (an open log's, once the PC has them)."""
    game_id, count = request["id"], request["n"]
    if not 0 <= count <= _log_size(link, game_id):
        raise ValueError("n is more than the log holds")
    hasher = hashlib.sha256()
    buffer = bytearray(512)  # (a hash is asked for once a sync: little heap, not speed)
    left = count
    with open(link.store.log_path(game_id), "rb") as handle:
        while left:
            got = handle.readinto(buffer)
            got = min(got, left)
            hasher.update(memoryview(buffer)[:got])
            left -= got
    return {"ok": 1, "id": game_id, "n": count,
            "sha256": binascii.hexlify(hasher.digest()).decode()}


def op_ack(link, request):
    """Record that the PC holds closed logs, `acks`: [[id, size, the first 16 hex digits of
    its SHA-256]] (at most ACK_MOST), in one write to the store's journal. `listed`: the list
    tag the PC listed them under; while the manifest is the same, a log is checked by its
    size and its whole last line (the prune hashes it before removing it), else it is hashed
    again. The answer: `acked`, how many were recorded, and `refused`, [[id, why]]: "open" (a
    game in progress), "unknown", "size" or "hash" (the bytes on flash differ). The logs are
    checked one a slice of the loop (AckStream), so keys and the screen go on meanwhile.
    `logs` (hello's `ack_text`), in place of `acks`: the same in one text, "ID SIZE HASH ..."
    with HASH the first 8 bytes of the SHA-256 in base64 (11 characters): 22 bytes a log
    where `acks` took 33, and the request's bytes are the dearest a sync reads (serial_link:
    a byte at a time)."""
    text, listed = request.get("logs"), request.get("listed", "")
    acks = [[ack[0].encode(), ack[1], binascii.hexlify(binascii.unhexlify(ack[2]))]
            for ack in request["acks"]] if text is None else _acks_of(text)
    if not 0 < len(acks) <= ACK_MOST or [ack for ack in acks
                                         if len(ack[2]) < DIGEST_LEAST or type(ack[1]) is not int]:
        raise ValueError("acks: 1 to %d of [id, size, sha256 (%d hex digits at least)]"
                         % (ACK_MOST, DIGEST_LEAST))
    as_listed = listed.split("+")[0] == _manifest_tag(link.store)
    # (imported once a request, not a log: on the device an import calls the shell's hook)
    from deckapp.store_acks import ack_key, ack_refusal, append_acks
    link.stream = AckStream(request["q"], link.store, acks, as_listed,
                            (ack_key, ack_refusal, append_acks))
    send_chunk(link)


def _acks_of(text):
    """[[id, size, the first 16 hex digits of its SHA-256]] of an ack's `logs` text, the id
    and the digits as bytes (a text made is looked up among the interned names: two a log,
    about 14,000 instructions of the unix port)."""
    words = text.encode().split()
    if len(words) % 3:
        raise ValueError("logs: ID SIZE HASH, each")
    return [[words[at], int(words[at + 1]), binascii.hexlify(binascii.a2b_base64(
        words[at + 2] + b"="))] for at in range(0, len(words), 3)]


class AckStream:
    """An `ack` being answered: the logs checked (those the session's gets sent whole by
    what the gets saw, all in one call; any other looked up in the folder of logs, one a
    call: store_acks.ack_refusal), then the block of those taken appended to the journal
    (one flash write) and the answer sent. Ended before its last call (a new request, a bot's
    think), it has written nothing: the PC asks again. The ids and digests are bytes
    (_acks_of), made texts only for a log looked up or refused."""

    def __init__(self, query, store, acks, as_listed, calls):
        self.query = query
        self.store = store
        self.acks = acks
        self.as_listed = as_listed
        self.calls = calls  # deckapp.store_acks's ack_key, ack_refusal, append_acks
        # (of its id as bytes, as the acks' ids: a text's key is never a bytes'; none open: b"")
        self.open_key = calls[0]((store.open_id or "").encode())
        self.checked = 0
        self.taken = []
        self.keys = []  # the taken logs' keys in _SERVED
        self.refused = []

    def send(self, output, most):
        """Check the next logs (those the session's gets sent whole, all at once: _SERVED;
        one other, looked up on flash), or record and answer; False once answered."""
        ack_key, ack_refusal, append_acks = self.calls
        if self.checked < len(self.acks):
            looked_up = False
            while self.checked < len(self.acks):
                game_id, size, sha256 = self.acks[self.checked]
                key = ack_key(game_id)
                if self.as_listed and key != self.open_key and _SERVED.get(key) == size:
                    why = None
                elif looked_up:
                    break  # (one lookup a slice of the loop)
                else:
                    why = ack_refusal(self.store, game_id.decode(), size, sha256.decode(),
                                      self.as_listed)
                    looked_up = True
                if why is None:
                    self.taken.append([game_id, sha256])
                    self.keys.append(key)
                else:
                    self.refused.append([game_id.decode(), why])
                self.checked += 1
            return True
        if self.taken:
            append_acks(self.store, self.taken)
        for key in self.keys:  # (acknowledged: the PC asks no more of them)
            _SERVED.pop(key, None)
        reply_to(output, {"q": self.query, "ok": 1, "acked": len(self.taken),
                          "refused": self.refused})
        return False

    def release(self):
        pass


def op_prune(link, request):
    """Remove the closed logs whose content is what the PC acknowledged."""
    return {"ok": 1, "removed": link.store.prune()}


def op_time(link, request):
    """Set the clock: `now` is [year, month, day, weekday (Monday 0), hour, minute, second]."""
    now = request["now"]
    if len(now) != 7 or [part for part in now if type(part) is not int]:
        raise ValueError("now is [year, month, day, weekday, hour, minute, second]")
    link.board.set_clock(tuple(now))
    return {"ok": 1}
