"""The sync's benchmark (docs/sync-protocol.md has its figures): against the simulated board
on its pty, in one run,

1. a full Pico flash (its log space filled with typical games: Scioto, Droggn, SCOUT and
   Scarto in turn, random bots) synced into a new archive, then synced again (nothing new);
2. N games (1,000 by default) on a larger simulated flash (--flash-blocks), the same;
3. the raw throughput of the same path: the simulated board's MicroPython (its REPL) writing
   4 KB blocks to its USB serial port as fast as it can, through the bridge to the PC's end of
   the pty (the ceiling of any protocol on it), and the protocol's gets alone (every log
   fetched again, nothing archived);
4. the device side's time per 100 KB estimated for an RP2040 (tools/sync_device_cost.py in
   the unix port, scaled by deckmate bench's calibration loop);
5. importing M logs (10,000 by default) into a new archive, and again.

    .venv/bin/python tools/sync_bench.py [--games N] [--imports M] [--keep DIR]

Run it alone, under `nice`: the machine's load is in every figure but the RP2040 estimate.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "host"))

from deckmate import image, runtime  # noqa: E402
from deckmate.archive import Archive  # noqa: E402
from deckmate.commands.bench import REFERENCE_RP2040_S  # noqa: E402
from deckmate.connection import BoardConnection  # noqa: E402
from deckmate.device_link import DeviceLink  # noqa: E402
from deckmate.sim import flash  # noqa: E402
from deckmate.sim.flash import BLOCK_COUNT, BLOCK_SIZE  # noqa: E402
from deckmate.sync import sync_device  # noqa: E402
from sync_helpers import SIM_DEVICE, board_with_games, typical_logs  # noqa: E402
from test_sim_serial import read_until, wait_for_app  # noqa: E402

RESERVE_BLOCKS = 16 + 4  # the store's reserve for a new game, and the manifest's room


def blocks_of(size):
    return -(-size // BLOCK_SIZE)


def timed_sync(port, archive_dir):
    with Archive(archive_dir) as archive, BoardConnection(port) as connection:
        started = time.monotonic()
        result = sync_device(DeviceLink(connection), archive)
        return time.monotonic() - started, result


def command_time(port, archive_dir):
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "deckmate.cli", "sync", "--port", port,
                           "--archive", archive_dir], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.startswith("nothing new"), done.stdout + done.stderr
    return time.monotonic() - started


def raw_pty_bytes_per_s(board, blocks=1024):
    """The board's REPL writes `blocks` blocks of 4 KB to its serial port as fast as it can;
    the bytes a second that reach the PC (the bridge holds the board's writes back while the
    PC's side is full, as USB does)."""
    import serial
    with serial.Serial(board.serial_path, 115200, timeout=0.1) as port:
        port.write(b"\x03")
        read_until(port, ">>> ")
        port.write(b"import sys; b = b'x' * 4096\r")
        read_until(port, ">>> ")
        port.reset_input_buffer()
        started = time.monotonic()
        port.write(b"for i in range(%d): n = sys.stdout.buffer.write(b)\r\r" % blocks)
        seen = tail = b""
        received = 0
        while not tail.endswith(b">>> "):
            seen = port.read(max(1, port.in_waiting))
            received += seen.count(b"x")
            tail = (tail + seen)[-8:]
        return received / (time.monotonic() - started)


def gets_alone(port, logs):
    """Seconds to fetch every log again with the protocol's gets alone (no archive, no ack)."""
    with BoardConnection(port) as connection:
        link = DeviceLink(connection)
        get_most = link.hello()["get_most"]
        started = time.monotonic()
        for game_id, data in logs:
            got = []
            link.fetch(game_id, 0, len(data), got.append, get_most)
            assert b"".join(got) == data
        return time.monotonic() - started


def sync_case(label, logs, work, flash_blocks=None):
    """Sync the games `logs` from a board holding them; the figures (a dict)."""
    flash_path = os.path.join(work, label + ".img")
    archive_dir = os.path.join(work, label + "-archive")
    started = time.monotonic()
    with board_with_games(flash_path, logs, flash_blocks=flash_blocks) as board:
        wait_for_app(board)
        booted = time.monotonic() - started
        took, result = timed_sync(board.serial_path, archive_dir)
        again, repeat = timed_sync(board.serial_path, archive_dir)
        command = command_time(board.serial_path, archive_dir)
        gets = gets_alone(board.serial_path, logs)
        raw = raw_pty_bytes_per_s(board)
    assert result.summary.counts["new"] == len(logs) and repeat.line().startswith("nothing new")
    with Archive(archive_dir) as archive:
        identical = all(archive.read_raw(SIM_DEVICE, game_id) == data for game_id, data in logs)
    assert identical
    size = sum(len(data) for _, data in logs)
    return {"games": len(logs), "bytes": size, "boot_s": booted, "sync_s": took,
            "rate": size / took, "repeat_s": again, "command_s": command, "raw": raw,
            "gets_rate": size / gets, "identical": identical}


def pico_logs(typical):
    """The first of the games `typical` that fill the Pico's log space (what is free after
    the image, less the reserve)."""
    scratch = tempfile.mkdtemp()
    try:
        path = os.path.join(scratch, "flash.img")
        from deckmate.sim import firmware
        firmware.prepare_flash(path, "pico_lcd_13", fresh=True)
        free = BLOCK_COUNT - flash.used_blocks(path) - RESERVE_BLOCKS
    finally:
        shutil.rmtree(scratch)
    logs, used = [], 0
    for game_id, data in typical:
        if used + blocks_of(len(data)) > free:
            break
        logs.append((game_id, data))
        used += blocks_of(len(data))
    return logs


def device_cost(work):
    """RP2040 estimates: (seconds per 100 KB sent, the longest slice, seconds per 100 KB of
    reading the file alone)."""
    log_file = os.path.join(work, "chambery.jsonl")
    from sync_helpers import device_log
    with open(log_file, "wb") as handle:
        handle.write(device_log("chambery", 1, "1"))
    store_dir = os.path.join(work, "device-store")
    os.mkdir(store_dir)
    done = subprocess.run([runtime.micropython_path(), "-X", "heapsize=" + runtime.HEAP,
                           os.path.join(ROOT, "tools", "sync_device_cost.py"),
                           image.build_image("sim"), store_dir, log_file, "100"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    calibration, size, served, longest, reading = [int(word) for word in done.stdout.split()[1:]]
    scale = REFERENCE_RP2040_S / calibration
    return served * scale * 102400 / size, longest * scale, reading * scale * 102400 / size


def import_case(logs, count, work):
    folder = os.path.join(work, "imports")
    os.mkdir(folder)
    paths = []
    for index in range(count):
        game_id, data = logs[index % len(logs)]
        variant = data.replace(b'"game_id":"%s"' % game_id.encode(),
                               b'"game_id":"%s-%d"' % (game_id.encode(), index // len(logs)), 1)
        path = os.path.join(folder, "%05d.jsonl" % index)
        with open(path, "wb") as handle:
            handle.write(variant)
        paths.append(path)
    archive_dir = os.path.join(work, "import-archive")
    times = []
    for _ in range(2):
        with Archive(archive_dir) as archive:
            started = time.monotonic()
            for path in paths:
                with open(path, "rb") as handle:
                    archive.add_log(handle.read(), path)
            times.append(time.monotonic() - started)
        with Archive(archive_dir) as archive:
            games = archive.db.execute("SELECT count(*) FROM games").fetchone()[0]
    assert games == count
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--imports", type=int, default=10000)
    parser.add_argument("--keep", help="keep the flash images and archives in this folder")
    args = parser.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="sync-bench-")
    os.makedirs(work, exist_ok=True)
    try:
        served, longest, reading = device_cost(work)
        print("device side, RP2040 estimate: %.2f s per 100 KB, the longest slice %.0f ms "
              "(reading the file alone: %.3f s per 100 KB)" % (served, 1000 * longest, reading),
              flush=True)
        many = typical_logs(args.games)
        pico = pico_logs(many)
        cases = [("pico", pico, None)]
        # the logs, the Pico's flash, and half a block a game for the manifest (about 300
        # bytes a game, written anew beside the old) and the acknowledgements in the folder's
        # metadata: at 1,000 games without it LittleFS ran out of room at the 575th ack
        big_blocks = sum(blocks_of(len(data)) for _, data in many) + BLOCK_COUNT + len(many) // 2
        cases.append(("many", many, big_blocks))
        for label, logs, flash_blocks in cases:
            figures = sync_case(label, logs, work, flash_blocks)
            print("%s: %d games, %s bytes (flash %d blocks): sync %.2f s = %.0f KB/s, raw pty "
                  "%.0f KB/s (%.1f%%), gets alone %.0f KB/s (%.1f%%); repeat %.3f s (the "
                  "command: %.2f s); byte-identical: %s; boot %.1f s" % (
                      label, figures["games"], format(figures["bytes"], ","),
                      flash_blocks or BLOCK_COUNT, figures["sync_s"], figures["rate"] / 1024,
                      figures["raw"] / 1024, 100 * figures["rate"] / figures["raw"],
                      figures["gets_rate"] / 1024, 100 * figures["gets_rate"] / figures["raw"],
                      figures["repeat_s"], figures["command_s"], figures["identical"],
                      figures["boot_s"]), flush=True)
        first, again = import_case(many, args.imports, work)
        print("import: %d logs in %.1f s (%.1f ms a log); again (nothing new): %.1f s"
              % (args.imports, first, 1000 * first / args.imports, again), flush=True)
    finally:
        if not args.keep:
            shutil.rmtree(work)


if __name__ == "__main__":
    main()
