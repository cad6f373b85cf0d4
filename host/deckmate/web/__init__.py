"""Deckmate in a browser: the static site `deckmate web --out DIR` writes, and MicroPython's
WebAssembly port that it runs on (npm `@micropython/micropython-webassembly-pyscript`, pinned in
the repository's package.json and package-lock.json, installed by tools/setup.sh with `npm ci`
into node_modules/). An installed deckmate (a wheel, pipx) carries the package's few files the
site needs and the pin, laid out as in the clone, in deckmate/web/port/ (pyproject.toml; the
package's licence, MIT, is in deckmate/licenses/micropython.txt and heads runtime.js).

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

from deckmate import image
from deckmate.errors import CommandError
from deckmate.firmware_sources import firmware_dir

PACKAGE = "@micropython/micropython-webassembly-pyscript"
PAGE_DIR = os.path.dirname(os.path.abspath(__file__))
CLONE_ROOT = os.path.dirname(firmware_dir())  # the repository, in a clone
PACKAGED_ROOT = os.path.join(PAGE_DIR, "port")  # an installed deckmate's copy
PAGE_FILES = ("index.html", "deckmate.js")
WORKER = os.path.join(PAGE_DIR, "worker.js")
PACKAGE_FILES = ("micropython.mjs", "micropython.wasm")
NODE_RUNNER = os.path.join(PAGE_DIR, "micropython_node.mjs")
SETUP = "run `bash tools/setup.sh` in the repository (it installs it with npm ci)"
REINSTALL = ("this deckmate was built without it: run `bash tools/setup.sh` in the clone, then "
             "install deckmate again from there (`pipx install --force .`)")
# the port's licence: the clone's licenses/, or the installed package's deckmate/licenses/
LICENCES = (os.path.join(CLONE_ROOT, "licenses", "micropython.txt"),
            os.path.join(os.path.dirname(PAGE_DIR), "licenses", "micropython.txt"))


class WebError(CommandError):
    """The site cannot be written: the port's package is missing or not the pinned one."""


def root():
    """The folder of package.json and node_modules/: the clone's, else the installed
    package's copy."""
    if os.path.isfile(os.path.join(CLONE_ROOT, "package.json")):
        return CLONE_ROOT
    return PACKAGED_ROOT


def cloned():
    return root() == CLONE_ROOT


def package_dir():
    return os.path.join(root(), "node_modules", *PACKAGE.split("/"))


def pinned_version():
    """The version package.json pins, or None where there is none (an installed deckmate
    built without it)."""
    try:
        with open(os.path.join(root(), "package.json")) as handle:
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
    fix = SETUP if cloned() else REINSTALL
    pinned = pinned_version()
    if pinned is None:
        raise WebError("the browser's MicroPython (%s) is not pinned here: %s" % (PACKAGE, fix))
    installed = installed_version()
    if installed is None:
        raise WebError("%s %s is not installed: %s" % (PACKAGE, pinned, fix))
    if installed != pinned:
        raise WebError("%s is %s, package.json pins %s: %s" % (PACKAGE, installed, pinned, fix))
    folder = package_dir()
    missing = [name for name in PACKAGE_FILES if not os.path.isfile(os.path.join(folder, name))]
    if missing:
        raise WebError("%s lacks %s: %s" % (PACKAGE, ", ".join(missing), fix))
    return folder


def _script(variable, value):
    return "window.%s = %s;\n" % (variable, json.dumps(value, separators=(",", ":")))


def _licence_comment():
    """The port's licence as a comment (the MIT licence asks for it in every copy)."""
    path = LICENCES[0] if os.path.isfile(LICENCES[0]) else LICENCES[1]
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    return "/*\n%s*/\n" % text.replace("*/", "* /")


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
        "runtime.js": _licence_comment() + _script("DECKMATE_RUNTIME", {
            "package": PACKAGE, "version": installed_version(), "mjs": module,
            "wasm": _base64(wasm), "worker": worker}),
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
