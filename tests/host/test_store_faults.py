"""The log store under flash faults (issue 14, point 4): tests/store/store_faults.py runs in the
MicroPython unix port on LittleFS over a fault-injecting RAM flash with 4096-byte blocks."""

import os
import subprocess

from deckmate.runtime import compiled_firmware
from helpers import ROOT, tool

RUNNER = os.path.join(ROOT, "tests", "core", "run_under_micropython.py")


def test_io_errors_a_full_flash_and_flipped_bytes_lose_nothing_else():
    result = subprocess.run(
        [tool("micropython"), "-X", "heapsize=4M", RUNNER, compiled_firmware(),
         os.path.join(ROOT, "tests", "store"), "store_faults"],
        capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " 0 failed" in result.stdout
