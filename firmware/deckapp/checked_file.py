"""Checked files: JSON lines and a checksum line, replaced atomically (the write discipline in
deckapp/store.py). The store's state files, manifest and acknowledgements are such files.
deckapp.store imports this module for each state file read or written and unloads it after,
so a match does not keep it loaded; store_games.py and store_repair.py import it too."""

import binascii
import hashlib
import json
import os

from deckapp.store import _exists, _flash_error, _remove

# What each function here is doing, for the StoreError of an OSError in it (Store._call).
DOING = {"write_checked": "saving a state", "checked_values": "reading a saved state"}


def digest_text(hasher):
    return binascii.hexlify(hasher.digest()).decode()


def write_checked(path, values):
    """Replace `path` by the JSON lines of `values` (any iterable, read as it is written) and
    their checksum line, atomically."""
    temp = path + ".tmp"
    hasher = hashlib.sha256()
    try:
        with open(temp, "wb") as handle:
            for value in values:
                line = (json.dumps(value) + "\n").encode()
                hasher.update(line)
                handle.write(line)
            handle.write(("#" + digest_text(hasher)[:16] + "\n").encode())
            handle.flush()
        os.rename(temp, path)
    except Exception as error:
        _remove(temp)
        if isinstance(error, OSError):
            raise _flash_error(error, "saving " + path)
        raise


def checked_values(path):
    """The values of a file written by write_checked, one at a time (none if it is missing).

    Raises ValueError, once the values are read, if the file is damaged (bad checksum, no
    checksum line, a line that is not JSON)."""
    if not _exists(path):
        return
    hasher = hashlib.sha256()
    with open(path, "rb") as handle:
        while True:
            line = handle.readline()
            if not line:
                raise ValueError("it has no checksum line")
            if line.startswith(b"#"):
                if line.strip() != ("#" + digest_text(hasher)[:16]).encode():
                    raise ValueError("its checksum does not match")
                return
            hasher.update(line)
            try:
                value = json.loads(line)
            except ValueError:
                raise ValueError("a line is not JSON")
            yield value
