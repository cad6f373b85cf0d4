"""The core test modules also run under `micropython -X heapsize=192K`, unchanged, with the
firmware compiled to .mpy files as the device runs it.

Each module runs in one interpreter (tests/core/run_under_micropython.py), so that start-up
and the import of the compiled firmware are paid once per module, and each of its test
functions is reported here as a result of its own, named after it. The tests of one module
share an xdist group (pyproject.toml runs with `--dist loadgroup`), so one worker runs the
module once."""

import ast
import glob
import os
import subprocess

import pytest

from deckmate.runtime import compiled_firmware
from helpers import ROOT, tool

CORE_TESTS = os.path.join(ROOT, "tests", "core")


def core_test_names(path):
    """The test functions a core test module defines, in the order the runner runs them."""
    with open(path) as source:
        tree = ast.parse(source.read())
    return sorted(node.name for node in tree.body
                  if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"))


CASES = []
for _path in sorted(glob.glob(os.path.join(CORE_TESTS, "test_*.py"))):
    _module = os.path.basename(_path)[:-3]
    CASES.extend(pytest.param(_module, name, id="%s::%s" % (_module, name),
                              marks=pytest.mark.xdist_group(_module))
                 for name in core_test_names(_path))

_RUNS = {}  # module: (failure text by test name, "" for a pass; the interpreter's output)


def outcomes(module):
    """Run `module` under MicroPython once; its tests' outcomes and the whole output."""
    if module not in _RUNS:
        result = subprocess.run(
            [tool("micropython"), "-X", "heapsize=192K",
             os.path.join(CORE_TESTS, "run_under_micropython.py"), compiled_firmware(),
             CORE_TESTS, module],
            capture_output=True, text=True, timeout=1200)
        found, current = {}, None
        for line in result.stdout.splitlines():
            word, _, rest = line.partition(" ")
            if word in ("PASS", "FAIL"):
                current = rest.split(" ")[0]
                found[current] = "" if word == "PASS" else line + "\n"
            elif current is not None and found[current]:
                found[current] += line + "\n"  # the traceback of a failure
        _RUNS[module] = found, result.stdout[-3000:] + result.stderr[-2000:]
    return _RUNS[module]


@pytest.mark.parametrize("module, name", CASES)
def test_core_test_passes_under_micropython(module, name):
    found, output = outcomes(module)
    assert name in found, "%s did not run: the interpreter stopped\n%s" % (name, output)
    assert found[name] == "", found[name]


def test_every_core_test_module_has_tests():
    """A module whose tests the collection above misses would pass silently."""
    for path in glob.glob(os.path.join(CORE_TESTS, "test_*.py")):
        assert core_test_names(path), path
