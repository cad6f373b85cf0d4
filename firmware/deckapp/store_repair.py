"""The store's boot check and repairs, and its prune: code the store needs at boot and at a
sync, never during a match. deckapp.store imports this module for the call and unloads it
(and deckapp.store_games, which it uses) after (Store.boot, Store.prune), so it takes no heap
while a game is played."""

import os

from deckapp.checked_file import checked_values, exists, remove_if_there, write_checked
from deckapp.store_base import SYNC_MESSAGE, StoreFull, flash_error
from deckapp.store_acks import ack_file, acked, acks_path, append_block, journal_acks, read_acks
from deckapp.store_games import (CHUNK, closed_entry, count_entries, describe, file_digest,
                                 folder_names, open_entry, rewrite_manifest, scan_log)


DIGEST_LEAST = 16  # the hex digits of a SHA-256 an acknowledgement holds at least (64 bits:
#                   a log that differs from the PC's copy matches by chance once in 2**64)
# What each of Store's methods here is doing, for the StoreError of an OSError in it.
DOING = {"boot": "starting the store", "prune": "removing synced logs"}


def boot(store, verify_closed=True):
    """Store.boot: bring the store to a consistent state after any stop; the sentences of
    what was done.

    Removes stray temp files; moves logs kept by the firmware before the folders of logs
    into their folders; rebuilds a damaged manifest from the logs; finishes a start,
    close or prune that a power cut interrupted; checks every line of the open log and
    keeps its good prefix if the last line is cut off; with `verify_closed`, checks every
    closed log against its SHA-256. Damage also goes to `problems`."""
    report = []
    for folder in (store.root, store.logs_dir, store.state_dir):
        if folder and not exists(folder):
            os.mkdir(folder)
    if exists(store.manifest_path):  # LittleFS finishes a rename into another folder cut off
        open(store.manifest_path, "ab").close()  # by a power cut when a file is first opened
    #   to be written (nothing is written else); until then the old folder's listing can pass
    #   over another of its files, and boot found the log after the one moved missing
    #   (tests/store/power_cut_sweep.py migrating, a cut in the third operation)
    _move_into_folders(store, report)
    folders = [store.logs_dir + "/" + name for name in folder_names(store.logs_dir)
               if "." not in name]  # the folders of logs (a few dozen: 32 logs a folder)
    for folder in [store.logs_dir, store.state_dir] + folders:
        for name in [name for name in folder_names(folder) if name.endswith(".tmp")]:
            os.remove(folder + "/" + name)
            report.append("removed the unfinished file %s" % name)
    listed = _Ids()
    try:
        for entry in checked_values(store.manifest_path):
            listed.add(entry["id"])
    except ValueError as error:
        store.add_problem("The list of games was damaged (%s); rebuilt from the logs" % error,
                       report)
        write_checked(store.manifest_path, [])
        listed = _Ids()
    changed = {}
    for entry in checked_values(store.manifest_path):
        game_id = entry["id"]
        if not exists(store.log_path(game_id)):
            changed[game_id] = None
            digest = acked(store, game_id)
            if entry["state"] != "closed" or not digest or not entry["sha256"].startswith(digest):
                store.add_problem("The log of game %s is missing" % game_id, report)
        elif entry["state"] == "open":
            checked = _check_open(store, entry, report)
            if checked is not entry:
                changed[game_id] = checked
        elif verify_closed:
            _verify_closed(store, entry, report)
    added = []
    for folder in folders:
        for game_id in [name[:-6] for name in folder_names(folder)
                        if name.endswith(".jsonl") and name[:-6] not in listed]:
            report.append("found the log of game %s" % game_id)
            entry = _check_open(store, open_entry(game_id, None), report)
            if entry is not None:
                added.append(entry)
    _move_ack_files(store, report)
    pruned = [value[0] for value in read_acks(store) if not exists(store.log_path(value[0]))]
    try:
        if pruned:  # a prune cut off before its last step
            _drop_acks(store, pruned)
            for game_id in pruned:
                report.append("removed the acknowledgement of pruned game %s" % game_id)
    except StoreFull:  # boot finishes it once space is freed
        report.append(SYNC_MESSAGE)
    try:
        if changed or added:
            rewrite_manifest(store, changed, added)
        else:
            count_entries(store)
    except StoreFull:  # boot finishes it once space is freed
        report.append(SYNC_MESSAGE)
    _remove_empty(folders)
    return report


def _move_into_folders(store, report):
    """Move the logs that the firmware before the folders of logs kept in the logs folder
    itself into their folders (decklink's log_name), a rename each: a power cut leaves a log
    in one place or the other, and the next boot moves the rest. (Before the temp files are
    removed: "5.jsonl.tmp" is not moved.) The names are taken 32 at a time from a listing
    read to its end before any is moved: a list of a thousand does not fit in the heap, and a
    folder is not listed while it changes. (Its parts are not functions of their own: each
    name of a function is interned for good at boot, and a Droggn match has few to spare.)"""
    moved = 0
    while True:
        names = []
        for name in folder_names(store.logs_dir):
            if name.endswith(".jsonl") and len(names) < 32:
                names.append(name)
        for name in names:
            target = store.log_path(name[:-6])
            folder = target.rsplit("/", 1)[0]
            if not exists(folder):
                os.mkdir(folder)
            os.rename(store.logs_dir + "/" + name, target)
        moved += len(names)
        if len(names) < 32:
            break
    if moved:
        report.append("moved %d logs into their folders" % moved)


def _remove_empty(folders):
    """Remove those of `folders` (paths) that hold nothing: a folder takes two blocks of the
    flash (LittleFS's metadata pair)."""
    for folder in folders:
        held = 0
        for _ in folder_names(folder):  # (read to its end: a listing left open holds its
            held += 1                   # folder in LittleFS)
        if not held:
            try:
                os.rmdir(folder)
            except OSError:
                pass


class _Ids:
    """The game ids of the manifest in little memory, for boot to find the logs it does not
    list: a bit per numbered id (the store numbers its games), a list for other names."""

    def __init__(self):
        self.bits = bytearray(0)
        self.names = []

    def _number(self, game_id):
        if game_id.isdigit() and str(int(game_id)) == game_id:
            return int(game_id)
        return None

    def add(self, game_id):
        number = self._number(game_id)
        if number is None:
            self.names.append(game_id)
            return
        if number // 8 >= len(self.bits):
            self.bits.extend(bytes(number // 8 + 1 - len(self.bits)))
        self.bits[number // 8] |= 1 << number % 8

    def __contains__(self, game_id):
        number = self._number(game_id)
        if number is None:
            return game_id in self.names
        return number // 8 < len(self.bits) and bool(self.bits[number // 8] & 1 << number % 8)


def _check_open(store, entry, report):
    """Check an open log line by line. Returns its entry: the same, a new one (described, or
    closed if the log ends with an end line), or None if the log was empty."""
    game_id = entry["id"]
    path = store.log_path(game_id)
    good_bytes, lines, bad_line, last = scan_log(path)
    if bad_line is not None:
        if not _is_last_line(path, good_bytes):
            store.damaged[game_id] = "line %d is damaged" % bad_line
            store.add_problem("The log of game %s is damaged at line %d" % (game_id, bad_line),
                           report)
            return entry
        try:
            _copy_prefix(path, good_bytes)
        except StoreFull:
            store.damaged[game_id] = "its last line is cut off"
            report.append(SYNC_MESSAGE)
            return entry
        report.append("game %s: kept %d lines, removed a cut-off last line" % (game_id, lines))
    if lines == 0:
        os.remove(path)
        report.append("removed the empty log of game %s" % game_id)
        return None
    if entry["game"] is None:
        entry = dict(entry)
        with open(path, "rb") as handle:
            describe(entry, handle.readline())
    if last is not None and last.get("t") == "end":
        report.append("closed game %s, which had ended" % game_id)
        return closed_entry(store, entry, last)
    return entry


def _is_last_line(path, offset):
    """True if no newline follows `offset` except at the very end."""
    with open(path, "rb") as handle:
        handle.seek(offset)
        rest = handle.read()
    return b"\n" not in rest[:-1]


def _verify_closed(store, entry, report):
    size, digest = file_digest(store.log_path(entry["id"]))
    if size != entry["size"] or digest != entry["sha256"]:
        store.damaged[entry["id"]] = "its content differs from the one saved at its end"
        store.add_problem("The log of game %s is damaged" % entry["id"], report)


def _copy_prefix(path, size):
    """Replace `path` by its first `size` bytes (LittleFS files have no truncate)."""
    temp = path + ".tmp"
    buffer = bytearray(CHUNK)
    try:
        with open(path, "rb") as source, open(temp, "wb") as target:
            left = size
            while left:
                count = source.readinto(buffer)
                count = min(count, left)
                target.write(memoryview(buffer)[:count])
                left -= count
            target.flush()
        os.rename(temp, path)
    except OSError as error:
        remove_if_there(temp)
        raise flash_error(error, "repairing " + path)


def prune(store):
    """Store.prune: remove the closed logs whose content hashes to the acknowledged hash;
    the ids removed. Nothing else is ever deleted. The log is removed, then its entry in the
    manifest, then its acknowledgements (boot finishes a prune cut off)."""
    removed = []
    seen = _Ids()
    for game_id, digest in read_acks(store):
        path = store.log_path(game_id)
        if game_id not in seen and game_id != store.open_id and exists(path) \
                and len(digest) >= DIGEST_LEAST and file_digest(path)[1].startswith(digest):
            seen.add(game_id)
            removed.append(game_id)
    for game_id in removed:
        os.remove(store.log_path(game_id))
    if removed:
        rewrite_manifest(store, dict((game_id, None) for game_id in removed))
        _drop_acks(store, removed)
        folders = []
        for game_id in removed:
            folder = store.log_path(game_id).rsplit("/", 1)[0]
            if folder not in folders:
                folders.append(folder)
        _remove_empty(folders)
    return removed


def _drop_acks(store, game_ids):
    """Rewrite the journal without the acknowledgements of `game_ids` (one block; none: no
    journal), and remove their files of their own."""
    gone = _Ids()
    for game_id in game_ids:
        gone.add(game_id)
    kept = [0]

    def values():  # (read as it is written: a thousand of them take no heap)
        for value in journal_acks(store):
            if value[0] not in gone:
                kept[0] += 1
                yield value
    write_checked(acks_path(store), values())
    if not kept[0]:
        remove_if_there(acks_path(store))
    for game_id in game_ids:
        remove_if_there(ack_file(store, game_id))


def _move_ack_files(store, report):
    """The acknowledgements in files of their own (a full flash; the firmware before the
    journal), appended to the journal in one block when it has room, then removed (a power
    cut between the two appends them again at the next boot: the same values)."""
    names = [name for name in folder_names(store.logs_dir) if name.endswith(".ack")]
    moved = []
    for name in names:
        try:
            values = list(checked_values(store.logs_dir + "/" + name))
        except ValueError:
            values = []
        if values and exists(store.log_path(name[:-4])):
            moved.append([name[:-4], values[0]])
    try:
        if moved:
            append_block(acks_path(store), moved)
    except OSError:  # a full flash: they stay files of their own
        return
    for name in names:
        os.remove(store.logs_dir + "/" + name)
    if names:
        report.append("moved %d acknowledgements into the journal" % len(moved))
