"""hardware/README.md's pin map is the board definition's: every row names the GPIO that
firmware/boards/pico_lcd_13.py uses for that function, and every pin the board uses has a row."""

import os
import re

from deckmate.sim.boards import read_board
from helpers import ROOT

ROW = re.compile(r"^\| (?P<function>[^|]+?) \| GP(?P<gpio>\d+) \|$")


def documented_pins():
    with open(os.path.join(ROOT, "hardware", "README.md")) as handle:
        text = handle.read()
    section = text.split("## Pin map", 1)[1].split("\n## ", 1)[0]
    return dict((m.group("function"), int(m.group("gpio")))
                for m in map(ROW.match, section.splitlines()) if m)


def board_pins():
    board = read_board("pico_lcd_13")
    bus = "SPI%d" % board.spi_id
    pins = {"LCD SCK (%s)" % bus: board.sck, "LCD MOSI (%s)" % bus: board.mosi,
            "LCD CS": board.cs, "LCD DC": board.dc, "LCD RST": board.rst,
            "LCD backlight (PWM)": board.backlight}
    for key, gpio in board.keys.items():
        pins[("key " + key.upper()) if len(key) == 1 else ("joystick " + key)] = gpio
    return pins


def test_the_documented_pin_map_is_the_board_definition():
    assert documented_pins() == board_pins()


def test_no_two_functions_share_a_pin():
    pins = board_pins()
    assert len(set(pins.values())) == len(pins)
