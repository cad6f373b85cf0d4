"""Raspberry Pi Pico or Pico 2 with the Waveshare Pico-LCD-1.3: a 240x240 ST7789VW IPS panel
on SPI1, four keys and a five-way joystick, all active low (hardware/README.md, pin map)."""

import sys

import machine

from deckhw.board import build

NAME = "pico_lcd_13"
TITLE = "Pico + Waveshare Pico-LCD-1.3"
PANEL = (240, 240)
MADCTL = 0x00
COLUMN_OFFSET = 0
ROW_OFFSET = 0

SPI_ID = 1
SPI_BAUDRATE = 62_500_000  # the ST7789's fastest write cycle (16 ns)
SCK = 10
MOSI = 11
CS = 9
DC = 8
RST = 12
BACKLIGHT = 13
KEYS = {"a": 15, "b": 17, "x": 19, "y": 21,
        "up": 2, "down": 18, "left": 16, "right": 20, "press": 3}


def make_board():
    return build(sys.modules[__name__], machine)
