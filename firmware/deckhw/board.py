"""The board object that a board definition's make_board() returns (docs/device.md,
"The board contract"), and `build`, which wires one up from a board definition's constants
(boards/__init__.py lists them). This module never imports `machine`: the board definition
hands the module over."""

import binascii
import time
from micropython import const

from deckhw.buttons import Buttons
from deckhw.st7789 import ST7789

_BACKLIGHT_PWM_HZ = const(1000)


class Board:
    serial = True  # it has the USB serial port that the REPL shares (the sync's link)

    def __init__(self, name, display, keys, backlight_pwm, machine):
        self.name = name
        self.display = display
        self.keys = keys
        self.backlight_pwm = backlight_pwm
        self.machine = machine

    def backlight(self, percent):
        """Backlight brightness, 0-100 %, by PWM duty."""
        percent = max(0, min(100, percent))
        self.backlight_pwm.duty_u16(percent * 65535 // 100)

    def device_id(self):
        """The flash chip's unique id as hex text."""
        return binascii.hexlify(self.machine.unique_id()).decode()

    def set_clock(self, now):
        """Set the real-time clock: `now` is (year, month, day, weekday, hour, minute, second),
        weekday 0 for Monday (the PC sets it at a sync; a Pico keeps no time when off)."""
        self.machine.RTC().datetime(now + (0,))

    def idle(self):
        """Nothing is left to do until the next tick (input handled, screen pushed)."""
        self.machine.idle()

    def run(self, app):
        """Run the app: its loop (deckapp/shell.py, App.loop), until a reset."""
        app.loop()

    def reset(self):
        """A soft reset: main.py runs again on a fresh heap (no object, no interned name
        kept); the USB serial port stays up. It waits until every key is up: main.py reads a
        key held at boot as one held from power-on (X: safe mode, Y: the bring-up screen),
        never a key the app was answering (X on the offer of an open match resets the board
        as it abandons the match)."""
        keys = self.keys
        while [name for name in keys.names() if keys.held(name)]:
            self.machine.idle()
        self.machine.soft_reset()


def build(definition, machine):
    """The Board of a board definition module wired as an SPI panel plus keys to ground."""
    Pin = machine.Pin
    spi = machine.SPI(definition.SPI_ID, baudrate=definition.SPI_BAUDRATE, polarity=1, phase=1,
                      sck=Pin(definition.SCK), mosi=Pin(definition.MOSI))
    reset_pin = None if definition.RST is None else Pin(definition.RST, Pin.OUT)
    # A soft reset keeps the pins' output levels, the panel's set-up and its picture: CS,
    # which the driver leaves high, reads high before it is made an output again; after a
    # power-on it reads low (the RP2040's pads are pulled down until set up). A panel kept
    # so shows the last screen until the app's first one replaces it, with no black panel
    # between them (hardware/README.md, the bring-up checklist).
    kept = Pin(definition.CS).value() == 1
    display = ST7789(spi, Pin(definition.CS, Pin.OUT), Pin(definition.DC, Pin.OUT), reset_pin,
                     definition.PANEL[0], definition.PANEL[1], definition.MADCTL,
                     definition.COLUMN_OFFSET, definition.ROW_OFFSET, kept)
    # the keys' interrupts time each change by the clock (deckhw/buttons.py, Buttons.handler),
    # time.ticks_ms in the interrupt at the change; the simulated board's machine, which
    # hands the firmware a change when it next has the CPU, gives each its own time as
    # machine.ticks_ms (a board's has none)
    keys = Buttons(dict((name, Pin(gpio, Pin.IN, Pin.PULL_UP))
                        for name, gpio in definition.KEYS.items()),
                   getattr(machine, "ticks_ms", time.ticks_ms))
    backlight = machine.PWM(Pin(definition.BACKLIGHT), freq=_BACKLIGHT_PWM_HZ)
    board = Board(definition.NAME, display, keys, backlight, machine)
    board.backlight(100)
    return board
