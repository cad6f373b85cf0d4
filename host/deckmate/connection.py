"""The host's connection to a board: its USB serial port (a Pico's /dev/ttyACM0 or COM3, or
the simulated board's pty), the one object through which every command talks to a board.
It is mpremote's SerialTransport (mpremote, pinned, used as a library): for the sync
(deckmate/device_link.py) bytes written and lines read with a deadline, the REPL's output on
the same port passed over line by line; for the deploy (deckmate/deploy.py) the raw REPL:
code run, files written and removed, a soft reset. `find_port` picks the board by its USB ids
when no port is named."""

import errno
import os
import select
import sys
import time

from deckmate.errors import CommandError

# MicroPython's USB ids on a Raspberry Pi Pico and Pico 2 (vendor Raspberry Pi)
BOARD_USB_IDS = ((0x2E8A, 0x0005),)


class PortError(CommandError):
    """No board, several boards, or a port that cannot be opened; the message says what to
    do."""


class PortLost(PortError):
    """The port went away while in use (the cable pulled, the board reset or stopped).
    `cause`: what was lost, for a command to say what to do next."""

    def __init__(self, port, error):
        self.cause = "lost the connection to the device on %s (%s)" % (port, error)
        super().__init__(self.cause + "; plug it back in and run the command again")


def board_ports():
    """[(port, what it is)] of the serial ports with a board's USB ids: "USB vid:pid" and the
    port's description."""
    from serial.tools import list_ports
    return [(port.device, "USB %04x:%04x, %s" % (port.vid, port.pid, port.description))
            for port in list_ports.comports() if (port.vid, port.pid) in BOARD_USB_IDS]


def find_port():
    """The port of the one board plugged in; PortError naming what was seen otherwise."""
    from serial.tools import list_ports
    found = board_ports()
    if len(found) == 1:
        return found[0][0]
    seen = ["%s (%s%s)" % (port.device, port.description,
                            ", USB %04x:%04x" % (port.vid, port.pid) if port.vid else "")
            for port in list_ports.comports()]
    if not found:
        raise PortError("no Deckmate board found (looked for USB id %s); serial ports seen: %s. "
                        "Plug the board in, or name the port with --port (the simulated board "
                        "prints its own: `deckmate sim --headless`)"
                        % (", ".join("%04x:%04x" % ids for ids in BOARD_USB_IDS),
                           "; ".join(seen) or "none"))
    raise PortError("several boards found: %s; choose one with --port PORT"
                    % ", ".join(port for port, _ in found))


def permission_hint():
    if sys.platform.startswith("linux"):
        return ("add yourself to the group that owns the port (`sudo usermod -aG dialout $USER`, "
                "`uucp` on Arch), then log out and in again")
    if sys.platform == "darwin":
        return "use the /dev/cu.usbmodem* port and check that no other program holds it"
    return "close any other program using the port (Thonny, a terminal, mpremote) and try again"


def _lost_port_errors():
    """What pyserial raises, besides a plain OSError, when a port goes away under it:
    SerialException, and on POSIX termios.error, which `flush` (tcdrain) raises and which is
    not an OSError."""
    import serial
    try:
        import termios
    except ImportError:  # Windows
        return (serial.SerialException,)
    return (serial.SerialException, termios.error)


def _port_errors():
    return _lost_port_errors() + (OSError,)


class BoardConnection:
    """The serial port of one board. `read_line(deadline)` gives the next whole line (bytes,
    with its newline) or None at the deadline (time.monotonic()). `run(code)` interrupts the
    app for the raw REPL, which the board stays in for the next `run`, `write_file` and
    `remove_file`, until `soft_reset` (the board restarts its app) or `close`."""

    def __init__(self, port):
        from mpremote.transport import TransportError
        from mpremote.transport_serial import SerialTransport
        self.port = port
        try:
            self.transport = SerialTransport(port)
        except TransportError:
            raise PortError(_cannot_open(port))
        self.serial = self.transport.serial
        self._descriptor = _non_blocking_descriptor(self.serial)
        self.pending = bytearray()
        self.bytes_read = 0
        self.bytes_written = 0

    def write(self, data):
        self.bytes_written += len(data)
        try:
            self.serial.write(data)
            self.serial.flush()
        except _port_errors() as error:
            raise PortLost(self.port, error)

    def read_line(self, deadline):
        try:
            line = self._read_line(deadline)
        except _port_errors() as error:
            raise PortLost(self.port, error)
        return line

    def _read_line(self, deadline):
        while True:
            end = self.pending.find(b"\n")
            if end >= 0:
                line = bytes(self.pending[:end + 1])
                del self.pending[:end + 1]
                return line
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self._take_in(1, min(left, 0.05))

    def read_bytes(self, count, deadline):
        """The next `count` bytes as they come (a data frame's log bytes), or fewer at the
        deadline (time.monotonic())."""
        try:
            while len(self.pending) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._take_in(count - len(self.pending), min(left, 0.05))
        except _port_errors() as error:
            raise PortLost(self.port, error)
        data = bytes(self.pending[:count])
        del self.pending[:count]
        return data

    def _take_in(self, wanted, wait):
        """Add to `pending` what the port holds, `wanted` bytes or more if they are there,
        waiting up to `wait` seconds for the first. On POSIX the port's descriptor (which
        pyserial keeps non-blocking) is read straight: one read a piece when bytes are
        waiting, as they are while a sync streams, where pyserial's read waits in a select
        first and asks for the bytes waiting apart (each a system call that hands the
        interpreter's lock to the archive's thread and back)."""
        if self._descriptor is None:
            self._wait_at_most(wait)
            data = self.serial.read(max(wanted, self.serial.in_waiting))
        else:
            data = self._read_descriptor(wanted, wait)
        self.bytes_read += len(data)
        self.pending.extend(data)

    def _read_descriptor(self, wanted, wait):
        """Up to max(`wanted`, READ_MOST) bytes from the non-blocking descriptor: those waiting,
        or the first to come within `wait` seconds (none by then: b"")."""
        try:
            data = os.read(self._descriptor, max(wanted, READ_MOST))
        except BlockingIOError:
            if not select.select([self._descriptor], [], [], wait)[0]:
                return b""
            try:
                data = os.read(self._descriptor, max(wanted, READ_MOST))
            except BlockingIOError:
                return b""
        if not data:  # (ready, yet nothing: the port was closed under us)
            raise OSError(errno.EIO, "the port was closed: the board unplugged or reset, or "
                                     "another program reading it")
        return data

    def _wait_at_most(self, seconds):
        """The port's read timeout, set only when it changes: pyserial reconfigures the port
        at each assignment (a lock taken, the terminal's attributes read and written)."""
        if self.serial.timeout != seconds:
            self.serial.timeout = seconds

    def discard_input(self):
        self.serial.reset_input_buffer()
        self.pending.clear()

    def run(self, code):
        """Run `code` in the board's raw REPL (interrupting the app, and a soft reset into a
        fresh heap, the first time); its output as text. BoardError with its traceback if
        it raised."""
        self._raw_repl()
        return self._transport_call(self.transport.exec, code).decode(errors="replace")

    def write_file(self, path, data):
        """Replace the file at `path` on the board's flash by `data`."""
        self._raw_repl()
        self._transport_call(self.transport.fs_writefile, path, data)

    def remove_file(self, path):
        self._raw_repl()
        self._transport_call(self.transport.fs_rmfile, path)

    def soft_reset(self):
        """Restart the board's app on a fresh heap (machine.soft_reset) and leave the raw REPL;
        the board answers nothing more on this connection until it is up."""
        self._raw_repl()
        self._transport_call(self.transport.exec_raw_no_follow,
                             "import machine; machine.soft_reset()")
        self.transport.exit_raw_repl()

    def _raw_repl(self):
        if not self.transport.in_raw_repl:
            self.pending.clear()
            self._transport_call(self.transport.enter_raw_repl, True, RAW_REPL_WAIT)

    def _transport_call(self, operation, *args):
        """mpremote's `operation`; its failures become BoardErrors naming the port, PortLost
        when the port went away."""
        import contextlib
        import io
        from mpremote.transport import TransportError, TransportExecError
        heard = io.StringIO()  # mpremote prints what it read when the raw REPL fails
        try:
            self._wait_at_most(RAW_REPL_WAIT)  # what mpremote's raw REPL reads with
            with contextlib.redirect_stdout(heard):
                return operation(*args)
        except TransportExecError as error:
            raise BoardError("the board on %s: %s" % (
                self.port, (error.error_output.strip().splitlines() or ["an error"])[-1]))
        except TransportError as error:
            said = heard.getvalue().strip()
            if said in ("", "b''"):
                raise BoardError("nothing answers on %s: is it the board's port? `deckmate "
                                 "devices` lists the boards plugged in" % self.port)
            raise BoardError("the board on %s does not answer as MicroPython's raw REPL does "
                             "(%s; it said %s): unplug it and plug it in again, then retry"
                             % (self.port, error, said[:60]))
        except _lost_port_errors() as error:
            raise PortLost(self.port, error)
        except OSError as error:  # (mpremote's fs errors, e.g. flash full)
            raise BoardError("the board on %s: %s" % (self.port, error))

    def close(self):
        """Leave the raw REPL if in it (the board stays at its REPL prompt) and the port."""
        try:
            if self.transport.in_raw_repl:
                self.transport.exit_raw_repl()
            self.transport.close()
        except _port_errors():  # the port is gone (a board unplugged): nothing to leave
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _non_blocking_descriptor(port):
    """The file descriptor of a pyserial port on POSIX when it is non-blocking (pyserial opens
    it so), read straight by BoardConnection; None elsewhere (Windows: pyserial's reads)."""
    descriptor = getattr(port, "fd", None)
    if os.name != "posix" or type(descriptor) is not int:
        return None
    import fcntl
    return descriptor if fcntl.fcntl(descriptor, fcntl.F_GETFL) & os.O_NONBLOCK else None


READ_MOST = 4096  # the bytes a read of the port asks for at least (a pty gives 4 KB a read)


class BoardError(CommandError):
    """The board did not do what the raw REPL asked; the message says what and where."""


RAW_REPL_WAIT = 10  # seconds a raw-REPL read waits for the board before giving up


def _cannot_open(port):
    """Why `port` cannot be opened, and what to do: no such port, no permission, a file that is
    not a serial port, a port another program holds, or one that does not answer."""
    if not os.path.exists(port):
        return ("cannot open %s: there is no such port; `deckmate devices` lists the boards "
                "plugged in" % port)
    if not os.access(port, os.R_OK | os.W_OK):
        return "no permission to open %s: %s" % (port, permission_hint())
    try:
        import fcntl
        import termios
    except ImportError:  # Windows: a port held by another program is refused, no more said
        return "cannot open %s: it does not answer or another program holds it; %s" % (
            port, permission_hint())
    try:
        handle = os.open(port, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError as error:
        if error.errno == errno.EBUSY:
            return _busy(port)
        return "cannot open %s: %s; `deckmate devices` lists the boards plugged in" % (
            port, error.strerror)
    try:
        try:
            termios.tcgetattr(handle)
        except termios.error:
            return ("%s is not a serial port; name the board's port (`deckmate devices` lists "
                    "the boards plugged in)" % port)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            fcntl.flock(handle, fcntl.LOCK_UN)
        except OSError:
            return _busy(port)
    finally:
        os.close(handle)
    return ("cannot open %s: it does not answer; unplug the board, plug it in again and retry"
            % port)


def _busy(port):
    holder = _lock_holder(port)
    return ("%s is busy: another program holds it%s; close that program (mpremote, Thonny, a "
            "terminal, another deckmate) and run the command again"
            % (port, " (%s)" % holder if holder else ""))


def _lock_holder(port):
    """`name (pid N)` of the process holding the lock on `port` (Linux's /proc/locks), or
    None when it cannot be told."""
    try:
        status = os.stat(port)
        with open("/proc/locks") as handle:
            locks = handle.read().split("\n")
    except OSError:
        return None
    inode = "%02x:%02x:%d" % (os.major(status.st_dev), os.minor(status.st_dev), status.st_ino)
    for line in locks:
        words = line.split()
        if len(words) > 5 and words[1] == "FLOCK" and words[5] == inode:
            try:
                with open("/proc/%s/comm" % words[4]) as handle:
                    return "%s, pid %s" % (handle.read().strip(), words[4])
            except OSError:
                return "pid %s" % words[4]
    return None
