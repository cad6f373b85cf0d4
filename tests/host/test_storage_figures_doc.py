"""docs/storage.md's tables of figures are the ones tools/storage_figures.py --write puts between
their markers: the writer replaces the tables from a run's figures and leaves the rest of the
doc byte for byte, and the doc's tables have the columns and rows the tool writes. Nothing is
measured here: the lines below are made up, in the form the two scripts under tests/store/
print them."""

import os
import shutil
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

import doc_tables  # noqa: E402
import storage_figures  # noqa: E402

FRESH = ("operations 575, cut points tried 1151, all passed; a line in flight was kept 135, "
         "boot finished a close 7, boot removed a temp file 30")
MIGRATING = ("operations 171, cut points tried 343, all passed; boot finished a prune 14, "
             "boot moved logs into their folders 13")
FLASH = ("image 174 blocks; scarto-1.jsonl: 242 lines, 11257 bytes, 3 blocks alone, 7 blocks "
         "the first game; 48 games fit (14 blocks left, 57344 bytes free)")


def sweep_table(cpu_s, stamp="Measured then."):
    runs = {"fresh": storage_figures.sweep_figures(FRESH, cpu_s),
            "migrating": storage_figures.sweep_figures(MIGRATING, 7.0)}
    return storage_figures.sweep_table(runs, stamp)


def flash_table(stamp="Measured then."):
    seeds = [storage_figures.flash_figures(FLASH), dict(storage_figures.flash_figures(FLASH),
                                                        bytes=11253)]
    return storage_figures.flash_table([("Scarto (3 players)", seeds)], "133 files", stamp)


def outside(text):
    """The doc's text outside the tables."""
    parts, rest = [], text
    for name in storage_figures.NAMES:
        begin = doc_tables.begin_marker(name, storage_figures.TOOL)
        end = doc_tables.end_marker(name, storage_figures.TOOL)
        parts.append(rest[:rest.index(begin) + len(begin)])
        rest = rest[rest.index(end):]
    return parts + [rest]


def inside(text, name):
    begin = doc_tables.begin_marker(name, storage_figures.TOOL)
    return text[text.index(begin) + len(begin):
                text.index(doc_tables.end_marker(name, storage_figures.TOOL))]


def test_the_scripts_lines_are_read_as_figures():
    figures = storage_figures.sweep_figures("...\n" + FRESH + "\n", 23.4)
    assert figures == {"operations": 575, "tried": 1151, "cpu_s": 23.4, "outcomes": {
        "a line in flight was kept": 135, "boot finished a close": 7,
        "boot removed a temp file": 30}}
    assert storage_figures.flash_figures(FLASH) == {"image": 174, "lines": 242, "bytes": 11257,
                                                    "alone": 3, "first": 7, "fit": 48}
    with pytest.raises(ValueError):
        storage_figures.flash_figures("image 174 blocks; a line of another form")


def test_the_writer_replaces_the_tables_and_leaves_the_rest_of_the_doc_byte_for_byte(tmp_path):
    doc = tmp_path / "storage.md"
    shutil.copy(storage_figures.DOC, doc)
    before = doc.read_text(encoding="utf-8")
    for cpu_s in (12.0, 34.0):  # written twice: the second replaces the first
        tables = {"sweep": sweep_table(cpu_s), "flash": flash_table()}
        storage_figures.write(tables, str(doc))
    after = doc.read_text(encoding="utf-8")
    assert outside(after) == outside(before)
    for name in storage_figures.NAMES:
        assert inside(after, name) == "\n" + tables[name] + "\n"
    assert "| CPU time of the sweep (unix port, one process) | 34 s | 7 s |" in after
    assert "| 12 s |" not in after
    assert "| Scarto (3 players) | 242 | 11,253-11,257 | 3 | 7 | 48 |" in after
    assert "| ... where boot moved logs into their folders | 0 | 13 |" in after


def header_and_labels(text):
    lines = [line for line in text.strip("\n").split("\n")[1:] if line.strip()]
    return lines[:2], [line.split(" | ")[0] for line in lines[2:]]


def test_the_docs_tables_have_the_columns_and_rows_the_tool_writes():
    with open(storage_figures.DOC, encoding="utf-8") as file:
        text = file.read()
    sweep_header, sweep_rows = header_and_labels(inside(text, "sweep"))
    flash_header, flash_rows = header_and_labels(inside(text, "flash"))
    assert sweep_header == header_and_labels(sweep_table(1.0))[0]
    assert flash_header == header_and_labels(flash_table())[0]
    for name in storage_figures.NAMES:
        assert inside(text, name).startswith("\nMeasured by `tools/storage_figures.py` on ")
    fixed = header_and_labels(sweep_table(1.0))[1]
    assert sweep_rows[:3] == fixed[:3] and sweep_rows[-1] == fixed[-1]
    assert all(label.startswith("| ... where ") for label in sweep_rows[3:-1])
    assert [label.split(" (")[0] for label in flash_rows] == [  # a row a game, in its order
        "| " + word for word in doc_tables.GAME_WORDS.values()]


def test_a_doc_without_its_markers_is_refused_and_left_as_it_was(tmp_path):
    doc = tmp_path / "storage.md"
    doc.write_text("no markers\n", encoding="utf-8")
    with pytest.raises(ValueError, match="storage_figures sweep: begin"):
        storage_figures.write({"sweep": sweep_table(1.0)}, str(doc))
    assert doc.read_text(encoding="utf-8") == "no markers\n"
