"""Checked files on the flash: the format of decklink/checked.py (JSON lines and a checksum
line), replaced atomically (the write discipline in deckapp/store.py). The store's state
files, manifest and acknowledgements are such files, and the file helpers of the store's
modules are here. deckapp.store imports this module for each state file read or written and
unloads it after, so a match does not keep it loaded; store_games.py and store_repair.py
import it too."""

import os

from decklink.checked import checked_lines, read_values
from deckapp.store_base import flash_error

ENOENT = 2

# What each function Store calls here is doing, for the StoreError of an OSError in it.
DOING = {"write_checked": "saving a state", "checked_values": "reading a saved state",
         "remove": "removing a saved state"}


def write_checked(path, values):
    """Replace `path` by the checked file of `values` (any iterable, read as it is written),
    atomically."""
    temp = path + ".tmp"
    try:
        with open(temp, "wb") as handle:
            for line in checked_lines(values):
                handle.write(line)
            handle.flush()
        os.rename(temp, path)
    except Exception as error:
        remove_if_there(temp)
        if isinstance(error, OSError):
            raise flash_error(error, "saving " + path)
        raise


def checked_values(path):
    """The values of a checked file, one at a time (none if it is missing).

    Raises ValueError, once the values are read, if the file is damaged (bad checksum, no
    checksum line, a line that is not JSON)."""
    if not exists(path):
        return
    with open(path, "rb") as handle:
        for value in read_values(handle):
            yield value


def exists(path):
    """True if there is a file or folder at `path` (OSError for a flash error)."""
    try:
        os.stat(path)
        return True
    except OSError as error:
        if error.args and error.args[0] == ENOENT:
            return False
        raise


def remove(path):
    """Remove the file at `path`; none there is no error, a file that stays is (OSError)."""
    try:
        os.remove(path)
    except OSError:
        if exists(path):
            raise


def remove_if_there(path):
    """Remove the file at `path`, if it can be (the boot's repairs: what stays is tried
    again at the next boot)."""
    try:
        os.remove(path)
    except OSError:
        pass
