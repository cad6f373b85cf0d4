"""The README's walk-through, run line by line as a new user runs it: simulate the device and
play a whole match on it, keep it running, sync it, then games, replay, stats, export, plot
and report, each doing what the README says."""

import os
import re
import shlex
import signal
import subprocess
import sys

from helpers import ROOT

SECTION = "## Looking back at your games"


def walkthrough_lines():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as handle:
        text = handle.read()
    section = text.split(SECTION, 1)[1]
    block = re.search(r"```\n(.*?)```", section, re.S).group(1)
    return [line for line in block.splitlines() if line.strip()]


def command(line, port):
    """The argv of a README line: `.venv/bin/deckmate` as this Python's deckmate, PORT the
    device's port, paths of the clone made absolute (the test runs in a scratch folder)."""
    words = shlex.split(line.replace("PORT", port or "PORT"))
    assert words[0] == ".venv/bin/deckmate", line
    args = [os.path.join(ROOT, word) if "/" in word and os.path.exists(os.path.join(ROOT, word))
            else word for word in words[1:]]
    return [sys.executable, "-m", "deckmate.cli"] + args


def test_the_readme_walkthrough_simulates_plays_syncs_and_looks_back(tmp_path):
    lines = walkthrough_lines()
    assert [line.split()[1] for line in lines] == [
        "sim", "sim", "sync", "games", "replay", "stats", "export", "plot", "report"]
    outputs, device, port = [], None, None
    try:
        for line in lines:
            if line.endswith("&"):
                device = subprocess.Popen(command(line[:-1], port), cwd=tmp_path,
                                          stdout=subprocess.PIPE, text=True)
                first = device.stdout.readline()
                assert first.startswith("serial port: "), first
                port = first.split(": ", 1)[1].strip()
                continue
            done = subprocess.run(command(line, port), cwd=tmp_path, capture_output=True,
                                  text=True, timeout=300)
            assert done.returncode == 0, line + "\n" + done.stdout + done.stderr
            outputs.append(done.stdout)
    finally:
        if device is not None:
            device.send_signal(signal.SIGINT)
            device.wait(30)
    played, synced, games, replay, stats, export, plot, report = outputs
    assert "shots/c-match-over.png" in played.replace(str(tmp_path) + os.sep, "")
    assert synced.strip().endswith("1 new; 1 acknowledged")
    assert re.search(r"Scioto  1 +You, Bot 2  You \d+, Bot 2 \d+: (You|Bot 2) wins +2  played",
                     games)
    assert games.strip().endswith("1 game")
    assert "trick 14:" in replay and "How it was scored:" in replay
    assert "Match over after 2 hands" in replay
    assert replay.strip().endswith("every result matches the rules")
    assert stats.startswith("Scioto: 1 match\n")
    assert export.startswith("wrote games.csv: 4 rows")  # 2 hands, 2 seats
    assert (tmp_path / "games.csv").read_bytes().startswith(b"\xef\xbb\xbfgame,match,date")
    assert plot.startswith("wrote scores.png: 1 match, 1 game")
    assert (tmp_path / "scores.png").stat().st_size > 10000
    assert (tmp_path / "report" / "index.html").exists()
    assert (tmp_path / "report" / "games" / "1.html").exists()
