"""The store's journal of the PC's acknowledgements (docs/storage.md): record that the PC
holds closed logs, many in one write, read back what it acknowledged, and list the games with
it (Store.games: the manifest joined with the journal). deckapp.store
imports this module for a call and unloads it after (Store.acknowledge, ...); a sync holds it
with the store's other modules. The functions take the Store as their first argument."""

import hashlib
import json
import os

from deckapp.checked_file import checked_values, exists, write_checked
from deckapp.store_base import checked_name, flash_error
from deckapp.store_games import file_digest, folder_names
from decklink.checked import checksum_line, read_blocks

ENOENT = 2
ENOSPC = 28

# What each function Store calls here is doing, for the StoreError of an OSError in it.
DOING = {"acknowledge": "recording an acknowledgement",
         "acknowledge_listed": "recording acknowledgements", "acked": "reading an acknowledgement",
         "games": "listing the games"}


def acks_path(store):
    """The journal of acknowledgements: checked blocks of [game id, SHA-256 (its first 16 hex
    digits or more)] values, a block appended for each batch the PC acknowledges
    (decklink/checked.py read_blocks)."""
    return store.logs_dir + "/acks.chk"


def acknowledge(store, game_id, sha256):
    """Store.acknowledge: record the hash of a log the PC has saved; False if there is no
    such closed log, or if its bytes on flash have another SHA-256 (the log is hashed)."""
    path = store.log_path(game_id)
    if game_id == store.open_id or not exists(path) or file_digest(path)[1] != sha256:
        return False
    append_acks(store, [[game_id, sha256]])
    return True


def acknowledge_listed(store, acks, as_listed):
    """Store.acknowledge_listed: record the hashes of many closed logs the PC has saved, in
    one block appended to the journal (one flash write for a batch); `acks` is [[game id,
    size, SHA-256]]. `as_listed`: the PC read these sizes and hashes from the manifest as it
    is now (the list tag matches), so a log whose size on flash is the listed one and whose
    last line is whole (its last byte a newline) is taken without hashing it again (the
    prune hashes it before it removes it); otherwise each log is hashed. The hash may be its
    first 16 hex digits or more (what the journal keeps). The refused, [[game id, why]]: "open",
    "unknown" (no such log), "size" or "hash" (the bytes on flash differ)."""
    taken, refused = [], []
    for game_id, size, sha256 in acks:
        why = ack_refusal(store, game_id, size, sha256, as_listed)
        if why is None:
            taken.append([game_id, sha256])
        else:
            refused.append([game_id, why])
    if taken:
        append_acks(store, taken)
    return refused


def ack_refusal(store, game_id, size, sha256, as_listed):
    """Why the acknowledgement of one log is refused ("open", "unknown", "size", "hash"), or
    None (acknowledge_listed; the sync checks one log a slice of the loop with it)."""
    if game_id == store.open_id:
        return "open"
    try:
        path = store.log_path(game_id)
    except ValueError:  # (an id no log of the store can have)
        return "unknown"
    why = _listed_why(path, size)
    if why is None and not as_listed and not file_digest(path)[1].startswith(sha256):
        why = "hash"
    return why


def _listed_why(path, size):
    """None if the log at `path` is `size` bytes and its last byte is a newline (a log only
    ever ends so: a line cut off by a power cut is removed at boot), else why not: "unknown"
    (no such log) or "size". The log is looked up once (a lookup in a folder of many logs is
    the most of the work)."""
    try:
        handle = open(path, "rb")
    except OSError as error:
        if error.args and error.args[0] == ENOENT:
            return "unknown"
        raise
    try:
        if size < 1 or handle.seek(0, 2) != size:
            return "size"
        handle.seek(size - 1)
        if handle.read(1) != b"\n":
            return "size"
    finally:
        handle.close()
    return None


def append_acks(store, acks):
    """Append a block of [game id, SHA-256] to the journal of acknowledgements (LittleFS
    commits it at the close: a power cut leaves the journal without the block or with it
    whole). On a full flash, where the journal cannot grow, each is a file of its own
    (`<game id>.ack`), small enough for LittleFS to keep in its metadata: the sync can
    always acknowledge, so a prune can always free space. The id and the hash are texts, or
    bytes (a sync's `ack`: ack_line)."""
    try:
        append_block(acks_path(store), acks)
    except OSError as error:
        if not error.args or error.args[0] != ENOSPC:
            raise
        for game_id, digest in acks:
            if type(game_id) is bytes:
                game_id, digest = game_id.decode(), digest.decode()
            write_checked(ack_file(store, game_id), [digest])


def ack_line(game_id, digest):
    """The journal's line of the acknowledgement of a log, [game id, digest] as JSON, the
    line that json.dumps makes. A numbered id and a digest (hex digits) as bytes (an `ack`
    of a sync: sync_requests._acks_of) are put in the line as they are: on the device each
    text made is looked up among the interned names, about 7,000 instructions of the unix
    port, three of them a log through json."""
    if type(game_id) is bytes and game_id.isdigit():
        return b'["%s", "%s"]\n' % (game_id, digest)
    if type(game_id) is bytes:
        game_id, digest = game_id.decode(), digest.decode()
    return json.dumps([game_id, digest]).encode() + b"\n"


def sealed(lines):
    """`lines` (JSON values, each a line of bytes: ack_line's), then their checksum line: a
    journal's block, as decklink.checked.checked_lines makes a checked file's lines of values
    (its own loop here: the lines are made without json, and this module is not held while a
    match is played, where that one is)."""
    hasher = hashlib.sha256()
    for line in lines:
        hasher.update(line)
        yield line
    yield checksum_line(hasher)


def append_block(path, values):
    """Append the checked block of `values`, [game id, digest] each (ack_line), to the
    journal at `path` (OSError, the journal as it was, if it cannot be)."""
    handle = open(path, "ab")
    try:
        for line in sealed(ack_line(game_id, digest) for game_id, digest in values):
            handle.write(line)
        handle.close()
    except OSError:
        try:
            handle.close()
        except OSError:
            pass
        raise


def ack_file(store, game_id):
    """The acknowledgement of a log as a file of its own (a full flash; the firmware before
    the journal kept them all so)."""
    return "%s/%s.ack" % (store.logs_dir, checked_name(game_id))


def read_acks(store):
    """The acknowledgements, [game id, SHA-256], one at a time: the journal's, oldest first,
    then those in files of their own; a damaged block or file is passed over (the PC
    acknowledges those logs again)."""
    for value in journal_acks(store):
        yield value
    for name in folder_names(store.logs_dir):
        if name.endswith(".ack"):
            try:
                values = list(checked_values(store.logs_dir + "/" + name))
            except ValueError:
                values = []
            if values:
                yield [name[:-4], values[0]]


def journal_acks(store):
    """The journal's acknowledgements alone, oldest first."""
    path = acks_path(store)
    if exists(path):
        with open(path, "rb") as handle:
            for value in read_blocks(handle):
                yield value


def ack_key(game_id):
    """A game id (a text, or its bytes: an `ack` of a sync) as a dict key taking no heap of
    its own: a small int for the store's numbered ids (written without a leading zero: no
    text made to compare, a sync's work on each log it sends)."""
    if game_id.isdigit() and len(game_id) < 9 and (len(game_id) == 1 or not game_id.startswith(
            b"0" if type(game_id) is bytes else "0")):
        return int(game_id)
    return game_id


def ack_index(store):
    """{ack_key(game id): the first 7 hex digits of the hash last acknowledged, as a small
    int}: the journal in a few bytes a log, for a list of every game."""
    index = {}
    for value in read_acks(store):
        index[ack_key(value[0])] = int(value[1][:7], 16)
    return index


def acked(store, game_id):
    """Store.acked: the hash the PC last acknowledged for a log (the whole of it, or its first
    16 hex digits or more), or None."""
    found = None
    for value in read_acks(store):
        if value[0] == game_id:
            found = value[1]
    return found


def games(store):
    """Store.games: the manifest entries one at a time, oldest first (a History screen keeps
    only what it shows): dicts with `id`, `state` ("open" or "closed"), `date` (text or
    None), `game`, `players` (names), `size`, and for closed logs `sha256`, `acked` (that
    hash when the journal holds it as the PC's last acknowledgement, or None), `synced`
    (True when they are equal) and `result` (`reason`, `totals`, `winner` of the end line, or
    None); `damaged` says what is wrong, or None. The journal is read first, in the call
    (its modules unloaded after it, as any call's)."""
    try:
        index = ack_index(store)
    except OSError as error:
        raise flash_error(error, "listing the games")
    return _listed(store, index)


def _listed(store, index):
    try:
        for listed in checked_values(store.manifest_path):
            game_id = listed["id"]
            digest = listed["sha256"]
            listed["acked"] = digest if listed["state"] == "closed" and digest and index.get(
                ack_key(game_id)) == int(digest[:7], 16) else None
            listed["synced"] = listed["acked"] is not None and listed["acked"] == listed["sha256"]
            listed["damaged"] = store.damaged.get(game_id)
            if listed["state"] == "open":
                listed["size"] = os.stat(store.log_path(game_id))[6]
            yield listed
    except OSError as error:
        raise flash_error(error, "listing the games")
