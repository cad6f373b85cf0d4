"""What goes wrong around a sync never costs a game nor crashes the host (issue 42, points 3
and 6): two boards of one device id (a cloned flash image) synced at once into one archive,
and Ctrl-C in the middle of a sync."""

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time

from deckmate.archive import Archive
from deckmate.sim import firmware, flash
from deckmate.sim.board import SimulatedBoard
from deckmate.store_files import store_files
from deckmate.sync import STORED_TOGETHER
from helpers import deckmate
from sync_helpers import SIM_DEVICE, board_with_games, device_log, typical_logs
from test_import_hostile import files_under, raw_files_have_rows
from test_sim_serial import wait_for_app
from test_sync import acknowledged, acks_on_flash


# `deckmate sync` that waits, once loaded, for the file GO: two of them start together.
SYNC_AT_ONCE = """
import os, sys, time
from deckmate import cli
from deckmate.commands import sync
open(sys.argv[1] + ".ready", "w").close()
while not os.path.exists(sys.argv[1]):
    time.sleep(0.001)
sys.exit(cli.main(sys.argv[2:]))
"""


def sync_command(port, archive_dir, go=None):
    start = [sys.executable, "-c", SYNC_AT_ONCE, str(go)] if go else [
        sys.executable, "-m", "deckmate.cli"]
    return subprocess.Popen(start + ["sync", "--port", port, "--archive", str(archive_dir)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def syncs_at_once(boards, archive_dir, go):
    runs = [sync_command(board.serial_path, archive_dir, "%s%d" % (go, index))
            for index, board in enumerate(boards)]
    deadline = time.monotonic() + 60
    while not all(os.path.exists("%s%d.ready" % (go, index)) for index in range(len(runs))):
        assert time.monotonic() < deadline
        time.sleep(0.001)
    for index in range(len(runs)):
        open("%s%d" % (go, index), "w").close()
    return runs


def cloned_flashes(tmp_path, shared, own, open_id=None):
    """Two flash images of one board: the first booted once (its id made and kept, as a board
    does), then copied; each then holds `shared` and its own games of `own` (two lists), all
    closed but `open_id`'s."""
    first, second = str(tmp_path / "a.img"), str(tmp_path / "b.img")
    # the board's id is the one the logs put on it name (sync_helpers.SIM_DEVICE)
    firmware.prepare_flash(first, "pico_lcd_13", fresh=True, chip_id=bytes.fromhex(SIM_DEVICE))
    with SimulatedBoard(first) as board:
        wait_for_app(board)
    shutil.copyfile(first, second)
    for path, logs in zip((first, second), own):
        flash.write_files(path, store_files(shared + logs, open_id))
    return first, second


def test_two_boards_of_one_id_synced_at_once_into_one_archive_never_crash(tmp_path):
    """Each game is archived once, byte-identical, from one board or the other; the other
    board's different copy of a game of the same id is kept aside as a conflict with its
    reason, never acknowledged; no partial copy is left and a sync again changes nothing."""
    shared = typical_logs(3)
    own = ([(game_id, device_log("scout", 40 + number, game_id))
            for number, game_id in enumerate(("4", "5", "6"))],
           [(game_id, device_log("droggn", 50 + number, game_id))
            for number, game_id in enumerate(("4", "5", "6"))])
    flashes = cloned_flashes(tmp_path, shared, own)
    archive_dir = tmp_path / "A"
    boards = [SimulatedBoard(path) for path in flashes]
    try:
        for board in boards:
            wait_for_app(board)
        for attempt in range(2):  # at once, then one after the other
            if attempt:
                runs = [sync_command(board.serial_path, archive_dir) for board in boards[:1]]
                runs[0].wait()
                runs.append(sync_command(boards[1].serial_path, archive_dir))
            else:
                runs = syncs_at_once(boards, archive_dir, tmp_path / "go")
            outputs = [run.communicate(timeout=120) for run in runs]
            for run, (out, err) in zip(runs, outputs):
                assert "Traceback" not in out + err and len(err.splitlines()) <= 1, out + err
                assert run.returncode == 0 or "kept aside, not archived nor acknowledged" in err
            assert {run.returncode for run in runs} <= {0, 1}
            assert [run.returncode for run in runs].count(1) >= 1, outputs  # the conflicts
    finally:
        for board in boards:
            board.close()
    assert [path for path in files_under(archive_dir) if path.startswith("partial")] == []
    with Archive(archive_dir) as archive:
        assert raw_files_have_rows(archive)
        (device,) = [row[0] for row in archive.db.execute("SELECT device_id FROM devices")]
        for game_id, data in shared:
            assert archive.read_raw(device, game_id) == data
        for index, game_id in enumerate(("4", "5", "6")):
            copies = [logs[index][1] for logs in own]
            kept = archive.read_raw(device, game_id)
            assert kept in copies
            other = copies[1 - copies.index(kept)]
            digest = hashlib.sha256(other).hexdigest()
            assert archive.db.execute("SELECT status FROM files WHERE sha256=?",
                                      (digest,)).fetchall() == [("conflict",)]
            assert (archive_dir / "rejected" / (digest + ".jsonl")).read_bytes() == other
            assert "is archived with other content" in (
                archive_dir / "rejected" / (digest + ".why.txt")).read_text()
    for path, logs in zip(flashes, own):
        acked = acks_on_flash(path)
        with Archive(archive_dir) as archive:
            for game_id, data in shared + logs:
                digest = hashlib.sha256(data).hexdigest()
                assert (acked.get(game_id) == digest[:16]) == archive.holds(digest), game_id


def test_a_longer_other_game_of_the_same_id_is_kept_aside_not_copied_onto_the_archived_one(
        tmp_path):
    """The archive holds game 1 of a board; its clone's game 1 is another, longer match: the
    sync copies it whole (not onto the archived beginning, as a game grown since) and keeps
    it aside as a conflict with the reason, never acknowledged."""
    short, longer = device_log("scioto", 3, "1"), device_log("droggn", 5, "1")
    assert len(longer) > len(short)
    flashes = cloned_flashes(tmp_path, [], ([("1", short)], [("1", longer)]))
    archive_dir = tmp_path / "A"
    for path in flashes:
        with SimulatedBoard(path) as board:
            wait_for_app(board)
            done = deckmate("sync", "--port", board.serial_path, "--archive", archive_dir)
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
    assert "game 1 kept aside: " in done.stdout and "is archived with other content" \
        in done.stdout, done.stdout
    assert "1 game of device" in done.stderr and "kept aside" in done.stderr, done.stderr
    digest = hashlib.sha256(longer).hexdigest()
    assert (archive_dir / "rejected" / (digest + ".jsonl")).read_bytes() == longer
    assert "1" not in acks_on_flash(flashes[1])


def test_a_shorter_other_open_game_of_the_same_id_is_kept_aside_not_taken_as_held(tmp_path):
    """The archive holds board A's game in progress; its clone's game in progress of the same
    id is another, shorter one: not taken for the beginning of the archived copy, it is
    copied and kept aside as a conflict with the reason."""
    first = b"".join(device_log("scarto", 7, "1").splitlines(keepends=True)[:40])
    second = b"".join(device_log("scioto", 8, "1").splitlines(keepends=True)[:12])
    assert len(second) < len(first)
    flashes = cloned_flashes(tmp_path, [], ([("1", first)], [("1", second)]), open_id="1")
    archive_dir = tmp_path / "A"
    for path in flashes:
        with SimulatedBoard(path) as board:
            wait_for_app(board)
            done = deckmate("sync", "--port", board.serial_path, "--archive", archive_dir)
    assert done.returncode == 1 and "game 1 kept aside: " in done.stdout, done.stdout
    digest = hashlib.sha256(second).hexdigest()
    assert (archive_dir / "rejected" / (digest + ".jsonl")).read_bytes() == second
    with Archive(archive_dir) as archive:
        (device,) = [row[0] for row in archive.db.execute("SELECT device_id FROM devices")]
        assert archive.read_raw(device, "1") == first


def test_ctrl_c_in_a_sync_is_one_line_and_what_was_archived_stays(tmp_path):
    # Ctrl-C as the first of them are stored: three batches more than the first, so that the
    # signal finds logs still to copy however fast the copies go (a flash of 1,024 blocks
    # holds them, where a Pico's holds about 50)
    logs = typical_logs(4 * STORED_TOGETHER + 4)
    flash_path = str(tmp_path / "flash.img")
    archive_dir = tmp_path / "A"
    with board_with_games(flash_path, logs, flash_blocks=1024) as board:
        wait_for_app(board)
        command = sync_command(board.serial_path, archive_dir)
        deadline = time.monotonic() + 60
        raw = archive_dir / "raw"
        while not (raw.exists() and len(files_under(raw)) >= 2) \
                and time.monotonic() < deadline and command.poll() is None:
            time.sleep(0.005)
        command.send_signal(signal.SIGINT)
        out, err = command.communicate(timeout=60)
        assert command.returncode == 1 and "Traceback" not in out + err, out + err
        assert err == ("deckmate sync: stopped (Ctrl-C); every game archived so far stays "
                       "archived: run `deckmate sync` again to go on\n"), err
        with Archive(archive_dir) as archive:
            assert raw_files_have_rows(archive)
            archived = archive.db.execute("SELECT game_id, sha256 FROM games").fetchall()
        assert 1 <= len(archived) < len(logs)
        again = deckmate("sync", "--port", board.serial_path, "--archive", archive_dir)
        assert again.returncode == 0, again.stdout + again.stderr
        assert "%d new" % (len(logs) - len(archived)) in again.stdout, again.stdout
    with Archive(archive_dir) as archive:
        for game_id, data in logs:
            assert archive.read_raw(archive.db.execute(
                "SELECT device_id FROM games LIMIT 1").fetchone()[0], game_id) == data
        assert set(archived) <= set(archive.db.execute("SELECT game_id, sha256 FROM games"))
    assert acks_on_flash(flash_path) == acknowledged(logs)
