"""Scorekept logs (docs/log-format.md): what deckcore.keep.Keeper writes, KeptReplay replays,
recomputing every hand and total; a tampered hand or total is refused."""

import json

from deckcore.games import load
from deckcore.keep import Keeper, ask
from deckcore.keep_replay import KeptReplay, reader_for
from deckcore.replay import LogError, Replay
from expect import raises


def entry_of(game, dealer, **values):
    entry = ask(game, "start", dealer)
    entry.update(values)
    ask(game, "derive", dealer, entry)
    return entry


def kept_scarto_match(names=("Ada", "Bea", "Cy"), game_id="7", device="test"):
    """Three Scarto hands with an undo and a correction, and the log lines they wrote."""
    game = load("scarto")({})
    keeper = Keeper(game, 1)
    lines = [keeper.header(list(names), game_id, device)]
    lines.append(keeper.add(entry_of(game, 1, points=[31, 27, 0])))
    lines.append(keeper.add(entry_of(game, 0, points=[20, 30, 0])))
    lines.append(keeper.undo())
    lines.append(keeper.add(entry_of(game, 0, points=[20, 33, 0])))
    lines.append(keeper.correct(1, entry_of(game, 1, points=[30, 28, 0])))
    lines.append(keeper.add(entry_of(game, 2, points=[26, 26, 0])))
    lines.append(keeper.end())
    return keeper, lines


def replayed(lines):
    records = [json.loads(line) for line in lines]
    replay = reader_for(records[0])(load)
    for record in records:
        replay.feed(record)
    return replay


def test_the_log_of_a_kept_match_replays_to_its_totals_and_winner():
    keeper, lines = kept_scarto_match()
    assert json.loads(lines[0])["mode"] == "scorekeep"
    assert lines[1] == ('{"t":"entry","hand":1,"dealer":1,"e":{"points":[31,27,20]},'
                        '"points":[31,27,20],"score":[5,1,-6],"totals":[5,1,-6]}\n')
    assert lines[3] == '{"t":"undo","hand":2,"totals":[5,1,-6]}\n'
    replay = replayed(lines)
    assert replay.ended and replay.match.totals == keeper.match.totals == [-2, 9, -7]
    assert [dealer for dealer, _ in replay.keeper.hands] == [1, 0, 2]
    assert replay.match.winners() == [0, 1]


def test_a_tampered_total_or_an_impossible_hand_is_refused():
    _, lines = kept_scarto_match()
    tampered = lines[1].replace('"totals":[5,1,-6]', '"totals":[6,1,-6]')
    message = str(raises(LogError, replayed, lines[:1] + [tampered]))
    assert message == "logged totals [6, 1, -6], but the rules give [5, 1, -6]"
    impossible = lines[1].replace('"e":{"points":[31,27,20]}', '"e":{"points":[31,27,21]}')
    message = str(raises(LogError, replayed, lines[:1] + [impossible]))
    assert message == "hand 1: Points: total 79, must be 78"
    wrong_dealer = lines[1].replace('"dealer":1', '"dealer":2')
    assert "deal passes to seat 1" in str(raises(LogError, replayed, lines[:1] + [wrong_dealer]))


def test_undo_takes_back_only_the_last_hand_and_a_correction_names_an_entered_one():
    _, lines = kept_scarto_match()
    early_undo = '{"t":"undo","hand":1,"totals":[0,0,0]}'
    assert str(raises(LogError, replayed, lines[:3] + [early_undo])) == \
        "an undo of hand 1, but the last entered hand is 2"
    late = lines[5].replace('"hand":1', '"hand":4')
    assert str(raises(LogError, replayed, lines[:5] + [late])) == \
        "a correction of hand 4, but hands 1..2 are entered"


def test_played_and_scorekept_logs_are_told_apart_by_the_header():
    _, lines = kept_scarto_match()
    header = json.loads(lines[0])
    assert reader_for(header) is KeptReplay
    played = Replay(load)
    assert "this reader replays played games" in str(raises(LogError, played.feed, header))
    replay = KeptReplay(load)
    replay.feed(header)
    del header["mode"]
    assert reader_for(header) is Replay
    deal = {"t": "deal", "hand": 1, "dealer": 1, "hands": [[], [], []], "stock": []}
    assert str(raises(LogError, replay.feed, deal)) == \
        "a scorekept log has entered hands, not 'deal' records"


def test_a_match_stopped_early_ends_stopped_with_its_standings_and_leaders():
    keeper, lines = kept_scarto_match()
    keeper.undo()  # two hands in of three: the table stops there
    stopped = json.loads(keeper.end("stopped"))
    assert stopped == {"t": "end", "reason": "stopped", "totals": [-2, 9, -7], "winner": [0, 1],
                       "hands": 2}  # Scarto, 2.4.5: the lowest total loses, the others win
    replay = replayed(lines[:-2] + [keeper.end("stopped")])
    assert replay.ended and replay.end_reason == "stopped"
    # the leaders are the winners; an abandoned match has none; before a hand, nobody leads
    wrong = replayed_error(lines[:-2] + [keeper.end("stopped").replace('"winner":[0,1]',
                                                                       '"winner":[]')])
    assert wrong == "logged winner [], but the rules give [0, 1]"
    assert json.loads(keeper.end("abandoned"))["winner"] == []
    fresh = Keeper(load("scarto")({}), 1)
    assert json.loads(fresh.end("stopped"))["winner"] == []


def test_a_match_over_ends_completed_however_it_was_ended_and_a_played_log_is_never_stopped():
    keeper, lines = kept_scarto_match()  # the third hand is in: the match is over
    for reason in ("stopped", "abandoned", "completed"):
        assert keeper.end(reason) == lines[-1]
        assert json.loads(lines[-1])["reason"] == "completed"
    early = lines[-1].replace('"completed"', '"stopped"')
    assert replayed_error(lines[:-1] + [early]) == \
        "the end record says stopped, but the match is over (its end is completed)"
    played = Replay(load)
    assert "neither completed nor abandoned" in str(raises(LogError, played._end, {
        "t": "end", "reason": "stopped"}))


def replayed_error(lines):
    return str(raises(LogError, replayed, lines))
