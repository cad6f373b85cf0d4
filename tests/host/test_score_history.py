"""What the owner's pictures and pages say: `plot` draws each finished match's running totals
hand by hand (the README's "score history"), on axes that fit even a single match; the
report's index says why it has no charts or figures when no match is finished; a game with no
date says why it has none (`games`, the report)."""

import math

import pytest

from deckcore.games import load
from deckmate import plot
from deckmate.archive import Archive
from deckmate.archive_records import records
from deckmate.game_record import record_of_log
from owner_games import device_log
from test_cli import run
from test_owner_commands import archive  # noqa: F401  (the fixture: an owner's archive)


def segments(line):
    """The (x, y) runs of a drawn line between its breaks (NaN)."""
    runs, current = [], []
    for x, y in zip(line.get_xdata(), line.get_ydata()):
        if math.isnan(x):
            runs.append(current)
            current = []
        else:
            current.append((x, y))
    return runs + ([current] if current else [])


def test_the_plot_draws_each_match_hand_by_hand_from_nought_to_its_final_total(
        archive):  # noqa: F811
    folder, _ = archive
    with Archive(folder) as opened:
        found = [record for record in records(opened, hands=True) if record.complete]
    history = plot.score_history(found)
    figure = plot.figure(history)
    for panel, game in zip(figure.axes, sorted(history)):
        matches = history[game]
        for line in panel.get_lines():
            name = line.get_label()
            if name.startswith("_"):  # the dots of the final totals, the rules between matches
                continue
            played = [record for record, _ in matches if name in record.names]
            runs = segments(line)
            assert len(runs) == len(played)
            for record, run_of in zip(played, runs):
                seat = record.names.index(name)
                assert len(run_of) == len(record.hands) + 1  # the start, then every hand
                assert run_of[0][1] == 0 and run_of[-1][1] == record.totals[seat]
                totals = [0]
                for _, scores in record.hands:
                    totals.append(totals[-1] + scores[seat])
                assert [y for _, y in run_of] == totals
        hands = sum(len(record.hands) for record, _ in matches)
        low, high = panel.get_xlim()
        assert low <= 0 and hands <= high < hands * 1.1 + 1


def test_a_single_match_gets_axes_of_its_hands_and_whole_totals(tmp_path):
    lines = device_log(load("scioto")({"players": 2}), 1, ("easy",), "1")
    log = tmp_path / "one.jsonl"
    log.write_text("".join(line + "\n" for line in lines))
    record = record_of_log(str(log))
    figure = plot.figure(plot.score_history([record]))
    panel = figure.axes[0]
    low, high = panel.get_xlim()
    assert low <= 0 and len(record.hands) <= high < len(record.hands) + 1
    bottom, top = panel.get_ylim()
    assert bottom < 0 and top > max(record.totals) and top - bottom > 2
    assert all(tick == int(tick) for tick in panel.get_yticks())


@pytest.fixture
def unfinished(tmp_path):
    """An archive of one abandoned match, imported from its file (so with no date)."""
    lines = device_log(load("scioto")({"players": 2}), 6, ("easy",), "1", abandon_after=1)
    log = tmp_path / "abandoned.jsonl"
    log.write_text("".join(line + "\n" for line in lines))
    with Archive(str(tmp_path / "games")) as opened:  # as `deckmate import` adds it
        assert opened.add_log(log.read_bytes(), str(log)).kind == "new"
    return tmp_path / "games"


def test_a_report_with_no_finished_match_says_why_it_has_no_charts_or_figures(
        capsys, unfinished, tmp_path):
    status, out, err = run(capsys, "report", "--archive", unfinished, "--out", tmp_path / "r")
    assert status == 0, err
    index = (tmp_path / "r" / "index.html").read_text(encoding="utf-8")
    assert "No charts yet" in index and "No figures yet" in index
    assert "the game here is not finished" in index
    assert '<table class="stats">' not in index and '<div class="charts"></div>' not in index


def test_a_game_without_a_date_says_why(capsys, unfinished, tmp_path):
    status, out, err = run(capsys, "games", "--archive", unfinished)
    assert status == 0, err
    rows = out.splitlines()
    assert rows[1].startswith("-  ")
    assert [row for row in rows if row.startswith("-: no date: a log holds none of its own")]
    status, _, err = run(capsys, "report", "--archive", unfinished, "--out", tmp_path / "r")
    index = (tmp_path / "r" / "index.html").read_text(encoding="utf-8")
    assert "<td><span class=\"muted\">no date</span></td>" in index
    assert "imported from a file" in index
