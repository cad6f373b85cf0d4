"""The log store survives a power cut at every flash write and erase (issue 14, point 4):
tests/store/power_cut_sweep.py runs in the MicroPython unix port on LittleFS over a RAM flash
with 4096-byte blocks, on real logs of two Scioto matches played by bots."""

import os
import subprocess

import pytest

from deckmate.runtime import compiled_firmware
from helpers import FIRMWARE, ROOT, selfplay, tool

SWEEP = os.path.join(ROOT, "tests", "store", "power_cut_sweep.py")
SHARDS = 2


@pytest.mark.parametrize("shard, how", [(shard, "fresh") for shard in range(SHARDS)]
                         + [(0, "migrating")])
def test_every_cut_point_leaves_whole_closed_logs_and_a_resumable_game(tmp_path, shard, how):
    """`migrating`: the store as the firmware before the folders of logs left it (the logs in
    the logs folder itself), cut at every write of the boot that moves them into their
    folders and of the rest of the workload."""
    first = selfplay(tmp_path, "scioto", 1, extra=("--bots", "random"))
    second = selfplay(tmp_path, "scioto", 2, extra=("--bots", "random"))
    shards = SHARDS if how == "fresh" else 1
    result = subprocess.run(
        [tool("micropython"), "-X", "heapsize=16M", SWEEP, compiled_firmware(), FIRMWARE,
         str(first), str(second), str(shard), str(shards), how],
        capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "all passed" in result.stdout
    print(result.stdout)
