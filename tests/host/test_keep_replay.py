"""`deckmate replay --check` on scorekept logs: every entered hand and total is recomputed
through the rules core; a mismatch is reported with the file and the line."""

import json

from helpers import deckmate
from test_keep_log import kept_scarto_match


def written(tmp_path, lines, name="kept.jsonl"):
    path = tmp_path / name
    path.write_text("".join(lines))
    return path


def test_replay_check_recomputes_a_kept_match(tmp_path):
    _, lines = kept_scarto_match()
    done = deckmate("replay", "--check", written(tmp_path, lines))
    assert done.returncode == 0, done.stderr
    assert "ok: every entered hand can happen and every result and total matches" in done.stdout
    summary = json.loads(deckmate("replay", "--json", written(tmp_path, lines)).stdout)
    assert summary["mode"] == "scorekeep" and summary["complete"]
    assert summary["total"] == [-2, 9, -7] and summary["winner"] == [0, 1]
    shown = deckmate("replay", written(tmp_path, lines)).stdout
    assert "Hand 1 corrected" in shown and "Ada points   30" in shown


def test_a_tampered_total_is_rejected_with_file_and_line(tmp_path):
    _, lines = kept_scarto_match()
    lines[4] = lines[4].replace('"totals":[-1,8,-7]', '"totals":[-1,8,-6]')
    assert '"totals":[-1,8,-6]' in lines[4]
    path = written(tmp_path, lines)
    done = deckmate("replay", "--check", path)
    assert done.returncode == 1
    assert "%s:5: entry record: logged totals [-1, 8, -6], but the rules give [-1, 8, -7]" % (
        path) in done.stderr


def test_a_match_stopped_early_is_archived_and_listed_with_its_standings(tmp_path):
    keeper, lines = kept_scarto_match()
    keeper.undo()  # the table stopped after two hands of three
    stopped = lines[:-2] + [keeper.end("stopped")]
    path = written(tmp_path, stopped)
    summary = json.loads(deckmate("replay", "--check", "--json", path).stdout)
    assert (summary["end"], summary["winner_names"]) == ("stopped", ["Ada", "Bea"])
    assert "stopped after 2 hands, winner: Ada and Bea" in deckmate("replay", "--check",
                                                                     path).stdout
    archive = tmp_path / "archive"
    imported = deckmate("import", "--archive", archive, path)
    assert imported.returncode == 0, imported.stdout + imported.stderr
    listed = deckmate("games", "--archive", archive)
    assert "Ada -2, Bea 9, Cy -7: Ada and Bea win (stopped after 2 hands)" in listed.stdout
    game, = json.loads(deckmate("games", "--archive", archive, "--json").stdout)
    assert (game["state"], game["winners"], game["hands"]) == ("stopped", [0, 1], 2)
