"""The ST7789 driver (firmware/deckhw/st7789.py) checked by the panel decoder: what the
driver sends over SPI, decoded as an ST7789 does, is exactly the frame buffer's picture."""

import pytest

from deckmate.sim.panel import Panel
from sim_helpers import run_with_link

# A picture with every palette colour and nothing symmetric, so a mirrored, swapped, shifted
# or inverted panel cannot match it (its palette set over another, as a change of colour
# scheme does); then the frame buffer printed as hex.
DRAW = """
import binascii
import boards.%s as definition
board = definition.make_board()
display = board.display
for index in range(16):
    display.set_palette(index, 255 - index, index, 128)
for index in range(16):
    display.set_palette(index, index * 17, 255 - index * 13, (index * 71) & 255)
display.fill(0)
for index in range(16):
    display.fill_rect(index * 15, index * 3, 15, 60 + index * 9, index)
display.text("Deckmate 7%%", 3, 200, 1)
display.line(0, 239, 239, 120, 9)
display.pixel(239, 0, 5)
display.mark(0, 240)
display.show()
%s
print("FRAME", binascii.hexlify(display.buffer).decode())
board.idle()
"""


def rgb565(r, g, b):
    """A colour's two bytes as the panel takes them (16 bits, big-endian)."""
    return (((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)).to_bytes(2, "big")


# DRAW's palette, as the panel must show it
PALETTE = b"".join(rgb565(index * 17, 255 - index * 13, (index * 71) & 255)
                   for index in range(16))


def expected_picture(frame, panel_width, panel_height):
    """The RGB565 bytes a panel of this size should show: the 240x240 frame buffer (GS4_HMSB,
    left pixel in the high nibble) in its centre, black around it."""
    picture = bytearray(panel_width * panel_height * 2)
    left, top = (panel_width - 240) // 2, (panel_height - 240) // 2
    for y in range(240):
        for x in range(240):
            pair = frame[(y * 240 + x) // 2]
            colour = pair >> 4 if x % 2 == 0 else pair & 15
            offset = ((top + y) * panel_width + left + x) * 2
            picture[offset:offset + 2] = PALETTE[2 * colour:2 * colour + 2]
    return bytes(picture)


def printed(text, label):
    for line in text.splitlines():
        if line.startswith(label + " "):
            return bytes.fromhex(line.split(" ", 1)[1])
    raise AssertionError("no %s line in:\n%s" % (label, text[-2000:]))


@pytest.mark.parametrize("board", ["pico_lcd_13", "pico_display_20"])
def test_the_decoded_spi_stream_is_the_frame_buffer_picture(board):
    link, text = run_with_link(DRAW % (board, ""), board)
    panel = link.panel
    assert panel.picture() == expected_picture(printed(text, "FRAME"), panel.width,
                                               panel.height)
    assert link.backlight_duty == 65535  # make_board turns the backlight fully on


def test_show_pushes_only_the_marked_rows():
    change = """
pushed_before = 0
display.fill_rect(30, 100, 50, 10, 4)
display.mark(100, 110)
display.show()
"""
    link, text = run_with_link(DRAW % ("pico_lcd_13", change))
    panel = link.panel
    assert panel.picture() == expected_picture(printed(text, "FRAME"), 240, 240)
    # the blank panel at start, the first full push, then the 10 marked rows only
    assert panel.pixel_bytes == 240 * 240 * 2 * 2 + 10 * 240 * 2


def test_a_panel_left_without_inversion_shows_inverted_colours():
    """The decoder is strict: an IPS panel needs INVON, so a driver that forgot it fails."""
    panel = Panel(240, 240, cs_pin=9, dc_pin=8)
    panel.pin(9, 0)
    for command, data in ((0x11, b""), (0x3A, b"\x55"), (0x29, b""), (0x2A, b"\x00\x00\x00\x00"),
                          (0x2B, b"\x00\x00\x00\x00"), (0x2C, b"\x12\x34")):
        panel.pin(8, 0)
        panel.spi(bytes((command,)))
        panel.pin(8, 1)
        panel.spi(data)
    assert panel.picture()[:2] == bytes((0x12 ^ 0xFF, 0x34 ^ 0xFF))
    panel.pin(8, 0)
    panel.spi(bytes((0x21,)))
    assert panel.picture()[:2] == b"\x12\x34"
