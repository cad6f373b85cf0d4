"""Deckmate in a browser: the static site `deckmate web --out DIR` writes, and MicroPython's
WebAssembly port that it runs on (npm `@micropython/micropython-webassembly-pyscript`, pinned in
the repository's package.json and package-lock.json, installed by tools/setup.sh with `npm ci`
into node_modules/).

The site (docs/device.md, "The browser"):
- index.html and deckmate.js (beside this file): the page, the board's other half
  (firmware/boards/browser.py);
- runtime.js: the npm package's micropython.mjs (as text) and micropython.wasm (base64), and
  worker.js (beside this file, as text): the firmware's side of the page, run in a Web Worker;
- firmware.js: the firmware image for the target `web` (deckmate.image, the one mpy-cross
  pipeline: the .mpy files a board gets, its native modules as bytecode), base64 per file.
Scripts, not fetched files, so that the page opens from the disk (a file:// page may not fetch)
as from any static host, and asks nothing of any other place.

The same port, run by Node.js (micropython_node.mjs), is the tests' 32-bit runtime
(deckmate.runtime.run_core_wasm)."""

import base64
import json
import os
import shutil

from deckmate import image, runtime
from deckmate.errors import CommandError

PACKAGE = "@micropython/micropython-webassembly-pyscript"
ROOT = os.path.dirname(runtime.FIRMWARE_DIR)  # the repository
PAGE_DIR = os.path.dirname(os.path.abspath(__file__))
PAGE_FILES = ("index.html", "deckmate.js")
WORKER = os.path.join(PAGE_DIR, "worker.js")
PACKAGE_FILES = ("micropython.mjs", "micropython.wasm")
NODE_RUNNER = os.path.join(PAGE_DIR, "micropython_node.mjs")
SETUP = "run `bash tools/setup.sh` in the repository (it installs it with npm ci)"


class WebError(CommandError):
    """The site cannot be written: the port's package is missing or not the pinned one."""


def package_dir():
    return os.path.join(ROOT, "node_modules", *PACKAGE.split("/"))


def pinned_version():
    """The version package.json pins, or None where it is not beside the firmware (an
    installed, not editable, deckmate)."""
    try:
        with open(os.path.join(ROOT, "package.json")) as handle:
            return json.load(handle)["dependencies"][PACKAGE]
    except (OSError, ValueError, KeyError):
        return None


def installed_version():
    try:
        with open(os.path.join(package_dir(), "package.json")) as handle:
            return json.load(handle)["version"]
    except (OSError, ValueError, KeyError):
        return None


def checked_package():
    """The folder of the pinned port's files, or WebError saying how to install it."""
    pinned = pinned_version()
    if pinned is None:
        raise WebError("the browser's MicroPython is pinned in package.json beside the firmware, "
                       "which is not here: install deckmate from a clone of the repository")
    installed = installed_version()
    if installed is None:
        raise WebError("%s %s is not installed: %s" % (PACKAGE, pinned, SETUP))
    if installed != pinned:
        raise WebError("%s is %s, package.json pins %s: %s" % (PACKAGE, installed, pinned, SETUP))
    folder = package_dir()
    missing = [name for name in PACKAGE_FILES if not os.path.isfile(os.path.join(folder, name))]
    if missing:
        raise WebError("%s lacks %s: %s" % (PACKAGE, ", ".join(missing), SETUP))
    return folder


def _script(variable, value):
    return "window.%s = %s;\n" % (variable, json.dumps(value, separators=(",", ":")))


def _base64(data):
    return base64.b64encode(data).decode("ascii")


def write_site(out):
    """Write the site into the folder `out` (made if missing; the site's files replaced, others
    left alone). Returns {file name: bytes written}."""
    package = checked_package()
    with open(os.path.join(package, "micropython.mjs"), encoding="utf-8") as handle:
        module = handle.read()
    with open(os.path.join(package, "micropython.wasm"), "rb") as handle:
        wasm = handle.read()
    with open(WORKER, encoding="utf-8") as handle:
        worker = handle.read()
    files = image.image_files(image.build_image("web"))
    contents = {
        "runtime.js": _script("DECKMATE_RUNTIME", {"package": PACKAGE, "version": installed_version(),
                                                   "mjs": module, "wasm": _base64(wasm),
                                                   "worker": worker}),
        "firmware.js": _script("DECKMATE_FIRMWARE", {"files": dict(
            (path.replace(os.sep, "/"), _base64(data)) for path, data in sorted(files.items()))}),
    }
    try:
        os.makedirs(out, exist_ok=True)
        sizes = {}
        for name, text in contents.items():
            with open(os.path.join(out, name), "w", encoding="utf-8") as handle:
                handle.write(text)
        for name in PAGE_FILES:
            shutil.copyfile(os.path.join(PAGE_DIR, name), os.path.join(out, name))
        for name in sorted(contents) + list(PAGE_FILES):
            sizes[name] = os.path.getsize(os.path.join(out, name))
    except OSError as error:
        raise WebError("cannot write the site in %s: %s" % (out, error.strerror or error))
    return sizes
