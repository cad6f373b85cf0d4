"""`deckmate deploy` against the simulated board on its pty, through its BoardConnection
(mpremote's raw REPL) as with a Pico: only the files that differ are copied, those the image
no longer has are removed, the logs stay, /board.txt names the board, the board restarts into
the new firmware, and a second run copies nothing; a board whose MicroPython cannot load the
image is refused, saying why."""

import subprocess

import pytest

from deckmate import deploy, image
from deckmate.sim.board import SimulatedBoard
from deckmate.sim.flash import read_file
from helpers import tool
from test_cli import assert_one_line_error, run
from test_sim_serial import wait_for_app, wait_for_app_after_reset


def mpremote(board, *args):
    done = subprocess.run([tool("mpremote"), "connect", board.serial_path] + list(args),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_deploy_copies_what_changed_removes_what_is_gone_and_keeps_the_logs(capsys, tmp_path):
    flash = str(tmp_path / "flash.img")
    junk, log = tmp_path / "junk.mpy", tmp_path / "log.jsonl"
    junk.write_bytes(b"not the image's bytes")
    log.write_bytes(b'{"t":"header"}\n')
    with SimulatedBoard(flash, fresh=True) as board:
        wait_for_app(board)
        mpremote(board, "fs", "cp", str(junk), ":deckui/theme.mpy", "+",  # a file changed
                 "fs", "cp", str(junk), ":deckapp/old_screen.mpy", "+",  # one the image dropped
                 "fs", "rm", ":deckcore/explain.mpy", "+",  # one missing
                 "fs", "cp", str(log), ":kept.jsonl", "+",
                 "exec", "with open('board.txt', 'w') as f: f.write('pico_display_20\\n')")
        status, out, err = run(capsys, "deploy", "--port", board.serial_path, "--board",
                               "pico_lcd_13")
        assert status == 0, err
        assert "  copied  deckcore/explain.mpy\n  copied  deckui/theme.mpy\n" in out
        assert "  removed deckapp/old_screen.mpy (no longer in the image)" in out
        assert "  board.txt: pico_lcd_13 (was pico_display_20)" in out
        assert "2 copied, 1 removed" in out and "the board was reset" in out
        wait_for_app_after_reset(board, 1)  # the new firmware starts
        mpremote(board, "fs", "cp", str(junk), ":deckui/theme.mpy")  # one file changed
        status, out, err = run(capsys, "deploy", "--port", board.serial_path)
        assert status == 0, err
        assert "copying 1 file, removing 0" in out + err and "1 files" not in out + err
        wait_for_app_after_reset(board, 2)
        status, out, err = run(capsys, "deploy", "--port", board.serial_path, "--json")
        assert status == 0, err
        assert '"copied": [], "removed": []' in out and '"board_written": false' in out
    files = image.image_files(image.build_image("sim"))
    for path in ("deckui/theme.mpy", "deckcore/explain.mpy", "main.py"):
        assert read_file(flash, path) == files[path]
    assert read_file(flash, "board.txt") == b"pico_lcd_13\n"
    assert read_file(flash, "kept.jsonl") == log.read_bytes()
    with pytest.raises(Exception):
        read_file(flash, "deckapp/old_screen.mpy")


def test_a_board_whose_micropython_cannot_load_the_image_is_refused():
    files = image.image_files(image.build_image("sim"))
    older = deploy.BoardState("M %d 1.21.0\nS 500000\n" % (5 | 2 << 10))  # .mpy version 5
    with pytest.raises(deploy.DeployError, match="loads .mpy version 5, this image is version 6"):
        deploy.check_loadable(older, files)
    ancient = deploy.BoardState("M -1 1.12.0\nS 500000\n")
    with pytest.raises(deploy.DeployError, match="too old .* flash MicroPython 1.23 or newer"):
        deploy.check_loadable(ancient, files)
    pico = deploy.BoardState("M %d 1.29.0\nS 500000\n" % (6 | 3 << 8 | 4 << 10))  # armv6m
    with pytest.raises(deploy.DeployError, match="native code for x64, but the board is armv6m: "
                                                 "deploy with --target rp2040"):
        deploy.check_loadable(pico, files)
    deploy.check_loadable(pico, image.image_files(image.build_image("rp2040")))


def test_deploy_mistakes_are_one_line(capsys, tmp_path):
    status, _, err = run(capsys, "deploy", "--port", "/dev/null", "--board", "no_such_board")
    assert_one_line_error(status, err, 2, "no board definition 'no_such_board'", "pico_lcd_13")
    status, _, err = run(capsys, "deploy", "--port", str(tmp_path / "ttyNONE"))
    assert_one_line_error(status, err, 1, "cannot open %s: there is no such port"
                          % (tmp_path / "ttyNONE"))


def test_one_class_talks_to_a_board_the_sync_devices_and_deploy_go_through_it():
    """Only deckmate/connection.py imports pyserial or mpremote; no host module runs the
    mpremote command but the doctor, which checks that it is installed."""
    import ast
    import os

    from helpers import ROOT
    host = os.path.join(ROOT, "host", "deckmate")
    for folder, _, names in os.walk(host):
        for name in names:
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            with open(path) as handle:
                source = handle.read()
            imported = set()
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.Import):
                    imported.update(alias.name.split(".")[0] for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module:
                    imported.add(node.module.split(".")[0])
            relative = os.path.relpath(path, host)
            if relative != "connection.py":
                assert not imported & {"serial", "mpremote"}, relative
            if relative != "doctor.py":
                assert 'command("mpremote"' not in source, relative
    for user in ("commands/sync.py", "commands/devices.py", "deploy.py"):
        with open(os.path.join(host, user)) as handle:
            assert "BoardConnection(" in handle.read(), user
