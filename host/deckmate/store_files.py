"""The device's store as files on the PC (its layout: firmware/deckapp/store.py): the checked
files read with decklink/checked.py, the format the device writes them in, and the files a
store holds for given logs, as its manifest would list them (tests and the sync benchmark put
them on a simulated device's flash)."""

import binascii
import hashlib
import json

from decklink.checked import checked_lines, read_blocks, read_values
from decklink import log_name

MANIFEST = "logs/manifest.chk"
ACKS = "logs/acks.chk"  # the journal of acknowledgements (deckapp/store_acks.py)


def log_path(game_id):
    """A log's path on the flash, in its folder of logs (decklink's log_name)."""
    return log_name(game_id, "logs")


def read_checked(data):
    """The values of a checked file's bytes; ValueError if it is damaged."""
    return list(read_values(data.splitlines(keepends=True)))


def read_journal(data):
    """The values of a journal's bytes (its whole blocks)."""
    return list(read_blocks(data.splitlines(keepends=True)))


def manifest_entry(game_id, data, closed=True, date=None):
    """The manifest entry the store writes for a log (deckapp/store_games.py open_entry and
    closed_entry)."""
    header = json.loads(data.split(b"\n", 1)[0])
    last = json.loads(data.rstrip(b"\n").rsplit(b"\n", 1)[-1])
    entry = {"id": game_id, "state": "closed" if closed else "open", "date": date,
             "game": header.get("game"), "players": [seat.get("name") for seat in
                                                     header.get("players") or []],
             "size": None, "sha256": None, "result": None}
    if closed:
        entry["size"] = len(data)
        entry["sha256"] = hashlib.sha256(data).hexdigest()
        entry["crc"] = piece_crcs(data)
        if last.get("t") == "end":
            entry["result"] = {"reason": last.get("reason"), "totals": last.get("totals"),
                               "winner": last.get("winner")}
    return entry


PIECE = 4096  # deckapp/store_games.py PIECE


def piece_crcs(data):
    """The CRC-32 of each PIECE bytes of a closed log, as its manifest entry holds them; None
    for a log with a Ctrl-C or Ctrl-D byte (deckapp/store_games.py file_digest)."""
    if b"\x03" in data or b"\x04" in data:
        return None
    return ["%08x" % binascii.crc32(data[at:at + PIECE]) for at in range(0, len(data), PIECE)]


def store_files(logs, open_id=None):
    """{path on the flash: bytes} of a store holding `logs` ([(game id, bytes)], oldest first),
    all closed but `open_id`'s, the game in progress."""
    files = dict((log_path(game_id), data) for game_id, data in logs)
    entries = [manifest_entry(game_id, data, game_id != open_id) for game_id, data in logs]
    files[MANIFEST] = b"".join(checked_lines(entries))
    return files
