"""The current figures of docs/budgets.md and docs/bots.md are one table each, between the
markers tools/doc_tables.py writes between, in the form it reads back (it keeps the rows of
the games it does not measure again). Nothing is measured here."""

import inspect
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

import doc_tables  # noqa: E402

DOC_LINES = 300  # a reference a newcomer reads; the dated measurements go to docs/notes/


@pytest.mark.parametrize("name", sorted(doc_tables.DOCS))
def test_each_doc_holds_one_table_of_current_figures_that_the_tool_can_read(name):
    with open(doc_tables.DOCS[name], encoding="utf-8") as file:
        text = file.read()
    stamps, rows = doc_tables.read_table(name, text)
    assert all("tools/doc_tables.py %s" % name in stamp for stamp in stamps)
    assert rows, "the table has no rows: run tools/doc_tables.py %s --write" % name
    assert len(text.splitlines()) < DOC_LINES


def test_the_bots_table_has_scouts_hard_at_every_number_of_players():
    """Issue 46: SCOUT's hard against normal and strong at 2 to 5 players; a run of some of
    them (--players, --pairs) keeps the stamp of a run that measured more."""
    rows = doc_tables.bot_rows("scout")
    for players in (2, 3, 5):
        assert (players, ("hard", "normal")) in rows
    for players in (2, 3, 4, 5):
        assert (players, ("hard", "strong")) in rows
    assert (None, ("hard", "normal")) in rows and len(rows) == len(set(rows))
    some = ("Measured by `tools/doc_tables.py bots --deals 9 --games scout --players 3 "
            "--pairs hard-strong` now")
    assert not doc_tables.covers(some, "Measured by `tools/doc_tables.py bots --games scout` then")
    assert not doc_tables.covers(
        some, "Measured by `tools/doc_tables.py bots --games scout --players 3` then")
    assert doc_tables.covers(some, some)


@pytest.mark.parametrize("name", sorted(doc_tables.DOCS))
def test_a_table_written_reads_back_and_measuring_some_rows_again_keeps_the_others(
        name, tmp_path, monkeypatch):
    columns = len(doc_tables.COLUMNS[name])
    first = [["a", "b"] + ["x"] * (columns - 3) + ["abc1234"],
             ["c", "d"] + ["y"] * (columns - 3) + ["abc1234+"]]
    doc = tmp_path / "doc.md"
    doc.write_text("# A doc\n\n%s\n%s\n\nafter\n" % (
        doc_tables.begin_marker(name),
        doc_tables.table_text(name, [], "Measured by `tools/doc_tables.py %s` (never)" % name)
        + "\n" + doc_tables.end_marker(name)), encoding="utf-8")
    monkeypatch.setitem(doc_tables.DOCS, name, str(doc))
    whole = "Measured by `tools/doc_tables.py %s` here" % name
    doc_tables.write(name, first, whole)
    again = [["c", "d"] + ["z"] * (columns - 3) + ["def5678"]]
    some = "Measured by `tools/doc_tables.py %s --games scout` later" % name
    doc_tables.write(name, again, some)
    text = doc.read_text(encoding="utf-8")
    assert doc_tables.read_table(name, text) == ([some, whole], [first[0], again[0]])
    assert text.startswith("# A doc\n") and text.endswith("\nafter\n")
    doc_tables.write(name, first, whole)  # a whole run again: its stamp alone
    assert doc_tables.read_table(name, doc.read_text(encoding="utf-8")) == ([whole], first)


@pytest.mark.parametrize("broken, reason", [
    ("no markers", "needs one"),
    ("%(begin)s\nMeasured elsewhere\n\n%(header)s\n%(end)s", "stamps"),
    ("%(begin)s\nMeasured by `tools/doc_tables.py %(name)s`\n\n| a | b |\n|---|---|\n%(end)s",
     "header"),
    ("%(begin)s\nMeasured by `tools/doc_tables.py %(name)s`\n\n%(header)s\n| a | b |\n%(end)s",
     "cells"),
])
def test_a_table_not_as_the_tool_writes_it_is_refused_with_its_reason(broken, reason):
    name = "bots"
    text = broken % {"begin": doc_tables.begin_marker(name), "end": doc_tables.end_marker(name),
                     "name": name,
                     "header": doc_tables.table_text(name, [], "").split("\n", 2)[2]}
    with pytest.raises(ValueError, match=reason):
        doc_tables.read_table(name, text)


def test_the_heap_rows_call_match_heap_as_it_is_now():
    import match_heap
    inspect.signature(match_heap.traced).bind(*doc_tables.traced_arguments(("plan",), 208))
