"""Devices with games on their flash, and a fault-injecting relay between the PC and a
device's serial port, for the sync's tests and benchmark."""

import os
import pty
import random
import select
import threading
import tty

from deckcore.bots.levels import make
from deckcore.games import load
from deckcore.selfplay import play_match
from deckmate.sim import flash
from deckmate.sim.board import SimulatedBoard
from deckmate.store_files import store_files

# The device id of the boards board_with_games makes (their images cloned from one board's,
# sim/flash.py; a new image has an id of its own), which the logs put on them name.
SIM_DEVICE = "e6613852835b2a29"
KINDS = ("scioto", "droggn", "scout", "scarto")


def device_log(game_name, seed, game_id):
    """The log of a match of random bots as the simulated device would have written it."""
    game = load(game_name)({})
    lines = []
    play_match(game, seed, [make("random", game)] * game.num_players, lines.append, game_id,
               SIM_DEVICE)
    return "".join(lines).encode()


def typical_logs(count, first_id=1):
    """[(game id, bytes)] of `count` games of the four kinds in turn."""
    return [(str(number), device_log(KINDS[number % len(KINDS)], number, str(number)))
            for number in range(first_id, first_id + count)]


def board_with_games(flash_path, logs, open_id=None, flash_blocks=None, more_files=None,
                     **options):
    """A SimulatedBoard of device id SIM_DEVICE whose store holds `logs` (all closed but
    `open_id`'s) and `more_files` ({path: bytes}); started."""
    from deckmate.sim import firmware
    firmware.prepare_flash(str(flash_path), "pico_lcd_13", fresh=True, blocks=flash_blocks,
                           chip_id=bytes.fromhex(SIM_DEVICE))
    flash.write_files(str(flash_path), dict(store_files(logs, open_id), **(more_files or {})))
    return SimulatedBoard(str(flash_path), flash_blocks=flash_blocks, **options)


class FaultRelay:
    """A pty the PC opens in place of the device's port, relaying both ways through a thread
    that, with probability `rate` per byte, drops a byte, flips a bit in it or sends it twice,
    and repeats a whole line now and then. `cut_after` bytes from the device: the PC's side is
    then left without an answer (a cable pulled) until `reconnect()`. `longest`: every line
    from the device longer than this many bytes has a bit flipped at that length (a line that
    damages long frames)."""

    def __init__(self, device_path, rate=0.0, seed=1, cut_after=None, longest=None):
        self.random = random.Random(seed)
        self.rate = rate
        self.cut_after = cut_after
        self.longest = longest
        self.length = 0  # of the device's line being relayed
        self.to_host = 0
        self.faults = 0
        self.device = os.open(device_path, os.O_RDWR | os.O_NOCTTY)
        tty.setraw(self.device)
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.running = True
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def damage(self, data):
        out = bytearray()
        for byte in data:
            if self.random.random() >= self.rate:
                out.append(byte)
                continue
            self.faults += 1
            fault = self.random.randrange(3)
            if fault == 1:
                out.append(byte ^ (1 << self.random.randrange(8)))
            elif fault == 2:
                out += bytes((byte, byte))
        if self.rate and b"\n" in out and self.random.random() < self.rate * 50:
            line = bytes(out[:out.index(b"\n") + 1])  # a line sent twice
            out = bytearray(line) + out
            self.faults += 1
        return bytes(out)

    def cut_long(self, data):
        if self.longest is None:
            return data
        out = bytearray(data)
        for at, byte in enumerate(out):
            self.length = 0 if byte == 10 else self.length + 1
            if self.length == self.longest + 1:
                out[at] = byte ^ 4
        return bytes(out)

    def serve(self):
        while self.running:
            ready, _, _ = select.select([self.device, self.master], [], [], 0.05)
            if self.device in ready:
                data = os.read(self.device, 65536)
                cut = self.cut_after is not None and self.to_host >= self.cut_after
                self.to_host += len(data)
                if not cut:
                    os.write(self.master, self.damage(self.cut_long(data)))
            if self.master in ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    continue
                if self.cut_after is None or self.to_host < self.cut_after:
                    os.write(self.device, self.damage(data))

    def reconnect(self):
        self.cut_after = None

    def close(self):
        self.running = False
        self.thread.join(1)
        for fd in (self.device, self.master, self.slave):
            os.close(fd)
