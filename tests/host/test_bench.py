"""`deckmate bench`: decisions timed in the MicroPython unix port, the JSON rows' shape."""

import json
import os
import shutil
import subprocess
import sys

import pytest

from deckcore.games import load
from deckmate import image, runtime
from deckmate.commands import bench
from deckmate.stats import percentile
from helpers import ROOT, deckmate


def test_percentiles_interpolate_between_the_nearest_values():
    values = list(range(1, 102))
    assert percentile(values, 50) == 51 and percentile(values, 95) == 96
    assert percentile([1, 2], 50) == 1.5
    assert percentile([7], 95) == 7


def test_bench_json_lists_rows_of_the_documented_shape():
    result = deckmate("bench", "--game", "scioto", "--level", "easy", "--hands", 1, "--json")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    assert len(rows) == 1
    row = rows[0]
    assert sorted(row) == ["decisions", "game", "level", "max_s", "p50_s", "p95_s", "peak_heap"]
    assert (row["game"], row["level"], row["decisions"]) == ("scioto", "easy", 28)
    assert 0 <= row["p50_s"] <= row["p95_s"] <= row["max_s"]
    assert 0 < row["peak_heap"] < 192 * 1024



def test_bench_players_plays_that_set_up_the_decisions_cpython_plays():
    """`--players 3` benches SCOUT's 3-player set-up (the default is 4): the unix port plays
    as many decisions as the bench's own hands played under CPython with 3 seats."""
    sys.path.insert(0, os.path.join(ROOT, "host", "deckmate"))
    import bench_decisions
    decisions = []
    bench_decisions.play(load("scout")({"players": 3}), "easy", 1, bench.SEED,
                         lambda bot, view, legal, rng: decisions.append(1)
                         or bot.choose(view, legal, rng))
    result = deckmate("bench", "--game", "scout", "--level", "easy", "--players", 3,
                      "--hands", 1, "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)[0]["decisions"] == len(decisions)
    refused = deckmate("bench", "--game", "scout", "--players", 6)
    assert refused.returncode != 0
    assert refused.stderr.strip().splitlines() == [
        "deckmate bench: --players 6: option players: 6 is not a whole number in 2..5"]


def test_bench_players_on_a_game_without_a_players_option_says_how_many_play_it():
    """Scarto has no players option (3 play it): `--players 2` says so in the words of the
    other commands, and `--players 3` is its default set-up, as `deckmate arena` takes it."""
    refused = deckmate("bench", "--game", "scarto", "--players", 2)
    assert refused.returncode != 0
    assert refused.stderr.strip().splitlines() == [
        "deckmate bench: scarto is played by 3 players"]
    assert bench.players_option("scarto", 3) == 0 and bench.players_option("scout", 3) == 3


EXPANDED = """
from deckhw.expand_viper import expand
source = bytearray(list(range(256)) * 12)
pairs, out = bytearray(1024), bytearray(4 * len(source))
for count in (120, 3000):  # (each exec a part of the count)
    exec(compile("expand(pairs, out, source, 0, %d)" % count, "part", "exec"),
         {"expand": expand, "source": source, "pairs": pairs, "out": out})
"""


@pytest.mark.skipif(not shutil.which("valgrind"), reason="needs valgrind (apt-get install "
                    "valgrind; tools/setup.sh installs it under CI)")
def test_native_code_is_counted_apart_from_the_runtimes_c(tmp_path):
    """`bench --count` weighs the machine code loaded from native modules apart (callgrind's
    object "???"): the palette expansion over 2,880 more bytes adds only native
    instructions, a fixed number for each 8 bytes (a pass of its loop), and none of the
    runtime's C."""
    script = tmp_path / "expanded.py"
    script.write_text(EXPANDED)
    out = str(tmp_path / "callgrind.out")
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--collect-atstart=no",
         "--toggle-collect=mp_builtin_exec", "--dump-after=mp_builtin_exec",
         "--callgrind-out-file=" + out, runtime.micropython_path(), str(script)],
        capture_output=True, text=True, env=dict(os.environ, MICROPYPATH=image.build_image("sim")))
    assert done.returncode == 0, done.stderr[-2000:]
    (short, short_native), (long, long_native) = bench.counted_parts(out)
    assert 0 < short_native < short and long - short == long_native - short_native
    per_pass = (long_native - short_native) / 360
    assert per_pass == int(per_pass) and 40 <= per_pass <= 200, per_pass


@pytest.mark.skipif(not shutil.which("valgrind"), reason="needs valgrind (apt-get install "
                    "valgrind; tools/setup.sh installs it under CI)")
def test_bench_count_estimates_each_decision_from_its_instructions():
    """2-player Scioto's `hard` searches in native code: its decisions' instructions are in
    part native, weighed at NATIVE_CYCLES_PER_X64, so the counted estimate is dearer than the
    same instructions all at the bytecode factor."""
    result = deckmate("bench", "--game", "scioto", "--level", "hard", "--hands", 1, "--count",
                      "--json")
    assert result.returncode == 0, result.stderr
    row = json.loads(result.stdout)[0]
    assert 0.2 < row["native_share"] < 1
    assert 0 < row["count_p50_s"] <= row["count_p95_s"] <= row["count_max_s"]
    per_instruction = bench.REFERENCE_RP2040_S / row["calibration_instructions"]
    assert per_instruction < bench.NATIVE_CYCLES_PER_X64 / bench.CPU_HZ
    assert row["count_max_s"] > row["count_as_bytecode_max_s"]
