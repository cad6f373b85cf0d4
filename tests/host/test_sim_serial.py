"""The simulated board's USB serial port: mpremote and pyserial talk to it over its pty as
to a board, and its flash keeps files between runs."""

import subprocess
import time

import serial

from deckmate.sim.board import SimulatedBoard
from deckmate.sim.flash import read_file
from helpers import tool


def mpremote(board, *args):
    result = subprocess.run([tool("mpremote"), "connect", board.serial_path] + list(args),
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def wait_for_app(board):
    """Until main.py has started and settled: idle again with nothing drawn in between (the
    boot screen's idle comes before the main menu is drawn)."""
    deadline = time.monotonic() + 20
    before = (0, None)
    while True:
        now = (board.link.idle_count, board.panel.changes)
        if before[0] and now[0] > before[0] and now[1] == before[1]:
            return
        assert time.monotonic() < deadline, "main.py never settled"
        before = now
        time.sleep(0.05)


def wait_for_app_after_reset(board, resets):
    """Until machine.reset() has been called `resets` times and main.py has gone idle since
    the last (the old process's idles all come before its reset on the side channel)."""
    deadline = time.monotonic() + 20
    while board.link.resets < resets:
        assert time.monotonic() < deadline, "machine.reset() was not called"
        time.sleep(0.02)
    idles = board.link.idle_count
    while board.link.idle_count == idles:
        assert time.monotonic() < deadline, "main.py did not run after the reset"
        time.sleep(0.02)


def read_until(port, text, seconds=10):
    seen = b""
    deadline = time.monotonic() + seconds
    while text.encode() not in seen:
        assert time.monotonic() < deadline, "no %r in %r" % (text, seen[-300:])
        seen += port.read(port.in_waiting or 1)
    return seen.decode(errors="replace")


def test_mpremote_interrupts_the_app_then_execs_lists_and_copies_both_ways(tmp_path):
    flash = str(tmp_path / "flash.img")
    note = tmp_path / "note.txt"
    note.write_bytes(b"kept on flash\n" * 50)
    with SimulatedBoard(flash, fresh=True) as board:
        wait_for_app(board)
        assert mpremote(board, "exec", "print(6 * 7)").strip() == "42"
        assert "main.py" in mpremote(board, "fs", "ls", ":")
        mpremote(board, "fs", "cp", str(note), ":note.txt")
        mpremote(board, "fs", "cp", ":note.txt", str(tmp_path / "back.txt"))
    assert (tmp_path / "back.txt").read_bytes() == note.read_bytes()
    assert read_file(flash, "note.txt") == note.read_bytes()  # still there after the run


def test_pyserial_ctrl_c_stops_the_app_into_the_repl(tmp_path):
    with SimulatedBoard(str(tmp_path / "flash.img"), fresh=True) as board:
        wait_for_app(board)
        with serial.Serial(board.serial_path, 115200, timeout=0.1) as port:
            port.write(b"\x03")
            assert "KeyboardInterrupt" in read_until(port, ">>> ")
            port.write(b"print('answer', 6 * 7)\r")
            read_until(port, "answer 42")


def test_the_safe_mode_key_held_at_boot_skips_the_app(tmp_path):
    with SimulatedBoard(str(tmp_path / "flash.img"), fresh=True, held_at_boot=("x",)) as board:
        with serial.Serial(board.serial_path, 115200, timeout=0.1) as port:
            port.write(b"\r")
            read_until(port, ">>> ")
            port.write(b"print('main' in globals() or 'no app')\r")
            read_until(port, "no app")
        assert board.link.idle_count == 0  # the app never ran


def test_machine_reset_restarts_the_board_and_runs_main_again(tmp_path):
    with SimulatedBoard(str(tmp_path / "flash.img"), fresh=True) as board:
        wait_for_app(board)
        with serial.Serial(board.serial_path, 115200, timeout=0.1) as port:
            port.write(b"\x03")
            read_until(port, ">>> ")
            port.write(b"import machine; machine.reset()\r")
            read_until(port, "soft reboot")
        wait_for_app_after_reset(board, 1)
        assert board.bridge.starts == 2


def test_the_deploy_of_hardware_readme_works_on_the_simulated_board(tmp_path):
    """`mpremote fs cp -r IMAGE/. :` then `mpremote reset`, as hardware/README.md says; the
    flash already holds this image, so every file is found up to date by its hash."""
    from deckmate.image import build_image, image_files
    folder = build_image("sim")
    with SimulatedBoard(str(tmp_path / "flash.img"), fresh=True) as board:
        copied = mpremote(board, "fs", "cp", "-r", folder + "/.", ":")
        assert copied.count("Up to date") == len(image_files(folder))
        mpremote(board, "reset")
        wait_for_app_after_reset(board, 1)


def test_a_ctrl_c_sent_as_the_board_starts_stops_main_py_never_the_board(tmp_path):
    """The host's Ctrl-C reaches the firmware once it has booted, as a board's USB port is
    there only then: written at once, it stopped the unix port's CPython start-up (the board
    started again, main.py running, and mpremote waited for ever on a loaded host)."""
    with SimulatedBoard(str(tmp_path / "flash.img"), fresh=True) as board:
        with serial.Serial(board.serial_path, 115200, timeout=0.1) as port:
            port.write(b"\x03")
            read_until(port, ">>> ")
            port.write(b"print('answer', 6 * 7)\r")
            read_until(port, "answer 42")
        assert board.bridge.starts == 1
