"""The core test modules also run under `micropython -X heapsize=192K`, unchanged, with the
firmware compiled to .mpy files as the device runs it."""

import glob
import os
import subprocess

import pytest

from deckmate.runtime import compiled_firmware
from helpers import ROOT, tool

CORE_TESTS = os.path.join(ROOT, "tests", "core")
MODULES = sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(CORE_TESTS, "test_*.py")))


@pytest.mark.parametrize("module", MODULES)
def test_core_module_passes_under_micropython(module):
    result = subprocess.run(
        [tool("micropython"), "-X", "heapsize=192K",
         os.path.join(CORE_TESTS, "run_under_micropython.py"), compiled_firmware(), CORE_TESTS,
         module],
        capture_output=True, text=True, timeout=1200)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " 0 failed" in result.stdout
