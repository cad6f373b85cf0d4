"""Palette expansion in plain Python: 4-bit pixels (two a byte, the left one in the high
nibble, as framebuf.GS4_HMSB stores them) to big-endian RGB565 bytes, through a table of
what each frame-buffer byte becomes.

The table (`pairs`, 1,024 bytes) is the palette written out for every pair of pixels: at
4 * b the four bytes of byte value b, its left pixel's colour (b >> 4) then its right one's
(b & 15), each big-endian RGB565 (the display's `set_palette` writes a colour's two bytes in
the 32 places it appears). Expanding a byte is then copying one 4-byte word, which the
native twin (expand_viper.py) does with one 32-bit load and store. The display uses that one
where the board's image has it; this version is the fallback and the oracle the tests
compare it with."""


def expand(pairs, out, source, start, count):
    """Write 4 * count bytes to `out`: for each byte of source[start:start + count], its four
    bytes in `pairs`."""
    o = 0
    for i in range(start, start + count):
        at = 4 * source[i]
        out[o] = pairs[at]
        out[o + 1] = pairs[at + 1]
        out[o + 2] = pairs[at + 2]
        out[o + 3] = pairs[at + 3]
        o += 4
