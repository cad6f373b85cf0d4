"""`deckmate bench`: decisions timed in the MicroPython unix port, the JSON rows' shape."""

import json

from deckmate.stats import percentile
from helpers import deckmate


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

