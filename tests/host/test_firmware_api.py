"""pyright with the MicroPython rp2 stubs (typings/, pyrightconfig.json) checks the firmware's
use of the device's APIs: a module or call that the board lacks is an error here."""

import os
import subprocess

from helpers import ROOT, tool


def test_pyright_finds_no_error_in_the_firmware():
    result = subprocess.run(
        [tool("pyright"), "--pythonpath", os.path.join(ROOT, "tools", "no-python.sh")],
        cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert "0 errors" in result.stdout
