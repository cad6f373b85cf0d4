"""Palette expansion in plain Python: 4-bit pixels (two a byte, the left one in the high
nibble, as framebuf.GS4_HMSB stores them) to RGB565 bytes through a 16-entry palette.

The display uses expand_viper.py, the same function compiled to native code, when the board's
image has it; this version is the fallback and the oracle the tests compare it with."""


def expand(source, start, count, palette, out):
    """Write 4 * count bytes to `out`: the pixels of source[start:start + count], each as the
    two big-endian RGB565 bytes of its entry in `palette` (32 bytes, entry n at 2n)."""
    o = 0
    for i in range(start, start + count):
        pair = source[i]
        left = (pair >> 4) << 1
        right = (pair & 15) << 1
        out[o] = palette[left]
        out[o + 1] = palette[left + 1]
        out[o + 2] = palette[right]
        out[o + 3] = palette[right + 1]
        o += 4
