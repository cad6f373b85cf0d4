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


class FoundPort:
    """What pyserial's list_ports gives for a port."""

    def __init__(self, device, vid, pid, description):
        self.device, self.vid, self.pid, self.description = device, vid, pid, description


def test_a_board_found_by_its_usb_ids_is_listed_with_them(capsys, tmp_path, monkeypatch):
    from serial.tools import list_ports
    monkeypatch.setattr(list_ports, "comports", lambda: [
        FoundPort(str(tmp_path / "ttyACM0"), 0x2E8A, 0x0005, "Board in FS mode"),
        FoundPort(str(tmp_path / "ttyUSB0"), 0x0403, 0x6001, "FT232R USB UART")])
    status, out, _ = run(capsys, "devices", "--archive", tmp_path / "a")
    assert status == 1  # the made-up port does not answer
    assert out.startswith("%s (USB 2e8a:0005, Board in FS mode): cannot open"
                          % (tmp_path / "ttyACM0"))
    assert "ttyUSB0" not in out  # not a board's USB ids
