"""The archive on the PC: every game synced from a device or imported, once, whole.

    ARCHIVE/archive.sqlite3            the index (SQLite in WAL mode; tables below)
    ARCHIVE/raw/DEVICE/GAME.jsonl      each log as its device wrote it, byte for byte
    ARCHIVE/rejected/SHA256.jsonl      a log the reader refused (or that conflicts with the
    ARCHIVE/rejected/SHA256.why.txt    archived game of the same id), and why
    ARCHIVE/partial/DEVICE/GAME.PID.part  a transfer by process PID; one cut off is taken over
                                       and resumed by the next sync

ARCHIVE is platformdirs' user data folder (`default_folder()`, e.g. ~/.local/share/deckmate/
archive) unless a command's `--archive` names another. A game is keyed by its device id and
game id (the log's header); a copy is known by its SHA-256. Adding the same bytes again
changes nothing; a longer copy of which the archived one is the beginning (a game still open
at the last sync, grown since) replaces it; any other copy with the same keys is a conflict,
kept aside, never written over the archived one; a copy kept aside is read again whenever it
comes again (a newer reader may take it), and once archived leaves rejected/. Writers take
SQLite's write lock for each log, or each batch of logs a sync stores (`BEGIN IMMEDIATE`), so
two syncs or imports at once leave the archive consistent. A raw file is written and synced
aside (a sync's partial copy, synced, is taken as it is), and put in place (its folder
synced) only once its rows are written, just before they are committed. `tidy`, which a
sync and an import run first, removes the `*.PID.tmp` files a writer killed on the way leaves,
and archives again a raw file without its row (put in place by a writer killed before its
commit, or left by a database lost or moved aside: the raw logs rebuild the archive).

Tables (schema version SCHEMA_VERSION in `PRAGMA user_version`, migrated in place by
`MIGRATIONS`, one list of statements per version):

    devices  device_id TEXT PRIMARY KEY, firmware, first_seen, last_sync (ISO dates, UTC),
             listed (the device's list tag when a sync last archived and acknowledged all it
             listed, or NULL; schema 2)
    files    file_id INTEGER PRIMARY KEY, sha256, size, path (relative to ARCHIVE), status
             ('archived', 'replaced' by a grown copy, 'rejected', 'conflict'), reason (why
             rejected, else NULL), source (a port or a file name), added, device_id and
             game_id (the game's, or for a copy kept aside the device it came from and its
             id there, where known; schema 3)
    games    game_row INTEGER PRIMARY KEY, device_id, game_id (UNIQUE together), file_id (the
             archived copy), sha256, size, game (scioto, ...), mode ('played' or
             'scorekept'), rules_v, log_v, options (JSON), seed, date (the device's, or NULL),
             state ('complete', 'stopped', 'abandoned' or 'unfinished'), hands (played),
             totals and winners (JSON lists, seats), added, updated; indexed by sha256
             (schema 4: a sync asks for each log it lists whether the archive holds it)
    players  game_row, seat, name, kind ('human' or 'bot'), level (a bot's, else NULL)
    hands    game_row, hand (1-based), dealer (seat, NULL for a scorekept hand without one)
    scores   game_row, hand, seat, points (counted in the hand), score (what the hand adds),
             total (the running match total after the hand)
"""

import contextlib
import datetime
import hashlib
import json
import os
import re
import signal
import sqlite3
import time

from deckcore.keep_replay import KeptReplay
from deckmate.game_record import (COMPLETE, PLAYED, SCOREKEPT, STATE_OF_END,
                                  UNFINISHED)
from deckmate.logs import BadLog, ReadLog, replay_log
from deckmate.wording import counted

SCHEMA_VERSION = 4
MIGRATIONS = {
    1: [
        """CREATE TABLE devices (device_id TEXT PRIMARY KEY, firmware TEXT, first_seen TEXT,
           last_sync TEXT)""",
        """CREATE TABLE files (file_id INTEGER PRIMARY KEY, sha256 TEXT NOT NULL,
           size INTEGER NOT NULL, path TEXT NOT NULL, status TEXT NOT NULL, reason TEXT,
           source TEXT, added TEXT NOT NULL)""",
        "CREATE INDEX files_by_sha256 ON files (sha256)",
        """CREATE TABLE games (game_row INTEGER PRIMARY KEY, device_id TEXT NOT NULL,
           game_id TEXT NOT NULL, file_id INTEGER NOT NULL REFERENCES files, sha256 TEXT NOT NULL,
           size INTEGER NOT NULL, game TEXT NOT NULL, mode TEXT NOT NULL, rules_v TEXT,
           log_v INTEGER, options TEXT, seed INTEGER, date TEXT, state TEXT NOT NULL,
           hands INTEGER NOT NULL, totals TEXT, winners TEXT, added TEXT NOT NULL,
           updated TEXT NOT NULL, UNIQUE (device_id, game_id))""",
        """CREATE TABLE players (game_row INTEGER NOT NULL REFERENCES games, seat INTEGER NOT NULL,
           name TEXT, kind TEXT, level TEXT, PRIMARY KEY (game_row, seat))""",
        """CREATE TABLE hands (game_row INTEGER NOT NULL REFERENCES games, hand INTEGER NOT NULL,
           dealer INTEGER, PRIMARY KEY (game_row, hand))""",
        """CREATE TABLE scores (game_row INTEGER NOT NULL REFERENCES games, hand INTEGER NOT NULL,
           seat INTEGER NOT NULL, points INTEGER, score INTEGER, total INTEGER,
           PRIMARY KEY (game_row, hand, seat))""",
    ],
    2: ["ALTER TABLE devices ADD COLUMN listed TEXT"],
    3: ["ALTER TABLE files ADD COLUMN device_id TEXT", "ALTER TABLE files ADD COLUMN game_id TEXT",
        """UPDATE files SET device_id=(SELECT device_id FROM games WHERE games.sha256=files.sha256),
           game_id=(SELECT game_id FROM games WHERE games.sha256=files.sha256)"""],
    4: ["CREATE INDEX games_by_sha256 ON games (sha256)"],
}
DATABASE = "archive.sqlite3"
LOCK_WAIT_S = 30  # how long a deckmate waits for another that holds the archive
SAFE_LENGTH = 100  # the longest id kept as it is in a file name
_KEPT_AS_IT_IS = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]{0,%d}\Z" % (SAFE_LENGTH - 1))
STALE_S = 3600  # where a process cannot be asked whether it runs, its files this old are left

# What adding a log did (Outcome.kind)
NEW, GROWN, UNCHANGED, CONFLICT, REJECTED = "new", "grown", "unchanged", "conflict", "rejected"


class ArchiveError(Exception):
    """The archive cannot be used (a newer schema, a folder that cannot be written)."""


def default_folder():
    import platformdirs
    return os.path.join(platformdirs.user_data_dir("deckmate"), "archive")


def damaged(path, error):
    """What to say of the archive's database at `path` that SQLite finds damaged (`error`):
    the raw logs beside it hold every game, and the next writer archives them again."""
    return "the archive's database %s is damaged (%s): %s" % (path, error, REBUILD % (
        os.path.join(os.path.dirname(path), "raw")))


# The fix of a damaged database, with the folder of the raw logs
REBUILD = ("move it aside (rename it, and its -wal and -shm files if any); the next `deckmate "
           "import` or `deckmate sync` makes a new one and archives again every log kept in %s")


def archived_again(found):
    """What to say of the logs Archive.tidy archived again (`found`, its list), or None."""
    if found:
        return "%s of the archive without %s archived again" % (
            counted(len(found), "log"), "its row" if len(found) == 1 else "their rows")
    return None


def not_a_folder(folder):
    """What to say of an --archive that is not a folder, or None when it is one (or not yet)."""
    if os.path.exists(folder) and not os.path.isdir(folder):
        return ("%s is a file, not an archive folder: give --archive a folder (a new name "
                "makes a new archive)" % folder)
    return None


def _now():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


class Outcome:
    """What adding one log did: `kind` (NEW, GROWN, UNCHANGED, CONFLICT or REJECTED), the
    game's `device_id` and `game_id` (None when the header could not be read), and for a
    conflict or a rejection the `reason` and `why`, the path of the why.txt that keeps it."""

    def __init__(self, kind, device_id=None, game_id=None, reason=None, why=None):
        self.kind = kind
        self.device_id = device_id
        self.game_id = game_id
        self.reason = reason
        self.why = why


class CheckedLog:
    """The bytes of one log as Archive.check found them, for Archive.add_checked: its SHA-256,
    and either the Outcome already known (`outcome`: the archive holds these bytes), the
    reader's refusal (`problem`), or its records (`read`, a ReadLog; `kept`: a scorekept
    log's hands, _kept_hands) and its game's `key`, (device id, game id)."""

    def __init__(self, data, source, date, came_from, copied=None, digest=None):
        self.data = data
        self.copied = copied  # a file of these very bytes (a sync's partial copy), or None
        self.digest = digest or hashlib.sha256(data).hexdigest()
        self.source = source
        self.date = date if isinstance(date, str) and len(date) <= 40 else None
        self.came_from = came_from
        self.outcome = None
        self.problem = None
        self.read = None
        self.kept = None
        self.rows = None  # _log_rows of its records, made as it is checked
        self.taken_back = False  # a copy of it kept aside before (add_checked)

    @property
    def key(self):
        header = self.read.records[0][1]
        return header["device"], header["game_id"]  # (checked by the reader)


class Summary:
    """Counts of outcomes, said in one line (never one ambiguous "imported N")."""

    ORDER = (NEW, GROWN, UNCHANGED, CONFLICT, REJECTED)
    WORDS = {NEW: "new", GROWN: "grown (replaced)", UNCHANGED: "already archived",
             CONFLICT: "conflicting (kept aside)", REJECTED: "rejected (kept aside)"}

    def __init__(self):
        self.counts = dict((kind, 0) for kind in self.ORDER)
        self.problems = []  # (label, reason) of conflicts and rejections

    def add(self, outcome, label):
        self.counts[outcome.kind] += 1
        if outcome.reason:
            self.problems.append((label, outcome.reason))

    def line(self):
        return ", ".join("%d %s" % (self.counts[kind], self.WORDS[kind]) for kind in self.ORDER
                         if self.counts[kind]) or "nothing"


class Archive:
    def __init__(self, folder=None):
        self.folder = os.path.abspath(folder or default_folder())
        self._looked_for = set()  # partial_path's, for copies cut off by other processes
        if not_a_folder(self.folder):
            raise ArchiveError(not_a_folder(self.folder))
        try:
            os.makedirs(self.folder, exist_ok=True)
        except OSError as error:
            raise ArchiveError("cannot make the archive folder %s: %s"
                               % (self.folder, error.strerror))
        path = os.path.join(self.folder, DATABASE)
        self.db = None
        try:
            self.db = sqlite3.connect(path, timeout=LOCK_WAIT_S, isolation_level=None)
            self._write_ahead()
            self.db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except sqlite3.DatabaseError as error:
            if self.db is not None:
                self.db.close()
            if not isinstance(error, sqlite3.OperationalError):
                raise ArchiveError(damaged(path, error)) from None
            if "locked" in str(error):
                raise ArchiveError("another deckmate has held the archive's database %s for "
                                   "%d s (%s): run this again once it is done"
                                   % (path, LOCK_WAIT_S, error)) from None
            raise ArchiveError("the archive's database %s cannot be opened (%s): it must be a "
                               "file that you may read and write, in a folder you may write; "
                               "or give --archive a new folder" % (path, error)) from None

    def close(self):
        self.db.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _write_ahead(self):
        """The archive in WAL mode. Turning it on needs the database to itself, and SQLite
        says "locked" at once, not after its timeout, when another deckmate holds it (two
        first imports at once): so it is asked again until the timeout."""
        deadline = time.monotonic() + LOCK_WAIT_S
        while True:
            try:
                self.db.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def _migrate(self):
        with self._transaction():
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise ArchiveError("the archive %s has schema version %d, newer than this "
                                   "deckmate's (%d); upgrade deckmate"
                                   % (self.folder, version, SCHEMA_VERSION))
            for step in range(version + 1, SCHEMA_VERSION + 1):
                for statement in MIGRATIONS[step]:
                    self.db.execute(statement)
                self.db.execute("PRAGMA user_version=%d" % step)

    @contextlib.contextmanager
    def _transaction(self):
        """One write under SQLite's write lock (BEGIN IMMEDIATE), rolled back on any error.
        It yields a list: what is put in it is called just before COMMIT (files put in place
        with their rows), and those calls and the COMMIT are not cut by Ctrl-C: the
        KeyboardInterrupt comes once they are done."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            on_commit = []
            yield on_commit
            with _uninterrupted():
                for call in on_commit:
                    call()
                self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise

    # -- what a sync asks before it copies --

    def known(self, device_id, game_id):
        """(sha256, size) of the archived copy of a game, or None."""
        return self.db.execute("SELECT sha256, size FROM games WHERE device_id=? AND game_id=?",
                               (device_id, game_id)).fetchone()

    def holds(self, sha256):
        """True if the archive holds a game whose archived copy has this SHA-256."""
        return self.db.execute("SELECT 1 FROM games WHERE sha256=?", (sha256,)).fetchone() \
            is not None

    def kept_aside(self, sha256):
        """True if a copy with this hash was rejected or conflicted before (a sync need not
        copy it again: it reads the copy kept, `retry`)."""
        return self.db.execute("SELECT 1 FROM files WHERE sha256=? AND status IN (?, ?)",
                               (sha256, REJECTED, CONFLICT)).fetchone() is not None

    def retry(self, sha256, source, date=None, came_from=(None, None)):
        """Add the copy kept aside with this hash again (a newer reader may take it): the
        Outcome, as add_log's."""
        with open(self.rejected_path(sha256), "rb") as handle:
            return self.add_log(handle.read(), source, date, came_from)

    def rejected_path(self, sha256, ending=".jsonl"):
        return os.path.join(self.folder, "rejected", sha256 + ending)

    def kept_aside_counts(self):
        """{device id (None where unknown): how many copies are kept aside}."""
        return dict(self.db.execute(
            "SELECT device_id, count(*) FROM files WHERE status IN (?, ?) GROUP BY device_id",
            (REJECTED, CONFLICT)).fetchall())

    def raw_path(self, device_id, game_id):
        return os.path.join(self.folder, "raw", _safe(device_id), _safe(game_id) + ".jsonl")

    def partial_path(self, device_id, game_id):
        """This process's partial copy of a game: another deckmate syncing a board of the same
        id (a cloned image) at the same time writes its own. A copy cut off in a process that
        no longer runs is taken over (renamed) first, so a sync goes on where the last one
        stopped."""
        folder = os.path.join(self.folder, "partial", _safe(device_id))
        mine = os.path.join(folder, "%s.%d.part" % (_safe(game_id), os.getpid()))
        if mine not in self._looked_for and not os.path.exists(mine) \
                and os.path.isdir(folder):
            for left in _left_by_others(folder, _safe(game_id) + ".", ".part"):
                try:
                    os.replace(left, mine)
                    break
                except FileNotFoundError:  # another sync took it over first
                    continue
        self._looked_for.add(mine)  # (looked for once: a sync asks for each a few times)
        return mine

    def read_raw(self, device_id, game_id):
        with open(self.raw_path(device_id, game_id), "rb") as handle:
            return handle.read()

    def saw_device(self, device_id, firmware):
        now = _now()
        self.db.execute("INSERT INTO devices (device_id, firmware, first_seen, last_sync) "
                        "VALUES (?, ?, ?, ?) ON CONFLICT (device_id) DO "
                        "UPDATE SET firmware=excluded.firmware, last_sync=excluded.last_sync",
                        (device_id, firmware, now, now))

    def listed(self, device_id):
        """The device's list tag when a sync last archived and acknowledged all it listed
        (docs/sync-protocol.md, hello), or None."""
        found = self.db.execute("SELECT listed FROM devices WHERE device_id=?",
                                (device_id,)).fetchone()
        return found and found[0]

    def set_listed(self, device_id, tag):
        self.db.execute("UPDATE devices SET listed=? WHERE device_id=?", (tag, device_id))

    def tidy(self):
        """Put right what a deckmate killed while writing left behind, under the write lock
        (no other writer is then between putting a file in place and committing its row):
        remove its temporary files (`*.PID.tmp` of a process that no longer runs) and a kept
        aside reason without its row; archive again a raw or kept-aside log without its row
        (its writer killed before the commit, or the database lost or moved aside: it may be
        the only copy of a game a device has pruned), never remove it. The logs archived
        again (their paths)."""
        found = []  # logs without their rows
        with self._transaction():
            held = set(path for (path,) in self.db.execute(
                "SELECT path FROM files WHERE status IN ('archived', ?, ?)",
                (REJECTED, CONFLICT)))
            for top in ("raw", "rejected"):
                for folder, _, names in os.walk(os.path.join(self.folder, top)):
                    for name in names:
                        path = os.path.join(folder, name)
                        if name.endswith(".tmp"):
                            pid = name[:-len(".tmp")].rpartition(".")[2]
                            left = pid.isdigit() and not _running(int(pid), path)
                        else:
                            log = path[:-len(".why.txt")] + ".jsonl" \
                                if name.endswith(".why.txt") else path
                            left = os.path.relpath(log, self.folder) not in held
                            if left and log == path:
                                found.append(path)
                                continue
                        if left:
                            _remove_quietly(path)
        for path in found:
            with open(path, "rb") as handle:
                self.add_log(handle.read(), path)
            if not self.db.execute("SELECT 1 FROM files WHERE path=? AND status IN "
                                   "('archived', ?, ?)", (os.path.relpath(path, self.folder),
                                                          REJECTED, CONFLICT)).fetchone():
                _remove_quietly(path)  # archived (or kept aside) from another file
        return found

    # -- adding a log --

    def add_log(self, data, source, date=None, came_from=(None, None)):
        """Add the bytes of one log; the Outcome (`check`, then `add_checked`)."""
        return self.add_checked([self.check(data, source, date, came_from)])[0]

    def check(self, data, source, date=None, came_from=(None, None), copied=None,
              digest=None):
        """The CheckedLog of the bytes of one log, for add_checked, which writes it: the log
        replayed through the rules core (one the reader refuses is kept aside with its
        reason, never half-imported), unless the archive holds the very bytes. `date`: the
        device's (its list gives it); `came_from`: the (device id, game id) a sync copied it
        as, kept with a copy kept aside (the header's are not to be trusted then);
        `copied`: a file that holds these very bytes (a sync's partial copy, closed), which
        add_checked then takes as the raw file (synced, and moved into place as the rows
        commit) rather than writing the bytes again; it is left where it is for any other
        outcome than new or grown. `digest`: the SHA-256 of `data` (hex), where the caller has
        checked it already (a sync's copy of a closed log, against the device's list)."""
        checked = CheckedLog(data, source, date, came_from, copied, digest)
        same = self.db.execute("SELECT device_id, game_id FROM games WHERE sha256=?",
                               (checked.digest,)).fetchone()
        if same is not None:
            checked.outcome = Outcome(UNCHANGED, same[0], same[1])
            return checked
        try:
            checked.read = ReadLog(source, data)
            replay = replay_log(checked.read)[0]
        except BadLog as error:
            checked.problem = str(error)
            return checked
        if isinstance(replay, KeptReplay):
            checked.kept = _kept_hands(replay)
        checked.rows = _log_rows(checked.read, checked.kept)
        return checked

    def add_checked(self, checked):
        """Add the CheckedLogs `checked` (`check`); their Outcomes, in order. The logs the
        reader took are written together, in one transaction (a run of them, each of another
        game), Ctrl-C held back until it is done: each raw file's bytes synced as it is
        written, then, as the rows commit, the files put in place and their folders synced,
        so one commit makes them all durable (a sync stores the logs it copies so, a few at a
        time, before it acknowledges them)."""
        run = []  # of distinct games, written together
        for log in checked:
            if log.outcome is None and log.problem is None:
                if any(other.key == log.key for other in run):
                    self._write_run(run)
                    run = []
                run.append(log)
        if run:
            self._write_run(run)
        outcomes = []
        for log in checked:
            if log.problem is not None:
                log.outcome = self._keep_aside(log.data, log.digest, log.source, REJECTED,
                                               log.problem, *log.came_from)
            elif log.outcome.kind == CONFLICT:
                log.outcome = self._keep_aside(
                    log.data, log.digest, log.source, CONFLICT, log.outcome.reason,
                    *(log.came_from if log.came_from[0] else log.key))
            elif log.taken_back:  # a copy kept aside before, archived now
                for ending in (".jsonl", ".why.txt"):
                    _remove_quietly(self.rejected_path(log.digest, ending))
            outcomes.append(log.outcome)
        return outcomes

    def _write_run(self, logs):
        """Write the CheckedLogs `logs`, each of another game, in one transaction; each its
        Outcome (CONFLICT: to be kept aside)."""
        temps = []  # (the files written here; a copy taken over stays for a resume)
        try:
            with _uninterrupted(), self._transaction() as on_commit:
                folders = set()
                for log in logs:
                    path = self.raw_path(*log.key)
                    temp = log.copied or _temp_name(path)
                    if not log.copied:
                        temps.append(temp)
                    log.outcome = self._add_read(log, temp)
                    if log.outcome.kind in (NEW, GROWN):  # in place with its rows
                        on_commit.append(lambda temp=temp, path=path: os.replace(temp, path))
                        folders.add(os.path.dirname(path))
                for folder in sorted(folders):
                    on_commit.append(lambda folder=folder: _sync_folder(folder))
        except BaseException:
            for temp in temps:
                _remove_quietly(temp)
            raise

    def _add_read(self, log, temp):
        """Write a CheckedLog's file as `temp` (or sync its copy, `log.copied`, which `temp`
        then names) and its rows (in a transaction); its Outcome (UNCHANGED or CONFLICT:
        neither written)."""
        data, digest = log.data, log.digest
        device_id, game_id = log.key
        known = self.db.execute("SELECT game_row, sha256, file_id, date FROM games WHERE "
                                "device_id=? AND game_id=?", (device_id, game_id)).fetchone()
        if known is not None:
            if known[1] == digest:
                return Outcome(UNCHANGED, device_id, game_id)
            archived = self.read_raw(device_id, game_id)
            if archived.startswith(data):
                return Outcome(UNCHANGED, device_id, game_id)  # an older copy of it
            if not data.startswith(archived):
                return Outcome(CONFLICT, device_id, game_id,
                               "game %s of device %s is archived with other content (SHA-256 "
                               "%s); this copy is not a continuation of it"
                               % (game_id, device_id, known[1]))
        path = self.raw_path(device_id, game_id)
        if log.copied:
            _sync_file(log.copied, os.path.dirname(path))
        else:
            _write_file(temp, data)
        log.taken_back = self.db.execute(  # kept aside before, taken now
            "DELETE FROM files WHERE sha256=? AND status IN (?, ?)",
            (digest, REJECTED, CONFLICT)).rowcount > 0
        now = _now()
        file_id = self.db.execute(
            "INSERT INTO files (sha256, size, path, status, source, added, device_id, game_id) "
            "VALUES (?, ?, ?, 'archived', ?, ?, ?, ?)",
            (digest, len(data), os.path.relpath(path, self.folder), log.source, now, device_id,
             game_id)).lastrowid
        fields, hands, scores = log.rows
        fields = dict(fields, device_id=device_id, game_id=game_id, file_id=file_id,
                      sha256=digest, size=len(data), date=log.date, updated=now)
        if known is None:
            fields["added"] = fields["updated"]
            names = sorted(fields)
            game_row = self.db.execute(
                "INSERT INTO games (%s) VALUES (%s)" % (", ".join(names), ", ".join("?" * len(names))),
                [fields[name] for name in names]).lastrowid
        else:
            game_row = known[0]
            fields["date"] = log.date or known[3]
            self.db.execute("UPDATE files SET status='replaced' WHERE file_id=?", (known[2],))
            for table in ("scores", "hands", "players"):
                self.db.execute("DELETE FROM %s WHERE game_row=?" % table, (game_row,))
            names = sorted(fields)
            self.db.execute("UPDATE games SET %s WHERE game_row=?"
                            % ", ".join("%s=?" % name for name in names),
                            [fields[name] for name in names] + [game_row])
        self._add_rows(game_row, log.read.records[0][1], hands, scores)
        return Outcome(NEW if known is None else GROWN, device_id, game_id)

    def _add_rows(self, game_row, header, hands, scores):
        """The players, hands and scores rows of a game (its header, and its hands and scores
        as _log_rows gives them)."""
        self.db.executemany("INSERT INTO players VALUES (?, ?, ?, ?, ?)", [
            (game_row, player.get("seat"), player.get("name"), player.get("kind"),
             player.get("level")) for player in header.get("players") or []])
        self.db.executemany("INSERT INTO hands VALUES (?, ?, ?)",
                            [(game_row, hand, dealer) for hand, dealer in hands.items()])
        self.db.executemany("INSERT INTO scores VALUES (?, ?, ?, ?, ?, ?)",
                            [(game_row, hand, seat) + row for (hand, seat), row in scores.items()])

    def _keep_aside(self, data, digest, source, status, reason, device_id=None, game_id=None):
        """Keep a refused copy in rejected/ with a .why.txt; recorded once per hash, its
        reason as the latest reader gives it."""
        base = os.path.join(self.folder, "rejected", digest)
        with self._transaction():
            known = self.db.execute("SELECT file_id, reason FROM files WHERE sha256=? AND "
                                    "status IN (?, ?)", (digest, REJECTED, CONFLICT)).fetchone()
            if known is None or known[1] != reason or not os.path.exists(base + ".jsonl"):
                _write_atomically(base + ".jsonl", data)
                _write_atomically(base + ".why.txt", (reason + "\n").encode())
            if known is None:
                self.db.execute(
                    "INSERT INTO files (sha256, size, path, status, reason, source, added, "
                    "device_id, game_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (digest, len(data), os.path.relpath(base + ".jsonl", self.folder), status,
                     reason, source, _now(), device_id, game_id))
            else:
                self.db.execute("UPDATE files SET status=?, reason=? WHERE file_id=?",
                                (status, reason, known[0]))
        return Outcome(status, device_id, game_id, reason, base + ".why.txt")


def _at(values, index):
    return values[index] if isinstance(values, list) and index < len(values) else None


def _kept_hands(replay):
    """The hands of a scorekept log (its KeptReplay) as its entries, corrections and undos
    left them: [(hand, dealer, points, scores, the totals after it)]."""
    hands = []
    totals = None
    for hand, ((dealer, _), (points, scores)) in enumerate(
            zip(replay.keeper.hands, replay.match.results), 1):
        totals = list(scores) if totals is None else [a + b for a, b in zip(totals, scores)]
        hands.append((hand, dealer, list(points), list(scores), totals))
    return hands


def _log_rows(read, kept):
    """What the archive's rows of a game take from its log (a ReadLog the reader took;
    `kept`: a scorekept log's hands, _kept_hands): (the games row's fields that the log
    gives, its hands {hand: dealer}, its scores {(hand, seat): (points, score, total)}),
    a played log's from its deal and result records. One pass over the records, made as the
    log is checked, while they are fresh in the processor's caches: made as the log is
    stored, a batch later, the same passes took four times as long."""
    header = read.records[0][1]
    end = None
    results = 0
    dealt = False
    hands = {}   # hand: its dealer
    scores = {}  # (hand, seat): (points, score, total)
    played = kept is None
    for _, record in read.records:
        kind = record.get("t")
        if kind == "deal":
            dealt = True
            if played:
                hands[record["hand"]] = record.get("dealer")
        elif kind == "result":
            results += 1
            if played:
                hand, counted = record["hand"], record["score"]
                hands.setdefault(hand, None)
                for seat in range(len(counted)):
                    scores[hand, seat] = (_at(record.get("points"), seat), counted[seat],
                                          _at(record.get("totals"), seat))
        elif kind == "end":
            end = record
    if played:
        mode = PLAYED if dealt or not results else SCOREKEPT
    else:
        mode, results = SCOREKEPT, len(kept)
        for hand, dealer, points, counted, totals in kept:
            hands[hand] = dealer
            for seat in range(len(counted)):
                scores[hand, seat] = (points[seat], counted[seat], totals[seat])
    state = UNFINISHED if end is None else STATE_OF_END.get(end.get("reason"), COMPLETE)
    fields = {"game": header["game"], "mode": mode, "rules_v": header.get("rules_v"),
              "log_v": header.get("v"), "options": json.dumps(header.get("options")),
              "seed": header.get("seed") if isinstance(header.get("seed"), int) else None,
              "state": state, "hands": results,
              "totals": json.dumps(end.get("totals")) if end else None,
              "winners": json.dumps(end.get("winner")) if end else None}
    return fields, hands, scores


def _safe(name):
    """A device or game id as a file name: ASCII letters, digits, - _ and . kept, others
    escaped; one too long for a file name is cut and told apart by its hash."""
    if type(name) is str and _KEPT_AS_IT_IS.match(name):  # (an id as the devices make them)
        return name
    text = "".join(char if char.isascii() and char.isalnum() or char in "-_." else
                   "%%%02x" % ord(char) for char in name).lstrip(".") or "%2e"
    if len(text) > SAFE_LENGTH:
        digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()
        text = text[:SAFE_LENGTH - 17] + "~" + digest[:16]
    return text


@contextlib.contextmanager
def _uninterrupted():
    """Ctrl-C held back until the block is done (where the system can hold a signal back)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _temp_name(path):
    return "%s.%d.tmp" % (path, os.getpid())


def _write_file(path, data):
    """A new file of `data`, synced (its folder made if need be)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0)
    try:
        handle = os.open(path, flags, 0o666)
    except FileNotFoundError:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        handle = os.open(path, flags, 0o666)
    try:
        written = 0
        while written < len(data):
            written += os.write(handle, data[written:])
        os.fsync(handle)
    finally:
        os.close(handle)


def _sync_file(path, folder):
    """Make the bytes of the file `path` durable (a copy taken over as a raw file, moved
    into `folder` once its rows are written: the folder made here if need be)."""
    handle = os.open(path, os.O_RDWR | getattr(os, "O_BINARY", 0))
    try:
        os.fsync(handle)
    finally:
        os.close(handle)
    os.makedirs(folder, exist_ok=True)


def _write_atomically(path, data):
    temp = _temp_name(path)
    try:
        _write_file(temp, data)
        os.replace(temp, path)
    finally:
        _remove_quietly(temp)


def _sync_folder(folder):
    """Make the names just put in `folder` durable (where a folder can be synced: POSIX)."""
    if os.name != "posix":
        return
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def _remove_quietly(path):
    try:
        os.remove(path)
    except FileNotFoundError:
        pass


def _left_by_others(folder, start, end):
    """The files in `folder` named START.PID.END (a partial copy, a temporary file) of
    processes that no longer run."""
    found = []
    for name in os.listdir(folder):
        middle = name[len(start):-len(end)] if name.startswith(start) and name.endswith(end) \
            else ""
        if middle.isdigit() and not _running(int(middle), os.path.join(folder, name)):
            found.append(os.path.join(folder, name))
    return found


def _running(pid, path):
    """True if process `pid` (the writer of `path`) may still be at work. Where a process
    cannot be asked without harm (os.kill ends it on Windows), its file is left STALE_S."""
    if pid == os.getpid():
        return True
    if os.name != "posix":
        try:
            return time.time() - os.path.getmtime(path) < STALE_S
        except OSError:
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
