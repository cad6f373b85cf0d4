"""Raspberry Pi Pico or Pico 2 with the Pimoroni Pico Display Pack 2.0: a 320x240 ST7789 IPS
panel on SPI0, used in landscape, and four keys A, B, X, Y (active low). The app's 240x240
area sits in the middle of the panel. It has no joystick: the keys up, down, left, right and
press do not exist on this board. Pins: Peter Hinch's micro-gui setup file
st7789_pico_display_pack.py."""

import sys

import machine

from deckhw.board import build

NAME = "pico_display_20"
TITLE = "Pico + Pimoroni Pico Display Pack 2.0"
PANEL = (320, 240)
MADCTL = 0x60  # MV | MX: the portrait controller memory seen in landscape
COLUMN_OFFSET = 0
ROW_OFFSET = 0

SPI_ID = 0
SPI_BAUDRATE = 62_500_000
SCK = 18
MOSI = 19
CS = 17
DC = 16
RST = 21
BACKLIGHT = 20
KEYS = {"a": 12, "b": 13, "x": 14, "y": 15}


def make_board():
    return build(sys.modules[__name__], machine)
