"""The log store: the only code that writes files on the device (docs/device.md, the store).

This module is what stays loaded: the append to the open log, all a match needs between its
start and its end, and the Store. The rest is in three modules that Store imports for the
call and unloads after it, so they take no heap while a game is played:
deckapp/checked_file.py (the checked files: state files, manifest, acknowledgements),
deckapp/store_games.py (number, start, open and close a game, list, read and acknowledge
logs, the free space) and deckapp/store_repair.py (the boot check and the prune).

Layout under the root given to `Store(root)` (`/` on the device, any folder on a PC):

    logs/<game_id>.jsonl   one append-only log per game (docs/log-format.md)
    logs/manifest.chk      the manifest: one JSON line per game, then a checksum line
    logs/<game_id>.ack     the SHA-256 the PC acknowledged for a closed log (JSON, checksum)
    state/<name>.chk       small state files (settings, set-ups, the match to begin after a
                           restart, ...): one JSON line, checksum

Write discipline (LittleFS commits a file only at flush or close; rename is atomic):
- a log line is written and flushed as one event: a power cut loses at most the event in
  flight; a closed log is never written again;
- the manifest and the state files are written to `<file>.tmp`, flushed, closed and renamed
  over the old file: a power cut leaves the old or the new version, never a mix;
- the last line of every checked file is the SHA-256 of the lines above it (`#` + 16 hex
  digits), so a flipped byte is found, not read as a wrong setting;
- files are removed only at boot (stray `*.tmp`, an empty log) and by `prune()` (closed logs
  whose hash equals the hash the PC acknowledged).

The API:

    store = Store("/")            # root; reserve_bytes: free space a new game needs
    report = store.boot()         # list of sentences: what was found and repaired
    store.free_bytes()
    log = store.start_game(store.new_game_id(), header_line)   # StoreFull: "sync to free space"
    log.append(line)              # one committed event (a line of deckcore.log)
    log.close()                   # the manifest records size and SHA-256
    write = LogWriter(store, game_id)   # a Session's write(line): starts, appends, closes
    log = store.open_game()       # the game in progress (GameLog) or None
    log.lines()                   # its lines, for deckcore.replay; then log.append(...)
    store.read_lines(game_id)     # the lines of any log
    store.games()                 # the manifest entries one at a time (see Store.games)
    store.save_state(name, obj) / store.load_state(name, default)
    store.acknowledge(game_id, sha256); store.prune()

Errors: StoreFull (flash full, errno 28, or below the reserve; its text is SYNC_MESSAGE, what the
screen shows) and StoreError (any other flash error, with a sentence). After either, the log
object is finished: everything before the failed event is committed; resume with open_game().
"""

import os
import time

SYNC_MESSAGE = "Flash full: sync with a PC to free space"
ENOENT = 2
ENOSPC = 28
RESERVE_BYTES = 64 * 1024  # free space a new game needs (the longest measured takes 28 KB)
_CHUNK = 512


class StoreError(Exception):
    """A flash error; the text says what failed."""


class StoreFull(StoreError):
    """No room for more: the person syncs with a PC, which acknowledges logs to prune."""

    def __init__(self, detail=""):
        super().__init__(SYNC_MESSAGE)
        self.detail = detail


def _flash_error(error, what):
    """The StoreError to raise for an OSError while doing `what`."""
    if error.args and error.args[0] == ENOSPC:
        return StoreFull(what)
    return StoreError("flash error %s while %s" % (error.args[0] if error.args else "?", what))


def _call(module, name, *args):
    """Call the function `name` of deckapp.<module>, imported for the call and unloaded after
    it with the other modules it may have loaded; an OSError becomes a StoreError about what
    the call was doing (the module's DOING). (A generator it returns keeps its module until it
    is done.)"""
    from deckapp import unload
    loaded = __import__("deckapp." + module, None, None, [name])
    try:
        return getattr(loaded, name)(*args)
    except OSError as error:
        raise _flash_error(error, loaded.DOING[name])
    finally:
        for loaded in ("deckapp.store_games", "deckapp.store_repair", "deckapp.checked_file",
                       "decklink.checked"):
            unload(loaded)


def _checked_name(name):
    for char in name:
        if not (char.isalpha() or char.isdigit() or char in "-_"):
            break
    else:
        if 0 < len(name) <= 32:
            return name
    raise ValueError("%r is not a store name (letters, digits, - and _, up to 32)" % name)


def _exists(path):
    """True if there is a file or folder at `path` (OSError for a flash error)."""
    try:
        os.stat(path)
        return True
    except OSError as error:
        if error.args and error.args[0] == ENOENT:
            return False
        raise


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


def _today():
    """The date as text, or None while the clock is not set (a Pico starts in 2021)."""
    now = time.localtime()
    if now[0] < 2024:
        return None
    return "%04d-%02d-%02d %02d:%02d" % now[:5]


class GameLog:
    """The log of the game in progress; `append` one line per committed event."""

    def __init__(self, store, game_id):
        self.store = store
        self.game_id = game_id
        self.path = store.log_path(game_id)
        self.handle = None
        self.finished = False

    def lines(self):
        return self.store.read_lines(self.game_id)

    def append(self, line):
        """Write and flush one log line (text ending in a newline)."""
        if self.finished:
            raise StoreError("the log of game %s is closed; resume it with open_game()"
                             % self.game_id)
        if not line.endswith("\n") or "\n" in line[:-1]:
            raise ValueError("a log line is one line ending in a newline")
        try:
            if self.handle is None:
                self.handle = open(self.path, "ab")
            self.handle.write(line.encode())
            self.handle.flush()
        except OSError as error:
            self.finished = True
            handle, self.handle = self.handle, None
            try:
                if handle is not None:
                    handle.close()
            except OSError:
                pass
            raise _flash_error(error, "writing the log of game %s" % self.game_id)

    def close(self):
        """Close the log for good: the manifest records its size, SHA-256 and result."""
        try:
            if self.handle is not None:
                self.handle.close()
        except OSError as error:
            raise _flash_error(error, "closing the log of game %s" % self.game_id)
        finally:
            self.handle = None
            self.finished = True
        self.store.close_entry(self.game_id)


class LogWriter:
    """`write(line)` for a match's Session: the header line starts the game's log, each
    line after it is appended, the end line closes it. It lives here, in the module a match
    keeps loaded, so that the code that starts and resumes matches can leave memory."""

    def __init__(self, store, game_id, game_log=None):
        self.store = store
        self.game_id = game_id
        self.game_log = game_log

    def __call__(self, line):
        if self.game_log is None:
            self.game_log = self.store.start_game(self.game_id, line)
        else:
            self.game_log.append(line)
        if line.startswith('{"t":"end"'):
            self.game_log.close()


class Store:
    """The store under `root`. The manifest is read from flash when it is needed, never held
    whole in memory: a hundred entries would take half the heap."""

    def __init__(self, root, reserve_bytes=RESERVE_BYTES):
        self.root = root.rstrip("/")
        self.logs_dir = self.root + "/logs"
        self.state_dir = self.root + "/state"
        self.manifest_path = self.logs_dir + "/manifest.chk"
        self.reserve_bytes = reserve_bytes
        self.open_id = None    # the game in progress
        self.game_count = 0    # logs in the manifest
        self.largest_id = 0    # the largest number among the game ids
        self.damaged = {}      # game id -> what is wrong, found at boot
        self.problems = []     # sentences for the screen: damaged files found since boot

    def log_path(self, game_id):
        return "%s/%s.jsonl" % (self.logs_dir, _checked_name(game_id))

    def state_path(self, name):
        return "%s/%s.chk" % (self.state_dir, _checked_name(name))

    def _problem(self, sentence, report=None):
        self.problems.append(sentence)
        if report is not None:
            report.append(sentence)

    def __getattr__(self, name):
        """The methods a match does not need: boot and prune (deckapp/store_repair.py), and
        new_game_id, start_game, open_game, close_entry, entry, games, read_lines,
        acknowledge, acked and free_bytes (deckapp/store_games.py; their docstrings there),
        each imported for the call."""
        if name in ("boot", "prune"):
            return lambda *args: _call("store_repair", name, self, *args)
        if name in ("new_game_id", "start_game", "open_game", "close_entry", "entry", "games",
                    "read_lines", "acknowledge", "acked", "free_bytes"):
            return lambda *args: _call("store_games", name, self, *args)
        raise AttributeError(name)

    # -- what a match needs besides its log: the state files --

    def save_state(self, name, value):
        """Replace the state file `name` by the JSON value, atomically."""
        _call("checked_file", "write_checked", self.state_path(name), [value])

    def load_state(self, name, default):
        """The value saved under `name`, or `default` if there is none or it is damaged (then
        the damage is added to `problems`)."""
        try:
            values = list(_call("checked_file", "checked_values", self.state_path(name)))
        except ValueError as error:
            self._problem("The saved %s was damaged (%s) and is reset" % (name, error))
            return default
        except OSError as error:
            raise _flash_error(error, "reading a saved state")
        if not values:
            return default
        return values[0]
