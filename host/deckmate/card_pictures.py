"""Cards as the device draws them, as PNG pictures for the HTML report: the firmware's own card
renderer (deckui/cards.py) runs in the MicroPython unix port on the simulator's image and draws
each token into a frame buffer of the device's format; here the buffer becomes a PNG in the
device's palette, scaled up with whole pixels."""

import io
import os
import subprocess

from PIL import Image

from deckmate import image, runtime
from deckmate.errors import CommandError

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "device_scripts",
                      "draw_cards.py")
SCALE = 2


def card_pngs(tokens):
    """{token: PNG bytes} for the card tokens `tokens` (each drawn once)."""
    wanted = sorted(set(tokens))
    if not wanted:
        return {}
    folder = image.build_image("sim")
    done = subprocess.run(
        [runtime.micropython_path(), "-X", "heapsize=1M", SCRIPT],
        input="\n".join(wanted) + "\n", capture_output=True, text=True, timeout=600,
        env=dict(os.environ, MICROPYPATH=folder))
    if done.returncode:
        raise CommandError("the device's card renderer failed: %s" % done.stderr.strip()[-500:])
    palette, pictures = None, {}
    for line in done.stdout.splitlines():
        words = line.split(" ")
        if words[0] == "palette":
            palette = [int(part) for entry in words[1:] for part in entry.split(",")]
        elif words[0] == "card":
            token, width, height, pixels = words[1], int(words[2]), int(words[3]), words[4]
            pictures[token] = _png(bytes.fromhex(pixels), width, height, palette)
    return pictures


def _png(buffer, width, height, palette):
    """A GS4_HMSB frame buffer (two pixels a byte, the left one in the high nibble) as PNG."""
    indices = bytearray(width * height)
    for index, byte in enumerate(buffer):
        indices[2 * index] = byte >> 4
        indices[2 * index + 1] = byte & 15
    picture = Image.frombytes("P", (width, height), bytes(indices))
    picture.putpalette(palette)
    picture = picture.resize((width * SCALE, height * SCALE), Image.NEAREST)
    out = io.BytesIO()
    picture.save(out, "PNG", optimize=True)
    return out.getvalue()
