"""The current figures of docs/budgets.md and docs/bots.md are one table each, between the
markers tools/doc_tables.py writes between, in the form it reads back (it keeps the rows of
the games it does not measure again). Nothing is measured here."""

import inspect
import os
import re
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

import doc_tables  # noqa: E402

DOC_LINES = 300  # a reference a newcomer reads; the dated measurements go to docs/notes/


@pytest.mark.parametrize("name", sorted(doc_tables.DOCS))
def test_each_doc_holds_one_table_of_current_figures_that_the_tool_can_read(name):
    with open(doc_tables.DOCS[name], encoding="utf-8") as file:
        text = file.read()
    rows = doc_tables.read_table(name, text)
    assert rows, "the table has no rows: run tools/doc_tables.py %s --write" % name
    assert len(text.splitlines()) < DOC_LINES


@pytest.mark.parametrize("name", sorted(doc_tables.DOCS))
def test_each_row_says_its_run_and_one_sentence_says_how_to_read_and_remeasure_them(name):
    """A newcomer reads the provenance beside each figure: the day, the host's load (and for
    a time scaled by the calibration loop, the RP2040's factor), the commit; above the table
    one sentence of fixed length however many partial runs measured the rows."""
    with open(doc_tables.DOCS[name], encoding="utf-8") as file:
        text = file.read()
    start, stop = doc_tables.marked(text, name)
    assert text[start:stop].strip("\n").split("\n")[0] == doc_tables.HEADERS[name]
    assert "tools/doc_tables.py %s --write" % name in doc_tables.HEADERS[name]
    run = doc_tables.COLUMNS[name].index("run")
    for row in doc_tables.read_table(name, text):
        assert re.fullmatch(r"\d{4}-\d\d-\d\d, load \d+\.\d on \d+ cores"
                            r"(, calibrated: RP2040 \d+ x slower)?", row[run]), row


def test_the_bots_table_has_scouts_hard_at_every_number_of_players():
    """Issue 46: SCOUT's hard against normal and strong at 2 to 5 players."""
    rows = doc_tables.bot_rows("scout")
    for players in (2, 3, 5):
        assert (players, ("hard", "normal")) in rows
    for players in (2, 3, 4, 5):
        assert (players, ("hard", "strong")) in rows
    assert (None, ("hard", "normal")) in rows and len(rows) == len(set(rows))


@pytest.mark.parametrize("name", sorted(doc_tables.DOCS))
def test_a_table_written_reads_back_and_measuring_some_rows_again_keeps_the_others(
        name, tmp_path, monkeypatch):
    columns = len(doc_tables.COLUMNS[name]) - 2  # the run and the commit come after
    monkeypatch.setattr(doc_tables, "LOAD", [3.25])
    first = doc_tables.provenance([["a", "b"] + ["x"] * (columns - 2),
                                   ["c", "d"] + ["y"] * (columns - 2)], "abc1234")
    doc = tmp_path / "doc.md"
    doc.write_text("# A doc\n\n%s\n%s\n\nafter\n" % (
        doc_tables.begin_marker(name),
        doc_tables.table_text(name, []) + "\n" + doc_tables.end_marker(name)), encoding="utf-8")
    monkeypatch.setitem(doc_tables.DOCS, name, str(doc))
    doc_tables.write(name, first)
    monkeypatch.setattr(doc_tables, "LOAD", [12.5])
    again = doc_tables.provenance([["c", "d"] + ["z"] * (columns - 2)], "def5678+")
    doc_tables.write(name, again)
    text = doc.read_text(encoding="utf-8")
    assert doc_tables.read_table(name, text) == [first[0], again[0]]
    assert "load 3.2 on" in first[0][-2] and "load 12.5 on" in again[0][-2]
    assert text.count(doc_tables.HEADERS[name]) == 1  # one sentence, however many runs
    assert text.startswith("# A doc\n") and text.endswith("\nafter\n")
    doc_tables.write(name, first)  # a whole run again: its rows alone
    assert doc_tables.read_table(name, doc.read_text(encoding="utf-8")) == first


def test_only_the_times_scaled_by_the_calibration_loop_carry_its_factor():
    rows = doc_tables.provenance([["redraw", "full screen"], ["think time, `hard`", "Scioto"]],
                                 "abc1234", calibration=(9.01, 51.2))
    assert rows[0][-2].endswith(", calibrated: RP2040 51 x slower")
    assert "calibrated" not in rows[1][-2]


@pytest.mark.parametrize("broken, reason", [
    ("no markers", "needs one"),
    ("%(begin)s\nMeasured elsewhere\n\n%(header)s\n%(end)s", "sentence"),
    ("%(begin)s\n%(sentence)s\n\n| a | b |\n|---|---|\n%(end)s", "header"),
    ("%(begin)s\n%(sentence)s\n\n%(header)s\n| a | b |\n%(end)s", "cells"),
])
def test_a_table_not_as_the_tool_writes_it_is_refused_with_its_reason(broken, reason):
    name = "bots"
    text = broken % {"begin": doc_tables.begin_marker(name), "end": doc_tables.end_marker(name),
                     "sentence": doc_tables.HEADERS[name],
                     "header": doc_tables.table_text(name, []).split("\n", 2)[2]}
    with pytest.raises(ValueError, match=reason):
        doc_tables.read_table(name, text)


def test_the_heap_rows_call_match_heap_as_it_is_now():
    import match_heap
    inspect.signature(match_heap.traced).bind(*doc_tables.traced_arguments(("plan",), 208))
