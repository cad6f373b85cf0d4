"""Scioto logs: byte-identical under both runtimes, accepted by replay, a changed card rejected."""

import json

import pytest

from helpers import deckmate, selfplay

VARIANTS = [
    [],
    ["--option", "compounding=on"],
    ["--option", "trick_and_draw=on"],
    ["--option", "ranks=8"],
    ["--option", "ranks=12"],
    ["--option", "dismissal=narrow", "--option", "ranks=6"],
    ["--option", "double_pack=on"],
    ["--players", "3"],
    ["--players", "4", "--option", "compounding=on"],
    ["--players", "5", "--option", "mandatory_dismissal=on"],
    ["--players", "6"],
    ["--option", "mandatory_dismissal=on", "--option", "compounding=on"],
    ["--option", "target=300"],
]


@pytest.mark.parametrize("extra", VARIANTS, ids=lambda v: " ".join(v) or "base")
def test_selfplay_is_byte_identical_under_both_runtimes_and_replays(tmp_path, extra):
    for seed in (1, 2, 3):
        cpython = selfplay(tmp_path, "scioto", seed, "cpython", extra)
        micro = selfplay(tmp_path, "scioto", seed, "micropython", extra)
        assert cpython.read_bytes() == micro.read_bytes()
        result = deckmate("replay", "--check", "--json", cpython)
        assert result.returncode == 0, result.stderr
        summary = json.loads(result.stdout)
        assert summary["game"] == "scioto" and summary["winner"]
        assert [sum(h["score"][s] for h in summary["hands"]) for s in range(summary["players"])] \
            == summary["total"]


def test_base_game_hands_total_112_in_the_replay(tmp_path):
    log = selfplay(tmp_path, "scioto", 11)
    summary = json.loads(deckmate("replay", "--check", "--json", log).stdout)
    assert summary["players"] == 2 and len(summary["hands"]) == 2
    assert all(sum(h["points"]) == 112 for h in summary["hands"])


def _lines(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def _write(path, records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


def test_replay_rejects_a_card_changed_in_the_deal(tmp_path):
    log = selfplay(tmp_path, "scioto", 4)
    records = _lines(log)
    deal = records[1]
    deal["hands"][0][0] = deal["hands"][1][0]  # one card dealt twice
    _write(log, records)
    result = deckmate("replay", "--check", log)
    assert result.returncode == 1
    assert ":2: deal record" in result.stderr and "more often than the pack" in result.stderr


def test_replay_rejects_a_card_changed_in_play(tmp_path):
    log = selfplay(tmp_path, "scioto", 4)
    records = _lines(log)
    first_act = next(i for i, r in enumerate(records) if r["t"] == "act")
    seat = records[first_act]["seat"]
    other_hand = records[1]["hands"][1 - seat]
    records[first_act]["a"] = other_hand[0]
    _write(log, records)
    result = deckmate("replay", "--check", log)
    assert result.returncode == 1
    assert ":%d: act record" % (first_act + 1) in result.stderr
    assert "does not hold" in result.stderr


def test_replay_rejects_a_wrong_result(tmp_path):
    log = selfplay(tmp_path, "scioto", 4)
    records = _lines(log)
    index = next(i for i, r in enumerate(records) if r["t"] == "result")
    records[index]["points"][0] += 1
    _write(log, records)
    result = deckmate("replay", "--check", log)
    assert result.returncode == 1 and "logged points" in result.stderr


def test_replay_rejects_an_out_of_turn_action(tmp_path):
    log = selfplay(tmp_path, "scioto", 4)
    records = _lines(log)
    index = next(i for i, r in enumerate(records) if r["t"] == "act")
    records[index]["seat"] = 1 - records[index]["seat"]
    _write(log, records)
    result = deckmate("replay", "--check", log)
    assert result.returncode == 1 and "out of turn" in result.stderr
    assert "section 1.1.6" in result.stderr


def test_replay_rejects_a_mandatory_dismissal_broken(tmp_path):
    log = selfplay(tmp_path, "scioto", 8, extra=["--option", "mandatory_dismissal=on"])
    records = _lines(log)
    # Find a follower's card where the follower had a dismisser but we swap in a non-dismisser.
    from deckcore.replay import Replay
    from deckcore.games import load
    replay = Replay(load)
    for index, record in enumerate(records):
        if record["t"] == "act" and replay.state.trick:
            state = replay.state
            legal = state.legal_actions()
            held = state.hands[state.current_player()]
            others = [c for c in held if c not in legal]
            if others:
                record["a"] = state.game.card_text(others[0])
                _write(log, records)
                result = deckmate("replay", "--check", log)
                assert result.returncode == 1
                assert "mandatory dismissal" in result.stderr
                assert ":%d:" % (index + 1) in result.stderr
                return
        replay.feed(record)
    pytest.fail("no position found where mandatory dismissal restricts the play")


def test_replay_of_a_truncated_log_reports_an_unfinished_game(tmp_path):
    log = selfplay(tmp_path, "scioto", 4)
    data = log.read_bytes()
    log.write_bytes(data[: len(data) // 2 - 7])
    result = deckmate("replay", "--check", "--json", log)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["complete"] is False and summary["winner"] == []


def test_replay_accepts_crlf_unknown_fields_and_unknown_records(tmp_path):
    log = selfplay(tmp_path, "scioto", 5)
    records = _lines(log)
    records[0]["firmware"] = "0.1"
    records.insert(2, {"t": "note", "text": "a comment"})
    log.write_text("".join(json.dumps(r) + "\r\n" for r in records))
    result = deckmate("replay", "--check", log)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("content,message", [
    (b"", "holds no records"),
    (b"not json\n{}\n", ":1: not a JSON record"),
    (b'{"t":"header","fmt":"other"}\n', "not a Deckmate log"),
    (b'{"t":"header","fmt":"deckmate-log","v":2}\n', "upgrade deckmate"),
    (b'{"t":"deal"}\n', "first record must be the header"),
    (b'{"t":"header","fmt":"deckmate-log","v":1,"game":"chess"}\n', "unknown game"),
    (b'{"t":"header","fmt":"deckmate-log","v":1,"game":"scioto","options":{"ranks":4},'
     b'"players":[{},{}],"first_dealer":0}\n', "header options"),
])
def test_replay_rejects_malformed_logs_with_a_clear_message(tmp_path, content, message):
    log = tmp_path / "bad.jsonl"
    log.write_bytes(content)
    result = deckmate("replay", "--check", log)
    assert result.returncode == 1
    assert message in result.stderr


def test_replay_of_a_missing_file_says_so(tmp_path):
    result = deckmate("replay", "--check", tmp_path / "nope.jsonl")
    assert result.returncode == 1 and "cannot read" in result.stderr


def test_selfplay_rejects_an_unknown_option_and_says_which_exist(tmp_path):
    result = deckmate("selfplay", "--game", "scioto", "--seed", 1, "--option", "colour=blue",
                      "--out", tmp_path / "x.jsonl")
    assert result.returncode == 2 and "its options are" in result.stderr
