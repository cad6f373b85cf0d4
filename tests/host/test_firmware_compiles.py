"""Every firmware file compiles with mpy-cross, as it must to ship as .mpy."""

import subprocess

import pytest

from helpers import FIRMWARE, firmware_files, tool


@pytest.mark.parametrize("path", firmware_files(), ids=lambda p: p[len(FIRMWARE) + 1:])
def test_mpy_cross_compiles(path):
    result = subprocess.run([tool("mpy-cross"), "-o", "/dev/null", path],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
