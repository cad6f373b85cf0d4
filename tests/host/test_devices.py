"""`deckmate devices` asks each board what it is (the sync protocol's hello and list): its
device id, firmware, free flash, games, and how many of them the archive lacks."""

import json

from sync_helpers import SIM_DEVICE, board_with_games, typical_logs
from test_cli import assert_one_line_error, run
from test_sim_serial import wait_for_app


def test_devices_says_what_the_simulated_board_holds_and_what_is_not_synced(capsys, tmp_path):
    archive = tmp_path / "archive"
    with board_with_games(str(tmp_path / "flash.img"), typical_logs(3)) as board:
        wait_for_app(board)
        status, out, err = run(capsys, "devices", "--port", board.serial_path, "--archive", archive)
        assert status == 0, err
        assert out.startswith("%s: device %s, firmware " % (board.serial_path, SIM_DEVICE))
        assert out.rstrip().endswith("KB free, 3 games, 3 not yet synced")
        assert run(capsys, "sync", "--port", board.serial_path, "--archive", archive)[0] == 0
        status, out, _ = run(capsys, "devices", "--port", board.serial_path, "--archive", archive,
                             "--json")
        assert status == 0
        (seen,) = [entry for entry in json.loads(out) if entry["port"] == board.serial_path]
        assert (seen["device"], seen["games"], seen["unsynced"]) == (SIM_DEVICE, 3, 0)
        assert seen["free"] > 0


def test_a_port_that_cannot_be_opened_is_named_and_the_status_is_1(capsys, tmp_path):
    port = str(tmp_path / "ttyNONE")
    status, out, err = run(capsys, "devices", "--port", port, "--archive", tmp_path / "a")
    assert out.startswith("%s: cannot open %s" % (port, port))
    assert_one_line_error(status, err, 1, "%s did not answer" % port)
