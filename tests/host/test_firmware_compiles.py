"""Every firmware file compiles with mpy-cross, as it must to ship as .mpy; the native
(viper) modules that firmware/manifest.txt marks compile for every target's architecture."""

import os
import subprocess

import pytest

from deckmate.image import TARGETS, manifest_entries
from helpers import FIRMWARE, firmware_files, tool

NATIVE = set(path for path, kind in manifest_entries() if kind == "native")


@pytest.mark.parametrize("path", firmware_files(), ids=lambda p: p[len(FIRMWARE) + 1:])
def test_mpy_cross_compiles(path):
    relative = os.path.relpath(path, FIRMWARE)
    arches = ["-march=" + arch for arch in sorted(TARGETS.values())] if relative in NATIVE else [None]
    for arch in arches:
        result = subprocess.run([tool("mpy-cross")] + ([arch] if arch else []) + ["-o", "/dev/null", path],
                                capture_output=True, text=True)
        assert result.returncode == 0, (arch, result.stderr)
