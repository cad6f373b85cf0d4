"""The device side of a sync, timed in the MicroPython unix port (tools/sync_bench.py runs it):

    micropython -X heapsize=208K sync_device_cost.py FLASH_IMAGE SAMPLE [get]

FLASH_IMAGE is a LittleFS image of 4 KB blocks holding the firmware and a store (its logs and
manifest: the simulated board's flash, sim/firmware.py and deckmate/store_files.py), mounted as
the board mounts its flash, through a block device over the file (as the simulated board's,
sim_boot.py), the firmware's modules imported from it: the store's work on its files (a log
looked up among many in its folder, the metadata's CRCs, the blocks read) and the loading of
the sync's modules are in the time, as on a board. The games of the file SAMPLE (a line a game:
its id, its size and the first 16 hex digits of its SHA-256; tools/sync_bench.py device_cost
writes it: the unix port's command line takes 256 bytes an argument, and a sample taken from
the manifest here would leave the heap in pieces that a board's is not) are synced as the PC
syncs them: the requests go in through deckapp/serial_link.py as bytes on its port, a slice
of the shell's loop at a time (with the shell's collection every GC_EVERY bytes), and the
answers go to a sink (the USB write is not timed): a hello, the list (gets of the manifest
and of the journal of acknowledgements), the logs by `gets` of GETS_MOST logs (with `get`: a
get a log, as a PC before `gets`), the acknowledgements in batches of ACK_MOST (a text each,
as the PC sends them; a sample of fewer logs would count an ack's block, a flash sector
erased, for fewer logs than a sync's).

The port is as near the board's as the unix port has: on a board, polling the USB port and
reading a byte of it are MicroPython's C code (select's poll, the stream's readinto) around a
look at a ring buffer in RAM. Here the request is an io.BytesIO (its readinto is C, as the
board's), and the poll is select.poll's C code over a host file that is always ready: the
same C of select as the board runs (its registered object asked through the poll), but for
the kernel's poll() under it, which callgrind does not count (the board's is a look at the
ring buffer) and which is in the unix port's time (a read from a host file a byte at a time,
the kernel's read() in it, came out at 0.3-0.8 ms a request's byte on the estimate: the port
reads from RAM here). A poll of Python (a method of the stand-in: about 2,100 instructions a
byte of request, where the C poll takes a few hundred) made the estimate dearer than a board.

The calibration loop of deckmate bench is timed before and after each run; the best of RUNS
runs is kept, and the best of the calibrations. Also timed, on the same bytes: the work a data
frame of the first protocol did on them (base64 and the CRC of the base64), and what a frame of
today's does (the CRC of the bytes). Prints

    COST <calibration us> <log bytes> <hello and list us> <their flash, board us>
         <gets and acknowledgements us> <their flash, board us> <longest slice us>
         <its flash, board us> <base64 us> <crc us> <bytes framed>

(the unix port's microseconds, the block device's own left out, but for the flash's: a board's
microseconds of reading, programming and erasing the flash, FLASH).
"""

import binascii
import builtins
import gc
import io
import os
import select
import sys
import time
import vfs


# The flash of a board (the Pico's W25Q16JV, read through the RP2040's XIP cache by memcpy):
# the block device's own work is timed apart and replaced by these, in board microseconds
# (never scaled by the calibration): a read at 10 MB/s (the XIP's streaming rate is 20-30
# MB/s) and a call of the device from LittleFS; a 256-byte page programmed (tPP typical 0.4
# ms) and a 4 KB sector erased (tSE typical 45 ms), from the chip's datasheet.
READ_US_A_BYTE = 0.1
CALL_US = 10
PAGE_US = 400
ERASE_US = 45000
# The block device's work so far, in small ints (it allocates nothing: a float or a list a
# call would be garbage that the board's flash does not make, and the heap's collections are
# most of a sync's work): the host's microseconds in it, its calls, the bytes read, the
# pages programmed, the blocks erased.
FLASH = [0, 0, 0, 0, 0]


def board_us(before, after):
    """(the block device's host us, its board us) between two copies of FLASH."""
    calls, read, pages, erased = [after[at] - before[at] for at in range(1, 5)]
    return (after[0] - before[0] + calls * CALLED_US[0],
            calls * CALL_US + read * READ_US_A_BYTE + pages * PAGE_US + erased * ERASE_US)


CALLED_US = [0.0]  # the unix port's time of a call of the block device from LittleFS (us)


class FileFlash:
    """A block device over the image file, with vfs.VfsLfs2's extended protocol (as the
    simulated board's, host/deckmate/sim/device/sim_boot.py). A board reads its flash by a
    memcpy in C; here each call is a seek and a read of the host's file: its own time is
    kept apart in FLASH, with what it did, for the board's time of the same work."""

    def __init__(self, path):
        self.file = open(path, "r+b")
        self.erased = b"\xff" * 256  # (an erase allocates nothing, as a board's)

    # (Each method's locals and stack stay within 11 slots, as the interpreter then keeps its
    # frame on the C stack: a larger frame is allocated on the heap at each call, garbage
    # made by the stand-in that a board's flash, a C method, does not make. A spent time is
    # a local of its own for that.)
    def readblocks(self, block, buf, offset=0):
        start = time.ticks_us()
        self.file.seek(block * 4096 + offset)
        self.file.readinto(buf)
        spent = time.ticks_diff(time.ticks_us(), start)
        FLASH[0] += spent
        FLASH[1] += 1
        FLASH[2] += len(buf)

    def writeblocks(self, block, buf, offset=0):
        start = time.ticks_us()
        self.file.seek(block * 4096 + offset)
        self.file.write(buf)
        self.file.flush()
        spent = time.ticks_diff(time.ticks_us(), start)
        FLASH[0] += spent
        FLASH[1] += 1
        FLASH[3] += (len(buf) + 255) // 256

    def ioctl(self, op, arg):
        if op == 4:  # the block count
            self.file.seek(0, 2)
            return self.file.tell() // 4096
        if op == 5:  # the block size
            return 4096
        if op == 6:  # erase block `arg`
            start = time.ticks_us()
            self.file.seek(arg * 4096)
            for _ in range(16):
                self.file.write(self.erased)
            self.file.flush()
            FLASH[0] += time.ticks_diff(time.ticks_us(), start)
            FLASH[4] += 1
        return 0

    def called(self, block, buf, offset=0):
        """A call as LittleFS's of readblocks, without the host's file (called_us)."""
        start = time.ticks_us()
        spent = time.ticks_diff(time.ticks_us(), start)
        FLASH[0] += spent
        FLASH[1] += 1


def called_us(device):
    """The unix port's time of a call of the block device's Python method and its timing (a
    board calls its flash's C method: CALL_US), the best of a few runs (us, a float)."""
    buffer = bytearray(32)
    best = 10 ** 9
    for _ in range(5):
        start = time.ticks_us()
        for block in range(2000):
            device.called(block, buffer, 0)
        best = min(best, time.ticks_diff(time.ticks_us(), start))
    FLASH[0] = FLASH[1] = 0
    return best / 2000


def booted_store():
    """The store of the flash image, mounted at /flash and booted (its closed logs not hashed
    again: that is the board's start, not the sync's)."""
    device = FileFlash(sys.argv[1])
    CALLED_US[0] = called_us(device)
    vfs.mount(vfs.VfsLfs2(device, progsize=256), "/flash")
    sys.path[:0] = ["/flash"]  # (the firmware, as a board's: sim_boot.py)
    from deckapp.store import Store
    store = Store("/flash")
    store.boot(verify_closed=False)
    return store


PIECE = bytearray(4096)  # frame_work_us's (taken while the heap has a 4 KB piece)
STORE = booted_store()  # (before the app's modules load: a boot leaves holes in the heap)
from deckapp.serial_link import SerialLink  # noqa: E402
from deckapp.shell import GC_EVERY, import_with_room  # noqa: E402
from deckapp.sync_requests import ACK_MOST, CHUNK, GETS_MOST  # noqa: E402
from decklink.checked import CHECK_DIGITS  # noqa: E402
from decklink.frame import TO_DEVICE, encode  # noqa: E402

RUNS = 10  # the best is kept: the host is shared, and its load only ever adds time
# "get" after the ids: a get a log (a PC before `gets`), else `gets` of GETS_MOST logs;
# "count": one sync, untimed, for callgrind to count its instructions (COUNT)
ONE_GET_A_LOG = "get" in sys.argv[3:]
COUNT = "count" in sys.argv[3:]


def reference_us():
    """deckmate/bench_decisions.py's calibration loop, timed (microseconds), with the heap
    collected as there: only when it is full (the shell's threshold, set here for the sync,
    would collect about 120 times in the loop, and the device's estimate come out low)."""
    threshold = gc.threshold()
    gc.threshold(-1)
    gc.collect()
    start = time.ticks_us()
    reference_loop()
    spent = time.ticks_diff(time.ticks_us(), start)
    gc.threshold(threshold)
    return spent


def reference_loop():
    """deckmate/bench_decisions.py's calibration loop."""
    total = 0
    cards = list(range(28))
    for i in range(2400):
        hand = cards[i % 7:]
        for card in hand:
            total = (total * 31 + card) & 0xFFFF
        total ^= len(hand)
    return total


class Port:
    """The USB port as the link reads it: the request in RAM, read by the link's readinto in C
    (as the board's ring buffer), and polled by MicroPython's C poll (select.poll, as the
    board's: see the module's docstring)."""

    def __init__(self):
        self.handle = io.BytesIO(b"")
        self.size = 0
        # A host file is always ready to be read: the poll says a byte has come, as the
        # board's does while its ring buffer holds one. The request's last byte is its
        # newline, after which the link reads no more until its answer is sent; the read
        # after that finds nothing (the link then takes the port as closed: `send` opens it).
        self.ready_file = open(sys.argv[1], "rb")
        self.poller = select.poll()
        self.poller.register(self.ready_file, select.POLLIN)

    def send(self, link, request):
        """Put `request` on the port (not timed)."""
        self.handle = io.BytesIO(request)
        self.size = len(request)
        link.input = self.handle
        link.poller = self.poller
        link.closed = False

    def read_all(self):
        return self.handle.tell() >= self.size


class Sink:
    def __init__(self):
        self.bytes = 0
        self.last = b""

    def write(self, data):  # (allocating nothing, as the board's USB port)
        self.bytes += len(data)
        if len(data) < 400:
            self.last = data  # (the last is an answer's frame line, bytes)


class Board:
    def device_id(self):
        return "cost"


def requests_of(store, entries):
    """The requests of a sync of `entries` (the list's), encoded as the PC sends them: (the
    hello and the list's, the copies' and acknowledgements')."""
    fields = [[{"op": "hello", "space": 0}, {"op": "get", "file": "manifest", "n": 65536},
               {"op": "get", "file": "acks", "n": 65536}], []]
    if ONE_GET_A_LOG:
        fields[1] += [{"op": "get", "id": game_id, "n": size, "x": 1}
                      for game_id, size, _ in entries]
    else:
        fields[1] += [{"op": "gets", "ids": " ".join(  # (deckmate/device_link.py _stream)
            game_id for game_id, _, _ in entries[first:first + GETS_MOST])}
            for first in range(0, len(entries), GETS_MOST)]
    listed = listed_tag(store)
    fields[1] += [{"op": "ack", "logs": " ".join(  # (deckmate/device_link.py ack_text)
        "%s %d %s" % (game_id, size, binascii.b2a_base64(binascii.unhexlify(digest[:16]))
                      .decode().strip().rstrip("="))
        for game_id, size, digest in entries[first:first + ACK_MOST]), "listed": listed}
        for first in range(0, len(entries), ACK_MOST)]
    query = 0
    requests = []
    for part in fields:
        requests.append([])
        for request in part:
            query += 1
            request["q"] = query
            requests[-1].append(encode(TO_DEVICE, request))
    return requests


def listed_tag(store):
    """The manifest's checksum line, as the hello's `listed` says it (the manifest is not
    read whole: on a flash of 1,000 logs it is larger than the heap)."""
    with open(store.manifest_path, "rb") as handle:
        handle.seek(max(0, handle.seek(0, 2) - CHECK_DIGITS - 2))
        return handle.read().decode().strip()


def sync(link, port, requests):
    """The device's side of a sync (`requests`: requests_of's): [the unix port's us of the
    hello and the list (the block device's own left out), their flash's board us, the same
    of the gets and acknowledgements, of the longest slice]."""
    times = [0, 0, 0, 0, 0, 0]
    flash, before = FLASH[:], FLASH[:]  # (copied into, not made anew: the loop allocates
    #                                      nothing of its own)

    def ask(at, request):
        port.send(link, request)
        start = time.ticks_us()
        flash[:] = FLASH
        while True:
            began = time.ticks_us()
            before[:] = FLASH
            busy = link.serve()
            spent = time.ticks_diff(time.ticks_us(), began)
            if spent > times[4]:
                own, board = board_us(before, FLASH)
                if spent - own > times[4]:
                    times[4:] = [spent - own, board]
            if not busy and port.read_all():
                break
        own, board = board_us(flash, FLASH)
        times[at] += time.ticks_diff(time.ticks_us(), start) - own
        times[at + 1] += board

    gc.collect()
    for at, part in ((0, requests[0]), (2, requests[1])):
        for request in part:
            ask(at, request)
    return times


def serve_all(link, port, requests):
    """The requests answered, one after the other (what COUNT counts: no timing)."""
    for request in requests:
        port.send(link, request)
        while link.serve() or not port.read_all():
            pass


def count(store, link, port, entries):
    """COUNT's run (under callgrind, each exec of it a part of the count: the hello and the
    list, then the copies and acknowledgements): prints the flash's board us of each and the
    bytes of log of the second. (The calibration loop is counted apart, as deckmate bench
    runs it: tools/sync_bench.py calibration_count.)"""
    requests = requests_of(store, entries)
    link._end_session()  # (the sync's modules leave the heap: its first request loads them)
    link.output = open("/dev/null", "wb")  # (a write in C, as the board's USB port's: Sink's
    marks = [FLASH[:]]                     # Python was 6 % of the copies' instructions)
    scope = {"serve_all": serve_all, "link": link, "port": port, "requests": requests}
    gc.collect()
    exec("serve_all(link, port, requests[0])", scope)
    marks.append(FLASH[:])
    exec("serve_all(link, port, requests[1])", scope)
    marks.append(FLASH[:])
    from deckapp.store_acks import journal_acks
    acked = [value[0] for value in journal_acks(store)]
    assert not [entry for entry in entries if entry[0] not in acked], acked
    print("COUNTED %d %d %d" % (board_us(marks[0], marks[1])[1], board_us(marks[1], marks[2])[1],
                                sum(entry[1] for entry in entries)))


def frame_work_us(path):
    """(the first protocol's base64 and CRC, in its frames of 1,536 bytes; today's CRC, in
    CHUNK pieces) of the log's bytes."""
    base64 = crc = 0
    gc.collect()
    with open(path, "rb") as handle:
        while True:
            count = handle.readinto(PIECE)
            if not count:
                return base64, crc
            piece = memoryview(PIECE)[:count]
            start = time.ticks_us()
            for first in range(0, count, 1536):
                binascii.crc32(binascii.b2a_base64(piece[first:first + 1536]))
            middle = time.ticks_us()
            binascii.crc32(piece)
            base64 += time.ticks_diff(middle, start)
            crc += time.ticks_diff(time.ticks_us(), middle)


def main():
    store = STORE
    with open(sys.argv[2]) as handle:
        entries = [(words[0], int(words[1]), words[2]) for words in
                   (line.split() for line in handle)]
    size = sum(entry[1] for entry in entries)
    # As the shell runs: an import goes through its hook (a call of Python, even for a module
    # loaded), the heap collected every GC_EVERY bytes allocated (a sync's session sets its own).
    builtins.__import__ = import_with_room(builtins.__import__)
    gc.threshold(GC_EVERY)
    port = Port()
    link = SerialLink(store, Board(), None)
    link.output = Sink()
    if COUNT:
        return count(store, link, port, entries)
    requests = requests_of(store, entries)
    calibration, runs = [], []  # runs: sync()'s
    framed = 0
    base64 = crc = None
    for run in range(RUNS):  # interleaved: each meets the same load
        calibration += [reference_us() for _ in range(3)]
        sent = link.output.bytes
        runs.append(sync(link, port, requests))
        framed = link.output.bytes - sent
        assert b'"refused":[]' in link.output.last, link.output.last
        os.remove(store.logs_dir + "/acks.chk")  # the same work again: none acknowledged
        link._end_session()  # (as after QUIET_MS: the sync's modules leave the heap)
        work = [frame_work_us(store.log_path(entry[0])) for entry in entries]
        base64 = min(base64 or 10 ** 12, sum(item[0] for item in work))
        crc = min(crc or 10 ** 12, sum(item[1] for item in work))
    runs.sort(key=lambda run: run[0] + run[2])
    best, steady = runs[0], runs[:RUNS // 2]
    longest = max(steady, key=lambda run: run[4])
    print("CALLED %.3f" % CALLED_US[0])
    print("COST %d %d %d %d %d %d %d %d %d %d %d" % (
        min(calibration), size, best[0], best[1], best[2], best[3], longest[4], longest[5],
        base64, crc, framed))


main()
