"""Scarto logs end to end: selfplay is byte-identical under both runtimes, replay reports
every hand's card points and scores, and a log with an illegal play is rejected with its line
and the rule it breaks."""

import json

import pytest

from deckcore.games import load
from deckcore.replay import Replay
from helpers import deckmate, match_seeds, selfplay

MATCH_SEEDS = match_seeds(20)  # the matches checked under both runtimes (helpers.py)


@pytest.mark.parametrize("seed", MATCH_SEEDS)
def test_selfplay_is_identical_under_cpython_and_micropython(tmp_path, seed):
    cpython = selfplay(tmp_path, "scarto", seed).read_bytes()
    micropython = selfplay(tmp_path, "scarto", seed, "micropython").read_bytes()
    assert cpython == micropython


@pytest.mark.parametrize("seed", MATCH_SEEDS)
def test_replay_reports_card_points_summing_to_78_and_scores_minus_26(tmp_path, seed):
    log = selfplay(tmp_path, "scarto", seed)
    done = deckmate("replay", "--check", "--json", log)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["game"] == "scarto" and summary["complete"]
    assert len(summary["hands"]) == 3  # 2.4.5: three deals
    for hand in summary["hands"]:
        assert sum(hand["points"]) == 78
        assert hand["score"] == [p - 26 for p in hand["points"]]
    totals = summary["total"]
    assert sum(totals) == 0
    losers = [s for s in range(3) if totals[s] == min(totals)]
    assert summary["winner"] == [s for s in range(3) if s not in losers]


def first_act_with_an_illegal_card(lines, phase):
    """(line index, seat, card text) of the first act in `phase` where the seat to act holds
    a card the rules forbid it to play or discard."""
    replay = Replay(load)
    for index, line in enumerate(lines):
        record = json.loads(line)
        state = replay.state
        if record["t"] == "act" and state.phase == phase:
            seat = state.current_player()
            legal = state.legal_actions()
            held = state.hands[seat]
            for card in held:
                if card not in legal:
                    return index, seat, state.action_text(card)
        replay.feed(record)
    raise AssertionError("no act with an illegal card in this log")


def tampered(tmp_path, phase):
    lines = selfplay(tmp_path, "scarto", 3).read_text().splitlines(True)
    index, seat, text = first_act_with_an_illegal_card(lines, phase)
    record = json.loads(lines[index])
    record["a"] = text
    lines[index] = json.dumps(record, separators=(",", ":")) + "\n"
    bad = tmp_path / ("bad-%s.jsonl" % phase)
    bad.write_text("".join(lines))
    return bad, index + 1, seat, text


def test_a_revoke_is_rejected_naming_the_line_and_the_rule(tmp_path):
    bad, line, seat, text = tampered(tmp_path, "play")
    done = deckmate("replay", "--check", bad)
    assert done.returncode == 1
    assert "%s:%d:" % (bad, line) in done.stderr
    assert "seat %d: %s is illegal: section 2.3.2" % (seat, text) in done.stderr


def test_a_forbidden_discard_is_rejected_naming_the_line_and_the_rule(tmp_path):
    bad, line, seat, text = tampered(tmp_path, "discard")
    done = deckmate("replay", "--check", bad)
    assert done.returncode == 1
    assert "%s:%d:" % (bad, line) in done.stderr
    assert "seat %d: %s is illegal: section 2.2.4" % (seat, text) in done.stderr
