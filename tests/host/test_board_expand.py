"""The palette expansion compiled to native code (deckhw/expand_viper.py, as the image ships
it for the simulator) gives exactly the bytes of the plain-Python oracle (deckhw/expand.py)
on the unix port."""

import subprocess

from deckmate import image, runtime

CODE = """
import sys
sys.path.insert(0, %r)
from deckhw import expand as plain, expand_viper as native
print(native.__file__)
seed = 12345
source = bytearray(2000)
for i in range(len(source)):
    seed = (seed * 1103515245 + 12345) & 0x3FFFFFFF
    source[i] = seed >> 16 & 255
palette = bytearray((i * 37 + 11) & 255 for i in range(32))
for start, count in ((0, 120), (7, 960), (1000, 1000), (1999, 1), (5, 0)):
    a = bytearray(4 * count + 8)
    b = bytearray(4 * count + 8)
    plain.expand(source, start, count, palette, a)
    native.expand(source, start, count, palette, b)
    assert a == b, (start, count)
    assert a[4 * count:] == bytearray(8), "wrote past its end"
print("same")
"""


def test_native_expansion_gives_the_plain_python_bytes():
    folder = image.build_image(runtime.SIM_TARGET)
    result = subprocess.run([runtime.micropython_path(), "-c", CODE % folder],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == [folder + "/deckhw/expand_viper.mpy", "same"]
