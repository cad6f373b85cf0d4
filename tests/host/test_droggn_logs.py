"""Droggn logs end to end: selfplay is byte-identical under both runtimes for the default and
two other option sets, replay reports every hand's side points (74 between the two sides)
and a zero-sum settlement, and a log with an illegal action is rejected with its line and the
rule it breaks."""

import json

import pytest

from deckcore.games import load
from deckcore.replay import Replay
from helpers import deckmate, match_seeds, selfplay

SEEDS = range(1, 21)  # where a log with a wanted act is looked for
MATCH_SEEDS = match_seeds(20)  # the matches checked under both runtimes (helpers.py)
OPTION_SETS = {
    "default": (),
    "pagat": ("players=4", "direction=clockwise", "throw_in=same_dealer", "invalid_buy=forfeit",
              "win_threshold=38"),
    "pack78": ("pack=78", "expose_talon_in_ansager=on", "gstiess_last_trick_illegal=on",
               "tie_37_last_trick=on"),
}


def droggn_selfplay(tmp_path, seed, options=(), runtime="cpython"):
    extra = []
    for option in options:
        extra += ["--option", option]
    return selfplay(tmp_path, "droggn", seed, runtime, extra)


def declarer_seats(points, score, total):
    """The seats that can be the declarer of a hand with these side points and scores."""
    seats = []
    players = len(points)
    for d in range(players):
        others = [s for s in range(players) if s != d]
        if (all(points[s] == points[others[0]] for s in others)
                and points[d] + points[others[0]] == total
                and all(score[s] == score[others[0]] for s in others)
                and score[d] == -(players - 1) * score[others[0]]):
            seats.append(d)
    return seats


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
@pytest.mark.parametrize("seed", MATCH_SEEDS)
def test_selfplay_identical_under_both_runtimes_replay_74_and_zero_sum(tmp_path, seed, name):
    options = OPTION_SETS[name]
    log = droggn_selfplay(tmp_path, seed, options)
    assert log.read_bytes() == droggn_selfplay(tmp_path, seed, options, "micropython").read_bytes()
    done = deckmate("replay", "--check", "--json", log)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["game"] == "droggn" and summary["complete"]
    players = summary["players"]
    assert players == (4 if "players=4" in options else 3)
    assert len(summary["hands"]) == 2 * players  # the match: twice as many deals as players
    total = 78 if "pack=78" in options else 74
    for hand in summary["hands"]:
        points, score = hand["points"], hand["score"]
        assert sum(score) == 0
        if points == [0] * players:  # thrown in
            assert score == [0] * players
        else:
            assert declarer_seats(points, score, total), hand
    assert sum(summary["total"]) == 0


def first_illegal_act(lines, phase, rule):
    """(line index, seat, text) of the first act in `phase` where the seat to act holds a card
    that breaks `rule` (the reason's opening words)."""
    replay = Replay(load)
    for index, line in enumerate(lines):
        record = json.loads(line)
        state = replay.state
        if record["t"] == "act" and state.phase == phase:
            seat = state.current_player()
            for card in state.hands[seat]:
                text = state.action_text(card)
                if (state.illegal_reason(card) or "").startswith(rule):
                    return index, seat, text
        replay.feed(record)
    return None


def tampered(tmp_path, phase, rule):
    """A log of the first seed with such an act, the act replaced by the illegal card."""
    for seed in SEEDS:
        lines = droggn_selfplay(tmp_path, seed).read_text().splitlines(True)
        found = first_illegal_act(lines, phase, rule)
        if found:
            index, seat, text = found
            record = json.loads(lines[index])
            record["a"] = text
            lines[index] = json.dumps(record, separators=(",", ":")) + "\n"
            bad = tmp_path / ("bad-%s.jsonl" % phase)
            bad.write_text("".join(lines))
            return bad, index + 1, seat, text
    raise AssertionError("no seed gives such an act")


def test_a_revoke_is_rejected_naming_the_line_and_the_rule(tmp_path):
    bad, line, seat, text = tampered(tmp_path, "play", "section 4.6.2")
    done = deckmate("replay", "--check", bad)
    assert done.returncode == 1
    assert "%s:%d:" % (bad, line) in done.stderr
    assert "seat %d: %s is illegal: section 4.6.2" % (seat, text) in done.stderr


def test_a_forbidden_discard_is_rejected_naming_the_line_and_the_rule(tmp_path):
    bad, line, seat, text = tampered(tmp_path, "discard", "section 4.4.2")
    done = deckmate("replay", "--check", bad)
    assert done.returncode == 1
    assert "%s:%d:" % (bad, line) in done.stderr
    assert "seat %d: %s is illegal: section 4.4.2" % (seat, text) in done.stderr


def bid_lines(tmp_path):
    lines = droggn_selfplay(tmp_path, 1).read_text().splitlines(True)
    return lines, [i for i in range(len(lines)) if json.loads(lines[i])["t"] == "act"][:3]


def test_an_out_of_turn_bid_is_rejected_naming_the_line_and_the_seat_to_speak(tmp_path):
    lines, bids = bid_lines(tmp_path)
    record = json.loads(lines[bids[1]])
    to_speak = record["seat"]
    record["seat"] = json.loads(lines[bids[0]])["seat"]  # the first bidder speaks again
    lines[bids[1]] = json.dumps(record, separators=(",", ":")) + "\n"
    bad = tmp_path / "bad-turn.jsonl"
    bad.write_text("".join(lines))
    done = deckmate("replay", "--check", bad)
    assert done.returncode == 1
    assert "%s:%d:" % (bad, bids[1] + 1) in done.stderr
    assert "acts out of turn; seat %d is to act" % to_speak in done.stderr


def test_a_bid_below_the_last_is_rejected_naming_the_line_and_the_rule(tmp_path):
    lines, bids = bid_lines(tmp_path)
    first = json.loads(lines[bids[0]])
    first["a"] = "slam"
    lines[bids[0]] = json.dumps(first, separators=(",", ":")) + "\n"
    second = json.loads(lines[bids[1]])
    second["a"] = "ansager"
    lines[bids[1]] = json.dumps(second, separators=(",", ":")) + "\n"
    bad = tmp_path / "bad-bid.jsonl"
    bad.write_text("".join(lines))
    done = deckmate("replay", "--check", bad)
    assert done.returncode == 1
    assert "%s:%d:" % (bad, bids[1] + 1) in done.stderr
    assert "ansager is illegal: section 4.3.3" in done.stderr


def test_a_four_player_deal_that_deals_the_sitting_out_dealer_is_rejected(tmp_path):
    log = tmp_path / "four.jsonl"
    assert deckmate("selfplay", "--game", "droggn", "--players", 4, "--seed", 3,
                    "--out", log).returncode == 0
    records = [json.loads(line) for line in log.read_text().splitlines()]
    deal = records[1]
    dealer, other = deal["dealer"], (deal["dealer"] + 1) % 4
    deal["hands"][dealer], deal["hands"][other] = deal["hands"][other], deal["hands"][dealer]
    log.write_text("".join(json.dumps(r) + "\n" for r in records))
    done = deckmate("replay", "--check", log)
    assert done.returncode == 1
    assert ":2: deal record: deal: section 4.1.1: the dealer sits out" in done.stderr
