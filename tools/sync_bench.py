"""The sync's benchmark (docs/sync-protocol.md has its figures): against the simulated board
on its pty, in one run,

1. a full Pico flash (its log space filled with typical games: Scioto, Droggn, SCOUT and
   Scarto in turn, random bots) and N games (1,000 by default) on a larger simulated flash
   (--flash-blocks), each synced into a new archive in process (the requests of each kind
   counted, the bytes on the wire both ways), then synced again (nothing new), then synced
   by the `deckmate sync` command three times, each into another archive (the host's CPU:
   the median of the commands', less the median of three commands that find nothing new,
   which is Python's start and a hello; the archives in a block group of their own,
   own_block_group);
2. the round trip of the cheapest request (`time`), 200 times: p50 and p95;
3. the device side of each case, estimated for an RP2040: tools/sync_device_cost.py in the
   unix port, on a LittleFS image holding the case's logs as a board's flash does (a hello,
   the list, 50 of the logs spread over the flash copied by `gets` of 32 logs, as the PC
   copies them, and again a get a log, as a PC before `gets`, and their acknowledgements,
   through the serial link as on the board, the gets and acknowledgements scaled to all the
   logs): the instructions of the sync counted by valgrind (callgrind: the sync's part of the
   run alone, the block device's own left out) scaled by those of deckmate bench's
   calibration loop counted in the same run, load-free (without valgrind, and beside it, the
   unix port's time scaled by the loop's time, which the host's load moves), plus the flash's
   reads, writes and erases at a board's rates; with the work a data frame of the first
   protocol did on the same bytes (base64, and the CRC of the base64) against today's;
4. the RP2040 estimate of each sync: the bytes framed on the wire at 850 KiB/s (MicroPython's
   USB CDC on an RP2040, micropython issue 7479), plus the device's work (3.), plus a USB
   frame (1 ms) a request: the KB/s of log it moves.

    .venv/bin/python tools/sync_bench.py [--games N] [--quick] [--json] [--keep DIR] [--write]

`--write`: the table into docs/sync-protocol.md, between its markers
`<!-- sync_bench figures: begin -->` and `<!-- sync_bench figures: end -->`, the rest of the
doc untouched (the full run only: the doc's table is of 1,000 games).
`--quick`: 150 games, in under two minutes. `--json`: one JSON object, the figures of the
N-game case (round_trip_ms, round_trips_per_log outside the gets, device_s_per_mb,
host_s_per_mb, rp2040_kb_per_s) and the rest. Run it alone, under `nice`: the machine's load
is in every figure but the RP2040 estimates.
"""

import argparse
import hashlib
import json
import os
import resource
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "host"))

import doc_tables  # noqa: E402
from deckmate import runtime  # noqa: E402
from deckmate.archive import Archive  # noqa: E402
from deckmate.commands.bench import REFERENCE_RP2040_S  # noqa: E402
from deckmate.connection import BoardConnection  # noqa: E402
from deckmate.device_link import DeviceLink  # noqa: E402
from deckmate.sim import flash  # noqa: E402
from deckmate.sim.flash import BLOCK_COUNT, BLOCK_SIZE  # noqa: E402
from deckmate.store_files import store_files  # noqa: E402
from deckmate.sync import sync_device  # noqa: E402
from sync_helpers import SIM_DEVICE, board_with_games, typical_logs  # noqa: E402
from test_sim_serial import wait_for_app  # noqa: E402

DOC = os.path.join(ROOT, "docs", "sync-protocol.md")
MARKERS = {"name": "figures", "tool": "sync_bench"}  # <!-- sync_bench figures: begin -->, its end
DOC_GAMES = 1000  # the doc's table is of the full run
LOAD = [0.0]  # the host's load average when the measuring began
RESERVE_BLOCKS = 16 + 4  # the store's reserve for a new game, and the manifest's room


def blocks_of(size):
    return -(-size // BLOCK_SIZE)


WIRE_BYTES_S = 850 * 1024  # MicroPython's USB CDC on an RP2040, to the PC
REQUEST_WAIT_S = 0.001     # a USB frame: a request reaches the board's poll within one


def timed_sync(port, archive_dir):
    """A sync in process: (seconds, SyncResult, requests by op, bytes on the wire)."""
    with Archive(archive_dir) as archive, BoardConnection(port) as connection:
        link = DeviceLink(connection)
        started = time.monotonic()
        result = sync_device(link, archive, say=lambda text: None)
        took = time.monotonic() - started
        return took, result, link.requests, connection.bytes_read + connection.bytes_written


COMMAND_RUNS = 3  # the `deckmate sync` commands of a case (and as many with nothing new): the
                 # host's CPU is the median of theirs, less the median of these


def command_cpu(port, archive_dir):
    """(CPU seconds, wall seconds, its line) of `deckmate sync` run as a command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    environment = dict(os.environ)  # as on a person's PC: Python keeps the modules it compiled
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    done = subprocess.run([sys.executable, "-m", "deckmate.cli", "sync", "--port", port,
                           "--archive", archive_dir], capture_output=True, text=True,
                          env=environment)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode == 0, done.stdout + done.stderr
    return (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, wall,
            done.stdout.strip())


def round_trips_ms(port, count=200):
    """p50 and p95 of `count` round trips of the cheapest request (`time`), in ms."""
    with BoardConnection(port) as connection:
        link = DeviceLink(connection)
        link.hello()
        times = []
        for _ in range(count):
            started = time.perf_counter()
            link.request("time", now=[2026, 12, 6, 6, 12, 0, 0])
            times.append(1000 * (time.perf_counter() - started))
    times.sort()
    return times[len(times) // 2], times[len(times) * 95 // 100]


def sync_case(label, logs, work, flash_blocks=None):
    """Sync the games `logs` from a board holding them; the figures (a dict)."""
    flash_path = os.path.join(work, label + ".img")
    archive_dir = os.path.join(work, label + "-archive")
    started = time.monotonic()
    with board_with_games(flash_path, logs, flash_blocks=flash_blocks) as board:
        wait_for_app(board)
        booted = time.monotonic() - started
        took, result, requests, wire = timed_sync(board.serial_path, archive_dir)
        again, repeat, _, _ = timed_sync(board.serial_path, archive_dir)
        commands = []  # (CPU, wall) of each `deckmate sync` into an archive of its own
        for run in range(COMMAND_RUNS):
            cpu, wall, line = command_cpu(board.serial_path, "%s-command-%d" % (archive_dir, run))
            assert line.endswith("%d new" % len(logs)), line
            commands.append((cpu, wall))
        idle = []  # (CPU, wall) of each command that finds nothing new
        for run in range(COMMAND_RUNS):
            idle_cpu, idle_wall, line = command_cpu(board.serial_path, archive_dir + "-command-0")
            assert line.startswith("nothing new"), line
            idle.append((idle_cpu, idle_wall))
        round_trip = round_trips_ms(board.serial_path)
    assert result.summary.counts["new"] == len(logs) and repeat.line().startswith("nothing new")
    assert result.acked == len(logs)
    with Archive(archive_dir) as archive:
        identical = all(archive.read_raw(SIM_DEVICE, game_id) == data for game_id, data in logs)
    assert identical
    size = sum(len(data) for _, data in logs)
    return {"games": len(logs), "bytes": size, "boot_s": booted, "sync_s": took,
            "rate": size / took, "repeat_s": again,
            "command_s": statistics.median(wall for _, wall in commands),
            "command_repeat_s": statistics.median(wall for _, wall in idle),
            "host_s": statistics.median(cpu for cpu, _ in commands)
            - statistics.median(cpu for cpu, _ in idle),
            "host_s_runs": [cpu - statistics.median(cpu for cpu, _ in idle)
                            for cpu, _ in commands],
            "requests": dict(requests), "wire_bytes": wire, "round_trip": round_trip,
            "identical": identical}


def own_block_group(folder):
    """Has the folders made in `folder` (the archives) take their files' inodes from a block
    group of their own, where the filesystem can: ext4's top-directory flag, which places them
    as a folder at the root is, and which the folder's owner may set without root. ext4
    without a journal passes over every inode of a group deleted in the last minutes at each
    file it creates, so in the system's temporary folder, beside test suites that create and
    remove thousands of files a minute, a sync's new files cost the kernel time that is the
    other programs' and not the sync's, and which a person's archive does not meet
    (docs/notes/2026-12-06-sync-host.md). Elsewhere (another filesystem, another system, a
    folder of another owner) the folder stays as it is."""
    if not sys.platform.startswith("linux"):
        return
    import array
    import fcntl
    size = struct.calcsize("l")  # FS_IOC_GETFLAGS and FS_IOC_SETFLAGS: _IOR/_IOW('f', 1/2, long)
    get_flags, set_flags = 0x80000000 | size << 16 | 0x6601, 0x40000000 | size << 16 | 0x6602
    flags = array.array("i", [0])  # (named for a long, the flags the kernel reads are an int)
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        fcntl.ioctl(handle, get_flags, flags)
        flags[0] |= 0x20000  # FS_TOPDIR_FL
        fcntl.ioctl(handle, set_flags, flags)
    except OSError:  # (a filesystem without the flag, a folder not ours: as it is)
        pass
    finally:
        os.close(handle)


def rp2040_estimate(figures, device_s):
    """Seconds of the sync on an RP2040: the wire, the device's work (`device_s`), a USB frame
    a request."""
    requests = sum(figures["requests"].values())
    return figures["wire_bytes"] / WIRE_BYTES_S + device_s + requests * REQUEST_WAIT_S


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


COUNTED_BY = ["valgrind", "--tool=callgrind", "--collect-atstart=no",
              "--toggle-collect=mp_builtin_exec", "--dump-after=mp_builtin_exec"]
# The block device's entries from LittleFS: on the unix port a method of Python over a file
# (sync_device_cost.FileFlash), on a board a C method whose time the flash's board rates give;
# their instructions are left out of the device's.
BLOCK_DEVICE = ("mp_vfs_blockdev_read_ext", "mp_vfs_blockdev_write_ext",
                "mp_vfs_blockdev_ioctl")


def counted_instructions(path):
    """(the instructions of a callgrind part, of which in the block device)."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", path],
                          capture_output=True, text=True, check=True).stdout
    total = flash_device = 0
    for line in text.splitlines():
        words = line.split()
        if len(words) >= 3 and words[-2:] == ["PROGRAM", "TOTALS"]:
            total = int(words[0].replace(",", ""))
        elif len(words) >= 3 and words[2].split(":")[-1] in BLOCK_DEVICE:
            flash_device += int(words[0].replace(",", ""))
    return total, flash_device


_CALIBRATION = []  # the calibration loop's instructions, counted once a run


def calibration_count(work):
    """The instructions of deckmate bench's calibration loop, counted as bench runs it (its
    script's modules and the rules core loaded, the heap just collected, 192K): a heap
    holding the store and the link collects in the loop at other moments (42-47 M
    instructions between runs, against one count here)."""
    if not _CALIBRATION:
        out = os.path.join(work, "counted-calibration")
        code = ("import gc, sys\nsys.path.insert(0, %r)\nfrom bench_decisions import "
                "reference_loop\ngc.collect()\nexec('reference_loop()', "
                "{'reference_loop': reference_loop})\n"
                % os.path.join(ROOT, "host", "deckmate"))
        environment = dict(os.environ, MICROPYPATH=".frozen" + os.pathsep
                           + runtime.compiled_firmware())
        done = subprocess.run(COUNTED_BY + ["--callgrind-out-file=" + out,
                                            runtime.micropython_path(), "-X", "heapsize=192K",
                                            "-c", code], capture_output=True, text=True,
                              env=environment)
        assert done.returncode == 0, done.stdout + done.stderr[-3000:]
        _CALIBRATION.append(counted_instructions(out + ".1")[0])
        os.remove(out + ".1")
        os.remove(out)
    return _CALIBRATION[0]


def sample_file(work, sample):
    """The file of `sample` (the logs the device's side is counted on) that
    tools/sync_device_cost.py reads: a line a log, its id, size and the first 16 hex digits of
    its SHA-256."""
    path = os.path.join(work, "sample.txt")
    with open(path, "w") as handle:
        for game_id, data in sample:
            handle.write("%s %d %s\n" % (game_id, len(data), hashlib.sha256(data).hexdigest()[:16]))
    return path


def device_counts(work, path, sample, how):
    """sync_device_cost.py's COUNT of one sync under callgrind: (the RP2040's seconds of the
    hello and the list, of the copies and acknowledgements of `sample`: their instructions
    scaled by the calibration loop's (calibration_count), the flash's board time added; the
    sample's bytes). Load-free: an instruction count is the same on a busy host."""
    out = os.path.join(work, "counted-" + "-".join(how))
    done = subprocess.run(COUNTED_BY + ["--callgrind-out-file=" + out,
                                        runtime.micropython_path(), "-X",
                                        "heapsize=" + runtime.HEAP,
                                        os.path.join(ROOT, "tools", "sync_device_cost.py"),
                                        path, sample_file(work, sample)]
                          + how, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    listing_flash, copies_flash, size = [int(word) for word in
                                         done.stdout.split("COUNTED")[1].split()]
    (listing, listing_device), (copies, copies_device) = [
        counted_instructions("%s.%d" % (out, part)) for part in (1, 2)]
    for part in (1, 2):
        os.remove("%s.%d" % (out, part))
    os.remove(out)
    scale = REFERENCE_RP2040_S / calibration_count(work)
    return ((listing - listing_device) * scale + listing_flash / 1e6,
            (copies - copies_device) * scale + copies_flash / 1e6, size)


SAMPLED = 50  # the logs the device's side is counted on: an ack's worth (the firmware's
#               sync_requests.ACK_MOST), as a sync acknowledges them: a block of the journal,
#               a flash sector erased, for as many logs as on a board


def device_cost(work, label, logs, sampled=SAMPLED):
    """RP2040 estimates of the device's side of a sync of `logs`, all on its flash (a
    LittleFS image, as a board's): (seconds for the whole sync: its hello and list once, and
    the gets and acknowledgements of `sampled` of the logs, spread over the flash, scaled to
    all the bytes; the longest slice in seconds; the first protocol's frame work on a MB,
    today's)."""
    from deckmate.sim import firmware
    path = os.path.join(work, label + "-store.img")
    blocks = sum(blocks_of(len(data)) for _, data in logs) + len(logs) // 2 + BLOCK_COUNT
    firmware.prepare_flash(path, "pico_lcd_13", fresh=True, blocks=blocks)
    flash.write_files(path, store_files(logs))
    step = max(1, len(logs) // sampled)
    step -= 1 - step % 2  # (odd: the sample holds the four kinds, which take turns)
    step = max(1, step)
    sample = logs[::step][:sampled]
    total = sum(len(data) for _, data in logs)
    counting = shutil.which("valgrind") and shutil.which("callgrind_annotate")
    estimates = []
    for how in ([], ["get"]):  # `gets` of many logs, as the PC now copies; a get a log
        copy = path + ".run"
        if how and counting:  # (its count alone: the timed figures are the first run's)
            shutil.copyfile(path, copy)
            listed, copied, size = device_counts(work, copy, sample, how + ["count"])
            os.remove(copy)
            estimates.append((listed + copied * total / size,))
            continue
        shutil.copyfile(path, copy)  # (each run on the same flash)
        done = subprocess.run([runtime.micropython_path(), "-X", "heapsize=" + runtime.HEAP,
                               os.path.join(ROOT, "tools", "sync_device_cost.py"), copy,
                               sample_file(work, sample)] + how,
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
        calibration, size, listing, listing_flash, gets, gets_flash, longest, longest_flash, \
            base64, crc, _ = [int(word) for word in done.stdout.split("COST")[1].split()]
        scale = REFERENCE_RP2040_S / calibration
        mb = size / 1e6
        timed = listing * scale + listing_flash / 1e6 + (gets * scale + gets_flash / 1e6) * (
            total / size)
        counted = None
        if counting:
            shutil.copyfile(path, copy)
            listed, copied, size = device_counts(work, copy, sample, how + ["count"])
            counted = listed + copied * total / size
        os.remove(copy)
        estimates.append((counted or timed, longest * scale + longest_flash / 1e6,
                          base64 * scale / mb, crc * scale / mb, timed))
    os.remove(path)
    return estimates[0] + (estimates[1][0],)


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


def stamp():
    """The code measured (the last commit that changed firmware/ or host/, "+" when this tree
    differs from it, as tools/doc_tables.py stamps), the time and the load when the run began."""
    return "commit %s, %s, load average %.1f on %d cores" % (
        doc_tables.commit(), time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), LOAD[0],
        os.cpu_count())


def table(results, base64_s, crc_s, stamped):
    """The figures as docs/sync-protocol.md's table (markdown), the stamp `stamped` first."""
    pico, many = results["pico"], results["many"]
    rows = ["`tools/sync_bench.py`, %s:" % stamped, "",
            "| figure | goal | a full Pico flash | %s games |" % format(many["games"], ","),
            "|---|---|---|---|",
            "| games, bytes of log | | %d, %s | %d, %s |" % (
                pico["games"], format(pico["bytes"], ","), many["games"],
                format(many["bytes"], ",")),
            "| **RP2040 estimate** of the sync (wire at 850 KiB/s + device CPU + 1 ms a "
            "request) | 1,000 games >= 425 KB/s; a Pico flash < 3 s | %.2f s = %.0f KB/s | "
            "%.2f s = %.0f KB/s |" % (pico["rp2040_s"], pico["rp2040_kb_per_s"],
                                      many["rp2040_s"], many["rp2040_kb_per_s"]),
            "| bytes on the wire a byte of log (both ways) | | %.3f | %.3f |" % (
                pico["wire_per_byte"], many["wire_per_byte"]),
            "| requests a log outside the gets | <= 0.1 | %.3f | %.3f |" % (
                pico["round_trips_per_log"], many["round_trips_per_log"]),
            "| device CPU a MB of log (RP2040 estimate, the flash's LittleFS in it) | <= 1.0 s "
            "| %.2f s | %.2f s |" % (pico["device_s_per_mb"], many["device_s_per_mb"]),
            "| ... the same by the unix port's time (the host's load in it) | | %.2f s | "
            "%.2f s |" % (pico["device_timed_s_per_mb"], many["device_timed_s_per_mb"]),
            "| ... a get a log (a PC before `gets`), the same count | | %.2f s | %.2f s |" % (
                pico["device_one_get_s_per_mb"], many["device_one_get_s_per_mb"]),
            "| ... the device's longest slice of the loop | | %.0f ms | %.0f ms |" % (
                1000 * pico["longest_s"], 1000 * many["longest_s"]),
            "| ... a data frame's work on the bytes, a MB: first protocol (base64, its CRC) / "
            "checked on the device (a CRC) / a closed log (none) | | %.2f s / %.2f s / 0 | |"
            % (base64_s, crc_s),
            "| host CPU a MB of log (`deckmate sync`, less a sync with nothing new) | <= 0.25 s "
            "| %.3f s | %.3f s |" % (pico["host_s_per_mb"], many["host_s_per_mb"]),
            "| simulator: round trip of `time`, p50 / p95 | p50 <= 2 ms | %.2f / %.2f ms | "
            "%.2f / %.2f ms |" % (pico["round_trip"] + many["round_trip"]),
            "| simulator: the sync in process | | %.2f s = %.0f KB/s | %.2f s = %.0f KB/s |" % (
                pico["sync_s"], pico["rate"] / 1024, many["sync_s"], many["rate"] / 1024),
            "| a sync with nothing new: in process / the command | < 0.3 s in process | "
            "%.3f s / %.2f s | %.3f s / %.2f s |" % (
                pico["repeat_s"], pico["command_repeat_s"], many["repeat_s"],
                many["command_repeat_s"]),
            "| the simulated board's boot (every closed log hashed) | | %.1f s | %.1f s |" % (
                pico["boot_s"], many["boot_s"])]
    return "\n".join(rows)


def write(table_text, path=DOC):
    """Puts `table_text` between the doc's markers, the rest of the doc byte for byte."""
    with open(path, encoding="utf-8") as file:
        text = file.read()
    text = doc_tables.between_markers(text, inside=table_text, **MARKERS)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--imports", type=int, default=0,
                        help="also import this many logs into a new archive, twice")
    parser.add_argument("--quick", action="store_true", help="150 games: under two minutes")
    parser.add_argument("--json", action="store_true", help="the figures as one JSON object")
    parser.add_argument("--keep", help="keep the flash images and archives in this folder")
    parser.add_argument("--write", action="store_true",
                        help="write the table into docs/sync-protocol.md (the full run only)")
    args = parser.parse_args()
    if args.quick:
        args.games = 150
    if args.write:
        if args.games != DOC_GAMES:
            parser.error("--write puts the full run's table in the doc: run it without "
                         "--quick or --games")
        with open(DOC, encoding="utf-8") as file:  # the markers are there before any work
            doc_tables.between_markers(file.read(), inside="", **MARKERS)
    LOAD[0] = os.getloadavg()[0]  # at the start: the figures of a busy host are upper bounds
    stamped = stamp()
    say = (lambda text: None) if args.json else (lambda text: print(text, flush=True))
    work = args.keep or tempfile.mkdtemp(prefix="sync-bench-")
    os.makedirs(work, exist_ok=True)
    own_block_group(work)
    try:
        many = typical_logs(args.games)
        pico = pico_logs(many)
        # the logs, the Pico's flash, and half a block a game for the manifest (about 300
        # bytes a game, written anew beside the old) and the journal
        big_blocks = sum(blocks_of(len(data)) for _, data in many) + BLOCK_COUNT + len(many) // 2
        results = {}
        for label, logs, flash_blocks in (("pico", pico, None), ("many", many, big_blocks)):
            device_s, longest, base64_s, crc_s, timed_s, one_get_s = device_cost(
                work, label, logs)
            mb = sum(len(data) for _, data in logs) / 1e6
            say("%s, the device's side, RP2040 estimate: %.2f s per MB of log synced (a "
                "hello, the list, the gets, the acknowledgements; instructions counted, %.2f s "
                "by the unix port's time; %.2f s with a get a log), the longest slice %.0f ms; "
                "a data frame's work on the bytes: %.2f s per MB in the first protocol "
                "(base64, its CRC), %.2f s per MB checked on the device (a CRC), none for a "
                "closed log (its pieces' CRCs in the manifest)" % (
                    label, device_s / mb, timed_s / mb, one_get_s / mb, 1000 * longest,
                    base64_s, crc_s))
            figures = sync_case(label, logs, work, flash_blocks)
            mb = figures["bytes"] / 1e6
            gets = figures["requests"].get("get", 0) + figures["requests"].get("gets", 0)
            outside = sum(figures["requests"].values()) - gets
            estimate = rp2040_estimate(figures, device_s)
            figures.update(device_s_per_mb=device_s / mb, longest_s=longest,
                           device_one_get_s_per_mb=one_get_s / mb,
                           device_timed_s_per_mb=timed_s / mb,
                           rp2040_s=estimate, rp2040_kb_per_s=figures["bytes"] / 1024 / estimate,
                           round_trips_per_log=outside / len(logs),
                           host_s_per_mb=figures["host_s"] / mb,
                           host_s_per_mb_runs=[cpu / mb for cpu in figures["host_s_runs"]],
                           wire_per_byte=figures["wire_bytes"] / figures["bytes"])
            results[label] = figures
            say("%s: %d games, %s bytes (flash %d blocks): sync %.2f s in process = %.0f KB/s; "
                "RP2040 estimate %.2f s = %.0f KB/s (wire %.3f bytes a byte of log); requests "
                "%s (%.3f a log outside the gets); host CPU %.3f s per MB (the median of %s); "
                "repeat %.3f s in "
                "process, the command %.2f s; round trip of `time` p50 %.2f ms, p95 %.2f ms; "
                "byte-identical: %s; boot %.1f s" % (
                    label, figures["games"], format(figures["bytes"], ","),
                    flash_blocks or BLOCK_COUNT, figures["sync_s"], figures["rate"] / 1024,
                    estimate, figures["rp2040_kb_per_s"], figures["wire_per_byte"],
                    figures["requests"], figures["round_trips_per_log"],
                    figures["host_s_per_mb"], ", ".join(
                        "%.3f" % value for value in figures["host_s_per_mb_runs"]),
                    figures["repeat_s"],
                    figures["command_repeat_s"], figures["round_trip"][0],
                    figures["round_trip"][1], figures["identical"], figures["boot_s"]))
        if args.imports:
            first, again = import_case(many, args.imports, work)
            say("import: %d logs in %.1f s (%.1f ms a log); again (nothing new): %.1f s"
                % (args.imports, first, 1000 * first / args.imports, again))
        if not args.json or args.write:
            text = table(results, base64_s, crc_s, stamped)
            say(text)
        if args.write:
            write(text)
            say("written into %s" % os.path.relpath(DOC, ROOT))
        if args.json:
            many = results["many"]
            print(json.dumps({
                "round_trip_ms": round(many["round_trip"][0], 3),
                "round_trips_per_log": round(many["round_trips_per_log"], 4),
                "device_s_per_mb": round(many["device_s_per_mb"], 3),
                "host_s_per_mb": round(many["host_s_per_mb"], 3),
                "host_s_per_mb_runs": [round(value, 3) for value in many["host_s_per_mb_runs"]],
                "rp2040_kb_per_s": round(many["rp2040_kb_per_s"], 1),
                "games": many["games"], "bytes": many["bytes"],
                "pico_rp2040_s": round(results["pico"]["rp2040_s"], 3),
                "pico_games": results["pico"]["games"],
                "repeat_s": round(many["repeat_s"], 4),
                "sync_s": round(many["sync_s"], 3),
                "wire_per_byte": round(many["wire_per_byte"], 4),
                "device_longest_slice_ms": round(1000 * many["longest_s"], 1),
                "device_one_get_a_log_s_per_mb": round(many["device_one_get_s_per_mb"], 3),
                "device_timed_s_per_mb": round(many["device_timed_s_per_mb"], 3),
                "requests": many["requests"], "stamp": stamped,
                "first_protocol_frame_s_per_mb": round(base64_s, 3),
                "checked_frame_s_per_mb": round(crc_s, 3)}))
    finally:
        if not args.keep:
            shutil.rmtree(work)


if __name__ == "__main__":
    main()
