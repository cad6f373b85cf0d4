"""Palette expansion compiled to native code: the same bytes as expand.py's `expand`, each
frame-buffer byte's four bytes copied from the table `pairs` by one 32-bit load and store.
Viper code, written without the decorator: the image builder compiles the whole module with
the viper emitter for the target's architecture (`mpy-cross -march=ARCH -X emit=viper`,
firmware/manifest.txt marks it "native"), so that a plain `mpy-cross` still compiles it. Only
the native build runs: as bytecode, `ptr8` does not exist.

Written for what the emitter makes of it on a Pico (armv6m; `tools/native_cost.py --listing
expand` shows it): it keeps a function's first two locals in registers and every other on
the stack, so the two pointers used for every word, `pairs` and `out`, are the first two
arguments, and the loop walks `out` and `source` rather than counting an index: eight bytes
a pass, each read and written at a constant offset. A pass is 76 Thumb instructions, 116
Cortex-M0+ cycles: 14.5 cycles a byte, where looking up its two pixels' colours took 179.

`out` and `pairs` must start on a 4-byte boundary (a Cortex-M0+ faults on a 32-bit access
that does not): a bytearray's storage does, being a heap block of its own."""


def expand(pairs: ptr32, out: ptr32, source: ptr8, start: int, count: int):
    if (uint(out) | uint(pairs)) & 3:
        raise ValueError("expand: out and pairs must start on a 4-byte boundary")
    source = ptr8(uint(source) + start)
    end = uint(source) + count
    eights = end - (count & 7)
    while uint(source) < eights:
        out[0] = pairs[source[0]]
        out[1] = pairs[source[1]]
        out[2] = pairs[source[2]]
        out[3] = pairs[source[3]]
        out[4] = pairs[source[4]]
        out[5] = pairs[source[5]]
        out[6] = pairs[source[6]]
        out[7] = pairs[source[7]]
        source = ptr8(uint(source) + 8)
        out = ptr32(uint(out) + 32)
    while uint(source) < end:
        out[0] = pairs[source[0]]
        source = ptr8(uint(source) + 1)
        out = ptr32(uint(out) + 4)
