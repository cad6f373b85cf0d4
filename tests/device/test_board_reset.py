"""The board's reset (firmware/deckhw/board.py) waits until every key is up: main.py reads a key
held at boot as one held from power-on (X: safe mode), so a key the app was answering when it
reset the board (X, or A confirming an abandon on the start-up's offer) must be up by then
(issue 42.7). Runs under MicroPython (tests/host/test_board_under_micropython.py; board.py
needs micropython.const, so pytest leaves it to that test: tests/device/conftest.py)."""

from deckhw.board import Board
from deckhw.buttons import Buttons


class HeldPin:
    """A key's pin held down (0) for `reads` reads of its level, then up (1)."""

    def __init__(self, reads):
        self.reads = reads

    def value(self):
        if self.reads:
            self.reads -= 1
            return 0
        return 1

    def up(self):
        return self.reads == 0


class Machine:
    """What the board's reset calls of `machine`: it counts the idles and the resets."""

    def __init__(self, pins):
        self.pins = pins
        self.idles = 0
        self.levels_at_reset = None

    def idle(self):
        self.idles += 1

    def soft_reset(self):
        self.levels_at_reset = dict((name, pin.up()) for name, pin in self.pins.items())


def test_the_reset_comes_once_every_key_is_up():
    pins = {"x": HeldPin(3), "a": HeldPin(5), "b": HeldPin(0)}
    machine = Machine(pins)
    Board("test", None, Buttons(pins), None, machine).reset()
    assert machine.levels_at_reset == {"x": True, "a": True, "b": True}  # all up
    assert machine.idles >= 3


def test_with_no_key_down_the_reset_is_at_once():
    pins = {"x": HeldPin(0)}
    machine = Machine(pins)
    Board("test", None, Buttons(pins), None, machine).reset()
    assert machine.idles == 0 and machine.levels_at_reset == {"x": True}
