"""The simulated board's USB serial port: a pty that mpremote and pyserial open like a
board's, bridged to the unix port running on a pty of its own.

The unix port exits where a board soft-resets (Ctrl-D at the REPL); the bridge then starts it
again and prints "soft reboot" as a board does. It runs under `micropython -i` (the REPL after
main.py, as on a board), where the SystemExit of machine.reset() called by main.py ends in the
REPL rather than in an exit: the board's side channel reports the reset, and `reset` ends that
start of the firmware so that it starts again, main.py running. After a raw-REPL soft reset (the
one mpremote makes) the new process skips main.py and is put back into the raw REPL, as on
rp2. The firmware's pty is its controlling terminal with signals on, so a Ctrl-C from the
host interrupts main.py with KeyboardInterrupt, as on a board. What the host writes waits
until this start of the firmware has booted (main.py has sent its first frame on the side
channel, or the start has printed, as the raw REPL does; BOOT_WAIT_S at most), as a board's
USB port is not there before its firmware runs: the unix port is a CPython program that
loads MicroPython, and a Ctrl-C in CPython's start-up ended the process, one in the boot
script left a REPL without the flash (a loaded host's mpremote then waited for ever). A host
that reads slower than the board writes holds the board's writes back, as USB does; nobody
reading the pty (its buffer full for HOST_WAIT_S) is like no USB host: the board's output is
dropped until the host writes again (the last few KB are kept for diagnostics).
"""

import errno
import fcntl
import os
import pty
import select
import signal
import subprocess
import termios
import threading
import time
import tty

CTRL_A = b"\x01"
CTRL_C = b"\x03"
CTRL_D = b"\x04"
TAIL_BYTES = 8192
HOST_WAIT_S = 0.5  # how long the board's output waits for room on the host's side
BOOT_WAIT_S = 10.0  # how long the host's bytes wait for a start to boot (a hung boot's too)


def _open_raw_pty():
    master, slave = pty.openpty()
    tty.setraw(slave)
    return master, slave


class SerialBridge:
    def __init__(self, argv, env_for, called_reset, main_runs):
        """argv: the command that starts the firmware; env_for(skip_main): its environment;
        called_reset(pid): whether the firmware's process `pid`, now ended, called
        machine.reset(); main_runs(pid): whether the firmware's process `pid` has sent a
        message on the side channel (main.py runs). `starts` counts the starts, from 1."""
        self.argv = argv
        self.env_for = env_for
        self.called_reset = called_reset
        self.main_runs = main_runs
        self.held = b""           # what the host wrote before this start booted
        self.started_at = 0.0     # time.monotonic() at this start
        self.host_master, self.host_slave = _open_raw_pty()
        flags = fcntl.fcntl(self.host_master, fcntl.F_GETFL)
        fcntl.fcntl(self.host_master, fcntl.F_SETFL, flags | os.O_NONBLOCK)
        self.path = os.ttyname(self.host_slave)
        self.output = b""         # the last bytes this start of the firmware wrote
        self.heard_host = False   # the host wrote to this start
        self.app_stopped = False  # this start runs no app: main.py skipped, or interrupted
        self.host_tail = b""      # the last bytes the host sent
        self.host_gone = False    # the host left output unread for HOST_WAIT_S
        self.process = None
        self.device = None
        self.running = True
        self.starts = 0
        self.lock = threading.Lock()   # held while a start begins or is ended
        self.board_reset = False       # the firmware that ended called machine.reset()
        self.spawn(skip_main=False)
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def spawn(self, skip_main):
        master, slave = _open_raw_pty()
        attributes = termios.tcgetattr(slave)
        attributes[3] |= termios.ISIG  # Ctrl-C -> SIGINT -> KeyboardInterrupt
        termios.tcsetattr(slave, termios.TCSANOW, attributes)

        def become_session_leader():
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        with self.lock:
            self.process = subprocess.Popen(self.argv, stdin=slave, stdout=slave, stderr=slave,
                                            close_fds=True, preexec_fn=become_session_leader,
                                            env=self.env_for(skip_main))
            os.close(slave)
            self.device = master
            self.starts += 1
            self.started_at = time.monotonic()
            self.output = b""
            self.heard_host = False
            self.app_stopped = skip_main

    def app_failure(self):
        """What this start printed, if its app ended in a traceback and the REPL with nobody
        talking on the serial port (under -i the port does not exit then); else None."""
        if self.heard_host or not self.output.endswith(b">>> ") \
                or b"Traceback" not in self.output:
            return None
        return self.output.decode(errors="replace")

    def to_host(self, data):
        self.output = (self.output + data)[-TAIL_BYTES:]
        left = memoryview(data)
        while left:
            try:
                left = left[os.write(self.host_master, left):]
            except OSError as error:
                if error.errno == errno.EIO:
                    return
                if error.errno != errno.EAGAIN:
                    raise
                if self.host_gone or not select.select([], [self.host_master], [],
                                                       HOST_WAIT_S)[1]:
                    self.host_gone = True
                    return

    def reset(self, pid):
        """The firmware's process `pid` called machine.reset(): end it, unless it has ended
        already (the serve thread then starts it again, main.py running)."""
        with self.lock:
            if self.process.pid == pid:
                self._end_start()

    def reset_board(self):
        """The board's reset (unplugged and plugged in again): main.py runs again."""
        with self.lock:
            self._end_start()

    def _end_start(self):
        if self.process.poll() is None:
            self.board_reset = True
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:  # it ended meanwhile (and another thread reaped it)
                pass

    def restart(self):
        """The firmware exited: start it again as a board's soft reset would."""
        self.process.wait()
        os.close(self.device)
        # a machine.reset() run from the raw REPL (mpremote exec) ends the process itself,
        # its exec's Ctrl-D last on the line: main.py runs all the same
        raw_repl_reset = (self.host_tail.endswith(CTRL_D) and not self.board_reset
                          and not self.called_reset(self.process.pid))
        self.board_reset = False
        self.to_host(b"soft reboot\r\n" if raw_repl_reset else b"MPY: soft reboot\r\n")
        self.spawn(skip_main=raw_repl_reset)
        if raw_repl_reset:
            time.sleep(0.05)
            os.write(self.device, b"\r" + CTRL_A)

    def booted(self):
        """Whether this start takes the host's bytes (the module's docstring says when)."""
        return bool(self.output) or self.main_runs(self.process.pid) \
            or time.monotonic() - self.started_at > BOOT_WAIT_S

    def serve(self):
        while self.running:
            if self.held and self.booted():
                os.write(self.device, self.held)
                self.held = b""
            try:
                ready, _, _ = select.select([self.device, self.host_master], [], [],
                                            0.01 if self.held else 0.1)
            except (OSError, ValueError):
                return  # closed by stop()
            if self.device in ready:
                try:
                    data = os.read(self.device, 4096)
                except OSError:
                    data = b""
                if data:
                    self.to_host(data)
                elif self.running:
                    self.restart()
                continue
            if self.host_master in ready:
                try:
                    data = os.read(self.host_master, 4096)
                except OSError:
                    data = b""
                if data:
                    self.heard_host = True
                    self.host_gone = False
                    self.app_stopped = self.app_stopped or CTRL_C in data
                    self.host_tail = (self.host_tail + data)[-16:]
                    if self.held or not self.booted():
                        self.held += data
                    else:
                        os.write(self.device, data)

    def stop(self):
        self.running = False
        self.thread.join(1)
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        for fd in (self.device, self.host_master, self.host_slave):
            try:
                os.close(fd)
            except OSError:
                pass
