"""docs/sync-protocol.md's table of sync figures is the one tools/sync_bench.py --write puts
between its markers: the writer replaces the table from a run's figures and leaves the rest
of the doc byte for byte. Nothing is measured here (the figures below are made up)."""

import os
import shutil
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

import doc_tables  # noqa: E402
import sync_bench  # noqa: E402


def figures(games, host_s_per_mb):
    """A run's figures of one case, as sync_bench.main gathers them."""
    return {"games": games, "bytes": games * 11411, "rp2040_s": 30.89, "rp2040_kb_per_s": 361.2,
            "wire_per_byte": 1.053, "round_trips_per_log": 0.022, "device_s_per_mb": 1.49,
            "device_timed_s_per_mb": 1.92, "device_one_get_s_per_mb": 1.77, "longest_s": 0.346,
            "host_s_per_mb": host_s_per_mb, "round_trip": (1.39, 2.71), "sync_s": 4.21,
            "rate": 2645 * 1024, "repeat_s": 0.012, "command_repeat_s": 0.11, "boot_s": 3.8}


def run(host_s_per_mb):
    return {"pico": figures(50, 0.356), "many": figures(1000, host_s_per_mb)}


def markers():
    return (doc_tables.begin_marker(**sync_bench.MARKERS),
            doc_tables.end_marker(**sync_bench.MARKERS))


def outside(text):
    begin, end = markers()
    return text[:text.index(begin) + len(begin)], text[text.index(end):]


def test_the_writer_replaces_the_table_and_leaves_the_rest_of_the_doc_byte_for_byte(tmp_path):
    doc = tmp_path / "sync-protocol.md"
    shutil.copy(sync_bench.DOC, doc)
    before = doc.read_text(encoding="utf-8")
    for host_s_per_mb in (0.123, 0.456):  # written twice: the second replaces the first
        table = sync_bench.table(run(host_s_per_mb), 1.84, 0.37, "commit abc1234, then")
        sync_bench.write(table, str(doc))
    after = doc.read_text(encoding="utf-8")
    assert outside(after) == outside(before)
    begin, end = markers()
    assert after[after.index(begin) + len(begin):after.index(end)] == "\n" + table + "\n"
    assert "| 0.356 s | 0.456 s |" in after and "0.123 s" not in after
    assert after.startswith(before[:before.index(begin)])


def cells(line):
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def test_the_docs_table_has_the_rows_and_columns_the_tool_writes():
    with open(sync_bench.DOC, encoding="utf-8") as file:
        text = file.read()
    begin, end = markers()
    inside = text[text.index(begin) + len(begin):text.index(end)].strip("\n").split("\n")
    written = sync_bench.table(run(0.3), 1.84, 0.37, "then").split("\n")
    assert inside[0].startswith("`tools/sync_bench.py`, commit "), inside[0]
    assert len(inside) == len(written)
    for line, tool_line in zip(inside[2:], written[2:]):  # each row's figure and goal
        assert cells(line)[:2] == cells(tool_line)[:2] and len(cells(line)) == 4


def test_a_doc_without_its_markers_is_refused_and_left_as_it_was(tmp_path):
    doc = tmp_path / "sync-protocol.md"
    doc.write_text("no markers\n", encoding="utf-8")
    with pytest.raises(ValueError, match="sync_bench figures: begin"):
        sync_bench.write("| a | table |", str(doc))
    assert doc.read_text(encoding="utf-8") == "no markers\n"
