"""Long commands show a progress bar with the time left on a terminal, and nothing else
anywhere else: not in --json mode, not into pipes or files."""

import json
import os
import subprocess
import sys

import pytest

from helpers import deckmate

pty = pytest.importorskip("pty")  # terminals as the tests make them: POSIX only

ARENA = ["arena", "--game", "scioto", "--bots", "normal,greedy", "--deals", 6, "--jobs", 1]


def on_terminal(*args):
    """Run `deckmate ARGS` with stdout and stderr on one pseudo-terminal: all it shows."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "deckmate.cli"] + [str(a) for a in args],
                            stdin=slave, stdout=slave, stderr=slave,
                            env=dict(os.environ, TERM="xterm", COLUMNS="120"))
    os.close(slave)
    shown = []
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the terminal closed with the process
            break
        if not chunk:
            break
        shown.append(chunk)
    os.close(master)
    assert proc.wait() == 0
    return b"".join(shown).decode()


def test_arena_on_a_terminal_shows_a_bar_with_the_time_left():
    shown = on_terminal(*ARENA)
    assert "arena deals" in shown and "6/6" in shown and " left " in shown
    assert "normal - greedy" in shown


def test_arena_json_on_a_terminal_shows_only_the_json():
    shown = on_terminal(*(ARENA + ["--json"]))
    assert json.loads(shown)["deals"] == 6


def test_arena_into_a_pipe_shows_no_bar():
    result = deckmate(*ARENA)
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.startswith("scioto, 6 deals")
