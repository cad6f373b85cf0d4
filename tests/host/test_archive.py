"""The archive (deckmate/archive.py) and `deckmate import`: every log once, whole; a grown
unfinished game replaces its copy; refused and conflicting logs are kept aside with the reason;
two imports at once leave it consistent."""

import hashlib
import json
import os
import sqlite3
import subprocess
import sys

import pytest

from deckmate import archive as archive_module
from deckmate import cli
from deckmate.archive import (CONFLICT, DATABASE, GROWN, NEW, REJECTED, UNCHANGED, Archive,
                              ArchiveError, SCHEMA_VERSION)
from helpers import deckmate, selfplay
from test_import_hostile import raw_files_have_rows


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("logs")
    return [selfplay(folder, game, seed).read_bytes()
            for game, seed in (("scioto", 1), ("scioto", 2), ("scout", 3), ("droggn", 4))]


def game_id(data):
    return json.loads(data.split(b"\n", 1)[0])["game_id"]


def rows(archive, sql):
    return archive.db.execute(sql).fetchall()


def test_a_log_is_archived_with_its_players_hands_and_scores_and_its_raw_bytes(tmp_path, logs):
    with Archive(tmp_path) as archive:
        outcome = archive.add_log(logs[0], "s1.jsonl", date="2026-12-01 20:15")
        assert (outcome.kind, outcome.device_id, outcome.game_id) == (NEW, "host",
                                                                      game_id(logs[0]))
        assert archive.read_raw("host", game_id(logs[0])) == logs[0]
        game = rows(archive, "SELECT game, mode, state, hands, date, totals FROM games")
        end = json.loads(logs[0].splitlines()[-1])
        assert game == [("scioto", "played", "complete", end["hands"], "2026-12-01 20:15",
                         json.dumps(end["totals"]))]
        assert rows(archive, "SELECT seat, name, kind FROM players") == [
            (0, "Bot 1", "bot"), (1, "Bot 2", "bot")]
        totals = rows(archive, "SELECT total FROM scores WHERE hand=%d ORDER BY seat" % end["hands"])
        assert [total for (total,) in totals] == end["totals"]


def test_the_same_bytes_again_change_nothing(tmp_path, logs):
    with Archive(tmp_path) as archive:
        archive.add_log(logs[1], "a")
        assert archive.add_log(logs[1], "b").kind == UNCHANGED
        assert rows(archive, "SELECT count(*) FROM games") == [(1,)]
        assert rows(archive, "SELECT count(*) FROM files") == [(1,)]


def test_an_unfinished_game_grown_since_replaces_its_copy_never_duplicates_it(tmp_path, logs):
    lines = logs[2].splitlines(keepends=True)
    with Archive(tmp_path) as archive:
        assert archive.add_log(b"".join(lines[:5]), "early").kind == NEW
        assert rows(archive, "SELECT state FROM games") == [("unfinished",)]
        assert archive.add_log(b"".join(lines[:3]), "older").kind == UNCHANGED
        assert archive.add_log(logs[2], "later").kind == GROWN
        assert rows(archive, "SELECT count(*), state FROM games") == [(1, "complete")]
        assert archive.read_raw("host", game_id(logs[2])) == logs[2]
        assert rows(archive, "SELECT status FROM files ORDER BY file_id") == [("replaced",),
                                                                              ("archived",)]


def test_another_log_with_the_same_ids_is_a_conflict_kept_aside(tmp_path, logs):
    other = logs[1].replace(game_id(logs[1]).encode(), game_id(logs[0]).encode())
    with Archive(tmp_path) as archive:
        archive.add_log(logs[0], "first")
        outcome = archive.add_log(other, "second")
        assert outcome.kind == CONFLICT and "not a continuation" in outcome.reason
        assert archive.read_raw("host", game_id(logs[0])) == logs[0]
        kept = [name for name in os.listdir(tmp_path / "rejected") if name.endswith(".jsonl")]
        assert (tmp_path / "rejected" / kept[0]).read_bytes() == other


def test_a_log_the_reader_refuses_is_kept_aside_with_the_reason_and_nothing_of_it_imported(
        tmp_path, logs):
    broken = logs[3].replace(b'"a":"', b'"a":"x', 1)
    with Archive(tmp_path) as archive:
        outcome = archive.add_log(broken, "broken.jsonl")
        assert outcome.kind == REJECTED and outcome.reason.startswith("broken.jsonl:")
        assert rows(archive, "SELECT count(*) FROM games") == [(0,)]
        assert rows(archive, "SELECT count(*) FROM players") == [(0,)]
        why = [name for name in os.listdir(tmp_path / "rejected") if name.endswith(".why.txt")]
        assert (tmp_path / "rejected" / why[0]).read_text().strip() == outcome.reason
        again = archive.add_log(broken, "again")  # read again, never "already archived"
        assert again.kind == REJECTED and again.reason.startswith("again:")
        assert rows(archive, "SELECT count(*) FROM files") == [(1,)]  # kept once
        assert (tmp_path / "rejected" / why[0]).read_text().strip() == again.reason


def test_logs_stored_together_share_a_commit_a_run_of_different_games(tmp_path, logs):
    """What a sync does with the copies of a batch: each checked as it comes, then all written
    at once, each with the outcome it has alone; a later copy of a game of the run starts
    another run (it grows the game the run archives)."""
    early = b"".join(logs[2].splitlines(keepends=True)[:5])
    with Archive(tmp_path) as archive:
        statements = []
        archive.db.set_trace_callback(statements.append)
        checked = [archive.check(data, "copy %d" % index) for index, data in
                   enumerate([logs[0], logs[1], early, b"not a log\n", logs[2]])]
        outcomes = archive.add_checked(checked)
        assert [outcome.kind for outcome in outcomes] == [NEW, NEW, NEW, REJECTED, GROWN]
        assert statements.count("COMMIT") == 3  # the first three; the grown one; the refused
        assert archive.read_raw("host", game_id(logs[2])) == logs[2]
        assert raw_files_have_rows(archive)
        assert [kind for (kind,) in rows(archive, "SELECT status FROM files ORDER BY file_id")
                ] == ["archived", "archived", "replaced", "archived", "rejected"]


def test_a_syncs_copy_of_a_new_log_becomes_its_raw_file_and_any_other_copy_stays(tmp_path, logs):
    """A sync's partial copy of a log it stores is taken as the raw file (moved, not written
    again) once its rows commit; the copy of a log refused or already held is left where it
    is, for the sync to remove."""
    copies = tmp_path / "partial"
    copies.mkdir()
    sent = [logs[0], b"not a log\n", logs[0]]
    paths = [copies / ("%d.part" % index) for index in range(len(sent))]
    for path, data in zip(paths, sent):
        path.write_bytes(data)
    inode = paths[0].stat().st_ino
    with Archive(tmp_path / "A") as archive:
        outcomes = archive.add_checked([archive.check(data, "copy", copied=str(path))
                                        for path, data in zip(paths, sent)])
        assert [outcome.kind for outcome in outcomes] == [NEW, REJECTED, UNCHANGED]
        raw = archive.raw_path("host", game_id(logs[0]))
        assert os.stat(raw).st_ino == inode and archive.read_raw("host", game_id(logs[0])) == logs[0]
        assert [path.exists() for path in paths] == [False, True, True]
        assert raw_files_have_rows(archive)


def test_an_archive_of_schema_3_finds_a_log_by_its_sha256_through_an_index(tmp_path, logs):
    with Archive(tmp_path) as archive:
        archive.add_log(logs[0], "a")
        archive.db.execute("DROP INDEX games_by_sha256")
        archive.db.execute("PRAGMA user_version=3")
    with Archive(tmp_path) as archive:
        assert rows(archive, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
        plan = rows(archive, "EXPLAIN QUERY PLAN SELECT 1 FROM games WHERE sha256='x'")
        assert "games_by_sha256" in str(plan)
        assert archive.holds(hashlib.sha256(logs[0]).hexdigest())


def test_an_archive_of_a_newer_schema_is_refused_with_the_fix(tmp_path):
    Archive(tmp_path).close()
    with sqlite3.connect(str(tmp_path / "archive.sqlite3")) as db:
        db.execute("PRAGMA user_version=%d" % (SCHEMA_VERSION + 1))
    with pytest.raises(ArchiveError, match="upgrade deckmate"):
        Archive(tmp_path)


def test_a_damaged_database_is_said_with_its_fix_and_the_raw_logs_rebuild_the_archive(
        tmp_path, logs, capsys):
    """The archive's database damaged (here it is not a database at all): each command says
    so in one line with the fix, no traceback. Moved aside as it says, the next import makes a
    new database and archives again every raw log kept beside it (a game a device has pruned
    is there only), never removes one, and imports what it was given."""
    folder = tmp_path / "A"
    files = []
    for index, data in enumerate(logs[:3]):
        files.append(str(tmp_path / ("%d.jsonl" % index)))
        (tmp_path / ("%d.jsonl" % index)).write_bytes(data)
    assert cli.main(["import", "--archive", str(folder)] + files[:2]) == 0
    (folder / DATABASE).write_bytes(b"a spreadsheet saved over it\n")
    capsys.readouterr()
    for command in (["games"], ["stats"], ["import", files[2]]):
        assert cli.main(command + ["--archive", str(folder)]) == 1
        out, err = capsys.readouterr()
        assert err == (
            "deckmate %s: the archive's database %s is damaged (file is not a database): move "
            "it aside (rename it, and its -wal and -shm files if any); the next `deckmate "
            "import` or `deckmate sync` makes a new one and archives again every log kept in "
            "%s\n" % (command[0], folder / DATABASE, folder / "raw")), err
    os.rename(folder / DATABASE, tmp_path / "damaged.sqlite3")
    assert cli.main(["import", "--archive", str(folder), files[2]]) == 0
    out, _ = capsys.readouterr()
    assert out.splitlines() == ["2 logs of the archive without their rows archived again",
                                "1 file: 1 new"]
    with Archive(folder) as archive:
        assert [archive.read_raw("host", game_id(data)) for data in logs[:3]] == logs[:3]
        assert raw_files_have_rows(archive)


def test_a_database_that_cannot_be_opened_is_said_with_its_fix(tmp_path, capsys):
    """The archive's database that SQLite cannot open (here a folder in its place) is said in
    one line that names the fix, as a damaged one is (it was a sqlite3 traceback)."""
    (tmp_path / DATABASE).mkdir()
    for command in (["games"], ["import", str(tmp_path / "none.jsonl")]):
        assert cli.main(command + ["--archive", str(tmp_path)]) == 1
        _, err = capsys.readouterr()
        assert err == (
            "deckmate %s: the archive's database %s cannot be opened (unable to open database "
            "file): it must be a file that you may read and write, in a folder you may write; "
            "or give --archive a new folder\n" % (command[0], tmp_path / DATABASE)), err


def test_an_archive_another_deckmate_holds_too_long_is_said_with_its_fix(tmp_path,
                                                                        monkeypatch):
    Archive(tmp_path).close()
    other = sqlite3.connect(str(tmp_path / DATABASE), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # (another deckmate's write, longer than LOCK_WAIT_S)
    monkeypatch.setattr(archive_module, "LOCK_WAIT_S", 0.1)
    with pytest.raises(ArchiveError, match=r"^another deckmate has held the archive's database "
                       r".* \(database is locked\): run this again once it is done$"):
        Archive(tmp_path)
    other.close()


def test_deckmate_import_says_what_it_did_in_one_line_and_a_second_run_changes_nothing(
        tmp_path, logs):
    for index, data in enumerate(logs):
        (tmp_path / ("%d.jsonl" % index)).write_bytes(data)
    (tmp_path / "junk.jsonl").write_bytes(b"not a log\n")
    first = deckmate("import", "--archive", tmp_path / "A", tmp_path)
    assert first.returncode == 1 and "1 file kept aside" in first.stderr
    assert first.stdout.splitlines()[-1] == "5 files: 4 new, 1 rejected (kept aside)"
    second = deckmate("import", "--archive", tmp_path / "A", tmp_path)
    assert second.returncode == 1 and "1 file kept aside" in second.stderr
    assert second.stdout.splitlines()[-1] == "5 files: 4 already archived, 1 rejected (kept aside)"


def test_deckmate_import_of_a_boards_logs_folder_takes_the_logs_in_its_folders_of_32(tmp_path):
    from deckmate.commands.import_logs import log_files
    from deckmate.store_files import log_path
    for game_id in ("1", "31", "32", "x"):  # logs/0/, logs/1/ and logs/named/ (log_name)
        target = tmp_path / log_path(game_id)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(b"{}\n")
    (tmp_path / "logs" / "manifest.chk").write_bytes(b"#\n")
    (tmp_path / "logs" / "A" / "raw").mkdir(parents=True)  # an archive kept beside: not read
    (tmp_path / "logs" / "A" / "raw" / "2.jsonl").write_bytes(b"{}\n")
    found = [path for _, path, _ in log_files([str(tmp_path / "logs")])]
    assert [os.path.relpath(path, str(tmp_path)) for path in found] == [
        os.path.join("logs", "0", "1.jsonl"), os.path.join("logs", "0", "31.jsonl"),
        os.path.join("logs", "1", "32.jsonl"), os.path.join("logs", "named", "x.jsonl")]


def test_deckmate_import_of_a_folder_without_logs_says_so_and_what_to_give(tmp_path, logs,
                                                                          capsys):
    """A folder whose logs are not where a board keeps them (an archive's raw/ folder, one
    folder a device) is not "0 files: nothing" and success: it is said, with the files to
    give, and what else was given is imported."""
    raw = tmp_path / "old" / "raw" / "host"
    raw.mkdir(parents=True)
    (raw / "1.jsonl").write_bytes(logs[0])
    (tmp_path / "2.jsonl").write_bytes(logs[1])
    folder = tmp_path / "old" / "raw"
    assert cli.main(["import", "--archive", str(tmp_path / "A"), str(folder),
                     str(tmp_path / "2.jsonl")]) == 1
    out, err = capsys.readouterr()
    assert out.splitlines() == ["not imported: %s: the folder holds no logs" % folder,
                                "1 file: 1 new"]  # (a folder is not a file that was unread)
    assert err == (
        "deckmate import: %s holds no logs (no .jsonl file in it nor in folders of logs as a "
        "board keeps them: 0/, 1/, ..., named/): give the log files or the folder that holds "
        "them, e.g. %s\n" % (folder, os.path.join(str(folder), "*", "*.jsonl")))


IMPORT_ALL = """
import sys
from deckmate.archive import Archive
with Archive(sys.argv[1]) as archive:
    for path in sys.argv[2:]:
        archive.add_log(open(path, "rb").read(), path)
"""


def test_two_imports_at_once_leave_the_archive_consistent(tmp_path, logs):
    paths = []
    for index, data in enumerate(logs):
        lines = data.splitlines(keepends=True)
        for cut in (len(lines) // 3, len(lines)):  # an unfinished copy and the whole game
            path = tmp_path / ("%d-%d.jsonl" % (index, cut))
            path.write_bytes(b"".join(lines[:cut]))
            paths.append(str(path))
    archive_dir = str(tmp_path / "A")
    runs = [subprocess.Popen([sys.executable, "-c", IMPORT_ALL, archive_dir] + order)
            for order in (paths, paths[::-1])]
    assert [run.wait() for run in runs] == [0, 0]
    with Archive(archive_dir) as archive:
        assert rows(archive, "SELECT count(*) FROM games") == [(4,)]
        assert rows(archive, "SELECT count(DISTINCT state) FROM games") == [(1,)]  # complete
        for data in logs:
            header = json.loads(data.splitlines()[0])
            assert archive.read_raw("host", header["game_id"]) == data
        assert rows(archive, "SELECT count(*) FROM files WHERE status='archived'") == [(4,)]


def test_self_played_logs_of_every_game_with_one_seed_import_together(tmp_path):
    """Each log `deckmate selfplay` writes has an id of its own (the game, the seed and the
    log's hash): the five games with one seed, and one game with other bots or options, all
    import as new; the same match played again is the same log, already archived."""
    from deckcore.games import NAMES
    played = [selfplay(tmp_path, game, 3) for game in NAMES] + [
        selfplay(tmp_path, "scioto", 3, extra=("--bots", "easy")),
        selfplay(tmp_path, "scioto", 3, extra=("--option", "deals=4"))]
    (tmp_path / "again").mkdir()
    again = selfplay(tmp_path / "again", "scarto", 3)
    ids = [game_id(path.read_bytes()) for path in played]
    assert len(set(ids)) == len(played) and ids[0].startswith("selfplay-%s-3-" % NAMES[0])
    assert again.read_bytes() == played[NAMES.index("scarto")].read_bytes()
    done = deckmate("import", "--archive", tmp_path / "A", *played + [again])
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "%d files: %d new, 1 already archived" % (
        len(played) + 1, len(played))
