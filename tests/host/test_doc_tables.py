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


def bench_rows(timed, counted):
    """`deckmate bench`'s figures of a row, as its summary names them: timed (p50, p95, max)
    and counted (p50, p95, max) seconds; counted None: the count was not run."""
    from deckmate.commands import bench
    row = dict(zip(bench.summary([1.0]), timed), decisions=3)
    if counted is None:
        return row, None
    return row, dict(zip(bench.summary([1.0], "count_"), counted), native_share=0.125)


@pytest.mark.parametrize("timed, counted, verdict", [
    ((0.5, 2.0, 2.5), (0.6, 2.5, 2.9), "yes"),
    ((0.5, 2.0, 2.5), (0.6, 3.2, 3.3), "**no**: counted"),   # the load-free count over the p95
    ((0.5, 2.0, 12.0), (0.6, 2.5, 2.9), "**no**: timed"),    # a busy host's max over 10 s
    ((0.5, 3.5, 12.0), (0.6, 3.2, 10.5), "**no**: timed and counted"),
    ((0.5, 2.0, 2.5), None, "not known (count not run)"),
    ((0.5, 3.5, 4.0), None, "**no**: timed"),
])
def test_a_think_time_is_within_its_budget_only_when_both_estimates_are(timed, counted, verdict):
    """docs/budgets.md: until a board is measured, a think-time budget holds when the timed
    estimate and the counted one both hold (`hard`: p95 3 s, max 10 s); both are in the row."""
    row = doc_tables.think_row("hard", "SCOUT, 5 players", *bench_rows(timed, counted))
    assert row[:2] == ["think time, `hard`", "SCOUT, 5 players"] and row[-1] == verdict
    assert row[2].startswith("timed p50 %.2f / p95 %.2f / max %.2f s; " % timed)
    if counted is None:
        assert "counted: not run (no valgrind)" in row[2]
    else:
        assert "counted p50 %.2f / p95 %.2f / max %.2f s, 12%% native" % counted in row[2]


def test_without_valgrind_the_think_rows_say_the_count_was_not_run(tmp_path, monkeypatch):
    """The timed estimate is measured (2-player Scioto, a hand), the count is not invented."""
    monkeypatch.setenv("PATH", str(tmp_path))  # no valgrind (the unix port is the venv's)
    rows = doc_tables.think_rows(("scioto",), 1)
    assert [row[:2] for row in rows] == [["think time, `normal`", "Scioto"],
                                         ["think time, `hard`", "Scioto"]]
    for row in rows:
        assert re.fullmatch(r"timed p50 \d+\.\d\d / p95 \d+\.\d\d / max \d+\.\d\d s; counted: "
                            r"not run \(no valgrind\) \(28 decisions\)", row[2]), row
        assert row[-1] in ("not known (count not run)", "**no**: timed")


def test_the_think_rows_count_the_decisions_they_timed_as_bench_counts_them_now(monkeypatch):
    """Each set-up is timed, then counted on the same decisions (the timed run's seconds go
    to the count), through bench's functions as they are called today."""
    from deckmate.commands import bench
    calls = []
    figures = {"p50_s": 0.5, "p95_s": 1.0, "max_s": 1.5, "decisions": 7}

    def timed(*arguments):
        inspect.signature(bench.timed).bind(*arguments)
        calls.append(("timed",) + arguments)
        return figures, [0.25 * len(calls)]

    def counted_row(*arguments):
        inspect.signature(bench.counted_row).bind(*arguments)
        calls.append(("counted",) + arguments)
        return {"count_p50_s": 0.4, "count_p95_s": 0.8, "count_max_s": 0.9,
                "native_share": 0.14}

    monkeypatch.setattr(bench, "timed", timed)
    monkeypatch.setattr(bench, "counted_row", counted_row)
    monkeypatch.setattr(doc_tables.shutil, "which", lambda name: "/usr/bin/" + name)
    rows = doc_tables.think_rows(["scout"], 4)
    assert [row[1] for row in rows] == ["SCOUT", "SCOUT", "SCOUT, 2 players",
                                      "SCOUT, 3 players", "SCOUT, 5 players"]
    assert calls[-2:] == [("timed", "scout", "hard", 4, 5),
                          ("counted", "scout", "hard", 4, 5, [2.25])]
    assert all("counted p50 0.40 / p95 0.80 / max 0.90 s, 14% native" in row[2]
               for row in rows)


def test_a_set_up_measured_for_the_first_time_goes_beside_its_budgets_rows(tmp_path,
                                                                         monkeypatch):
    name = "budgets"
    doc = tmp_path / "doc.md"
    doc.write_text("%s\n%s\n" % (doc_tables.begin_marker(name), doc_tables.table_text(
        name, []) + "\n" + doc_tables.end_marker(name)), encoding="utf-8")
    monkeypatch.setitem(doc_tables.DOCS, name, str(doc))
    first = doc_tables.provenance([["think time, `hard`", "SCOUT", "x", "y", "yes"],
                                   ["image size", "rp2040", "x", "y", "yes"]], "abc1234")
    doc_tables.write(name, first)
    more = doc_tables.provenance([["think time, `hard`", "SCOUT, 5 players", "x", "y", "yes"]],
                                 "def5678")
    doc_tables.write(name, more)
    assert [row[1] for row in doc_tables.read_table(name, doc.read_text(encoding="utf-8"))] \
        == ["SCOUT", "SCOUT, 5 players", "rp2040"]
