"""`deckmate doctor` says, one line a check, what is installed and what to fix: here every
tool is in place; an archive whose raw log was changed behind its back, or whose schema is
newer than this deckmate, is named with the fix, and the exit status is 1."""

import sqlite3

from deckmate.archive import DATABASE, SCHEMA_VERSION, Archive
from helpers import selfplay
from test_cli import run


def test_every_check_passes_on_this_installation(capsys, tmp_path):
    status, out, _ = run(capsys, "doctor", "--archive", tmp_path / "none")
    assert status == 0, out
    names = [line.split()[1] for line in out.splitlines()]
    assert names[:6] == ["python", "micropython", "mpy-cross", "mpremote", "packages", "firmware"]
    assert all(line.startswith("ok ") for line in out.splitlines())
    assert "archive      none yet in %s" % (tmp_path / "none") in out


def test_a_changed_raw_log_and_a_newer_schema_are_named_with_the_fix(capsys, tmp_path):
    folder = tmp_path / "archive"
    with Archive(str(folder)) as archive:
        for seed in (1, 2):
            log = selfplay(tmp_path, "scioto", seed)
            second = archive.add_log(log.read_bytes(), str(log)).game_id
        raw = archive.raw_path("host", second)
    status, out, _ = run(capsys, "doctor", "--archive", folder)
    assert status == 0 and "archive      2 games in %s, every raw log as archived" % folder in out
    with open(raw, "ab") as handle:
        handle.write(b"\n")
    status, out, err = run(capsys, "doctor", "--archive", folder, "--json")
    assert status == 1 and err.startswith("deckmate doctor: 1 of ")
    assert err.endswith(" checks need fixing: archive (the FIX line says how)\n")
    assert ('"found": "1 of 2 raw logs are not as archived (host/%s changed)", "fix": '
            '"remove the changed ones and move archive.sqlite3 aside' % second) in out
    db = sqlite3.connect(str(folder / DATABASE))
    db.execute("PRAGMA user_version=99")
    db.close()
    status, out, _ = run(capsys, "doctor", "--archive", folder)
    assert status == 1
    assert ("FIX  archive      schema version 99, newer than this deckmate's (%d); "
            "upgrade deckmate" % SCHEMA_VERSION) in out
