"""The stand-in `machine` module of the simulated board (MicroPython, host side, never
deployed). The board definition and the drivers run on it unchanged.

It has what the board layer uses (firmware/boards, firmware/deckhw/board.py): Pin, SPI and
PWM as the board builds them, unique_id, idle and reset. Every object it makes stays on the
app's heap, so it is kept small: a simulated board is measured against the same 192 KB.

It talks to the host over the side channel, a Unix socket (SOCK_SEQPACKET) named by
DECKMATE_SIM_LINK (host/deckmate/sim/link.py has the frames): output pin levels, SPI bytes,
PWM duties and idle notices go out; the levels of the keys come in. Without the variable it
runs alone: outputs go nowhere and every input reads high (no key held).
"""

import os
import struct
import sys
import time

_FLASH_ID = b"\xe6\x61\x38\x52\x83\x5b\x2a\x29"  # a made-up 8-byte flash unique id
_CHECK_MS = 1  # the socket is checked for key levels at most this often while pins are read
_SOCK_SEQPACKET = 5  # Linux: a connection whose messages arrive whole (not in the module)
_SPI_CHUNK = 1024    # SPI bytes per message


class _Link:
    def __init__(self, path):
        self.socket = None
        self.poller = None
        self.pressed = 0           # bit n set: GPIO n is held low by a key
        self.sequence = 0          # the last key-level frame applied
        self.applied_at = time.ticks_ms()
        self.read_at = self.applied_at
        self.checked_at = self.applied_at
        self.pending = b""
        if path:
            import select
            import socket
            self.socket = socket.socket(socket.AF_UNIX, _SOCK_SEQPACKET)
            # the unix port takes a raw sockaddr_un: the family (native u16), the path, NUL
            self.socket.connect(struct.pack("H", socket.AF_UNIX) + path.encode() + b"\0")
            self.poller = select.poll()
            self.poller.register(self.socket, select.POLLIN)
            self.receive(-1)       # the key levels at power-on come first

    def send(self, frame):
        """One frame, one message: sent whole or not at all, even when a Ctrl-C interrupts."""
        if self.socket is not None:
            self.socket.send(frame)

    def receive(self, timeout_ms):
        """Apply the key-level frames that arrive within timeout_ms (-1: wait for one)."""
        if self.poller is None:
            return
        while self.poller.poll(timeout_ms):
            data = self.socket.recv(256)
            if not data:
                raise SystemExit("deckmate sim: the host closed the side channel")
            self.pending += data
            while len(self.pending) >= 7:
                _, self.sequence, self.pressed = struct.unpack(">BHI", self.pending[:7])
                self.pending = self.pending[7:]
                self.applied_at = time.ticks_ms()
            if not self.pending:
                timeout_ms = 0

    def level(self, gpio):
        now = time.ticks_ms()
        self.read_at = now
        if time.ticks_diff(now, self.checked_at) >= _CHECK_MS:
            self.checked_at = now
            self.receive(0)
        return 0 if self.pressed >> gpio & 1 else 1


_link = _Link(os.getenv("DECKMATE_SIM_LINK"))


class Pin:
    """A GPIO: an output (its level is sent on every change) or an input (a key's level)."""
    IN = 0
    OUT = 1
    PULL_UP = 1

    def __init__(self, id, mode=IN, pull=None):
        self.id = id
        self.level = 1 if mode == Pin.OUT else None  # None: an input, read from the link

    def value(self, level=None):
        if level is None:
            return _link.level(self.id) if self.level is None else self.level
        level = 1 if level else 0
        if level != self.level:
            self.level = level
            _link.send(struct.pack(">BBB", 0x50, self.id, level))  # "P"


class SPI:
    def __init__(self, id, baudrate=1000000, polarity=0, phase=0, sck=None, mosi=None):
        pass

    def write(self, data):
        """SPI bytes as "S" frames. Each message is made afresh: a buffer kept for it would
        count against the heap budget, which the board's C SPI does not spend."""
        view = memoryview(data)
        while len(view):
            size = min(len(view), _SPI_CHUNK)
            message = bytearray(3 + size)
            message[0] = 0x53
            message[1] = size >> 8
            message[2] = size & 0xFF
            message[3:] = view[:size]
            _link.send(message)
            view = view[size:]


class PWM:
    def __init__(self, pin, freq=1000):
        self.gpio = pin.id

    def duty_u16(self, value):
        _link.send(struct.pack(">BBH", 0x42, self.gpio, value))  # "B"


def unique_id():
    return _FLASH_ID


def idle():
    """Tell the host that nothing is left to do, then take the key levels of the next ms."""
    lag = max(0, time.ticks_diff(_link.read_at, _link.applied_at))
    _link.send(struct.pack(">BHI", 0x49, _link.sequence, lag))  # "I"
    _link.receive(1)


def reset():
    """The board restarts: the process exits and the host starts it again."""
    _link.send(b"X")
    sys.exit(0)
