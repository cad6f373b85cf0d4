"""The side channel between the stand-in `machine` module (device/machine.py) and the host:
one Unix socket whose path the firmware finds in DECKMATE_SIM_LINK. The host listens; each
start of the firmware connects anew. The socket keeps messages whole (SOCK_SEQPACKET) and
each message is one frame or one SPI write, so a Ctrl-C that interrupts the firmware in the
middle of a send loses that message at worst, never the framing of the ones after it.

A message of SPI_LEAST bytes or more is bytes written on the SPI bus, as they are: the
firmware sends the driver's buffer itself, allocating nothing. A shorter one is a frame,
always 7 bytes: tag:u8 a:u16 b:u32 (big-endian; fields a frame does not use are 0).
From the firmware:
  "P" a=gpio b=level            an output pin changed level
  "S" a=byte                    one byte written on the SPI bus (writes shorter than
                                SPI_LEAST go a byte a frame)
  "B" a=gpio b=duty             a PWM duty (the backlight)
  "I" a=sequence b=lag          machine.idle(): nothing left to do. `sequence` is the last
                                key frame the firmware is done with (its levels applied, its
                                tap let go), `lag` the ms from that change (its "W" time, the
                                tap's let-go) to the firmware's latest read of an input pin
  "X"                           machine.reset() or soft_reset(): the firmware is about to
                                exit and restart (each start of the firmware connects once;
                                the reset is that of the process on the connection's other
                                end, known by its pid: a start that died before connecting
                                cannot shift the match)
To the firmware:
  "W" b=ticks                   when the change of the next "K" frame was made: ms of the
                                system's monotonic clock, modulo 2**30 (the firmware's
                                time.ticks_ms() is the same clock); the stand-in's pin
                                interrupts give the change that time however late the
                                firmware takes it in
  "K" a=sequence b=pressed      the GPIOs held low by keys (bit n: GPIO n); sent on every
                                connection first, then on every change, after its "W".
                                The first of a power-on holds the panel's CS low too, as
                                the pad's pull-down does until the driver drives it; after
                                the firmware's own reset ("X") it is high, as the last start
                                left it (deckhw/board.py tells the two apart by it)
  "T" a=sequence b=gpio+ms<<8   a tap: the key on that GPIO held down from the firmware's first
                                read of it until a read `ms` later, let go at that read (by
                                the firmware's clock: the host's pace changes nothing)
"""

import os
import select
import socket
import struct
import tempfile
import time

from deckmate.sim.panel import Panel

FRAME = struct.Struct(">BHI")
PEER_CREDENTIALS = struct.Struct("3i")  # SO_PEERCRED's struct ucred: pid, uid, gid
SPI_LEAST = 8          # device/machine.py _SPI_LEAST
MESSAGE_MOST = 1 << 18  # more than a Unix socket's send buffer holds: no message is longer
TICKS_PERIOD = 1 << 30  # the firmware's time.ticks_ms() wraps at 2**30
FLASH_LINK = "flash"  # beside the socket: the flash image as the firmware names it (firmware.py)


def ticks_ms(seconds=None):
    """The firmware's time.ticks_ms() at time.monotonic() `seconds` (now unless given): the
    unix port's ticks are the same monotonic clock's milliseconds."""
    return int((time.monotonic() if seconds is None else seconds) * 1000) % TICKS_PERIOD


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
        self.message = bytearray(MESSAGE_MOST)
        self.panel = Panel(board.panel[0], board.panel[1], board.cs, board.dc, board.rst)
        self.pressed = set()
        self.sequence = 0
        self.idle = None          # the last idle frame: (sequence, lag ms)
        self.idle_count = 0
        self.backlight_duty = None
        self.resets = 0
        self.connections = 0      # the starts of the firmware that have connected
        self.peer_pid = None      # the process of the current connection
        self.kept = False         # the next start follows the firmware's own reset ("X")
        self.reset_pid = None     # the process that last called machine.reset()
        self.reset_pids = set()   # every process that called machine.reset()
        self.ended_pids = set()   # every process whose connection has ended, read to its end
        self.heard_pids = set()   # every process that has sent a message

    def close(self):
        for sock in (self.connection, self.server):
            if sock is not None:
                sock.close()
        os.unlink(self.path)
        flash = os.path.join(self.folder, FLASH_LINK)
        if os.path.lexists(flash):
            os.unlink(flash)
        os.rmdir(self.folder)

    def press(self, keys, at=None):
        """Hold exactly these keys (names) from now on; `at`: the firmware's ticks at which
        the change was made (now unless given; a `quick` step's changes have their own)."""
        self.pressed = set(keys)
        self.sequence = (self.sequence + 1) & 0xFFFF
        self.send_keys(at)

    def tap(self, key, hold_ms):
        """Press `key` and let it go once the firmware has read it down for hold_ms (the
        board lets go itself: a host slow to answer cannot make the press last longer and
        repeat). No key is held after it."""
        self.pressed = set()
        self.sequence = (self.sequence + 1) & 0xFFFF
        if self.connection is not None:
            self.connection.sendall(FRAME.pack(ord("T"), self.sequence,
                                               hold_ms << 8 | self.board.keys[key]))

    def send_keys(self, at=None, first=False):
        """The keys held, changed at ticks `at` (now unless given); or the `first` levels of
        a start (no "W": nothing changed), the panel's CS low unless the firmware's own reset
        came before."""
        if self.connection is None:
            return
        mask = 1 << self.board.cs if first and not self.kept else 0
        for key in self.pressed:
            mask |= 1 << self.board.keys[key]
        try:
            if not first:
                self.connection.sendall(FRAME.pack(ord("W"), 0, ticks_ms() if at is None else at))
            self.connection.sendall(FRAME.pack(ord("K"), self.sequence, mask))
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
            self.connections += 1
            credentials = self.connection.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED,
                                                     PEER_CREDENTIALS.size)
            self.peer_pid = PEER_CREDENTIALS.unpack(credentials)[0]
            self.idle = None  # a new start of the firmware, not idle yet
            self.send_keys(first=True)
            self.kept = False
        elif self.connection is not None and self.connection in ready:
            self.take_in()
        return bool(ready)

    def take_in(self):
        """Read one message of the connection (closing it at its end) and handle it. A
        firmware that died with key frames unread resets the connection: that is its end too."""
        try:
            size, _, flags, _ = self.connection.recvmsg_into([self.message])
        except ConnectionResetError:
            size, flags = 0, 0
        if flags & socket.MSG_TRUNC:
            raise ValueError("a side-channel message longer than %d bytes" % MESSAGE_MOST)
        if not size:
            self.connection.close()
            self.connection = None
            self.ended_pids.add(self.peer_pid)
        elif size >= SPI_LEAST:
            self.heard_pids.add(self.peer_pid)
            self.panel.spi(self.message[:size])
        elif size == FRAME.size:
            self.heard_pids.add(self.peer_pid)
            self.handle(*FRAME.unpack_from(self.message))
        else:
            raise ValueError("a side-channel message of %d bytes" % size)

    def handle(self, tag, a, b):
        if tag == ord("S"):
            self.panel.spi(bytes((a,)))
        elif tag == ord("P"):
            self.panel.pin(a, b)
        elif tag == ord("I"):
            self.idle = (a, b)
            self.idle_count += 1
        elif tag == ord("B"):
            self.backlight_duty = b
        elif tag == ord("X"):
            self.resets += 1
            self.kept = True
            self.reset_pid = self.peer_pid
            self.reset_pids.add(self.peer_pid)
            self.idle = None  # it will not be idle again: the next start will
        else:
            raise ValueError("unknown side-channel frame %r" % chr(tag))

    def heard_from(self, pid):
        """Whether process `pid` has sent a message: its boot script is done and main.py runs
        (the boot script only connects; the first frames are main.py's)."""
        return pid in self.heard_pids

    def called_reset(self, pid, seconds=2.0):
        """Whether process `pid` called machine.reset() before it ended: asked once it has
        exited, after its connection has been read to the end (another thread pumps)."""
        deadline = time.monotonic() + seconds
        while pid not in self.ended_pids and time.monotonic() < deadline:
            time.sleep(0.005)
        return pid in self.reset_pids

    def settled(self, lag_ms):
        """Whether the firmware went idle after reading the current key levels at least
        lag_ms after it applied them (after a tap: after it let the key go)."""
        return self.idle is not None and self.idle[0] == self.sequence and self.idle[1] >= lag_ms
