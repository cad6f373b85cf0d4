"""The store's games: number, start and close a game's log in the manifest, read a log, the
free space (the PC's acknowledgements and the list of games with them: deckapp/store_acks.py).
deckapp.store imports this module for a call and unloads it after (Store.start_game, ...), so
a match keeps only the append and the state files loaded; the functions take the Store as
their first argument (their API is the Store method's of the same name)."""

import binascii
import hashlib
import json
import os
import time

from deckapp.checked_file import checked_values, exists, write_checked
from decklink.checked import digest_text
from deckapp.store_base import StoreError, StoreFull, flash_error

CHUNK = 512  # bytes read at a time when a file is hashed or copied
PIECE = 4096  # the bytes of a closed log each CRC-32 of its entry covers (sync_requests.CHUNK)

# What each function Store calls here is doing, for the StoreError of an OSError in it.
DOING = {"free_bytes": "measuring the free space", "new_game_id": "numbering a new game",
         "start_game": "starting a game", "close_entry": "closing a log",
         "entry": "reading the list of games",
         "read_lines": "reading a log"}


def entry(store, game_id):
    """Store.entry: the manifest entry of a game, or None."""
    found = None
    for listed in checked_values(store.manifest_path):
        if listed["id"] == game_id:
            found = listed
    return found


def rewrite_manifest(store, changed, added=()):
    """Replace the manifest: an entry whose id is in `changed` by its value there (None
    leaves it out), then the entries `added`."""
    def entries():
        for listed in checked_values(store.manifest_path):
            listed = changed.get(listed["id"], listed)
            if listed is not None:
                yield listed
        for listed in added:
            yield listed
    try:
        write_checked(store.manifest_path, entries())
    finally:
        count_entries(store)


def count_entries(store):
    """Read the manifest for the store's count of logs, open game and largest id."""
    store.open_id = None
    store.game_count = 0
    for listed in checked_values(store.manifest_path):
        store.game_count += 1
        if listed["state"] == "open":
            store.open_id = listed["id"]
        if listed["id"].isdigit():
            store.largest_id = max(store.largest_id, int(listed["id"]))


def free_bytes(store):
    """Store.free_bytes: the bytes free on the flash."""
    info = os.statvfs(store.root or "/")
    blocks, free = info[2], info[4]
    if free > blocks:  # near full, LittleFS may count more blocks in use than there are,
        free = 0       # and MicroPython's unsigned difference wraps round (seen: 2**32 - 10)
    return info[0] * free


def open_entry(game_id, date):
    return {"id": game_id, "state": "open", "date": date, "game": None, "players": [],
            "size": None, "sha256": None, "result": None}


def new_game_id(store):
    """Store.new_game_id: the next game id, one more than any number used so far."""
    largest = max(store.largest_id, store.load_state("last_game_id", 0))
    store.save_state("last_game_id", largest + 1)
    return str(largest + 1)


def today():
    """The date as text, or None while the clock is not set (a Pico starts in 2021)."""
    now = time.localtime()
    if now[0] < 2024:
        return None
    return "%04d-%02d-%02d %02d:%02d" % now[:5]


def start_game(store, game_log, header_line):
    """Store.start_game: write the header line to the new game's GameLog and list the game.

    Raises StoreFull below `reserve_bytes` free (the store keeps as many logs as the flash
    holds), StoreError if a game is still open (close it first)."""
    game_id = game_log.game_id
    if store.open_id is not None:
        raise StoreError("a game is in progress; close it before starting another")
    if exists(store.log_path(game_id)):
        raise StoreError("game %s already has a log" % game_id)
    if free_bytes(store) < store.reserve_bytes:
        raise StoreFull("%d bytes free" % free_bytes(store))
    folder = game_log.path.rsplit("/", 1)[0]  # (its folder of games: a power cut after it is
    if not exists(folder):                     # made leaves it empty, which boot removes)
        os.mkdir(folder)
    game_log.append(header_line)
    started = open_entry(game_id, today())
    describe(started, header_line)
    rewrite_manifest(store, {}, [started])


def describe(listed, header):
    """Fill in what History shows from the header line."""
    try:
        fields = json.loads(header)
    except ValueError:
        fields = {}
    listed["game"] = fields.get("game")
    listed["players"] = [seat.get("name") for seat in fields.get("players") or []]


def file_digest(path, pieces=None):
    """(size, SHA-256 hex) of a file, read in small chunks. `pieces`, a list: the CRC-32 of
    each PIECE bytes of it are appended (8 hex digits each), or None if it holds a Ctrl-C or
    Ctrl-D byte (docs/sync-protocol.md: a get sends such a log's bytes as they are, checked by
    these CRCs on the PC, only when it has none)."""
    hasher = hashlib.sha256()
    size = 0
    buffer = bytearray(CHUNK)
    crc = 0
    clean = True
    with open(path, "rb") as handle:
        while True:
            count = handle.readinto(buffer)
            if not count:
                break
            data = memoryview(buffer)[:count]
            hasher.update(data)
            size += count
            if pieces is not None:
                crc = binascii.crc32(data, crc)
                clean = clean and buffer.find(b"\x03", 0, count) < 0 \
                    and buffer.find(b"\x04", 0, count) < 0
                if size % PIECE == 0:
                    pieces.append("%08x" % (crc & 0xFFFFFFFF))
                    crc = 0
    if pieces is not None and size % PIECE:
        pieces.append("%08x" % (crc & 0xFFFFFFFF))
    if pieces is not None and not clean:
        del pieces[:]
        pieces.append(None)
    return size, digest_text(hasher)


def scan_log(path):
    """Check a log line by line: (good bytes, good lines, first bad line number or None,
    the last good record). The good prefix ends at the first line that is cut off or not JSON."""
    good_bytes = 0
    lines = 0
    last = None
    with open(path, "rb") as handle:
        while True:
            line = handle.readline()
            if not line:
                return good_bytes, lines, None, last
            try:
                if not line.endswith(b"\n"):
                    raise ValueError
                last = json.loads(line)
            except ValueError:
                return good_bytes, lines, lines + 1, last
            good_bytes += len(line)
            lines += 1


def last_record(path):
    """The last line of a log, parsed; None if it is cut off or not JSON. Only the log's end
    is read (CHUNK bytes; a longer last line is found by scan_log): a log is closed at the
    end of a match, while the match still holds most of the heap."""
    tail = bytearray(CHUNK)
    with open(path, "rb") as handle:
        start = max(0, handle.seek(0, 2) - CHUNK)
        handle.seek(start)
        count = handle.readinto(tail)
    if not count or tail[count - 1] != 10:  # a newline
        return None
    begin = tail.rfind(b"\n", 0, count - 1) + 1
    if begin == 0 and start > 0:
        return scan_log(path)[3]
    try:
        return json.loads(bytes(memoryview(tail)[begin:count]))
    except ValueError:
        return None


def closed_entry(store, listed, last):
    """The entry of a closed log: its size, SHA-256, the CRC-32 of each PIECE bytes (`crc`;
    None if it holds a Ctrl-C or Ctrl-D byte) and result (from `last`, its last record, if
    that is an end record)."""
    closed = dict(listed)
    closed["state"] = "closed"
    pieces = []
    closed["size"], closed["sha256"] = file_digest(store.log_path(listed["id"]), pieces)
    closed["crc"] = None if None in pieces else pieces
    if last is not None and last.get("t") == "end":
        closed["result"] = {"reason": last.get("reason"), "totals": last.get("totals"),
                            "winner": last.get("winner")}
    return closed


def close_entry(store, game_id):
    """Store.close_entry: record a log as closed in the manifest (GameLog.close calls it)."""
    last = last_record(store.log_path(game_id))
    rewrite_manifest(store, {game_id: closed_entry(store, entry(store, game_id), last)})


def read_lines(store, game_id):
    """Store.read_lines: the lines of a log as text without newlines; a cut-off last line
    is left out."""
    try:
        with open(store.log_path(game_id), "rb") as handle:
            while True:
                line = handle.readline()
                if not line.endswith(b"\n"):
                    return
                yield line[:-1].decode()
    except OSError as error:
        raise flash_error(error, "reading the log of game %s" % game_id)


def folder_names(folder):
    """The names in a folder one at a time: a list of a thousand logs' names would not fit in
    the device's heap (MicroPython's ilistdir; CPython, on a PC, has listdir)."""
    if hasattr(os, "ilistdir"):
        for found in os.ilistdir(folder):
            yield found[0]
    else:
        for name in os.listdir(folder):
            yield name
