"""Deploying the firmware image to a board (a Pico, or the simulated board's pty) through its
BoardConnection (deckmate/connection.py: mpremote's raw REPL), in one session:

1. ask the board (code run once) for its MicroPython's .mpy version and architecture, the SHA-256
   of every file under the image's folders (main.py, boards/, deckapp/, ...) as it is on its
   flash, its free space and /board.txt;
2. refuse when its MicroPython cannot load this image's .mpy files (too old, or another
   architecture than the target's native modules);
3. copy only the files whose hash differs, remove the files in those folders that the image
   no longer has (nothing else: the logs and settings live in folders of their own), write
   /board.txt, and soft-reset the board so that the new firmware starts.

The target (which mpy-cross architecture the image's native modules are built for) follows from
the board's own answer: x64 is the simulated board, armv6m a Pico (RP2040), armv7emsp a Pico 2.
"""

import hashlib
import os
import subprocess

from deckmate import image, programs
from deckmate.connection import BoardConnection
from deckmate.errors import CommandError
from deckmate.wording import counted

# MicroPython's native architecture numbers (py/persistentcode.h) of the image targets
TARGET_OF_ARCH = {2: "sim", 4: "rp2040", 7: "rp2350"}
ARCH_NAMES = {0: "none", 1: "x86", 2: "x64", 3: "armv6", 4: "armv6m", 5: "armv7m",
              6: "armv7em", 7: "armv7emsp", 8: "armv7emdp", 9: "xtensa", 10: "xtensawin",
              11: "rv32imc", 12: "rv64imc"}

# Run on the board, after `TOP = [...]` (the image's top-level folders and files): prints one
# line per fact, small enough for a board whose app has just been interrupted.
_INSPECT = """
import sys, os, hashlib, binascii
_b = bytearray(256)
def _hash(path):
    h = hashlib.sha256()
    with open(path, 'rb') as f:
        while True:
            n = f.readinto(_b)
            if not n:
                break
            h.update(memoryview(_b)[:n])
    print('F', path, binascii.hexlify(h.digest()).decode())
def _walk(path):
    try:
        mode = os.stat(path)[0]
    except OSError:
        return
    if mode & 0x4000:
        for name in os.listdir(path):
            _walk(path + '/' + name)
    else:
        _hash(path)
for _p in TOP:
    _walk(_p)
_m = getattr(sys.implementation, '_mpy', None)
print('M', -1 if _m is None else _m, '.'.join(str(v) for v in sys.implementation.version[:3]))
_s = os.statvfs('/')
print('S', _s[0] * _s[3])
try:
    with open('board.txt') as f:
        print('B', f.read().strip())
except OSError:
    pass
"""


class DeployError(CommandError):
    pass


class BoardState:
    """What the board said: its .mpy version number, sub-version and architecture (None when
    its MicroPython is too old to say), MicroPython version, /board.txt (None when unset), the
    hash of each file under the image's folders, free flash in bytes."""

    def __init__(self, output):
        self.hashes, self.board, self.mpy, self.free = {}, None, None, None
        for line in output.splitlines():
            kind, _, rest = line.strip().partition(" ")
            if kind == "F":
                path, _, digest = rest.rpartition(" ")
                self.hashes[path] = digest
            elif kind == "M":
                mpy, self.version = rest.split(" ")
                self.mpy = None if int(mpy) < 0 else int(mpy)
            elif kind == "S":
                self.free = int(rest)
            elif kind == "B":
                self.board = rest or None
        if self.free is None:
            raise DeployError("the board did not answer as MicroPython does: %s"
                              % (output.strip()[-200:] or "no output"))
        mpy = self.mpy
        self.mpy = None if mpy is None else mpy & 0xFF
        self.sub_version = None if mpy is None else (mpy >> 8) & 3
        self.arch = None if mpy is None else (mpy >> 10) & 0x3F


def inspect(connection, paths):
    """The BoardState of the board: the hashes of the files under the top-level folders and
    files of `paths` (the image's board paths)."""
    top = sorted(set(path.split("/")[0] for path in paths))
    return BoardState(connection.run("TOP = %r\n" % (top,) + _INSPECT))


def mpy_header(data):
    """(version, sub-version, architecture) of a .mpy file's first bytes."""
    return data[1], data[2] & 3, data[2] >> 2


def check_loadable(state, files):
    """DeployError unless the board's MicroPython loads every .mpy of `files` ({path: bytes})."""
    if state.mpy is None:
        raise DeployError("the board runs MicroPython %s, too old to say which .mpy files it "
                          "loads; flash MicroPython 1.23 or newer (hardware/README.md)"
                          % state.version)
    for path in sorted(files):
        if not path.endswith(".mpy"):
            continue
        version, sub_version, arch = mpy_header(files[path])
        if version != state.mpy:
            raise DeployError("the board's MicroPython %s loads .mpy version %d, this image is "
                              "version %d (mpy-cross %s): flash a MicroPython release of the "
                              "same .mpy version (hardware/README.md)" % (
                                  state.version, state.mpy, version, _mpy_cross_version()))
        if arch and (arch != state.arch or sub_version != state.sub_version):
            raise DeployError("%s is native code for %s, but the board is %s: deploy with "
                              "--target %s" % (path, ARCH_NAMES.get(arch, arch),
                                               ARCH_NAMES.get(state.arch, state.arch),
                                               TARGET_OF_ARCH.get(state.arch, "?")))


def _mpy_cross_version():
    try:
        done = subprocess.run([programs.command("mpy-cross", "mpy-cross"), "--version"],
                              capture_output=True, text=True)
        return done.stdout.strip().split(" ")[1] if done.stdout.strip() else "?"
    except (CommandError, OSError, IndexError):
        return "?"


class Plan:
    """What a deploy changes: `copy` (board paths whose bytes differ or are missing), `remove`
    (stale files of the last deploy), `unchanged`, and whether /board.txt and the image list
    are to be written."""

    def __init__(self, files, state, board):
        local = dict((path, hashlib.sha256(data).hexdigest()) for path, data in files.items())
        self.copy = sorted(path for path in files if state.hashes.get(path) != local[path])
        self.unchanged = sorted(path for path in files if path not in self.copy)
        self.remove = sorted(path for path in state.hashes if path not in files)
        self.board = board
        self.write_board = state.board != board

    def changes_nothing(self):
        return not (self.copy or self.remove or self.write_board)


def deploy(port, board, target=None, on_step=None):
    """Deploy the image to the board at `port` as `board` (a firmware/boards name). Returns
    (Plan, BoardState, target). `on_step(text)` hears what is being done."""
    with BoardConnection(port) as connection:
        return _deploy(connection, board, target, on_step or (lambda text: None))


def _deploy(connection, board, target, say):
    entries = image.manifest_entries()
    paths = [image.target_name(path, kind) for path, kind in entries]
    say("asking the board at %s what it has" % connection.port)
    state = inspect(connection, paths)
    if target is None:
        target = TARGET_OF_ARCH.get(state.arch)
        if target is None:
            raise DeployError("the board's architecture is %s, for which there is no image "
                              "target (%s); give one with --target"
                              % (ARCH_NAMES.get(state.arch, state.arch), ", ".join(image.TARGETS)))
    say("building the image for %s" % target)
    try:
        files = image.image_files(image.build_image(target))
    except image.ImageError as error:
        raise DeployError(str(error))
    files = dict((path.replace(os.sep, "/"), data) for path, data in files.items())
    check_loadable(state, files)
    plan = Plan(files, state, board)
    if plan.changes_nothing():
        return plan, state, target
    needed = sum(len(files[path]) for path in plan.copy)
    freed = sum(len(files.get(path, b"")) for path in plan.copy if state.hashes.get(path))
    if needed - freed > state.free:
        raise DeployError("the board has %d KB free, the changed files need %d KB: remove old "
                          "logs (`deckmate sync --prune`) and retry"
                          % (state.free // 1024, (needed - freed + 1023) // 1024))
    say("copying %s, removing %d" % (counted(len(plan.copy), "file"), len(plan.remove)))
    _write(connection, files, plan)
    return plan, state, target


def _write(connection, files, plan):
    """The folders, the changed files, the stale ones removed, /board.txt, then a soft
    reset."""
    folders = sorted(set(os.path.dirname(path) for path in plan.copy if "/" in path))
    if folders:
        connection.run("import os\nfor d in %r:\n    try:\n        os.mkdir(d)\n"
                       "    except OSError:\n        pass" % _with_parents(folders))
    for path in plan.copy:
        connection.write_file(path, files[path])
    for path in plan.remove:
        connection.remove_file(path)
    if plan.write_board:
        connection.write_file("board.txt", plan.board.encode() + b"\n")
    connection.soft_reset()


def _with_parents(folders):
    every = set()
    for folder in folders:
        parts = folder.split("/")
        for end in range(1, len(parts) + 1):
            every.add("/".join(parts[:end]))
    return sorted(every, key=lambda name: (name.count("/"), name))


def describe(plan, state, target, port):
    """The report of a deploy: what changed, or that nothing did."""
    lines = []
    if plan.changes_nothing():
        lines.append("the board at %s already has this image (%s, %s): nothing copied"
                     % (port, counted(len(plan.unchanged), "file"), target))
        return lines
    for path in plan.copy:
        lines.append("  copied  %s" % path)
    for path in plan.remove:
        lines.append("  removed %s (no longer in the image)" % path)
    if plan.write_board:
        lines.append("  board.txt: %s (was %s)" % (plan.board, state.board or "not set"))
    lines.append("deployed to %s (%s, MicroPython %s): %d copied, %d removed, %d unchanged; "
                 "the board was reset" % (port, target, state.version, len(plan.copy),
                                          len(plan.remove), len(plan.unchanged)))
    return lines
