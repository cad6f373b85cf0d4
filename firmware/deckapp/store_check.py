"""The store's boot check: whether the store is as a stop between two writes leaves it, with
nothing for the boot's repairs to do (deckapp/store_repair.py boot). Most boots find it so,
and load this module, the games' (deckapp/store_games.py, which a match loads too) and the
checked files', not the repairs nor the journal's code (deckapp/store_acks.py): each name of
a module loaded is interned for good, and the match played after the boot is a few names
under a new pool of them (docs/budgets.md, "Names"). Store.boot imports it for the call and
unloads it after; it writes nothing, as a boot of an intact store writes nothing."""

import os

from deckapp.checked_file import checked_values, exists
from deckapp.store_games import count_entries, file_digest, folder_names, scan_log
from decklink.checked import read_blocks

# What Store's call here is doing, for the StoreError of an OSError in it.
DOING = {"intact": "starting the store"}


def intact(store, verify_closed=True):
    """True if the store's repairs would find nothing to do, the store's count of logs then
    read (store_games count_entries) as the repairs' boot reads it; False if there is a thing
    to repair, and the boot is then theirs.

    Intact: the store's folders are there, no temp file is left; the folder of logs holds
    the manifest, the journal and the folders of logs only (no log outside its folder, no
    acknowledgement in a file of its own), and these only the logs the manifest lists, each
    in its place (decklink log_name), none empty; the manifest is whole and every log it
    lists is there, the open one whole (its last line too), its header described in its
    entry and its end not written, each closed one (with `verify_closed`) of the size and
    SHA-256 listed; the journal acknowledges no log that is gone (a prune cut off). (A file
    the repairs pass over, a stranger's, leaves the boot to them too: they leave it.)"""
    for folder in (store.root, store.logs_dir, store.state_dir):
        if folder and not exists(folder):
            return False
    if exists(store.manifest_path):  # (as the repairs' boot does first: LittleFS finishes
        open(store.manifest_path, "ab").close()  # a rename cut off, store_repair.boot)
    whole = True  # (each listing and file is read to its end: one left open holds its file
    folders = []  # or folder in LittleFS) -- the folders of logs (a few dozen: 32 logs each)
    for name in folder_names(store.logs_dir):  # (no file but the manifest and the journal:
        path = store.logs_dir + "/" + name      # a log, a temp file, an acknowledgement of
        if "." not in name:                     # its own are the repairs')
            folders.append(path)
        elif path != store.manifest_path and path != store.acks_path:
            whole = False
    for name in folder_names(store.state_dir):
        whole = whole and not name.endswith(".tmp")
    listed = Ids()
    try:  # (the whole manifest checked before any entry is read but for its id: a flipped
        for entry in checked_values(store.manifest_path):  # byte is found at its end)
            listed.add(entry["id"])
    except ValueError:
        return False
    for entry in checked_values(store.manifest_path):
        path = store.log_path(entry["id"])
        if not whole or not exists(path):
            whole = False
        elif entry["state"] == "open":
            good_bytes, lines, bad_line, last = scan_log(path)
            whole = bad_line is None and lines > 0 and entry["game"] is not None and (
                last is None or last.get("t") != "end")
        elif verify_closed:
            whole = file_digest(path) == (entry["size"], entry["sha256"])
    for folder in folders:
        held = 0
        for name in folder_names(folder):  # (nothing but the logs listed, each in its place)
            held += 1
            whole = whole and name[:-6] in listed and store.log_path(name[:-6]) == (
                folder + "/" + name)
        whole = whole and held > 0
    for value in checked_values(store.acks_path, read_blocks):
        whole = whole and exists(store.log_path(value[0]))
    if whole:
        count_entries(store)
    return whole


class Ids:
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
