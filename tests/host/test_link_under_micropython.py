"""The modules both sides of the link share (firmware/decklink/) pass the same tests under
`micropython -X heapsize=192K` as under pytest (tests/link/)."""

import os
import subprocess

import pytest

from helpers import FIRMWARE, ROOT, tool

LINK_TESTS = os.path.join(ROOT, "tests", "link")
RUNNER = os.path.join(ROOT, "tests", "core", "run_under_micropython.py")


@pytest.mark.parametrize("module", ["test_frame", "test_checked"])
def test_the_shared_link_modules_pass_their_tests_under_micropython(module):
    done = subprocess.run([tool("micropython"), "-X", "heapsize=192K", RUNNER, FIRMWARE,
                           LINK_TESTS, module], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert " 0 failed" in done.stdout and "FAIL" not in done.stdout, done.stdout
