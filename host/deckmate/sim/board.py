"""The simulated board as a device on a pty: the firmware behind the serial bridge, its side
channel served by a thread. The window and the serial tests use it."""

import threading

from deckmate.sim import firmware
from deckmate.sim.bridge import SerialBridge


class SimulatedBoard:
    def __init__(self, flash, board="pico_lcd_13", heapsize=firmware.HEAPSIZE, fresh=False,
                 held_at_boot=(), flash_blocks=None):
        self.link = firmware.prepare(flash, board, fresh, held_at_boot, blocks=flash_blocks)
        self.bridge = SerialBridge(
            firmware.command(heapsize, interactive=True),
            lambda skip_main: firmware.environment(self.link.path, flash, skip_main),
            self.link.called_reset, self.link.heard_from)
        self.running = True
        self.thread = threading.Thread(target=self.serve_link, daemon=True)
        self.thread.start()

    @property
    def serial_path(self):
        """The pty that stands for the board's USB serial port."""
        return self.bridge.path

    @property
    def panel(self):
        return self.link.panel

    def press(self, keys):
        """Hold exactly these keys from now on."""
        self.link.press(keys)

    def serve_link(self):
        resets = 0
        while self.running:
            self.link.pump(0.05)
            if self.link.resets != resets:
                resets = self.link.resets
                self.bridge.reset(self.link.reset_pid)

    def close(self):
        self.running = False
        self.bridge.stop()
        self.thread.join(1)
        self.link.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
