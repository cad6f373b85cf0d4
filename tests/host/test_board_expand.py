"""The palette expansion compiled to native code (deckhw/expand_viper.py, as the image ships
it for the simulator) gives exactly the bytes of the plain-Python oracle (deckhw/expand.py)
on the unix port, and both give each pixel's colour of the palette: the left pixel (the high
nibble) first, each as its two big-endian RGB565 bytes."""

import subprocess

from deckmate import image, runtime

CODE = """
import sys
sys.path.insert(0, %r)
from deckhw import expand as plain, expand_viper as native
print(native.__file__)
seed = 12345


def draw():
    global seed
    seed = (seed * 1103515245 + 12345) & 0x3FFFFFFF
    return seed >> 16 & 255


source = bytearray(draw() for _ in range(2000))
# a palette of 16 RGB565 colours, and the table the display keeps of it: each byte's 4 bytes
palette = bytearray(draw() for _ in range(32))
by_palette = bytearray(1024)
for pair in range(256):
    left, right = 2 * (pair >> 4), 2 * (pair & 15)
    by_palette[4 * pair:4 * pair + 4] = palette[left:left + 2] + palette[right:right + 2]
drawn = bytearray(draw() for _ in range(1024))  # (every byte's 4 bytes its own)
ranges = ((0, 120), (7, 960), (1000, 1000), (1999, 1), (5, 0), (3, 13), (8, 8), (1, 15),
          (0, 480))
for pairs in (by_palette, drawn):
    for start, count in ranges:
        a = bytearray(4 * count + 8)
        b = bytearray(4 * count + 8)
        plain.expand(pairs, a, source, start, count)
        native.expand(pairs, b, source, start, count)
        assert a == b, (start, count)
        assert a[4 * count:] == bytearray(8), "wrote past its end"
        if pairs is by_palette:  # the pixels, through the palette
            for at in range(count):
                pair = source[start + at]
                left, right = 2 * (pair >> 4), 2 * (pair & 15)
                assert a[4 * at:4 * at + 4] == palette[left:left + 2] + palette[right:right + 2]
print("same")
out = bytearray(64)
for args in ((memoryview(out)[2:], by_palette), (out, memoryview(by_palette)[1:])):
    try:
        native.expand(args[1], args[0], source, 0, 8)
    except ValueError as error:
        print(error)
"""


def test_native_expansion_gives_the_plain_python_bytes():
    folder = image.build_image(runtime.SIM_TARGET)
    result = subprocess.run([runtime.micropython_path(), "-c", CODE % folder],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    refused = "expand: out and pairs must start on a 4-byte boundary"
    assert result.stdout.splitlines() == [folder + "/deckhw/expand_viper.mpy", "same",
                                          refused, refused]
