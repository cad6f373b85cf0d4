"""The firmware unit tests of tests/device also pass under `micropython -X heapsize=192K`."""

import glob
import os
import subprocess

import pytest

from helpers import FIRMWARE, ROOT, tool

DEVICE_TESTS = os.path.join(ROOT, "tests", "device")
MODULES = sorted(os.path.basename(p)[:-3]
                 for p in glob.glob(os.path.join(DEVICE_TESTS, "test_*.py")))


@pytest.mark.parametrize("module", MODULES)
def test_device_module_passes_under_micropython(module):
    result = subprocess.run(
        [tool("micropython"), "-X", "heapsize=192K",
         os.path.join(ROOT, "tests", "core", "run_under_micropython.py"), FIRMWARE, DEVICE_TESTS,
         module], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " 0 failed" in result.stdout
