"""The log store: the only code that writes files on the device (docs/device.md, the store).

This module is what stays loaded: the append to the open log, all a match needs between its
start and its end, and the Store, with deckapp/store_base.py (the errors and the helpers the
store's modules share). The rest is in four modules that Store imports for the call and
unloads after it, so they take no heap while a game is played: deckapp/checked_file.py (the
checked files: state files, manifest), deckapp/store_games.py (number, start and close a
game, list and read logs, the free space), deckapp/store_acks.py (the journal of the PC's
acknowledgements) and
deckapp/store_repair.py (the boot check and the prune). A caller that makes many calls in a
row (the sync's requests) holds them loaded with `store.hold()` until `store.release()`.

Layout under the root given to `Store(root)` (`/` on the device, any folder on a PC):

    logs/<folder>/<game_id>.jsonl   one append-only log per game (docs/log-format.md), in a
                           folder of 32 games by number (decklink log_name: LittleFS
                           finds a file by reading its folder from the first entry)
    logs/manifest.chk      the manifest: one JSON line per game, then a checksum line
    logs/acks.chk          the journal of the PC's acknowledgements: [game id, SHA-256] of
                           closed logs, a checked block appended per batch
    state/<name>.chk       small state files (settings, set-ups, the match to begin after a
                           restart, ...): one JSON line, checksum

Write discipline (LittleFS commits a file only at flush or close; rename is atomic):
- a log line is written and flushed as one event: a power cut loses at most the event in
  flight; a closed log is never written again;
- the manifest and the state files are written to `<file>.tmp`, flushed, closed and renamed
  over the old file: a power cut leaves the old or the new version, never a mix;
- the last line of every checked file is the SHA-256 of the lines above it (`#` + 16 hex
  digits), so a flipped byte is found, not read as a wrong setting;
- an acknowledgement is a block appended to the journal and committed at its close: a power
  cut leaves the journal without the block or with it whole;
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
    store.save_state(name, obj) / store.load_state(name, default)   # obj None: removed
    store.acknowledge(game_id, sha256); store.acknowledge_listed(acks, as_listed); store.prune()
    store.hold() ... store.release()    # the modules stay loaded between these calls

Errors: StoreFull (flash full, errno 28, or below the reserve; its text is SYNC_MESSAGE, what the
screen shows) and StoreError (any other flash error, with a sentence). After either, the log
object is finished: everything before the failed event is committed; resume with open_game().
"""

# (SYNC_MESSAGE, StoreError and StoreFull are the store's API: callers import them from here)
from deckapp.store_base import SYNC_MESSAGE, StoreError, StoreFull, checked_name, flash_error
from decklink import log_name

RNGS = "play"  # the state file of a match's bots' generators (LogWriter.save_rngs)
RESERVE_BYTES = 64 * 1024  # free space a new game needs (the longest measured takes 28 KB)


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
            raise flash_error(error, "writing the log of game %s" % self.game_id)

    def close(self):
        """Close the log for good: the manifest records its size, SHA-256 and result."""
        try:
            if self.handle is not None:
                self.handle.close()
        except OSError as error:
            raise flash_error(error, "closing the log of game %s" % self.game_id)
        finally:
            self.handle = None
            self.finished = True
        self.store.close_entry(self.game_id)


class LogWriter:
    """`write(line)` for a match's Session: the header line starts the game's log, each
    line after it is appended, the end line closes it; beside the log it keeps what a resume
    needs (`save_rngs`). It lives here, in the module a match keeps loaded, so that the code
    that starts and resumes matches can leave memory."""

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

    def save_rngs(self, rngs):
        """Where the bots' generators `rngs` are, in the state file RNGS: the Session saves
        them wherever a resume may start (deckapp/play/session.py), so that a resumed match
        goes on exactly as it would have (without them the position is the same, only the
        bots' later draws differ)."""
        self.store.save_state(RNGS, {"game_id": self.game_id,
                                     "rngs": [rng.state for rng in rngs]})


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
        self.held = False      # the modules of the calls stay loaded (hold, release)

    def log_path(self, game_id):
        return log_name(checked_name(game_id), self.logs_dir)

    def state_path(self, name):
        return "%s/%s.chk" % (self.state_dir, checked_name(name))

    def add_problem(self, sentence, report=None):
        """Add a sentence about damage found to `problems` (and to `report`, a list, if
        given)."""
        self.problems.append(sentence)
        if report is not None:
            report.append(sentence)

    # -- the calls a match does not need, each loaded for the call (see _call) --

    def boot(self, verify_closed=True):
        """Bring the store to a consistent state after any stop; the sentences of what was
        done (deckapp/store_repair.py boot)."""
        from deckapp import store_repair
        return self._call(store_repair.boot, store_repair.DOING["boot"], self, verify_closed)

    def prune(self):
        """Remove the closed logs whose content hashes to the hash the PC acknowledged; the
        ids removed. Nothing else is ever deleted."""
        from deckapp import store_repair
        return self._call(store_repair.prune, store_repair.DOING["prune"], self)

    def free_bytes(self):
        """The bytes free on the flash."""
        from deckapp import store_games
        return self._call(store_games.free_bytes, store_games.DOING["free_bytes"], self)

    def new_game_id(self):
        """The next game id, one more than any number used so far."""
        from deckapp import store_games
        return self._call(store_games.new_game_id, store_games.DOING["new_game_id"], self)

    def start_game(self, game_id, header_line):
        """Create the log of a new game with its header line; its GameLog. StoreFull below
        `reserve_bytes` free, StoreError while a game is open."""
        game_log = GameLog(self, game_id)
        from deckapp import store_games
        self._call(store_games.start_game, store_games.DOING["start_game"], self, game_log,
                   header_line)
        return game_log

    def open_game(self):
        """The GameLog of the game in progress, or None."""
        return None if self.open_id is None else GameLog(self, self.open_id)

    def close_entry(self, game_id):
        """Record a log as closed in the manifest (GameLog.close calls it)."""
        from deckapp import store_games
        self._call(store_games.close_entry, store_games.DOING["close_entry"], self, game_id)

    def entry(self, game_id):
        """The manifest entry of a game, or None."""
        from deckapp import store_games
        return self._call(store_games.entry, store_games.DOING["entry"], self, game_id)

    def games(self):
        """The manifest entries one at a time, oldest first (deckapp/store_acks.py games
        has their fields)."""
        from deckapp import store_acks
        return self._call(store_acks.games, store_acks.DOING["games"], self)

    def read_lines(self, game_id):
        """The lines of a log as text without newlines, one at a time; a cut-off last line
        is left out."""
        from deckapp import store_games
        return self._call(store_games.read_lines, store_games.DOING["read_lines"], self, game_id)

    def acknowledge(self, game_id, sha256):
        """Record the hash of a log the PC has saved; False if there is no such closed log
        or its bytes have another SHA-256."""
        from deckapp import store_acks
        return self._call(store_acks.acknowledge, store_acks.DOING["acknowledge"], self,
                          game_id, sha256)

    def acknowledge_listed(self, acks, as_listed):
        """Record the hashes of many closed logs the PC has saved ([[game id, size, SHA-256]])
        in one write; the refused, [[game id, why]] (deckapp/store_games.py)."""
        from deckapp import store_acks
        return self._call(store_acks.acknowledge_listed,
                          store_acks.DOING["acknowledge_listed"], self, acks, as_listed)

    def acked(self, game_id):
        """The hash the PC acknowledged for a log, or None."""
        from deckapp import store_acks
        return self._call(store_acks.acked, store_acks.DOING["acked"], self, game_id)

    # -- what a match needs besides its log: the state files --

    def save_state(self, name, value):
        """Replace the state file `name` by the JSON value, atomically; None removes it
        (load_state's default then), which opens no file: no 1.2 KB of buffers wanted in one
        piece (a draft dropped at the commit of a hand, deckapp/keep/stored.py). A file the
        flash does not remove is a StoreError, as a failed write: it would be read again."""
        from deckapp import checked_file
        if value is None:
            return self._call(checked_file.remove, checked_file.DOING["remove"],
                              self.state_path(name))
        self._call(checked_file.write_checked, checked_file.DOING["write_checked"],
                   self.state_path(name), [value])

    def load_state(self, name, default):
        """The value saved under `name`, or `default` if there is none or it is damaged (then
        the damage is added to `problems`)."""
        try:
            from deckapp import checked_file
            values = list(self._call(checked_file.checked_values, checked_file.DOING[
                "checked_values"], self.state_path(name)))
        except ValueError as error:
            self.add_problem("The saved %s was damaged (%s) and is reset" % (name, error))
            return default
        except OSError as error:
            raise flash_error(error, "reading a saved state")
        if not values:
            return default
        return values[0]

    # -- the store's modules: loaded for a call, or held for a session of calls --

    def hold(self):
        """Keep the modules the calls load until `release()`: a session of many calls (a
        sync's requests) reads them from flash once."""
        self.held = True

    def release(self):
        """Unload the modules the calls loaded (deckapp/phases.py, a store's call); from now
        on each call unloads them after it."""
        self.held = False
        from deckapp import phases
        phases.release()

    def _call(self, function, what, *args):
        """`function(*args)`, a function of the module the caller imported for the call,
        which is unloaded after it (with the others it loaded) unless the modules are held;
        an OSError becomes a StoreError about `what` the call was doing (its module's
        DOING: its sentences take no heap while it is not loaded). (A generator it returns
        keeps its module until it is done.)"""
        try:
            return function(*args)
        except OSError as error:
            raise flash_error(error, what)
        finally:
            if not self.held:
                self.release()
