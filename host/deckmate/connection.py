"""The host's connection to a board: its USB serial port (a Pico's /dev/ttyACM0 or COM3, or
the simulated board's pty), after mpremote's SerialTransport: opened with pyserial, bytes
written, lines read with a deadline, closed. `find_port` picks the board by its USB ids when
no port is named. The sync (deckmate/device_link.py) speaks its protocol over it; the REPL's
output on the same port is passed over line by line."""

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


class BoardConnection:
    """The serial port of one board. `read_line(deadline)` gives the next whole line (bytes,
    with its newline) or None at the deadline (time.monotonic())."""

    def __init__(self, port):
        import serial
        self.port = port
        try:
            self.serial = serial.Serial(port, 115200, timeout=0)
        except serial.SerialException as error:
            if "ermission" in str(error):
                raise PortError("no permission to open %s: %s" % (port, permission_hint()))
            raise PortError("cannot open %s: %s" % (port, error))
        self.pending = bytearray()
        self.bytes_read = 0

    def write(self, data):
        import serial
        try:
            self.serial.write(data)
            self.serial.flush()
        except (serial.SerialException, OSError) as error:
            raise PortLost(self.port, error)

    def read_line(self, deadline):
        import serial
        try:
            return self._read_line(deadline)
        except (serial.SerialException, OSError) as error:
            raise PortLost(self.port, error)

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
            self.serial.timeout = min(left, 0.05)
            data = self.serial.read(max(1, self.serial.in_waiting))
            self.bytes_read += len(data)
            self.pending.extend(data)

    def discard_input(self):
        self.serial.reset_input_buffer()
        self.pending.clear()

    def close(self):
        self.serial.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
