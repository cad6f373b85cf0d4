"""The stand-in `machine` module of the simulated board (MicroPython, host side, never
deployed). The board definition and the drivers run on it unchanged.

It has what the board layer uses (firmware/boards, firmware/deckhw/board.py): Pin, SPI and
PWM as the board builds them, unique_id, idle, reset and soft_reset. A board's `machine` is
C and costs the app's heap nothing; this one is measured against the same 192 KB, so it is
small: what runs once is module code (its bytecode is freed after the import), private
constants are const(), and what the drivers call often (SPI.write, Pin.value, idle)
allocates nothing: each frame is packed into one 7-byte buffer, and SPI bytes go from the
caller's buffer.

It talks to the host over the side channel, a Unix socket (SOCK_SEQPACKET) named by
DECKMATE_SIM_LINK (host/deckmate/sim/link.py has the frames): output pin levels, SPI bytes,
PWM duties and idle notices go out; the levels of the keys come in, each change with the
time the host made it (on the same clock as time.ticks_ms: both are the system's monotonic
clock), or a tap: a key held down here until the firmware has read it down for a given
time, then let go at its next read, so that a key script's press is one press however slowly
the host or the firmware runs (the debouncer reads a key's pin only once its bounce time has
passed). Without the variable it runs alone: outputs go nowhere and every input reads high
(no key held).

Pin.irq is a board's pin interrupt as the firmware sees it: the handler of each pin whose
level a change of the keys (or a tap) moves is called with the pin, which reads the level
after that change, and ticks_ms() gives the change's own time (a board's `machine` has no
ticks_ms: deckhw/board.py then times them by time.ticks_ms, in the interrupt at the change).
The changes are taken in when the firmware next reads a pin or idles, so those made while it
was busy (a screen being imported and drawn) are handed to the handlers late, in order, each
with its own time, as a board's interrupts would have queued them as they came.

With DECKMATE_SIM_TRACE_HEAP set, each start prints `start`, and every idle, and the reset
that ends a start (whether the board idles between a key's last work and its reset is a race
with the key's let-go), first prints the live heap after a collection and the interned names
(`heap BYTES` and micropython.qstr_info's line; tools/match_heap.py); set to `modules`, also
the loaded modules (`modules NAME ...`), and with DECKMATE_SIM_TRACE_MAP set as well,
micropython.mem_info(1)'s map of the heap, then `endmap`; set to `layout`, every idle prints
`layout SEQUENCE` (the last key frame done) and the map of the heap as it is, garbage and all
(no collection), then `endmap` (tests/host/test_device_heap_layout.py: the same keys give the
same heap however long the waits between them).
"""

import os
import struct
import time

from micropython import const

_SPI_LEAST = const(8)       # link.py: a message this long or longer is bytes on the SPI bus

_frame = bytearray(7)       # link.py: every frame is tag:u8 a:u16 b:u32, both ways
_socket = None
_pressed = 0                # bit n set: GPIO n is held low by a key (or the tap)
_sequence = 0               # the last key frame done: its levels applied, its tap let go
_tap = [-1, 0, None]        # a tapped key: GPIO + ms held << 8 (-1: none), its frame's
                            # sequence, its first read (None: not read yet); one list for all
_applied_at = _read_at = time.ticks_ms()  # the last change of the keys (its "W"), last read
_edge_at = None             # while a pin's handler runs: the time of its change
_irqs = []                  # each input with an interrupt (Pin.irq), then its handler


def _send(tag, a, b):
    """One frame as one message: sent whole or not at all, even when a Ctrl-C interrupts."""
    if _socket is not None:
        struct.pack_into(">BHI", _frame, 0, tag, a, b)
        _socket.send(_frame)


def _receive(timeout_ms):
    """Apply the key frames that arrive within timeout_ms (-1: wait for one): key levels
    (the interrupts of the pins they move called, at the time of the change), or a tap (a key
    held here, by the firmware's own reads, whatever the host's pace). Not while a pin's
    handler runs: the changes after its own wait for it to end."""
    global _sequence, _applied_at
    while _socket is not None and _edge_at is None and any(_poller.ipoll(timeout_ms)):
        if not _socket.readinto(_frame):
            raise SystemExit("deckmate sim: the host closed the side channel")
        # (a small int, not struct.unpack's tuple: like a board's C machine, the stand-in
        # makes no garbage while the firmware waits for a key, which would make the heap's
        # layout hang on when a frame comes)
        b = int.from_bytes(_frame, "big")
        kind, a, b = b >> 48, b >> 32 & 0xFFFF, b & 0xFFFFFFFF
        if kind == 0x54:  # "T": the key's GPIO and the ms it is held in b
            _tap[0], _tap[1], _tap[2] = b, a, None
        elif kind == 0x57:  # "W": when the next levels were made
            _applied_at = b
        else:  # "K": the levels (a tapped key held down still)
            _sequence = a
            _edges(_pressed, b | (0 if _tap[2] is None else 1 << (_tap[0] & 0xFF)),
                   _applied_at)
        timeout_ms = 0  # then those that came meanwhile


def _edges(a, b, now):
    """The keys held go from `a` to `b` (bit n: GPIO n low, a tapped key's too) at ticks
    `now`: the interrupts of the pins that changed are called, as at the change (ticks_ms())."""
    global _edge_at, _pressed
    _edge_at, _pressed = now, b
    try:
        for index in range(0, len(_irqs), 2):
            if (a ^ b) >> _irqs[index].id & 1:
                _irqs[index + 1](_irqs[index])
    finally:
        _edge_at = None


def ticks_ms():
    """time.ticks_ms(), or while a pin's handler runs, the time of its change (deckhw/board.py
    times the keys' changes by it)."""
    return time.ticks_ms() if _edge_at is None else _edge_at


if os.getenv("DECKMATE_SIM_LINK"):
    import select
    import socket
    _socket = socket.socket(socket.AF_UNIX, 5)  # 5: SOCK_SEQPACKET (Linux)
    # the unix port takes a raw sockaddr_un: the family (native u16), the path, NUL
    _socket.connect(struct.pack("H", socket.AF_UNIX) + os.getenv("DECKMATE_SIM_LINK").encode()
                    + b"\0")
    _poller = select.poll()
    _poller.register(_socket, select.POLLIN)
    del select, socket
    _receive(-1)  # the key levels at power-on come first


_trace = None
if os.getenv("DECKMATE_SIM_TRACE_HEAP") == "layout":
    from micropython import mem_info  # (imported here: an import at each idle collects)

    def _trace():
        print("layout", _sequence)
        mem_info(1)
        print("endmap")

    print("start")
elif os.getenv("DECKMATE_SIM_TRACE_HEAP"):
    def _trace():
        import gc
        import micropython
        gc.collect()
        print("heap", gc.mem_alloc())
        micropython.qstr_info()
        if os.getenv("DECKMATE_SIM_TRACE_HEAP") == "modules":
            import sys
            print("modules", " ".join(sorted(sys.modules)))
            if os.getenv("DECKMATE_SIM_TRACE_MAP"):
                micropython.mem_info(1)
                print("endmap")

    print("start")  # each start of the firmware: the traces are split by it (a built-in name)


class Pin:
    """A GPIO: an output (its level is sent on every change) or an input (a key's level)."""
    IN = 0
    OUT = 1
    PULL_UP = 1

    def __init__(self, id, mode=IN, pull=None):
        self.id = id
        self.level = 1 if mode == Pin.OUT else None  # None: an input, read from the link

    def value(self, level=None):
        global _read_at, _sequence, _applied_at
        if level is None:
            if self.level is not None:
                return self.level
            if _edge_at is None:  # (a handler reads the level its change left)
                _read_at = time.ticks_ms()
                _receive(0)
                tap = _tap
                if tap[0] & 0xFF == self.id:  # down from its first read
                    if tap[2] is None:
                        tap[2] = _read_at
                        _edges(_pressed, _pressed | 1 << self.id, _read_at)
                    elif time.ticks_diff(_read_at, tap[2]) >= tap[0] >> 8:  # let go: done
                        _sequence, tap[0], tap[2] = tap[1], -1, None
                        _applied_at = _read_at
                        _edges(_pressed, _pressed & ~(1 << self.id), _read_at)
            return 0 if _pressed >> self.id & 1 else 1
        level = 1 if level else 0
        if level != self.level:
            self.level = level
            _send(0x50, self.id, level)  # "P"

    def irq(self, handler, *args):
        """`handler(pin)` at each change of an input's level (the firmware's keys: the
        trigger here is always both edges, hard or soft the same)."""
        _irqs.extend((self, handler))


class SPI:
    def __init__(self, id, **settings):
        pass

    def write(self, data):
        """The caller's buffer itself is the message (a write must fit one, as the drivers'
        bands do); fewer than _SPI_LEAST bytes go as "S" frames, one a byte."""
        if len(data) < _SPI_LEAST:
            for byte in data:
                _send(0x53, byte, 0)  # "S"
        elif _socket is not None:
            _socket.send(data)


class PWM:
    def __init__(self, pin, **settings):
        self.gpio = pin.id

    def duty_u16(self, value):
        _send(0x42, self.gpio, value)  # "B"


class RTC:
    """The clock is the PC's here: a time set is kept for `datetime()` to give back."""

    set_to = None

    def datetime(self, now=None):
        if now is None:
            return RTC.set_to or time.localtime()
        RTC.set_to = now


def unique_id():
    """The flash chip's 8-byte unique id: the image's, after its blocks (host/deckmate/sim/
    flash.py: made once when the image was first written, kept in it), read at the import
    while the host's files are visible; a made-up one without an image that holds one."""
    return _chip_id


# the flash image's chip id (flash.py: after its blocks of 4096 bytes, 8 bytes), read as
# module code while the host's files are visible; a made-up one for an image without it
_chip_id = b"\xe6\x61\x38\x52\x83\x5b\x2a\x29"
try:
    with open(os.getenv("DECKMATE_SIM_FLASH") or "", "rb") as file:  # (a built-in name)
        if file.seek(0, 2) % 4096 == 8:
            file.seek(-8, 2)
            _chip_id = file.read(8)
    del file
except OSError:
    pass


def idle():
    """Tell the host that nothing is left to do, then take the key levels of the next ms."""
    if _trace is not None:
        _trace()
    _send(0x49, _sequence, max(0, time.ticks_diff(_read_at, _applied_at)))  # "I"
    _receive(1)


def reset():
    """The board restarts: the process exits (or, under `micropython -i`, the host ends it)
    and the host starts it again."""
    _send(0x58, 0, 0)  # "X"
    raise SystemExit


soft_reset = reset  # a board's keeps USB up; here the host's side of the port stays either way
if _trace is not None:
    def soft_reset():  # the app's reset (deckhw/board.py), traced as an idle is
        _trace()
        reset()
