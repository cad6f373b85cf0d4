"""The device side of a sync, timed in the MicroPython unix port (tools/sync_bench.py runs it):

    micropython -X heapsize=192K sync_device_cost.py IMAGE_DIR STORE_DIR LOG_FILE KB

A log of KB kilobytes (LOG_FILE's lines, repeated) is written through the store into
STORE_DIR, an empty folder of the host (a RAM flash in the heap would be scanned by every
collection, which a board's flash is not; LittleFS's own reads cost little: sync_bench.py
reports them), then read back as the PC reads it: `get` requests of GET_MOST bytes answered
by deckapp/sync_requests.py through deckapp/serial_link.py, chunk frame by chunk frame, into
a sink (the USB write is not timed), a slice of the shell's loop a frame, with the shell's
collection every GC_EVERY bytes. The calibration loop of deckmate bench is timed before and after. The best of several runs
of each is kept (the host is shared: its load only ever adds time). Prints
`COST <calibration us> <bytes> <total us> <longest slice us> <reading us>`, the last the time
of reading the log alone.
"""

import gc
import sys
import time

sys.path[:0] = [sys.argv[1]]
from deckapp.serial_link import SerialLink
from deckapp.shell import GC_EVERY, usb_port
from deckapp.store import Store
from decklink.frame import TO_DEVICE, encode


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


class Sink:
    def __init__(self):
        self.bytes = 0

    def write(self, data):
        self.bytes += len(data)


def write_log(store, lines, kilobytes):
    log = store.start_game("1", lines[0])
    size = len(lines[0])
    while size < kilobytes * 1024:
        for line in lines[1:]:
            log.append(line)
            size += len(line)
    log.close()
    return size


def fetch(link, size):
    """Every byte of log 1 by gets; (the microseconds taken, the longest slice's)."""
    from deckapp.sync_requests import GET_MOST
    query = 0
    longest = 0
    gc.collect()
    start = time.ticks_us()
    offset = 0
    while offset < size:
        query += 1
        line = encode(TO_DEVICE, {"q": query, "op": "get", "id": "1", "off": offset,
                                  "n": min(GET_MOST, size - offset)})[:-1]
        call = ("answer", line, False)
        while call:
            began = time.ticks_us()
            link._call(*call)
            longest = max(longest, time.ticks_diff(time.ticks_us(), began))
            call = ("send_chunk",) if link.stream is not None else None
        offset = min(offset + GET_MOST, size)
    return time.ticks_diff(time.ticks_us(), start), longest


def read_us(path, size):
    """The microseconds of reading the log in CHUNK pieces, as the gets do."""
    from deckapp.sync_requests import CHUNK
    gc.collect()
    start = time.ticks_us()
    with open(path, "rb") as handle:
        while handle.read(CHUNK):
            pass
    return time.ticks_diff(time.ticks_us(), start)


def main():
    store = Store(sys.argv[2])
    store.boot()
    with open(sys.argv[3]) as handle:
        lines = [line for line in handle]
    size = write_log(store, lines, int(sys.argv[4]))
    gc.threshold(GC_EVERY)  # as the shell runs: a collection every 4 KB allocated
    link = SerialLink(store, None, usb_port())
    link.output = Sink()
    calibration, served, reading = [], [], []
    for _ in range(5):  # interleaved: each meets the same load
        calibration.append(reference_us())
        served.append(fetch(link, size))
        reading.append(read_us(store.log_path("1"), size))
    served.sort()
    print("COST %d %d %d %d %d" % (min(calibration), size, served[0][0], served[0][1],
                                   min(reading)))


main()
