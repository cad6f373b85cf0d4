"""The README's walk-through, run line by line as a new user runs it: simulate the device and
play a whole match on it, keep it running, sync it, then games, replay, stats, export, plot
and report, each doing what the README says; with deckmate installed as an owner installs it
(a wheel in a fresh venv, test_install.py), away from the clone, and then a deploy onto the
running simulated board and `doctor` from the same installation. (Every other host test runs
deckmate from the clone.)"""

import os
import re
import shlex
import signal
import subprocess
import json
import sys

from helpers import ROOT
from test_install import INSTALLED, installed_environment

SECTION = "## Looking back at your games"


def walkthrough_lines():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as handle:
        text = handle.read()
    section = text.split(SECTION, 1)[1]
    block = re.search(r"```\n(.*?)```", section, re.S).group(1)
    return [line for line in block.splitlines() if line.strip()]


def command(line, port, program=(sys.executable, "-m", "deckmate.cli")):
    """The argv of a README line: `.venv/bin/deckmate` as `program` (this Python's deckmate
    unless told), PORT the device's port, paths of the clone made absolute (the test runs in a
    scratch folder)."""
    words = shlex.split(line.replace("PORT", port or "PORT"))
    assert words[0] == ".venv/bin/deckmate", line
    args = [os.path.join(ROOT, word) if "/" in word and os.path.exists(os.path.join(ROOT, word))
            else word for word in words[1:]]
    return list(program) + args


def walk_through(folder, program=(sys.executable, "-m", "deckmate.cli"), env=None,
                 while_running=()):
    """Run the README's walk-through in `folder` with `program` as deckmate, then the lines
    `while_running` (README-style, PORT the device's port) while the device still runs; their
    outputs, in order."""
    lines = walkthrough_lines()
    assert [line.split()[1] for line in lines] == [
        "sim", "sim", "sync", "games", "replay", "stats", "export", "plot", "report"]
    outputs, device, port = [], None, None
    try:
        for line in lines + list(while_running):
            if line.endswith("&"):
                device = subprocess.Popen(command(line[:-1], port, program), cwd=folder,
                                          stdout=subprocess.PIPE, text=True, env=env)
                first = device.stdout.readline()
                assert first.startswith("serial port: "), first
                port = first.split(": ", 1)[1].strip()
                continue
            done = subprocess.run(command(line, port, program), cwd=folder, capture_output=True,
                                  text=True, timeout=300, env=env)
            assert done.returncode == 0, line + "\n" + done.stdout + done.stderr
            outputs.append(done.stdout)
    finally:
        if device is not None:
            device.send_signal(signal.SIGINT)
            device.wait(30)
    check_outputs(folder, outputs[:8])
    return outputs


def check_outputs(folder, outputs):
    """Each command of the walk-through did what the README says."""
    played, synced, games, replay, stats, export, plot, report = outputs
    assert "shots/c-match-over.png" in played.replace(str(folder) + os.sep, "")
    assert synced.strip().endswith("1 new; 1 acknowledged")
    assert re.search(r"Scioto  1 +You, Bot 2  You \d+, Bot 2 \d+: (You|Bot 2) wins +2  played",
                     games)
    assert games.strip().endswith("1 game")
    assert "trick 14:" in replay and "How it was scored:" in replay
    assert "Match over after 2 hands" in replay
    assert replay.strip().endswith("every result matches the rules")
    assert stats.startswith("Scioto: 1 match\n")
    assert export.startswith("wrote games.csv: 4 rows")  # 2 hands, 2 seats
    assert (folder / "games.csv").read_bytes().startswith(b"\xef\xbb\xbfgame,match,date")
    assert plot.startswith("wrote scores.png: 1 match, 1 game")
    assert (folder / "scores.png").stat().st_size > 10000
    assert (folder / "report" / "index.html").exists()
    assert (folder / "report" / "games" / "1.html").exists()


@INSTALLED
def test_the_readme_walkthrough_simulates_plays_syncs_and_looks_back(tmp_path, installed):
    work = tmp_path / "work"
    work.mkdir()
    env = installed_environment(installed, tmp_path / "user-data")
    where = subprocess.run([str(installed / "python"), "-c", "import deckmate.firmware_sources "
                            "as f, deckcore; print(f.firmware_dir(), deckcore.__file__)"],
                           cwd=work, env=env, capture_output=True, text=True)
    assert ROOT not in where.stdout and where.stdout.count(str(installed.parent)) == 2, where
    outputs = walk_through(work, [str(installed / "deckmate")], env, while_running=[
        ".venv/bin/deckmate deploy --port PORT --json"])
    assert json.loads(outputs[-1])["target"] == "sim"  # built from the installed firmware
    doctor = subprocess.run([str(installed / "deckmate"), "doctor"], cwd=work, env=env,
                            capture_output=True, text=True)
    # Every check of what sim, deploy, report, web and the others need passes (`web`: the
    # browser's WebAssembly port, which the installed package carries).
    to_fix = [line.split()[1] for line in doctor.stdout.splitlines() if line.startswith("FIX")]
    assert to_fix == [], doctor.stdout
    assert doctor.returncode == 0, doctor.stderr
    for check in ("python", "micropython", "mpy-cross", "mpremote", "packages", "firmware", "web"):
        assert re.search(r"^ok +%s " % re.escape(check), doctor.stdout, re.M), doctor.stdout
    assert str(installed.parent) in doctor.stdout
