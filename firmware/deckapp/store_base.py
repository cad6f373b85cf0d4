"""What deckapp/store.py shares with the modules it loads for a call (store_games.py,
store_repair.py, checked_file.py): the store's errors, the StoreError of a flash error, the
check of a file's name. It stays loaded with deckapp.store; the helpers only those modules
use are theirs (checked_file.exists, store_games.today, ...)."""

SYNC_MESSAGE = "Flash full: sync with a PC to free space"
CRASH_STATE = "crash"  # the state file of the last fault (deckapp/crash.py; a sync's hello)
ENOSPC = 28


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
    if type(name) is str and name.isdigit() and len(name) <= 32:  # (the store's ids: a call,
        return name  # not one a character, for each of the logs a sync sends)
    for char in name:
        if not (char.isalpha() or char.isdigit() or char in "-_"):
            break
    else:
        if 0 < len(name) <= 32:
            return name
    raise ValueError("%r is not a store name (letters, digits, - and _, up to 32)" % name)
