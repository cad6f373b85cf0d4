"""The side channel between the stand-in `machine` module (device/machine.py) and the host:
one Unix socket whose path the firmware finds in DECKMATE_SIM_LINK. The host listens; each
start of the firmware connects anew. The socket keeps messages whole (SOCK_SEQPACKET) and
every frame is one message, so a Ctrl-C that interrupts the firmware in the middle of a send
loses that frame at worst, never the framing of the ones after it.

Frames from the firmware (first byte the tag, integers big-endian):
  "P" gpio:u8 level:u8          an output pin changed level
  "S" length:u16 bytes          bytes written on the SPI bus
  "B" gpio:u8 duty:u16          a PWM duty (the backlight)
  "I" sequence:u16 lag:u32      machine.idle(): nothing left to do. `sequence` is the last
                                key-level frame the firmware has applied, `lag` the ms from
                                applying it to the firmware's latest read of an input pin
  "X"                           machine.reset(): the firmware is about to exit and restart
Frames to the firmware:
  "K" sequence:u16 pressed:u32  the GPIOs held low by keys (bit n: GPIO n); sent on every
                                connection first, then on every change
"""

import os
import select
import socket
import struct
import tempfile

from deckmate.sim.panel import Panel

FRAME_SIZES = {ord("P"): 3, ord("B"): 4, ord("I"): 7, ord("X"): 1}


class Link:
    def __init__(self, board):
        """board: a deckmate.sim.boards.BoardDefinition."""
        self.board = board
        self.folder = tempfile.mkdtemp(prefix="deckmate-sim-")
        self.path = os.path.join(self.folder, "link")
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.server.bind(self.path)
        self.server.listen(2)
        self.connection = None
        self.received = bytearray()
        self.panel = Panel(board.panel[0], board.panel[1], board.cs, board.dc, board.rst)
        self.pressed = set()
        self.sequence = 0
        self.idle = None          # the last idle frame: (sequence, lag ms)
        self.idle_count = 0
        self.backlight_duty = None
        self.resets = 0

    def close(self):
        for sock in (self.connection, self.server):
            if sock is not None:
                sock.close()
        os.unlink(self.path)
        os.rmdir(self.folder)

    def press(self, keys):
        """Hold exactly these keys (names) from now on."""
        self.pressed = set(keys)
        self.sequence = (self.sequence + 1) & 0xFFFF
        self.send_keys()

    def send_keys(self):
        if self.connection is None:
            return
        mask = 0
        for key in self.pressed:
            mask |= 1 << self.board.keys[key]
        try:
            self.connection.sendall(struct.pack(">BHI", ord("K"), self.sequence, mask))
        except OSError:
            pass  # the firmware is restarting; it gets the levels when it connects

    def pump(self, timeout):
        """Take in what the firmware sent within `timeout` seconds; True if anything came."""
        watched = [self.server] + ([self.connection] if self.connection else [])
        ready, _, _ = select.select(watched, [], [], timeout)
        if self.server in ready:
            while self.connection is not None:  # what the last start sent before it ended
                self.take_in()
            self.connection, _ = self.server.accept()
            self.received = bytearray()
            self.send_keys()
        elif self.connection is not None and self.connection in ready:
            self.take_in()
        return bool(ready)

    def take_in(self):
        """Read what the connection has (closing it at its end) and handle the frames."""
        data = self.connection.recv(1 << 16)
        if not data:
            self.connection.close()
            self.connection = None
        self.received += data
        self.parse()

    def parse(self):
        data = self.received
        start = 0
        while start < len(data):
            tag = data[start]
            if tag == ord("S"):
                if len(data) - start < 3:
                    break
                size = 3 + ((data[start + 1] << 8) | data[start + 2])
            elif tag in FRAME_SIZES:
                size = FRAME_SIZES[tag]
            else:
                raise ValueError("unknown side-channel frame %r" % chr(tag))
            if len(data) - start < size:
                break
            self.handle(tag, data[start:start + size])
            start += size
        del data[:start]

    def handle(self, tag, frame):
        if tag == ord("S"):
            self.panel.spi(frame[3:])
        elif tag == ord("P"):
            self.panel.pin(frame[1], frame[2])
        elif tag == ord("I"):
            self.idle = struct.unpack(">HI", frame[1:])
            self.idle_count += 1
        elif tag == ord("B"):
            self.backlight_duty = struct.unpack(">H", frame[2:])[0]
        elif tag == ord("X"):
            self.resets += 1

    def settled(self, lag_ms):
        """Whether the firmware went idle after reading the current key levels at least
        lag_ms after it applied them."""
        return self.idle is not None and self.idle[0] == self.sequence and self.idle[1] >= lag_ms
