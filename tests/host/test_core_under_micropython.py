"""The core test modules also run under `micropython -X heapsize=192K`, unchanged, with the
firmware compiled to .mpy files as the device runs it.

Each module runs in one interpreter (tests/core/run_under_micropython.py), so that start-up
and the import of the compiled firmware are paid once per module, and each of its test
functions is reported here as a result of its own, named after it. A module's tests are one
xdist group (the suite runs with `--dist loadgroup`, pyproject.toml): one worker runs the
module once while the other goes on with other tests."""

import ast
import glob
import os
import subprocess

import pytest

from deckmate.runtime import compiled_firmware, wasm_command, wasm_firmware
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
                              marks=pytest.mark.xdist_group("micropython-" + _module))
                 for name in core_test_names(_path))


def run_module(module):
    """The output of `module` run under MicroPython (the 64-bit unix port): a line PASS or
    FAIL and the test's name per test, a failure followed by its traceback."""
    result = subprocess.run(
        [tool("micropython"), "-X", "heapsize=192K",
         os.path.join(CORE_TESTS, "run_under_micropython.py"), compiled_firmware(),
         CORE_TESTS, module],
        capture_output=True, text=True, timeout=1200)
    return result.stdout + result.stderr


def outcomes(output):
    """The failure text by test name ("" for a pass) in a module's output."""
    found, current = {}, None
    for line in output.splitlines():
        word, _, rest = line.partition(" ")
        if word in ("PASS", "FAIL"):
            current = rest.split(" ")[0]
            found[current] = "" if word == "PASS" else line + "\n"
        elif current is not None and found[current]:
            found[current] += line + "\n"  # the traceback of a failure
    return found


_OUTPUTS = {}  # module: its output, run once in this process (the worker of its group)


@pytest.mark.parametrize("module, name", CASES)
def test_core_test_passes_under_micropython(module, name):
    if module not in _OUTPUTS:
        _OUTPUTS[module] = run_module(module)
    output = _OUTPUTS[module]
    found = outcomes(output)
    assert name in found, "%s did not run: the interpreter stopped\n%s" % (name, output[-4000:])
    assert found[name] == "", found[name]


def test_the_generator_follows_its_reference_on_the_boards_word_size():
    """Under the browser's MicroPython (the WebAssembly port run by Node.js), 32-bit as the
    board."""
    firmware = wasm_firmware()
    result = subprocess.run(
        wasm_command([firmware, CORE_TESTS]) + [
            "-X", "heapsize=192K", os.path.join(CORE_TESTS, "run_under_micropython.py"),
            firmware, CORE_TESTS, "test_rng"], capture_output=True, text=True, timeout=600)
    output = result.stdout + result.stderr
    assert outcomes(output) == dict((name, "") for name in core_test_names(
        os.path.join(CORE_TESTS, "test_rng.py"))), output


def test_every_core_test_module_has_tests():
    """A module whose tests the collection above misses would pass silently."""
    for path in glob.glob(os.path.join(CORE_TESTS, "test_*.py")):
        assert core_test_names(path), path
