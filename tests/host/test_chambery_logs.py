"""Chambéry Tarot logs end to end: selfplay is byte-identical under both runtimes for the
default options and four other option sets, replay reports every hand's card points (68, 72
or 78 in all) and a zero-sum settlement that the rules give for those points, and a log with
an illegal action is rejected with its line and the rule it breaks."""

import json

import pytest

from deckcore.games import load
from deckcore.games.chambery import (
    CALLED, ONE_CARD, SOLO, TWO_CARDS, Chambery, each_for_himself_scores, from_the_dealers_right,
    side_scores)
from deckcore.games.tarot import FOOL
from deckcore.replay import Replay
from helpers import deckmate, match_seeds, selfplay

SEEDS = range(1, 21)  # where a log with a wanted act is looked for
MATCH_SEEDS = match_seeds(20)  # the matches checked under both runtimes (helpers.py)
OPTION_SETS = {
    "default": (),
    "all_1902": ("suit_ranking=french_1902", "first_lead=eldest", "discard_rule=1902",
                 "settlement=pagat_1902", "multipliers=1902"),
    "four": ("--players", "4"),
    "three": ("--players", "3", "multipliers=1902"),
    "four_fixed_62": ("--players", "4", "pack=62", "partnerships=fixed", "multipliers=1902"),
}


def arguments(name):
    """The selfplay arguments of an option set: --players as given, the rest as --option."""
    args = []
    items = OPTION_SETS[name]
    index = 0
    while index < len(items):
        if items[index] == "--players":
            args += ["--players", items[index + 1]]
            index += 2
        else:
            args += ["--option", items[index]]
            index += 1
    return args


def options_of(log):
    return json.loads(log.read_text().splitlines()[0])["options"]


def dealers_of(log):
    return [json.loads(line)["dealer"] for line in log.read_text().splitlines()
            if json.loads(line)["t"] == "deal"]


def settlements(game, points, dealer):
    """Every settlement the rules allow for these points: the declaring side is a soloist,
    the dealer with a partner, or the dealer alone (fixed partners: the dealer's pair)."""
    players = game.num_players
    opts = game.options
    total = game.total_points
    if players == 3:
        return [each_for_himself_scores(points, opts["multipliers"], total,
                                        from_the_dealers_right(dealer, 3))]
    if opts["partnerships"] == "fixed":
        sides = [[(seat - dealer) % 2 for seat in range(players)]]
    else:
        sides = [[0 if seat == solo else 1 for seat in range(players)]
                 for solo in range(players)]
        sides += [[0 if seat in (dealer, partner) else 1 for seat in range(players)]
                  for partner in range(players) if partner != dealer]
    found = []
    for side in sides:
        for contract in (TWO_CARDS, ONE_CARD, SOLO, CALLED):
            found.append(side_scores(points, side, contract, dealer, opts["settlement"],
                                     opts["multipliers"], total))
    return found


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
@pytest.mark.parametrize("seed", MATCH_SEEDS)
def test_selfplay_is_identical_under_both_runtimes_and_replays_to_the_rules_results(
        tmp_path, seed, name):
    log = selfplay(tmp_path, "chambery", seed, extra=arguments(name))
    micropython = selfplay(tmp_path, "chambery", seed, "micropython", arguments(name))
    assert log.read_bytes() == micropython.read_bytes()
    done = deckmate("replay", "--check", "--json", log)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    game = Chambery(options_of(log))
    assert summary["game"] == "chambery" and summary["complete"]
    assert summary["players"] == game.num_players
    assert len(summary["hands"]) == game.num_players  # 3.6.7: a rubber is one deal each
    dealers = dealers_of(log)
    for number, hand in enumerate(summary["hands"]):
        assert sum(hand["points"]) == game.total_points  # 68, 72 or 78 (3.2.4, 3.7)
        assert sum(hand["score"]) == 0
        assert hand["score"] in settlements(game, hand["points"], dealers[number])
    assert sum(summary["total"]) == 0


def test_default_replay_reports_68_card_points_per_hand(tmp_path):
    log = selfplay(tmp_path, "chambery", 1)
    summary = json.loads(deckmate("replay", "--check", "--json", log).stdout)
    assert [sum(hand["points"]) for hand in summary["hands"]] == [68] * 5


# Illegal actions are rejected with the line and the rule -----------------------------------

def first_act(lines, wanted):
    """(line index, record, state before it) of the first act for which wanted(state) holds."""
    replay = Replay(load)
    for index, line in enumerate(lines):
        record = json.loads(line)
        if record["t"] == "act" and wanted(replay.state):
            return index, record, replay.state
        replay.feed(record)
    raise AssertionError("no such act in this log")


def tamper(tmp_path, lines, index, record):
    lines = list(lines)
    lines[index] = json.dumps(record, separators=(",", ":")) + "\n"
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(lines))
    return bad


def rejected(bad, line):
    done = deckmate("replay", "--check", bad)
    assert done.returncode == 1
    assert "%s:%d:" % (bad, line) in done.stderr
    return done.stderr


def log_lines(tmp_path, seed=3):
    return selfplay(tmp_path, "chambery", seed).read_text().splitlines(True)


def holds_an_illegal_card(phase):
    def wanted(state):
        if state is None or state.phase != phase:
            return False
        legal = state.legal_actions()
        return any(card not in legal for card in state.hands[state.current_player()])
    return wanted


def test_a_revoke_is_rejected_naming_the_line_and_the_rule(tmp_path):
    lines = log_lines(tmp_path)
    index, record, state = first_act(lines, holds_an_illegal_card("play"))
    seat = state.current_player()
    card = [c for c in state.hands[seat] if c not in state.legal_actions()][0]
    record["a"] = state.action_text(card)
    stderr = rejected(tamper(tmp_path, lines, index, record), index + 1)
    assert "seat %d: %s is illegal: section 3.5.2" % (seat, record["a"]) in stderr


def test_a_forbidden_discard_is_rejected_naming_the_line_and_the_rule(tmp_path):
    lines = log_lines(tmp_path)
    index, record, state = first_act(lines, holds_an_illegal_card("discard"))
    king = [c for c in state.hands[state.dealer] if c not in state.legal_actions()][0]
    record["a"] = state.action_text(king)
    stderr = rejected(tamper(tmp_path, lines, index, record), index + 1)
    assert "is illegal: section 3.3.4" in stderr


def test_a_bid_out_of_turn_is_rejected_naming_the_line(tmp_path):
    lines = log_lines(tmp_path)
    index, record, state = first_act(lines, lambda s: s is not None and s.phase == "bid")
    to_act = state.current_player()
    record["seat"] = state.dealer  # 3.4.2: the dealer speaks last
    assert record["seat"] != to_act
    stderr = rejected(tamper(tmp_path, lines, index, record), index + 1)
    assert "seat %d acts out of turn; seat %d is to act" % (state.dealer, to_act) in stderr


def test_a_bid_that_does_not_overcall_is_rejected_naming_the_rule(tmp_path):
    lines = log_lines(tmp_path)

    def after_a_bid(state):
        return state is not None and state.phase == "bid" and state.auction.high != 0
    index, record, state = first_act(lines, after_a_bid)
    record["a"] = "two_cards"
    stderr = rejected(tamper(tmp_path, lines, index, record), index + 1)
    assert "is illegal: section 3.4.3" in stderr


def test_naming_the_fool_is_rejected_naming_the_rule(tmp_path):
    for seed in SEEDS:
        lines = log_lines(tmp_path, seed)
        try:
            index, record, state = first_act(lines, soloist_asks_without_the_fool)
        except AssertionError:
            continue
        record["a"] = "ask Fool"
        stderr = rejected(tamper(tmp_path, lines, index, record), index + 1)
        assert "is illegal: section 3.4.4: the Fool may not be named" in stderr
        return
    raise AssertionError("no seed has a soloist without the Fool")


def soloist_asks_without_the_fool(state):
    return state is not None and state.phase == "ask" and FOOL not in state.hands[state.declarer]
