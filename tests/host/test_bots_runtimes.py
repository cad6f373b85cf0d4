"""The bots decide alike under CPython and MicroPython: a selfplay log with the normal level
(and the others, hard in every game) is byte-identical under both runtimes, and, for every
game, under the browser's 32-bit MicroPython (the board's 31-bit small ints)."""

import filecmp

import pytest

from helpers import deckmate, selfplay

CASES = [("scioto", ("--bots", "normal")),
         ("scioto", ("--bots", "strong,normal")),
         ("scioto", ("--bots", "normal,easy,greedy", "--players", "3")),
         ("scioto", ("--bots", "normal", "--option", "compounding=on")),
         ("scarto", ("--bots", "normal")),
         ("chambery", ("--bots", "normal")),
         ("droggn", ("--bots", "normal")),
         ("scout", ("--bots", "normal", "--players", "3")),
         ("scout", ("--bots", "strong,normal", "--players", "3")),
         ("scioto", ("--bots", "hard,normal")),
         ("scioto", ("--bots", "hard,easy,normal", "--players", "3")),
         ("scarto", ("--bots", "hard,normal")),
         ("droggn", ("--bots", "hard,normal")),
         ("chambery", ("--bots", "hard,normal")),
         ("scout", ("--bots", "hard,normal", "--players", "5")),
         ("scout", ("--bots", "hard,normal", "--players", "2"))]  # its fitted outlook


@pytest.mark.parametrize("game,extra", CASES)
def test_selfplay_with_bot_levels_is_identical_under_both_runtimes(tmp_path, game, extra):
    cpython = selfplay(tmp_path, game, 4, "cpython", extra)
    micropython = selfplay(tmp_path, game, 4, "micropython", extra)
    assert filecmp.cmp(cpython, micropython, shallow=False)


@pytest.mark.parametrize("game,extra", [CASES[0], CASES[4], CASES[5], CASES[6], CASES[7]])
def test_selfplay_is_identical_on_the_boards_word_size(tmp_path, game, extra):
    """Under the browser's MicroPython (the WebAssembly port run by Node.js), 32-bit as the
    board: small ints of 31 bits, the rest bignums."""
    cpython = selfplay(tmp_path, game, 4, "cpython", extra)
    wasm = selfplay(tmp_path, game, 4, "micropython-wasm", extra)
    assert filecmp.cmp(cpython, wasm, shallow=False)


def test_selfplay_accepts_every_bot_name(tmp_path):
    for name in ("random", "greedy", "easy", "normal", "hard", "strong"):
        out = tmp_path / (name + ".jsonl")
        result = deckmate("selfplay", "--game", "scioto", "--seed", 2, "--bots", name + ",random",
                          "--out", out)
        assert result.returncode == 0, result.stderr
        assert '"level":"%s"' % name in out.read_text()
    assert deckmate("selfplay", "--game", "scioto", "--seed", 2, "--bots", "solver",
                    "--out", tmp_path / "x.jsonl").returncode == 2
