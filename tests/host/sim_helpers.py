"""Running firmware code under MicroPython on the simulated board's side channel, without
booting main.py: the test drives the drivers itself and the host decodes what they send."""

import os
import subprocess
import tempfile

from deckmate import image, runtime
from deckmate.sim.boards import read_board
from deckmate.sim.firmware import DEVICE_DIR
from deckmate.sim.link import Link


def run_with_link(code, board="pico_lcd_13", heapsize="192K", connected=None):
    """Run `code` with the sim image and the stand-in machine on sys.path, its side channel
    served by a Link; returns (link, stdout text) once it has exited (it must exit 0).
    `connected(link, running)`, if given, is called once the firmware has opened the side
    channel (a test's keys, which need someone to receive them); `running()` says whether
    the firmware still runs."""
    link = Link(read_board(board))
    prelude = "import sys\nsys.path[:0] = [%r, %r]\n" % (DEVICE_DIR, image.build_image("sim"))
    with tempfile.TemporaryFile() as output:
        process = subprocess.Popen(
            [runtime.micropython_path(), "-X", "heapsize=" + heapsize, "-c", prelude + code],
            stdout=output, stderr=subprocess.STDOUT,
            env=dict(os.environ, DECKMATE_SIM_LINK=link.path))
        try:
            if connected is not None:
                while link.connection is None and process.poll() is None:
                    link.pump(0.05)
                connected(link, lambda: process.poll() is None)
            while process.poll() is None:
                link.pump(0.05)
            while link.pump(0.05):
                pass
        finally:
            if process.poll() is None:
                process.kill()
            link.close()
        output.seek(0)
        text = output.read().decode(errors="replace")
    assert process.returncode == 0, text[-3000:]
    return link, text
