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

from deckapp.store import StoreError
from deckapp.version import VERSION
from decklink.checked import CHECK_DIGITS
from decklink.frame import TO_DEVICE, TO_HOST, FrameError, decode, encode

PROTOCOL = 1       # raised for any change a PC of the last version would misread
LOG_FORMAT = 1     # the log format version the device writes (docs/log-format.md)
CHUNK = 1536       # log bytes per chunk frame (2,048 in base64)
GET_MOST = 65536   # the most bytes one get asks for (a round trip per log, most often)
LIST_MOST = 16     # manifest entries per list frame


def reply(link, message):
    link.output.write(encode(TO_HOST, message))


def answer(link, line, too_long):
    """Read one request line and answer it."""
    if too_long:
        return reply(link, {"err": "frame", "why": "a request is at most 240 bytes"})
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
        message = {"err": "op", "why": "no request %r (hello, list, get, hash, ack, prune, time)"
                   % operation}
    else:
        try:
            message = handler(link, request)
        except StoreError as error:
            message = {"err": "store", "why": str(error)}
        except (KeyError, TypeError, ValueError) as error:
            message = {"err": "args", "why": "%s: %s %s" % (operation, type(error).__name__,
                                                            error)}
    if message is not None:
        reply(link, dict(message, q=query))


def op_hello(link, request):
    from deckapp.crash import last
    info = os.statvfs(link.store.root or "/")
    return {"ok": 1, "proto": PROTOCOL, "device": link.board.device_id(), "fw": VERSION,
            "log_v": LOG_FORMAT, "free": link.store.free_bytes(), "total": info[0] * info[2],
            "logs": link.store.game_count, "open": link.store.open_id, "chunk": CHUNK,
            "get_most": GET_MOST, "crash": last(link.store),
            "listed": _list_tag(link)}


def _list_tag(link):
    """A text that changes whenever the list would, but for the acknowledgements: the
    manifest's checksum and the open log's size. A PC that archived and acknowledged all it
    listed under a tag need not list again while the tag stays (it made the acknowledgements
    itself)."""
    store = link.store
    try:
        size = os.stat(store.manifest_path)[6]
    except OSError:
        return "empty"
    with open(store.manifest_path, "rb") as handle:
        handle.seek(max(0, size - CHECK_DIGITS - 2))
        tag = handle.read().decode().strip()
    if store.open_id is not None:
        tag += "+%d" % _log_size(link, store.open_id)
    return tag


def op_list(link, request):
    """The manifest from entry `from` on, LIST_MOST entries a frame: id, state, size, sha256
    (closed logs), acked, date; then a frame with `done`."""
    link.stream = ListStream(request["q"], link.store, request.get("from", 0))
    send_chunk(link)


def op_get(link, request):
    """Bytes `off` to `off + n` of a log, `c` bytes a frame (base64; at most and by default
    CHUNK: a PC that sees frames damaged asks for shorter ones), then a frame with `done`
    and `eof` (true when the log ends there)."""
    game_id, offset, count = request["id"], request["off"], request["n"]
    chunk = request.get("c", CHUNK)
    if not (0 <= offset and 0 < count <= GET_MOST and 0 < chunk <= CHUNK):
        raise ValueError("off >= 0, 0 < n <= %d and 0 < c <= %d" % (GET_MOST, CHUNK))
    size = _log_size(link, game_id)
    link.stream = GetStream(request["q"], link.store.log_path(game_id), offset,
                            min(offset + count, size), size, chunk)
    send_chunk(link)


def _log_size(link, game_id):
    """The bytes of a log on flash (ValueError when there is none)."""
    try:
        return os.stat(link.store.log_path(game_id))[6]
    except OSError:
        raise ValueError("no log of game %s" % game_id)


def send_chunk(link):
    """The stream's next frame (serial_link calls it once a slice); a flash error ends it
    with an error frame."""
    stream = link.stream
    try:
        if stream.send(link.output):
            return
    except (OSError, StoreError) as error:
        reply(link, {"q": stream.query, "err": "store", "why": "flash error: %s" % error})
    link.end_stream()


class GetStream:
    """A get being answered, a chunk a slice. Its file is opened by the first read after a
    release (serial_link releases it between the slices of a lean pass)."""

    def __init__(self, query, path, offset, end, size, chunk):
        self.query = query
        self.path = path
        self.offset = offset
        self.end = end
        self.size = size
        self.chunk = chunk
        self.handle = None
        self.buffer = bytearray(0)

    def send(self, output):
        """Send the next frame; False once the last (`done`) is sent."""
        if self.offset < self.end:
            if self.handle is None:
                self.handle = open(self.path, "rb")
                self.handle.seek(self.offset)
                self.buffer = bytearray(self.chunk)
            count = self.handle.readinto(self.buffer)
            data = memoryview(self.buffer)[:min(count, self.end - self.offset)]
            if data:
                head = ('{"q":%d,"ok":1,"at":%d,"data":"' % (self.query, self.offset)).encode()
                # (MicroPython's b2a_base64 takes any buffer)
                text = binascii.b2a_base64(data)[:-1]  # pyright: ignore[reportArgumentType]
                crc = binascii.crc32(b'"}', binascii.crc32(text, binascii.crc32(head)))
                output.write(TO_HOST)
                output.write(head)
                output.write(text)
                output.write(b'"}*%08x\n' % (crc & 0xFFFFFFFF))
                self.offset += len(data)
                return True
            self.end = self.offset  # the file is shorter than it was
        output.write(encode(TO_HOST, {"q": self.query, "ok": 1, "done": 1, "at": self.offset,
                                      "eof": self.offset >= self.size}))
        return False

    def release(self):
        if self.handle is not None:
            self.handle.close()
            self.handle = None
            self.buffer = bytearray(0)


class ListStream:
    """A list being answered, LIST_MOST entries a slice, the manifest read as it goes (read
    again up to where it was after a release)."""

    def __init__(self, query, store, first):
        self.query = query
        self.store = store
        self.index = first
        self.games = None

    def send(self, output):
        if self.games is None:
            self.games = self.store.games()
            try:
                for _ in range(self.index):
                    next(self.games)
            except StopIteration:
                pass
        entries = []
        for listed in self.games:
            entries.append({"id": listed["id"], "state": listed["state"], "size": listed["size"],
                            "sha256": listed["sha256"], "acked": listed["acked"],
                            "date": listed["date"]})
            if len(entries) == LIST_MOST:
                break
        if entries:
            output.write(encode(TO_HOST, {"q": self.query, "ok": 1, "at": self.index,
                                          "games": entries}))
            self.index += len(entries)
            return True
        output.write(encode(TO_HOST, {"q": self.query, "ok": 1, "done": 1, "at": self.index}))
        return False

    def release(self):
        if self.games is not None:
            self.games.close()
            self.games = None


def op_hash(link, request):
    """The SHA-256 of the first `n` bytes of a log (an open log's, once the PC has them)."""
    game_id, count = request["id"], request["n"]
    if not 0 <= count <= _log_size(link, game_id):
        raise ValueError("n is more than the log holds")
    hasher = hashlib.sha256()
    buffer = bytearray(CHUNK)
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
    """Record that the PC holds a closed log whose SHA-256 is `sha256` (the log is read and
    hashed again; the manifest is not read)."""
    game_id, digest = request["id"], request["sha256"]
    try:
        os.stat(link.store.log_path(game_id))
    except OSError:
        return {"err": "unknown", "why": "no game %s" % game_id}
    if game_id == link.store.open_id:
        return {"err": "open", "why": "game %s is in progress; it is acknowledged once it is "
                                      "closed" % game_id}
    if not link.store.acknowledge(game_id, digest):
        return {"err": "hash", "why": "the log of game %s on flash does not have the SHA-256 %s"
                                     % (game_id, digest)}
    return {"ok": 1, "id": game_id}


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
