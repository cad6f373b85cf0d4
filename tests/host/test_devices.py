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
        status, out, err = run(capsys, "devices", "--port", board.serial_path,
                               "--archive", archive)
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


def test_devices_prints_the_last_error_the_board_recorded_and_json_has_its_traceback(
        capsys, tmp_path):
    from decklink.checked import checked_lines
    record = {"time": "2026-12-02 17:07", "fw": "0.1.0",
              "error": "RuntimeError: a fault injected by the test",
              "trace": "Traceback (most recent call last):\n  ...\n"}
    crash_file = {"state/crash.chk": b"".join(checked_lines([record]))}
    with board_with_games(tmp_path / "flash.img", typical_logs(1), more_files=crash_file) as board:
        wait_for_app(board)
        status, out, err = run(capsys, "devices", "--port", board.serial_path, "--archive",
                               tmp_path / "archive")
        assert status == 0, err
        assert out.splitlines()[1] == ("  last error 2026-12-02 17:07 (firmware 0.1.0): "
                                       "RuntimeError: a fault injected by the test")
        status, out, _ = run(capsys, "devices", "--port", board.serial_path, "--archive",
                             tmp_path / "archive", "--json")
        (seen,) = [entry for entry in json.loads(out) if entry["port"] == board.serial_path]
        assert seen["crash"] == record


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
