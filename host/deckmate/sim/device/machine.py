"""The stand-in `machine` module of the simulated board (MicroPython, host side, never
deployed). The board definition and the drivers run on it unchanged.

It talks to the host over the side channel, a Unix socket (SOCK_SEQPACKET) named by DECKMATE_SIM_LINK
(host/deckmate/sim/link.py has the frames): output pin levels, SPI bytes, PWM duties and idle
notices go out; the levels of the keys come in. Without the variable it runs alone: outputs
go nowhere and every input reads high (no key held).
"""

import os
import struct
import sys
import time

import select
import socket

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

    def send_spi(self, data):
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
            self.send(message)
            view = view[size:]

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

    def idle(self):
        lag = max(0, time.ticks_diff(self.read_at, self.applied_at))
        self.send(struct.pack(">BHI", 0x49, self.sequence, lag))  # "I"
        self.receive(1)


_link = _Link(os.getenv("DECKMATE_SIM_LINK"))


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.mode = Pin.IN
        self.pull = None
        self.level = 1
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None):
        if mode != -1:
            self.mode = mode
        if pull != -1:
            self.pull = pull
        if value is not None:
            self.value(value)

    def value(self, level=None):
        if level is None:
            if self.mode == Pin.OUT:
                return self.level
            return _link.level(self.id)
        level = 1 if level else 0
        if level != self.level:
            self.level = level
            _link.send(struct.pack(">BBB", 0x50, self.id, level))  # "P"

    def __call__(self, level=None):
        return self.value(level)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    high = on
    low = off

    def toggle(self):
        self.value(1 - self.level)


class SPI:
    def __init__(self, id, baudrate=1000000, polarity=0, phase=0, bits=8, firstbit=0,
                 sck=None, mosi=None, miso=None):
        self.id = id
        self.baudrate = baudrate

    def init(self, baudrate=1000000, **settings):
        self.baudrate = baudrate

    def deinit(self):
        pass

    def write(self, data):
        _link.send_spi(data)


class PWM:
    def __init__(self, pin, freq=1000, duty_u16=0):
        self.pin = pin
        self._freq = freq
        self.duty_u16(duty_u16)

    def freq(self, hz=None):
        if hz is None:
            return self._freq
        self._freq = hz

    def duty_u16(self, value=None):
        if value is None:
            return self._duty
        self._duty = value
        _link.send(struct.pack(">BBH", 0x42, self.pin.id, value))  # "B"

    def deinit(self):
        self.duty_u16(0)


_freq = 125_000_000


def freq(hz=None):
    global _freq
    if hz is None:
        return _freq
    _freq = hz


def unique_id():
    return _FLASH_ID


def idle():
    _link.idle()


def lightsleep(ms=None):
    time.sleep_ms(ms or 1)


def reset():
    """The board restarts: the process exits and the host starts it again."""
    _link.send(b"X")
    sys.exit(0)


soft_reset = reset


def disable_irq():
    return 0


def enable_irq(state=0):
    pass
