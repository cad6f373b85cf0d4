"""Running the deckmate command and the MicroPython port from host tests."""

import glob
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
BIN = os.path.dirname(sys.executable)


def tool(name):
    path = os.path.join(BIN, name)
    return path if os.path.exists(path) else name


# Seeded random matches (selfplay, each checked under both runtimes): CI plays the first
# CI_SEEDS of a test's seeds; DECKMATE_SEEDS=N plays the first N (20: all the tests list).
CI_SEEDS = 8


def match_seeds(count):
    """The seeds 1..count of a test's seeded matches, the first CI_SEEDS of them unless
    DECKMATE_SEEDS says how many."""
    return range(1, min(count, int(os.environ.get("DECKMATE_SEEDS", CI_SEEDS))) + 1)


def deckmate(*args):
    """Run `deckmate ARGS` in a subprocess; returns the CompletedProcess (text)."""
    return subprocess.run([sys.executable, "-m", "deckmate.cli"] + [str(a) for a in args],
                          capture_output=True, text=True)


def selfplay(tmp_path, game, seed, runtime="cpython", extra=()):
    """A selfplay log; its bots `random` unless `extra` names them."""
    out = tmp_path / ("%s-%s-%s-%s.jsonl" % (game, seed, runtime, abs(hash(tuple(extra)))))
    bots = () if "--bots" in extra else ("--bots", "random")
    result = deckmate("selfplay", "--game", game, "--seed", seed, "--runtime", runtime,
                      "--out", out, *(bots + tuple(extra)))
    assert result.returncode == 0, result.stderr
    return out


def firmware_files():
    return sorted(glob.glob(os.path.join(FIRMWARE, "**", "*.py"), recursive=True))


def firmware_constant(path, name):
    """The value of `NAME = const(VALUE)` (or `NAME = VALUE`) at the top level of the firmware
    module `path` (relative to firmware/), read from its source: a literal, or an expression
    of literals (`1 << 24`)."""
    import ast
    full_path = os.path.join(FIRMWARE, path)
    with open(full_path) as handle:
        tree = ast.parse(handle.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == name:
            value = node.value
            if isinstance(value, ast.Call) and getattr(value.func, "id", None) == "const":
                value = value.args[0]
            try:
                return ast.literal_eval(value)
            except ValueError:  # an expression of literals alone: no name to look up
                assert not any(isinstance(node, ast.Name) for node in ast.walk(value)), name
                expression = compile(ast.Expression(value), full_path, "eval")
                return eval(expression, {"__builtins__": {}})
    raise AssertionError("no %s in %s" % (name, full_path))
