"""The owner's commands on an archive of real logs (a person's matches on the device, abandoned
and cut-off ones among them, and self-played matches), imported as `deckmate import` does:
`games` lists and filters, `stats` counts, `replay GAME_ID` finds the archived log, `export`
writes CSV or the raw JSON Lines, `plot` and `report` draw; each mistake is one line with
the exit status that means it (2: the command line, 1: anything else)."""

import csv
import io
import json

import pytest

from deckmate.archive import Archive
from deckmate.archive_records import records
from deckmate.standings import standings
from owner_games import PERSON, write_logs
from test_cli import assert_one_line_error, run

DEVICE = "e6614103e72f4a2b"


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    folder = tmp_path_factory.mktemp("archive")
    logs = write_logs(str(folder / "logs"))
    with Archive(str(folder / "archive")) as opened:
        for path, date in logs:
            with open(path, "rb") as handle:
                assert opened.add_log(handle.read(), path, date).kind == "new"
    return str(folder / "archive"), logs


def test_games_lists_every_archived_game_oldest_first_with_its_result(capsys, archive):
    folder, logs = archive
    status, out, _ = run(capsys, "games", "--archive", folder)
    assert status == 0
    lines = out.splitlines()
    assert lines[0].split() == ["date", "game", "game", "id", "players", "result", "hands",
                                "mode", "device", "synced"]
    rows = lines[1:-1]
    assert [row.split()[0] + " " + row.split()[1] for row in rows] == [date for _, date in logs]
    assert lines[-1] == "%d games" % len(logs)
    assert "Hélène 113, Bot 2 111: Hélène wins" in out
    assert "(abandoned)" in rows[5] and "(unfinished)" in rows[7]
    assert all(line == line.rstrip() for line in lines)  # piped: no padding at the ends


def test_games_filters_by_game_player_date_and_device(capsys, archive):
    folder, logs = archive

    def listed(*filters):
        status, out, _ = run(capsys, "games", "--archive", folder, "--json", *filters)
        assert status == 0
        return [(game["game"], game["game_id"]) for game in json.loads(out)]

    assert len(listed()) == len(logs)
    assert {game for game, _ in listed("--game", "scioto")} == {"scioto"}
    mine = listed("--player", "HÉLÈNE".lower())
    assert mine == [("scioto", "game-%d" % n) for n in (1, 2, 3)] + [
        ("scarto", "game-4"), ("scout", "game-5")] + [
        ("scioto", "game-%d" % n) for n in (6, 7, 8, 9, 10)] + [("scarto", "game-11")]
    assert listed("--since", "2026-11-13") == [("droggn", "selfplay-2"), ("scioto", "selfplay-9")]
    assert len(listed("--device", DEVICE[:6])) == 11 and len(listed("--device", "host")) == 3
    status, _, err = run(capsys, "games", "--archive", folder, "--since", "last week")
    assert_one_line_error(status, err, 2, "YYYY-MM-DD")


def test_stats_are_the_standings_of_the_archived_games(capsys, archive):
    folder, _ = archive
    status, out, _ = run(capsys, "stats", "--archive", folder, "--json")
    assert status == 0
    with Archive(folder) as opened:
        assert json.loads(out) == json.loads(json.dumps(standings(records(opened))))
    status, out, _ = run(capsys, "stats", "--archive", folder, "--player", PERSON, "--game",
                         "scioto")
    assert status == 0
    assert out.splitlines()[0] == "Scioto: 6 matches"
    assert "  against easy bots          5     0              0% (95%: 0-43%)" in out


def test_replay_finds_an_archived_game_by_its_id(capsys, archive):
    folder, _ = archive
    status, out, _ = run(capsys, "replay", "game-3", "--archive", folder)
    assert status == 0 and "Match over after 2 hands: Hélène wins" in out
    status, out, _ = run(capsys, "replay", "%s/game-3" % DEVICE, "--archive", folder, "--json")
    assert status == 0 and json.loads(out)["winner"] == [0]
    status, _, err = run(capsys, "replay", "game-99", "--archive", folder)
    assert_one_line_error(status, err, 1, "neither a file nor the id of an archived game",
                          "deckmate games")


def test_export_writes_the_csv_file_and_the_raw_logs(capsys, archive, tmp_path):
    folder, logs = archive
    out_file = tmp_path / "games.csv"
    status, out, err = run(capsys, "export", "csv", "--archive", folder, "--out", out_file)
    assert status == 0 and out.startswith("wrote %s: " % out_file)
    data = out_file.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    assert {row["player"] for row in rows} >= {PERSON, "Bot 2"}
    assert {row["mode"] for row in rows} == {"played", "scorekept"}
    kept = [(row["hand"], row["points"], row["score"], row["total"]) for row in rows
            if row["match"] == "game-11" and row["player"] == PERSON]
    assert kept == [("1", "30", "4", "4"), ("2", "20", "-6", "-2"), ("3", "26", "0", "-2")]
    status, _, _ = run(capsys, "export", "csv", "--archive", folder, "--out", out_file,
                       "--no-bom", "--game", "droggn")
    assert out_file.read_bytes().startswith(b"game,match")
    with Archive(folder) as opened:  # each log as archived; the one cut off ends its line
        raw = [opened.read_raw(record.device, record.game_id) for record in records(opened)]
    jsonl = tmp_path / "games.jsonl"
    status, _, _ = run(capsys, "export", "jsonl", "--archive", folder, "--out", jsonl)
    assert status == 0
    assert jsonl.read_bytes() == b"".join(log if log.endswith(b"\n") else log + b"\n"
                                          for log in raw)
    assert sum(1 for log in raw if not log.endswith(b"\n")) == 1


def test_plot_and_report_draw_the_archive(capsys, archive, tmp_path):
    folder, _ = archive
    status, out, _ = run(capsys, "plot", "--archive", folder, "--player", PERSON, "--out",
                         tmp_path / "mine.png")
    assert status == 0 and out.startswith("wrote %s: 9 matches, 3 games" % (tmp_path / "mine.png"))
    status, out, _ = run(capsys, "report", "--archive", folder, "--game", "scout", "--out",
                         tmp_path / "report")
    assert status == 0 and (tmp_path / "report" / "games" / "1.html").exists()


def test_mistakes_say_how_to_put_them_right(capsys, archive, tmp_path):
    folder, _ = archive
    status, _, err = run(capsys, "plot", "--archive", folder, "--out", tmp_path / "x.jpg")
    assert_one_line_error(status, err, 2, "ends in .png or .svg")
    status, _, err = run(capsys, "games", "--archive", tmp_path / "nothing-here")
    assert_one_line_error(status, err, 1, "no archive", "deckmate sync", "deckmate import")
    status, _, err = run(capsys, "plot", "--archive", folder, "--player", "Nobody", "--out",
                         tmp_path / "x.png")
    assert_one_line_error(status, err, 1, "no games match these filters")
    status, _, err = run(capsys, "export", "csv", "--archive", folder, "--out",
                         tmp_path / "no-folder" / "x.csv")
    assert_one_line_error(status, err, 1, "cannot write")
    status, out, _ = run(capsys, "games", "--archive", folder, "--player", "Nobody")
    assert status == 0 and out == "no games match\n"
