"""`deckmate sync` against the simulated board on its pty (issue 25): every game once, whole,
byte for byte; a repeat changes nothing; an open game is copied but never acknowledged or
pruned, and replaces its copy once grown; prune only after the archive holds a game; damaged
frames get error frames; faults on the line lose and duplicate nothing; an interrupted sync
resumes where it stopped."""

import csv
import hashlib
import json
import os
import subprocess
import sys
import time

import pytest

from deckmate import device_link
from deckmate.archive import Archive
from deckmate.connection import BoardConnection
from deckmate.device_link import DeviceLink, LinkError
from deckmate.sim import flash
from deckmate.sim.board import SimulatedBoard
from deckmate.store_files import (ACKS, MANIFEST, log_path, piece_crcs, read_checked,
                                  read_journal)
from deckmate.sync import sync_device
from helpers import deckmate
from sync_helpers import SIM_DEVICE, FaultRelay, board_with_games, device_log, typical_logs
from test_keep_log import kept_scarto_match
from test_sim_serial import read_until, wait_for_app


def sync(port, archive_dir, *extra):
    done = deckmate("sync", "--port", port, "--archive", archive_dir, *extra)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.strip()


def archived_bytes(archive_dir, game_id):
    with Archive(archive_dir) as archive:
        return archive.read_raw(SIM_DEVICE, game_id)


def acks_on_flash(flash_path):
    """{game id: the SHA-256 acknowledged (its first 16 hex digits)} of the device's journal
    of acknowledgements."""
    if "acks.chk" not in flash.list_files(flash_path, "logs"):
        return {}
    return dict(read_journal(flash.read_file(flash_path, ACKS)))


def acknowledged(logs):
    """What the journal holds once every log of `logs` is acknowledged: {game id: the first
    16 hex digits of its SHA-256}."""
    return dict((game_id, hashlib.sha256(data).hexdigest()[:16]) for game_id, data in logs)


def test_a_sync_copies_every_game_byte_identical_and_a_repeat_copies_nothing(
        tmp_path):
    logs = typical_logs(12)
    flash_path = str(tmp_path / "flash.img")
    with board_with_games(flash_path, logs) as board:
        wait_for_app(board)
        first = sync(board.serial_path, tmp_path / "A")
        assert first.startswith("device %s: 12 games listed" % SIM_DEVICE)
        assert first.endswith("12 new; 12 acknowledged"), first
        second = sync(board.serial_path, tmp_path / "A")  # its time: tools/sync_bench.py
        assert second == "nothing new on device %s: its 12 games are in the archive" % SIM_DEVICE
        with Archive(tmp_path / "A") as archive, BoardConnection(board.serial_path) as port:
            link = DeviceLink(port)
            assert sync_device(link, archive).line() == second
            assert link.query == 2  # the hello (its list tag is the archive's) and the clock
    for game_id, data in logs:
        assert archived_bytes(tmp_path / "A", game_id) == data
    assert flash.read_file(flash_path, ACKS).count(b"\n#") == 1  # one write for the 12
    acked = acks_on_flash(flash_path)
    assert acked == acknowledged(logs)  # (64 bits of each hash)


class ListedWrong(DeviceLink):
    """A link on which the device lists game 2 with another SHA-256 than its bytes have (the
    bytes as a flash that changed under the list would give them, every frame's CRC right)."""

    def games(self):
        entries = super().games()
        for entry in entries:
            if entry["id"] == "2":
                entry["sha256"] = hashlib.sha256(b"another log").hexdigest()
        return entries


def test_a_copy_whose_bytes_are_not_the_listed_sha256_is_neither_archived_nor_acknowledged(
        tmp_path):
    """The archive takes a closed log's SHA-256 from the device's list without hashing it
    again: so the sync checks every copy's bytes against it, and one that differs (twice) is
    not copied, whether it came in a `gets` with others or in a get of its own."""
    logs = typical_logs(3)
    flash_path = str(tmp_path / "flash.img")
    said = []
    with board_with_games(flash_path, logs) as board:
        wait_for_app(board)
        with Archive(tmp_path / "A") as archive, BoardConnection(board.serial_path) as port:
            result = sync_device(ListedWrong(port), archive, say=said.append)
            assert archive.known(SIM_DEVICE, "2") is None
            assert [archive.known(SIM_DEVICE, game_id)[0] for game_id in ("1", "3")] == [
                hashlib.sha256(data).hexdigest() for game_id, data in logs if game_id != "2"]
    assert said == ["game 2 not copied: its SHA-256 differs from the device's after two "
                    "copies"]
    assert result.failed == [("2", "its SHA-256 differs from the device's after two copies")]
    assert acks_on_flash(flash_path) == acknowledged([logs[0], logs[2]])


def test_a_sync_says_the_raw_logs_it_archives_again_once_the_database_is_moved_aside(
        tmp_path):
    """The fix of a damaged database (move it aside, sync again) rebuilds the archive from
    its raw logs, the games the device pruned too, and the sync says so (it was silent)."""
    logs = typical_logs(2)
    with board_with_games(str(tmp_path / "flash.img"), logs) as board:
        wait_for_app(board)
        assert sync(board.serial_path, tmp_path / "A", "--prune").endswith("2 removed from "
                                                                           "the device")
        os.rename(tmp_path / "A" / "archive.sqlite3", tmp_path / "damaged.sqlite3")
        assert sync(board.serial_path, tmp_path / "A").splitlines() == [
            "2 logs of the archive without their rows archived again",
            "nothing new on device %s: its 0 games are in the archive" % SIM_DEVICE]
    for game_id, data in logs:
        assert archived_bytes(tmp_path / "A", game_id) == data


class SmallBatches(DeviceLink):
    """A link whose acknowledgements go `most` logs a request, each request's op recorded
    (and an ack's form: `logs`, a text, or `acks`, a list); `gets_most` 0: it copies a log a
    get, as with a firmware before `gets`; `ack_text` False: as with a firmware before
    `ack_text`."""

    def __init__(self, connection, most, gets_most=None, ack_text=True):
        super().__init__(connection)
        self.most = most
        self.gets_most_then = gets_most
        self.ack_text = ack_text
        self.sent = []
        self.ack_forms = []
        self.gets_forms = []

    def hello(self, space=True):
        answer = super().hello(space)
        self.ack_most = self.most
        if self.gets_most_then is not None:
            self.gets_most = self.gets_most_then
        if not self.ack_text:  # (and before `gets_ids`)
            del self.device["ack_text"], self.device["gets_ids"]
        return answer

    def _send(self, message):
        self.sent.append(message["op"])
        if message["op"] == "ack":
            self.ack_forms.append("logs" if "logs" in message else "acks")
        if message["op"] == "gets":
            self.gets_forms.append("ids" if "ids" in message else "logs")
        super()._send(message)


def synced_in_batches(board, archive_dir, batch, **device):
    """`board` synced into the archive `archive_dir` through a SmallBatches link of `batch`
    acknowledgements an ack (`device`: the hello's answer changed as SmallBatches does);
    (the link, the sync's result)."""
    with Archive(archive_dir) as archive, BoardConnection(board.serial_path) as port:
        link = SmallBatches(port, batch, **device)
        return link, sync_device(link, archive, say=lambda text: None)


def test_the_logs_are_acknowledged_in_batches_as_they_are_archived(tmp_path):
    logs = typical_logs(7)
    flash_path = str(tmp_path / "flash.img")
    with board_with_games(flash_path, logs) as board:
        wait_for_app(board)
        link, result = synced_in_batches(board, tmp_path / "A", 2)
        assert link.sent.count("gets") == 1 and "get" not in link.sent[4:]  # 7 logs, 1 request
        old, again = synced_in_batches(board, tmp_path / "B", 50,
                                       gets_most=0)  # (a firmware before `gets`)
        assert again.line().endswith("7 new")  # (acknowledged already)
        assert old.sent.count("get") == 2 + 7 and "gets" not in old.sent
    assert result.acked == 7 and result.refused == []
    # (the batches go between the gets once the archive has them; how many is the threads')
    assert link.sent.count("ack") == 4
    assert set(link.ack_forms) == {"logs"}  # (22 bytes a log where the list took 33)
    assert link.gets_forms == ["ids"]  # (3 bytes a log where the list took 15)
    assert flash.read_file(flash_path, ACKS).count(b"\n#") == 4  # a block a batch
    assert acks_on_flash(flash_path) == acknowledged(logs)


def test_a_firmware_before_the_requests_in_a_text_gets_them_in_lists(tmp_path):
    logs = typical_logs(3)
    flash_path = str(tmp_path / "flash.img")
    with board_with_games(flash_path, logs) as board:
        wait_for_app(board)
        link, result = synced_in_batches(board, tmp_path / "A", 2, ack_text=False)
    assert result.acked == 3 and link.ack_forms == ["acks", "acks"]
    assert link.gets_forms == ["logs"]
    assert acks_on_flash(flash_path) == acknowledged(logs)


def test_a_device_of_600_logs_boots_in_its_heap_and_lists_them_all(tmp_path):
    logs = [(str(number), b'{"t":"header","game_id":"%d"}\n' % number)
            for number in range(1, 601)]
    blocks = flash.BLOCK_COUNT + len(logs)  # a log takes a block
    with board_with_games(str(tmp_path / "flash.img"), logs, flash_blocks=blocks) as board:
        wait_for_app(board)  # (a 500-entry manifest did not fit the 192K heap at boot)
        with BoardConnection(board.serial_path) as connection:
            link = DeviceLink(connection)
            assert link.hello()["logs"] == 600
            assert [entry["id"] for entry in link.games()] == [game_id for game_id, _ in logs]


def test_a_scorekept_match_is_archived_with_its_hands_and_scores_as_corrected(tmp_path):
    kept = "".join(kept_scarto_match()[1]).replace('"device":"test"', '"device":"%s"' % SIM_DEVICE)
    logs = typical_logs(1) + [("7", kept.encode())]
    with board_with_games(str(tmp_path / "flash.img"), logs) as board:
        wait_for_app(board)
        assert sync(board.serial_path, tmp_path / "A").endswith("2 new; 2 acknowledged")
    games = json.loads(deckmate("games", "--archive", tmp_path / "A", "--json").stdout)
    match = [game for game in games if game["game_id"] == "7"][0]
    assert match["mode"] == "scorekept" and match["hands"] == 3, match
    assert deckmate("export", "csv", "--archive", tmp_path / "A", "--out", tmp_path / "g.csv",
                    "--game", "scarto", "--no-bom").returncode == 0
    with open(tmp_path / "g.csv", newline="") as handle:
        rows = [row for row in csv.DictReader(handle) if row["match"] == "7"]
    # hand 1 as corrected, hand 2 as entered after the undo; the totals run
    assert [(row["hand"], row["player"], row["points"], row["score"], row["total"])
            for row in rows if row["player"] == "Bea"] == [
        ("1", "Bea", "28", "2", "2"), ("2", "Bea", "33", "7", "9"), ("3", "Bea", "26", "0", "9")]
    assert {row["mode"] for row in rows} == {"scorekept"}




def test_an_open_game_is_copied_not_acknowledged_nor_pruned_and_once_grown_replaces_its_copy(
        tmp_path):
    whole = device_log("scarto", 7, "3")
    lines = whole.splitlines(keepends=True)
    logs = typical_logs(2) + [("3", b"".join(lines[:40]))]
    flash_path = str(tmp_path / "flash.img")
    with board_with_games(flash_path, logs, open_id="3") as board:
        wait_for_app(board)
        with BoardConnection(board.serial_path) as connection:
            link = DeviceLink(connection)
            assert [(g["id"], g["state"]) for g in link.games()] == [
                ("1", "closed"), ("2", "closed"), ("3", "open")]
            listed = link.games()
            assert link.acknowledge([dict(listed[2], sha256=link.digest("3", len(logs[2][1])))]
                                    ) == [["3", "open"]]
        assert "3 new; 2 acknowledged" in sync(board.serial_path, tmp_path / "A", "--prune")
    assert flash.list_files(flash_path, "logs") == ["0", "manifest.chk"]  # (games 0-31's folder)
    assert flash.list_files(flash_path, "logs/0") == ["3.jsonl"]
    assert archived_bytes(tmp_path / "A", "3") == logs[2][1]
    flash.write_files(flash_path, {log_path("3"): b"".join(lines[:90])})  # played on
    with SimulatedBoard(flash_path) as board:
        wait_for_app(board)
        assert sync(board.serial_path, tmp_path / "A").endswith("1 grown (replaced)")
    assert archived_bytes(tmp_path / "A", "3") == b"".join(lines[:90])
    with Archive(tmp_path / "A") as archive:
        assert archive.db.execute("SELECT count(*) FROM games WHERE game_id='3'").fetchone() == (1,)


def test_a_log_the_reader_refuses_is_kept_aside_never_acknowledged_the_others_archived(tmp_path):
    logs = typical_logs(3)
    broken = logs[1][1].replace(b'"a":"', b'"a":"x', 1)  # an action no rule allows
    logs[1] = ("2", broken)
    flash_path = str(tmp_path / "flash.img")
    with board_with_games(flash_path, logs) as board:
        wait_for_app(board)
        done = deckmate("sync", "--port", board.serial_path, "--archive", tmp_path / "A",
                        "--prune")
    assert done.returncode == 1 and "1 game of device %s kept aside" % SIM_DEVICE in done.stderr
    assert "game 2 kept aside: %s:2:" % board.serial_path in done.stdout
    assert done.stdout.strip().endswith("2 new, 1 rejected (kept aside); 2 acknowledged; "
                                        "2 removed from the device")
    assert flash.list_files(flash_path, "logs") == ["0", "manifest.chk"]
    assert flash.list_files(flash_path, "logs/0") == ["2.jsonl"]
    assert flash.read_file(flash_path, log_path("2")) == broken


def test_a_game_kept_aside_is_never_counted_as_archived_and_each_sync_reads_it_again(
        tmp_path, monkeypatch):
    """A log of a newer format is refused ("upgrade deckmate"): every sync, `devices` and
    `games` say it is kept aside and where the reason is, the sync fails while it is, and it is
    never acknowledged; once deckmate reads that version the next sync archives it."""
    from deckcore import log
    logs = typical_logs(3)
    newer = logs[1][1].replace(b'"v":1,', b'"v":2,', 1)
    logs[1] = ("2", newer)
    flash_path = str(tmp_path / "flash.img")
    archive_dir = tmp_path / "A"
    with board_with_games(flash_path, logs) as board:
        wait_for_app(board)
        for _ in range(2):
            done = deckmate("sync", "--port", board.serial_path, "--archive", archive_dir)
            assert done.returncode == 1, done.stdout + done.stderr
            assert not done.stdout.startswith("nothing new"), done.stdout
            assert "game 2 kept aside: %s:2:1: header record: log format version 2 is newer " \
                   "than this reader (1); upgrade deckmate" % board.serial_path in done.stdout
            assert done.stderr.startswith("deckmate sync: 1 game of device %s kept aside, not "
                                          "archived nor acknowledged: the reasons are in %s"
                                          % (SIM_DEVICE, archive_dir / "rejected" / "*.why.txt"))
        assert done.stdout.splitlines()[-1].endswith("0 bytes copied: 1 rejected (kept aside)")
        devices = deckmate("devices", "--port", board.serial_path, "--archive", archive_dir)
        assert "0 not yet synced, 1 kept aside (not archived: the reasons are in %s)" % (
            archive_dir / "rejected" / "*.why.txt") in devices.stdout, devices.stdout
        games = deckmate("games", "--archive", archive_dir)
        assert games.stdout.splitlines()[-1] == (
            "1 log kept aside, not archived (device %s 1): the reasons are in %s"
            % (SIM_DEVICE, archive_dir / "rejected" / "*.why.txt"))
        assert "2" not in acks_on_flash(flash_path)
        monkeypatch.setattr(log, "VERSION", 2)  # a deckmate that reads version 2
        with Archive(archive_dir) as archive, BoardConnection(board.serial_path) as port:
            result = sync_device(DeviceLink(port), archive)
        assert result.summary.line() == "1 new" and result.acked == 1 and not result.kept
        assert list((archive_dir / "rejected").iterdir()) == []
    assert archived_bytes(archive_dir, "2") == newer
    assert acks_on_flash(flash_path)["2"] == hashlib.sha256(newer).hexdigest()[:16]


def test_a_get_past_the_end_of_a_log_says_where_it_ended_not_that_the_device_is_silent(
        tmp_path):
    """Both ways a log is read (its bytes handed on as they come, or checked a piece at a time
    by the manifest's CRCs) go through the one frame loop, and end alike."""
    logs = typical_logs(1)
    game_id, data = logs[0]
    with board_with_games(tmp_path / "flash.img", logs) as board:
        wait_for_app(board)
        with BoardConnection(board.serial_path) as connection:
            link = DeviceLink(connection)
            entry = link.games()[0]
            for pieces in (None, entry["crc"]):
                got = []
                with pytest.raises(LinkError, match="game %s ended at %d of %d bytes" % (
                        game_id, len(data), len(data) + 10)):
                    link.fetch(game_id, 0, len(data) + 10, got.append, link.get_most, pieces)
                assert data.startswith(b"".join(got))


@pytest.mark.parametrize("frame", [device_link.PIECE, 1000])
def test_a_closed_log_is_handed_on_a_piece_at_a_time_only_where_the_manifests_crc_matches(
        frame):
    """A closed log's bytes, checked by the manifest's CRC-32 of each 4 KB piece, reach the
    archive's file a whole piece at a time, whether a piece comes in one frame (as a `gets`
    sends it) or in several; a piece whose bytes differ from those the manifest describes
    (flash damaged since) is refused, nothing of it handed on."""
    data = b'{"t":"play","a":"7H"}\n' * 477  # two whole pieces and a short last one
    crcs = piece_crcs(data)
    for damaged in (None, device_link.PIECE + 7):
        sent = bytearray(data)
        if damaged is not None:
            sent[damaged] ^= 1
        got = []
        reading = device_link._Reading({"id": "1"}, 0, len(data), got.append, crcs)
        try:
            for at in range(0, len(sent), frame):
                reading.take(bytes(sent[at:at + frame]))
        except ValueError as error:
            assert damaged is not None and str(error) == "a piece's CRC does not match"
        assert [len(piece) for piece in got] == \
            ([4096, 4096, 2302] if damaged is None else [4096])
        assert b"".join(got) == data[:len(b"".join(got))] and reading.start == len(b"".join(got))


def test_damaged_unknown_and_overlong_frames_get_error_frames_and_the_app_answers_on(tmp_path):
    with board_with_games(tmp_path / "flash.img", []) as board:
        wait_for_app(board)
        with BoardConnection(board.serial_path) as connection:
            def answer(line):
                connection.write(line)
                return json.loads(connection.read_line(time.monotonic() + 5)[2:-10])
            assert answer(b'#>{"q":1,"op":"hello"}*00000000\n')["err"] == "crc"
            assert answer(b"#>" + b"x" * 300 + b"\n")["err"] == "frame"
            assert answer(b'#>not json*12345678\n')["err"] == "crc"
            link = DeviceLink(connection)
            with pytest.raises(LinkError, match="no request 'dance'"):
                link.request("dance")
            with pytest.raises(LinkError, match="no log of game 99"):
                link.fetch("99", 0, 10, lambda data: None, 1024)
            assert link.hello()["device"] == SIM_DEVICE


def test_bytes_short_of_a_line_let_the_app_rest_and_the_next_request_is_answered_at_once(
        tmp_path):
    """What mpremote sends on leaving (a CR and Ctrl-B, no newline) is not a request: the app
    goes on idling, and the PC's next request, behind those bytes, is answered first time."""
    with board_with_games(tmp_path / "flash.img", []) as board:
        wait_for_app(board)
        with BoardConnection(board.serial_path) as connection:
            connection.write(b"\r\x02")
            idles = board.link.idle_count
            time.sleep(0.5)
            assert board.link.idle_count > idles + 5  # not kept awake by a half-read line
            link = DeviceLink(connection)
            link.hello()
            assert link.resent == 0


def test_a_device_of_another_protocol_version_gets_a_clear_message(tmp_path, monkeypatch):
    monkeypatch.setattr(device_link, "PROTOCOL", 3)
    with board_with_games(tmp_path / "flash.img", []) as board:
        wait_for_app(board)
        with BoardConnection(board.serial_path) as connection:
            with pytest.raises(LinkError, match="speaks sync protocol 2; this deckmate speaks "
                                                r"3: deploy the current firmware to the device "
                                                r"\(`deckmate deploy`\)"):
                DeviceLink(connection).hello()


def test_faults_on_the_line_lose_nothing_and_duplicate_nothing(tmp_path):
    logs = typical_logs(6)
    with board_with_games(tmp_path / "flash.img", logs) as board:
        wait_for_app(board)
        relay = FaultRelay(board.serial_path, rate=0.0005, seed=3)
        try:
            with Archive(tmp_path / "A") as archive, BoardConnection(relay.path) as connection:
                link = DeviceLink(connection)
                result = sync_device(link, archive)
                assert result.summary.line() == "6 new" and result.acked == 6
                assert archive.db.execute("SELECT count(*) FROM games").fetchone() == (6,)
        finally:
            relay.close()
        assert relay.faults > 20 and link.resent + link.damaged > 5  # the faults did hit
        for game_id, data in logs:
            assert archived_bytes(tmp_path / "A", game_id) == data


def listed_through(tmp_path, logs, **faults):
    """(the ids the PC lists, its DeviceLink) of a board holding `logs`, read through a
    FaultRelay of `faults`."""
    with board_with_games(tmp_path / "flash.img", logs) as board:
        wait_for_app(board)
        relay = FaultRelay(board.serial_path, **faults)
        try:
            with BoardConnection(relay.path) as connection:
                link = DeviceLink(connection)
                return [entry["id"] for entry in link.games()], link
        finally:
            relay.close()


def test_the_list_goes_through_byte_damage_its_frames_shrinking(tmp_path):
    """The list is read in frames that shrink after damage, as a log's are: at one byte in
    1,000 damaged, frames of a few KB would seldom come whole (issue 42 point 6)."""
    logs = typical_logs(30)
    listed, link = listed_through(tmp_path, logs, rate=0.001, seed=5)
    assert listed == [game_id for game_id, _ in logs]
    assert link.resent + link.damaged > 3 and link.chunk < 4096  # the damage did hit


def test_the_tries_of_frames_too_long_for_the_line_are_not_counted_as_silence(
        tmp_path, monkeypatch):
    """On a line that damages every long frame, the device is heard: its frames shrink to
    the shortest before a try without bytes counts against ATTEMPTS (at 8 KB frames and one
    byte in 1,000 damaged, the first five tries came damaged as often as not, and the list
    was given up on now and then: CI, stop 55)."""
    monkeypatch.setattr(device_link, "ATTEMPTS", 2)
    logs = typical_logs(4)
    listed, link = listed_through(tmp_path, logs, longest=320)
    assert listed == [game_id for game_id, _ in logs]
    assert link.chunk_most >= 4096 and link.damaged >= 5  # (8 KB frames down to 256 B)


def test_a_sync_cut_off_midway_resumes_from_the_last_byte_received(tmp_path):
    logs = [("1", device_log("scout", 5, "1") * 1)]
    size = len(logs[0][1])
    with board_with_games(tmp_path / "flash.img", logs) as board:
        wait_for_app(board)
        relay = FaultRelay(board.serial_path, cut_after=size // 2)
        try:
            with Archive(tmp_path / "A") as archive, BoardConnection(relay.path) as connection:
                with pytest.raises(LinkError, match="no answer"):
                    sync_device(DeviceLink(connection), archive)
                partial = archive.partial_path(SIM_DEVICE, "1")
                kept = open(partial, "rb").read()
                assert 0 < len(kept) < size and logs[0][1].startswith(kept)
                relay.reconnect()
                received, planned = [], []
                result = sync_device(DeviceLink(connection), archive,
                                     advance=lambda count, left: received.append(count),
                                     planned=lambda *sizes: planned.append(sizes))
                assert result.summary.line() == "1 new"
                assert sum(received) == size - len(kept)  # only what was missing
                assert planned == [(size - len(kept), 1)]  # the progress bar's total
        finally:
            relay.close()
    assert archived_bytes(tmp_path / "A", "1") == logs[0][1]


def test_a_board_gone_midway_is_one_line_and_the_next_sync_goes_on_from_there(tmp_path):
    logs = typical_logs(8)
    flash_path = str(tmp_path / "flash.img")
    partial = tmp_path / "A" / "partial" / SIM_DEVICE
    board = board_with_games(flash_path, logs)
    try:
        wait_for_app(board)
        command = subprocess.Popen([sys.executable, "-m", "deckmate.cli", "sync", "--port",
                                    board.serial_path, "--archive", tmp_path / "A"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 30
        while not any(path.stat().st_size for path in partial.glob("*.part")) \
                and time.monotonic() < deadline:
            time.sleep(0.01)
        board.close()  # the cable pulled: the port closes under the transfer
        out, err = command.communicate(timeout=60)
    finally:
        if board.running:
            board.close()
    assert command.returncode == 1 and out == "", out
    assert len(err.splitlines()) == 1 and "lost the connection to the device" in err, err
    assert "run `deckmate sync` again" in err
    with SimulatedBoard(flash_path) as board:
        wait_for_app(board)
        assert sync(board.serial_path, tmp_path / "A").endswith("; 8 acknowledged")
    for game_id, data in logs:
        assert archived_bytes(tmp_path / "A", game_id) == data


@pytest.mark.parametrize("error", ["termios", "serial", "os"])
def test_every_way_a_port_fails_under_a_write_or_a_read_is_a_lost_connection(tmp_path, error):
    """pyserial's flush raises termios.error (not an OSError) when the board's side closed
    first; its reads raise SerialException; a closed descriptor raises OSError."""
    import termios

    import serial
    from deckmate.connection import PortLost
    failure = {"termios": termios.error(5, "Input/output error"),
               "serial": serial.SerialException("device reports readiness to read but "
                                                "returned no data"),
               "os": OSError(5, "Input/output error")}[error]

    def fail(*args):
        raise failure

    with SimulatedBoard(str(tmp_path / "flash.img")) as board:
        wait_for_app(board)
        connection = BoardConnection(board.serial_path)
        try:
            connection.serial.flush = connection.serial.read = fail
            connection._read_descriptor = fail  # (the read of POSIX, beside pyserial's)
            descriptors = (connection._descriptor, None)  # (None: pyserial's read)
            assert descriptors[0] is not None or os.name != "posix"
            for use in (lambda: connection.write(b"x"),
                        lambda: connection.read_line(time.monotonic() + 1),
                        lambda: connection.read_bytes(10, time.monotonic() + 1)):
                for descriptor in descriptors:
                    connection._descriptor = descriptor
                    with pytest.raises(PortLost, match="lost the connection to the device"):
                        use()
        finally:
            connection.close()


@pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal is POSIX's")
@pytest.mark.parametrize("read", ["the descriptor", "pyserial"])
def test_a_port_closed_by_its_other_end_is_a_lost_connection_at_once(read):
    """A pseudo-terminal whose other end closed (the simulated board gone) reads as ready and
    empty: the connection's own read of the descriptor (POSIX) and pyserial's both say the
    connection is lost, in one line naming the fix, at once rather than at the deadline."""
    import tty

    from deckmate.connection import PortLost
    board_end, port_end = os.openpty()
    tty.setraw(port_end)
    port = os.ttyname(port_end)
    os.close(port_end)
    with BoardConnection(port) as connection:
        assert connection._descriptor is not None
        if read == "pyserial":
            connection._descriptor = None
        os.write(board_end, b'{"ok":1}\n')
        assert connection.read_line(time.monotonic() + 5) == b'{"ok":1}\n'
        os.close(board_end)
        started = time.monotonic()
        for use in (lambda: connection.read_line(time.monotonic() + 5),
                    lambda: connection.read_bytes(10, time.monotonic() + 5)):
            with pytest.raises(PortLost) as lost:
                use()
            assert "\n" not in str(lost.value)
            assert str(lost.value).endswith("; plug it back in and run the command again")
        assert time.monotonic() - started < 2


def test_ctrl_c_still_stops_the_app_into_the_repl_after_a_sync(tmp_path):
    import serial
    with board_with_games(tmp_path / "flash.img", typical_logs(2)) as board:
        wait_for_app(board)
        sync(board.serial_path, tmp_path / "A")
        with serial.Serial(board.serial_path, 115200, timeout=0.1) as port:
            port.write(b"\x03")
            assert "KeyboardInterrupt" in read_until(port, ">>> ")


def press(board, key):
    """Press and release a key as a key script does: each held until the firmware has read it
    longer than the debouncer needs (deckmate/sim/script.py)."""
    for keys in ([key], []):
        board.press(keys)
        deadline = time.monotonic() + 30
        while not board.link.settled(30):
            assert time.monotonic() < deadline, "the device stopped answering keys"
            time.sleep(0.005)


def a_whole_sync_from_now(syncs, seconds=60):
    """Until a sync has begun and ended since this call (the second to end from now)."""
    deadline = time.monotonic() + seconds
    done = len(syncs)
    while len(syncs) < done + 2:
        assert time.monotonic() < deadline, "no sync ended in %d s" % seconds
        time.sleep(0.01)


def test_a_sync_during_a_match_played_with_the_keys_in_the_devices_heap(tmp_path):
    """Syncs run over and over while a match against a bot is played with the keys on a board
    of the device's heap: every key is answered, the match writes the log it would without a
    sync and meets no fault (the session steps aside for each key and each think: without it
    the last play's close of the log ran out of memory), and the last sync archives it whole
    (the games before it too)."""
    import threading

    from play_sim import HEAP, device_log, expected_match
    from test_play_device import same_match, start_keys
    kinds, options = ["human", "easy"], {}
    logs = typical_logs(3)
    expected = expected_match("scioto", kinds, options, 3, "sim", game_id="4")
    flash_path = str(tmp_path / "flash.img")
    stop = threading.Event()
    syncs = []

    def sync_again_and_again(port):
        with Archive(tmp_path / "A") as archive, BoardConnection(port) as connection:
            while not stop.is_set():
                syncs.append(sync_device(DeviceLink(connection), archive))

    with board_with_games(flash_path, logs, heapsize=HEAP) as board:
        wait_for_app(board)
        syncing = threading.Thread(target=sync_again_and_again, args=(board.serial_path,))
        syncing.start()
        keys = start_keys("scioto", kinds, options) + ["press"] * expected.presses
        try:
            for number, key in enumerate(keys):
                press(board, key)
                if number in (len(keys) // 2, len(keys) * 3 // 4):  # (however slow the
                    a_whole_sync_from_now(syncs)  # host: the second finds the log grown)
        except AssertionError:
            print(board.bridge.output.decode(errors="replace")[-3000:])
            raise
        finally:
            stop.set()
            syncing.join(60)
        assert len(syncs) > 3 and [s for s in syncs if s.summary.counts["grown"]]
        last = sync(board.serial_path, tmp_path / "A")
    log = device_log(flash_path, "4")  # and no fault met (the crash screen's reset and a
    same_match(log, expected)            # resume can still end the match whole)
    assert last.startswith("nothing new") or last.endswith("1 grown (replaced); 1 acknowledged")
    assert archived_bytes(tmp_path / "A", "4").decode() == log
    for game_id, data in logs:
        assert archived_bytes(tmp_path / "A", game_id) == data


def test_the_busy_frame_the_device_keeps_ready_is_a_whole_frame():
    from decklink.frame import TO_HOST, decode
    from deckapp.serial_link import BUSY_FRAME
    assert decode(TO_HOST, BUSY_FRAME)["err"] == "busy"
