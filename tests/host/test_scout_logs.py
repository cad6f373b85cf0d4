"""SCOUT logs: byte-identical under both runtimes for 2 to 5 players, replayed results that
follow from the score piles, chips and hands (rules.md 5.4, 5.5.7), and illegal actions
rejected with the line and the rule."""

import json

import pytest

from deckcore.games import load
from deckcore.games.scout import Scout
from deckcore.replay import piles_from_record
from deckcore.replay import Replay
from helpers import deckmate, match_seeds, selfplay

MATCH_SEEDS = match_seeds(20)  # the matches checked under both runtimes (helpers.py)


def _lines(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def _write(path, records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


def expected_results(records):
    """Per round (points, score) worked out from the final piles, chips and hands."""
    game = Scout(records[0]["options"])
    out = []
    for record in records[1:]:
        if record["t"] == "deal":
            state = game.new_hand(record["dealer"], piles_from_record(game, record))
        elif record["t"] == "act":
            state.apply(state.parse_action(record["a"]))
        elif record["t"] == "result":
            unbeaten = state.owner if state.ended_by == "b" else -1
            points = [len(state.piles[s]) + state.chips[s] for s in range(game.num_players)]
            out.append({"points": points,
                        "score": [points[s] - (0 if s == unbeaten else len(state.hands[s]))
                                  for s in range(game.num_players)]})
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_selfplay_is_byte_identical_under_both_runtimes_and_replays_to_the_rules(tmp_path, players):
    extra = ["--players", str(players)]
    for seed in MATCH_SEEDS:
        cpython = selfplay(tmp_path, "scout", seed, "cpython", extra)
        micro = selfplay(tmp_path, "scout", seed, "micropython", extra)
        assert cpython.read_bytes() == micro.read_bytes(), seed
        result = deckmate("replay", "--check", "--json", cpython)
        assert result.returncode == 0, result.stderr
        summary = json.loads(result.stdout)
        assert summary["game"] == "scout" and summary["complete"] and summary["winner"]
        assert len(summary["hands"]) == players  # 5.4, 5.5.1: as many rounds as players
        assert summary["hands"] == expected_results(_lines(cpython))


def test_two_player_round_2_deals_the_cards_set_aside_in_round_1(tmp_path):
    records = _lines(selfplay(tmp_path, "scout", 6, extra=["--players", "2"]))
    deals = [r for r in records if r["t"] == "deal"]
    assert len(deals) == 2 and len(deals[0]["set_aside"]) == 22
    assert deals[1]["hands"][0] + deals[1]["hands"][1] == deals[0]["set_aside"]
    assert deals[1]["set_aside"] == []


def tamper(tmp_path, players, seed, wanted, replacement):
    """Replace the first action whose state passes `wanted(state)` by `replacement(state)`;
    returns (line number, replay stderr)."""
    log = selfplay(tmp_path, "scout", seed, extra=["--players", str(players)])
    records = _lines(log)
    replay = Replay(load)
    for index, record in enumerate(records):
        if record["t"] == "act" and wanted(replay.state):
            record["a"] = replacement(replay.state)
            _write(log, records)
            result = deckmate("replay", "--check", log)
            assert result.returncode == 1
            return index + 1, result.stderr
        replay.feed(record)
    pytest.fail("no position found to tamper with")


def test_replay_rejects_a_middle_card_scouted(tmp_path):
    line, error = tamper(tmp_path, 4, 2, lambda s: s.phase == "play" and len(s.active) >= 3,
                         lambda s: "scout 2 @1")
    assert ":%d: act record" % line in error and "section 5.2.B.1" in error
    assert "left or right end" in error


def test_replay_rejects_a_show_that_does_not_beat_the_active_set(tmp_path):
    line, error = tamper(tmp_path, 3, 2, lambda s: s.phase == "play" and len(s.active) >= 2,
                         lambda s: "show 1")
    assert ":%d: act record" % line in error and "section 5.2.A.3" in error
    assert "does not beat the active set" in error


def test_replay_rejects_a_second_scout_and_show_in_a_round(tmp_path):
    def spent(state):
        return state.phase == "play" and state.active and not state.scout_show[state.to_act]
    line, error = tamper(tmp_path, 5, 3, spent, lambda s: "scout+show left @1 show 1")
    assert ":%d: act record" % line in error and "section 5.2.C" in error
    assert "once per round" in error


def test_replay_rejects_any_scout_and_show_with_two_players(tmp_path):
    line, error = tamper(tmp_path, 2, 3, lambda s: s.phase == "play" and s.active,
                         lambda s: "scout+show left @1 show 1")
    assert ":%d: act record" % line in error and "section 5.5.2" in error


def test_replay_rejects_a_7_14_duplicate_form_and_names_the_listed_one(tmp_path):
    line, error = tamper(tmp_path, 3, 4, lambda s: s.phase == "play" and len(s.active) == 1
                         and s.scout_show[s.to_act], lambda s: "scout+show left @2 show 2")
    assert ":%d: act record" % line in error and "section 7.14" in error
    assert "scout+show left @1 show 1" in error


def test_replay_rejects_a_round_2_deal_other_than_the_cards_set_aside(tmp_path):
    log = selfplay(tmp_path, "scout", 5, extra=["--players", "2"])
    records = _lines(log)
    index = [i for i, r in enumerate(records) if r["t"] == "deal"][1]
    hands = records[index]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    _write(log, records)
    result = deckmate("replay", "--check", log)
    assert result.returncode == 1
    assert ":%d: deal record" % (index + 1) in result.stderr
    assert "carried over from hand 1" in result.stderr


def test_replay_rejects_a_card_the_deck_does_not_hold(tmp_path):
    log = selfplay(tmp_path, "scout", 5, extra=["--players", "3"])
    records = _lines(log)
    records[1]["hands"][0][0] = "10/2"  # 5.1.2: 3 players play without the 10s
    _write(log, records)
    result = deckmate("replay", "--check", log)
    assert result.returncode == 1
    assert ":2: deal record" in result.stderr and "section 5.1.2" in result.stderr
