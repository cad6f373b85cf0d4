"""What the store's modules share (deckapp/store.py and the modules it loads for a call:
store_games.py, store_repair.py, checked_file.py): its errors, the StoreError of a flash
error, the check of a file's name, and file helpers. It stays loaded with deckapp.store."""

import os
import time

SYNC_MESSAGE = "Flash full: sync with a PC to free space"
ENOENT = 2
ENOSPC = 28
CHUNK = 512  # bytes read at a time when a file is hashed or copied


class StoreError(Exception):
    """A flash error; the text says what failed."""


class StoreFull(StoreError):
    """No room for more: the person syncs with a PC, which acknowledges logs to prune."""

    def __init__(self, detail=""):
        super().__init__(SYNC_MESSAGE)
        self.detail = detail


def flash_error(error, what):
    """The StoreError to raise for an OSError while doing `what`."""
    if error.args and error.args[0] == ENOSPC:
        return StoreFull(what)
    return StoreError("flash error %s while %s" % (error.args[0] if error.args else "?", what))


def checked_name(name):
    """`name` if it can name a file of the store (letters, digits, - and _, up to 32), else
    ValueError."""
    for char in name:
        if not (char.isalpha() or char.isdigit() or char in "-_"):
            break
    else:
        if 0 < len(name) <= 32:
            return name
    raise ValueError("%r is not a store name (letters, digits, - and _, up to 32)" % name)


def exists(path):
    """True if there is a file or folder at `path` (OSError for a flash error)."""
    try:
        os.stat(path)
        return True
    except OSError as error:
        if error.args and error.args[0] == ENOENT:
            return False
        raise


def remove_if_there(path):
    """Remove the file at `path`, if it can be."""
    try:
        os.remove(path)
    except OSError:
        pass


def today():
    """The date as text, or None while the clock is not set (a Pico starts in 2021)."""
    now = time.localtime()
    if now[0] < 2024:
        return None
    return "%04d-%02d-%02d %02d:%02d" % now[:5]
