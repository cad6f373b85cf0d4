"""The device side of a sync, timed in the MicroPython unix port (tools/sync_bench.py runs it):

    micropython -X heapsize=192K sync_device_cost.py IMAGE_DIR STORE_DIR LOGS_DIR

The logs of LOGS_DIR (files `ID.jsonl`) are written through the store into STORE_DIR, an
empty folder of the host (a RAM flash in the heap would be scanned by every collection, which
a board's flash is not), then synced as the PC syncs them: the requests go in through
deckapp/serial_link.py as bytes on its port, a slice of the shell's loop at a time (with the
shell's collection every GC_EVERY bytes), and the answers go to a sink (the USB write is not
timed): a hello, the list (gets of the manifest and of the journal of acknowledgements), a get
of each log, the acknowledgements in batches of ACK_MOST. The
calibration loop of deckmate bench is timed before and after each run; the best of RUNS runs
is kept, and the best of the calibrations. Also timed, on the same bytes: the work a data frame
of the first protocol did on them (base64 and the CRC of the base64), and what a frame of
today's does (the CRC of the bytes). Prints

    COST <calibration us> <log bytes> <sync us> <longest slice us> <base64 us> <crc us> <bytes framed>
"""

import binascii
import gc
import os
import select
import sys
import time

sys.path[:0] = [sys.argv[1]]
from deckapp.serial_link import SerialLink
from deckapp.shell import GC_EVERY
from deckapp.store import Store
from deckapp.sync_requests import ACK_MOST, CHUNK
from decklink.frame import TO_DEVICE, encode

RUNS = 10  # the best is kept: the host is shared, and its load only ever adds time


def reference_us():
    """deckmate/bench_decisions.py's calibration loop, timed (microseconds)."""
    gc.collect()
    start = time.ticks_us()
    total = 0
    cards = list(range(28))
    for i in range(2400):
        hand = cards[i % 7:]
        for card in hand:
            total = (total * 31 + card) & 0xFFFF
        total ^= len(hand)
    return time.ticks_diff(time.ticks_us(), start)


class Port:
    """The USB port as the link reads it: a file holding the request (the link reads it
    through select.poll and readinto in C, as it reads the board's port)."""

    def __init__(self, path):
        self.path = path
        self.handle = None
        self.size = 0

    def send(self, link, request):
        """Put `request` on the port (not timed)."""
        if self.handle is not None:
            self.handle.close()
        with open(self.path, "wb") as handle:
            handle.write(request)
        self.size = len(request)
        self.handle = open(self.path, "rb")
        link.input = self.handle
        link.poller = select.poll()
        link.poller.register(self.handle, select.POLLIN)
        link.closed = False

    def read_all(self):
        return self.handle.tell() >= self.size


class Sink:
    def __init__(self):
        self.bytes = 0
        self.last = b""

    def write(self, data):
        self.bytes += len(data)
        if len(data) < 400:
            self.last = bytes(data)


class Board:
    def device_id(self):
        return "cost"


def write_logs(store, folder):
    """The logs of `folder` into the store; [(id, size)]."""
    written = []
    for name in sorted(os.listdir(folder)):
        game_id = name[:-6]
        with open(folder + "/" + name) as handle:
            lines = [line for line in handle]
        log = store.start_game(game_id, lines[0])
        for line in lines[1:]:
            log.append(line)
        log.close()
        written.append(game_id)
    return written


def sync(link, port, entries):
    """The device's side of a sync of `entries` (the list's): (us taken, the longest slice)."""
    longest = [0]
    taken = [0]
    query = [0]

    def ask(operation, **fields):
        query[0] += 1
        fields.update(q=query[0], op=operation)
        port.send(link, encode(TO_DEVICE, fields))
        start = time.ticks_us()
        while True:
            began = time.ticks_us()
            busy = link.serve()
            longest[0] = max(longest[0], time.ticks_diff(time.ticks_us(), began))
            if not busy and port.read_all():
                break
        taken[0] += time.ticks_diff(time.ticks_us(), start)

    gc.collect()
    ask("hello")
    ask("get", file="manifest", n=65536)  # the list
    ask("get", file="acks", n=65536)
    for game_id, size, _ in entries:
        ask("get", id=game_id, n=size)
    for first in range(0, len(entries), ACK_MOST):
        ask("ack", acks=[[game_id, size, digest[:16]] for game_id, size, digest
                         in entries[first:first + ACK_MOST]],
            listed=tag(link))
    return taken[0], longest[0]


def tag(link):
    from deckapp.sync_requests import _manifest_tag
    return _manifest_tag(link.store)


def frame_work_us(path):
    """(the first protocol's base64 and CRC, today's CRC) of the log's bytes in CHUNK pieces."""
    base64 = crc = 0
    gc.collect()
    with open(path, "rb") as handle:
        while True:
            piece = handle.read(CHUNK)
            if not piece:
                return base64, crc
            start = time.ticks_us()
            binascii.crc32(binascii.b2a_base64(piece))
            middle = time.ticks_us()
            binascii.crc32(piece)
            base64 += time.ticks_diff(middle, start)
            crc += time.ticks_diff(time.ticks_us(), middle)


def main():
    store = Store(sys.argv[2])
    store.boot()
    ids = write_logs(store, sys.argv[3])
    entries = [(entry["id"], entry["size"], entry["sha256"]) for entry in store.games()]
    size = sum(entry[1] for entry in entries)
    gc.threshold(GC_EVERY)  # as the shell runs: a collection every 4 KB allocated
    port = Port(sys.argv[2] + "/../request.bin")
    link = SerialLink(store, Board(), None)
    link.output = Sink()
    calibration, runs = [], []  # runs: (sync us, longest slice us)
    framed = 0
    base64 = crc = None
    for run in range(RUNS):  # interleaved: each meets the same load
        calibration += [reference_us() for _ in range(3)]
        sent = link.output.bytes
        runs.append(sync(link, port, entries))
        framed = link.output.bytes - sent
        assert b'"refused":[]' in link.output.last, link.output.last
        os.remove(store.logs_dir + "/acks.chk")  # the same work again: none acknowledged
        work = [frame_work_us(store.log_path(game_id)) for game_id in ids]
        base64 = min(base64 or 10 ** 12, sum(item[0] for item in work))
        crc = min(crc or 10 ** 12, sum(item[1] for item in work))
    runs.sort()
    print("COST %d %d %d %d %d %d %d" % (min(calibration), size, runs[0][0],
                                         max(run[1] for run in runs[:RUNS // 2]), base64, crc,
                                         framed))

main()
