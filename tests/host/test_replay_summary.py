"""What `deckmate replay --check` and `--json` say of a log: the players by name, and how the
match ended, the end record's reason checked against the match."""

import json

from helpers import deckmate, selfplay


def records_of(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def write_records(path, records):
    path.write_text("".join(json.dumps(record) + "\n" for record in records))
    return path


def abandoned_after_the_first_hand(tmp_path):
    """A log as the device writes one when its match is abandoned after hand 1."""
    records = records_of(selfplay(tmp_path, "scioto", 4))
    first_result = [record for record in records if record["t"] == "result"][0]
    kept = records[:records.index(first_result) + 1]
    kept.append({"t": "end", "reason": "abandoned", "totals": first_result["totals"],
                 "winner": [], "hands": 1})
    return write_records(tmp_path / "abandoned.jsonl", kept)


def test_a_completed_match_edited_to_abandoned_fails_the_check(tmp_path):
    records = records_of(selfplay(tmp_path, "scioto", 4))
    assert records[-1]["reason"] == "completed"
    records[-1]["reason"] = "abandoned"
    edited = write_records(tmp_path / "edited.jsonl", records)
    result = deckmate("replay", "--check", edited)
    assert result.returncode == 1
    assert result.stderr == ("deckmate replay: %s:%d: end record: the end record says abandoned, "
                             "but the match is over (its end is completed)\n"
                             % (edited, len(records)))


def test_an_abandoned_match_is_reported_abandoned_not_unfinished(tmp_path):
    log = abandoned_after_the_first_hand(tmp_path)
    checked = deckmate("replay", "--check", log)
    assert checked.returncode == 0, checked.stderr
    assert "  abandoned after 1 hand\n" in checked.stdout and "unfinished" not in checked.stdout
    assert checked.stdout.splitlines()[0].endswith("), 1 hand")
    summary = json.loads(deckmate("replay", "--check", "--json", log).stdout)
    assert summary["end"] == "abandoned" and summary["complete"] is False
    assert summary["winner"] == [] and summary["winner_names"] == []


def test_an_abandoned_end_that_names_a_winner_or_other_hands_fails_the_check(tmp_path):
    log = abandoned_after_the_first_hand(tmp_path)
    for field, value in (("winner", [1]), ("hands", 2)):
        records = records_of(log)
        records[-1][field] = value
        result = deckmate("replay", "--check", write_records(tmp_path / "bad.jsonl", records))
        assert result.returncode == 1
        assert "logged %s %r" % (field, value) in result.stderr


def test_a_log_without_its_end_is_reported_unfinished(tmp_path):
    records = records_of(selfplay(tmp_path, "scioto", 4))[:-1]
    log = write_records(tmp_path / "open.jsonl", records)
    checked = deckmate("replay", "--check", log)
    assert "  unfinished game\n" in checked.stdout
    assert json.loads(deckmate("replay", "--json", log).stdout)["end"] is None


def test_the_players_are_named_as_the_log_names_them(tmp_path):
    records = records_of(selfplay(tmp_path, "scioto", 4))
    records[0]["players"][0]["name"] = "Émile"
    records[0]["players"][1]["name"] = "Zoë"
    log = write_records(tmp_path / "named.jsonl", records)
    summary = json.loads(deckmate("replay", "--check", "--json", log).stdout)
    assert summary["names"] == ["Émile", "Zoë"]
    assert summary["winner_names"] == [summary["names"][seat] for seat in summary["winner"]]
    text = deckmate("replay", "--check", log).stdout.splitlines()
    assert text[0].endswith(": scioto, 2 players (Émile, Zoë), %d hands" % len(summary["hands"]))
    assert text[-3] == "  total: Émile %d, Zoë %d" % tuple(summary["total"])
    assert text[-2] == "  winner: " + " and ".join(summary["winner_names"])


def test_scouts_rounds_are_rounds_on_the_pc_as_on_the_device(tmp_path):
    """SCOUT calls a deal of its match a round (rules.md 5.4), as the device says it: the
    check and the play-by-play say rounds for it, hands for the other games."""
    scout = selfplay(tmp_path, "scout", 2, extra=("--players", 3))
    check = deckmate("replay", "--check", scout).stdout
    assert ", 3 rounds\n  round 1: points " in check and " hand" not in check, check
    told = deckmate("replay", scout).stdout
    assert "\nRound 1: " in told and "\nMatch over after 3 rounds: " in told
    assert "Hand " not in told and " hands" not in told
    scioto = deckmate("replay", "--check", selfplay(tmp_path, "scioto", 4)).stdout
    assert " hands\n  hand 1: points " in scioto and "round " not in scioto
