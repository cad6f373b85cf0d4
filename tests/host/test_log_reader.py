"""What the log reader says about a header or record that breaks the format (docs/log-format.md),
and which records it skips."""

import json
import os

import pytest

from deckcore.bots.levels import make
from deckcore import RulesError
from deckcore.games import load
from deckcore.rng import Rng
from deckcore.selfplay import play_match
from deckmate.logs import BadLog, ReadLog, _game_once, replay_log
from deckmate.runtime import run_core
from helpers import ROOT, deckmate


def _scioto_log():
    game = load("scioto")({})
    lines = []
    play_match(game, 3, [make("random", game)] * 2, lines.append)
    return [json.loads(line) for line in lines]


def _replay(records):
    data = "".join(json.dumps(record) + "\n" for record in records).encode()
    return replay_log(ReadLog("game.jsonl", data))


def _error(records):
    with pytest.raises(BadLog) as caught:
        _replay(records)
    return str(caught.value)


def _with_header(**changes):
    records = _scioto_log()
    records[0].update(changes)
    return records


@pytest.mark.parametrize("line", [
    b'{"t":"note","x":[1,2.5,null,true,-Infinity,"\\u00e9"]}', b'"text"', b'1 2',
    b'\xef\xbb\xbf{"t":"note"}', b'{"t":"note"} {"t":"end"}', b'{"t":"note"},',
    b'{"t":"\xff"}', b'\x0c {"t":"note"}\t\x0b', b'[' * 100000,
    b'{"t":"note"}\r', b'{"t":"note"}\xc2\xa0', b'\xe2\x80\xa8{"t":"note"}',
    b'{"t":"note"}\xc2\x85'])  # (white space to Unicode, not to bytes.strip nor to JSON)
def test_a_line_reads_as_json_loads_reads_it_and_a_line_it_refuses_says_why(line):
    data = line + b"\n" + b'{"t":"end"}\n'
    try:
        value = json.loads(line.strip().decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        with pytest.raises(BadLog) as caught:
            ReadLog("game.jsonl", data)
        assert str(caught.value) == "game.jsonl:1: not a JSON record (%s)" % error
    else:
        assert ReadLog("game.jsonl", data).records == [(1, value), (2, {"t": "end"})]


def test_a_bad_card_token_is_refused_each_time_though_the_game_read_its_tokens_before():
    records = _scioto_log()
    _replay(records)
    deal = next(record for record in records if record["t"] == "deal")
    deal["hands"][0][0] = "ZZ"
    first = _error(records)
    assert "'ZZ'" in first and _error(records) == first


@pytest.mark.parametrize("name, kind, old, new", [
    ("droggn", "deal", "T21", "T\u00b2"), ("droggn", "deal", "T3", "T\u0663"),
    ("scout", "act", "show 1", "show \u00b2"), ("scout", "act", "show 1", "show 1-\u00b2")])
def test_a_digit_that_is_not_ascii_is_refused_on_its_line(name, kind, old, new):
    """Unicode digits (a superscript two, which int() does not read; an Arabic-Indic three,
    which it reads as 3) are no numbers of a card or an action, as on the device: the log's
    line is refused, no ValueError escapes the replay."""
    game = load(name)({})
    lines = []
    play_match(game, 5, [make("random", game)] * game.num_players, lines.append)
    records = [json.loads(line) for line in lines]
    number, record = next((number, record) for number, record in enumerate(records, 1)
                          if record["t"] == kind and old in json.dumps(record))
    records[number - 1] = json.loads(json.dumps(record).replace(json.dumps(old)[1:-1],
                                                                json.dumps(new)[1:-1], 1))
    assert _error(records).startswith("game.jsonl:%d: %s record: " % (number, kind))


@pytest.mark.parametrize("name", ["droggn", "scout", "scioto"])
def test_the_replays_deal_check_says_what_the_rules_check_says_of_every_deal(name):
    """The replay's Game checks a deal's sizes and cards once for all the good deals of the
    Game (their order is not checked): every other deal is checked again, and refused with
    the rules' own message each time, after good deals and between them."""
    replayed, fresh = _game_once(name)({}), load(name)({})
    deals = [fresh.deal(Rng(seed), seed % fresh.num_players) for seed in range(1, 7)]
    doubled = fresh.deal(Rng(7), 0)
    doubled["hands"][0][0] = doubled["hands"][1][0]  # a card twice, one missing
    short = fresh.deal(Rng(8), 0)
    short["hands"][1] = short["hands"][1][1:]
    for piles in deals + [doubled, short] + deals[:2] + [doubled]:
        said = []
        for game in (fresh, replayed):
            try:
                game.check_deal(piles)
                said.append(None)
            except RulesError as error:
                said.append(str(error))
        assert said[0] == said[1]
        assert (said[0] is None) == (piles is not doubled and piles is not short)


def test_a_second_header_is_an_error():
    records = _scioto_log()
    records.insert(2, dict(records[0]))
    assert _error(records).startswith("game.jsonl:3: header record: a second header record")


@pytest.mark.parametrize("version,message", [
    ("1", "format version '1' is not a whole number (this reader reads v 1)"),
    (True, "format version True is not a whole number (this reader reads v 1)"),
    (0, "format version 0 does not exist; versions start at 1"),
    (2, "log format version 2 is newer than this reader (1); upgrade deckmate"),
])
def test_the_format_version_must_be_a_known_whole_number(version, message):
    assert _error(_with_header(v=version)) == "game.jsonl:1: header record: " + message


def test_a_header_without_a_version_says_so():
    records = _scioto_log()
    del records[0]["v"]
    assert _error(records).endswith(": the header has no format version v")


def test_a_header_without_options_is_refused():
    records = _scioto_log()
    del records[0]["options"]
    assert _error(records).endswith(
        "header options: missing; a log lists the value of every option")


def test_a_header_that_leaves_out_an_option_is_refused():
    records = _scioto_log()
    del records[0]["options"]["ranks"]
    assert _error(records).endswith(
        "header options: no value for ranks; a log lists the value of every option")


def test_a_seat_given_as_text_is_named_as_such():
    records = _scioto_log()
    first_act = next(r for r in records if r["t"] == "act")
    first_act["seat"] = str(first_act["seat"])
    assert _error(records).endswith(
        "act record: seat '%s' is not a seat number; seats are whole numbers 0..1"
        % first_act["seat"])


def test_a_header_seat_given_as_text_is_named_as_such():
    records = _scioto_log()
    records[0]["players"][1]["seat"] = "1"
    assert _error(records).endswith(
        "header players: entry 1 has seat '1'; seats are whole numbers counted from 0 in order")


def test_true_is_not_a_number_in_a_record():
    records = _scioto_log()
    deal = records[1]
    deal["dealer"] = deal["dealer"] == 1  # true for seat 1, false for seat 0
    assert "deal record: dealer %s, but the deal passes to seat" % deal["dealer"] in _error(records)


@pytest.mark.parametrize("kind", ["hand_number", "playing", "note", "_act", "__init__"])
def test_records_of_kinds_the_reader_does_not_replay_are_skipped(kind):
    records = _scioto_log()
    records.insert(3, {"t": kind, "hand": 1})
    records.append({"t": kind})
    replay, _ = _replay(records)
    assert replay.ended and replay.match.is_over()


@pytest.mark.parametrize("kind", ["result", "act"])
def test_a_known_record_after_the_end_is_an_error_naming_its_kind(kind):
    records = _scioto_log()
    records.append(dict([record for record in records if record["t"] == kind][-1]))
    assert "the record %r after the end record" % kind in _error(records)


def test_replay_check_json_prints_an_error_object_on_stdout_and_the_message_on_stderr(tmp_path):
    records = _scioto_log()
    del records[0]["options"]
    log = tmp_path / "bad.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in records))
    result = deckmate("replay", "--check", "--json", log)
    assert result.returncode == 1
    error = json.loads(result.stdout)
    assert error == {"error": "%s:1: header record: header options: missing; a log lists the "
                              "value of every option" % log, "file": str(log), "line": 1}
    assert result.stderr == "deckmate replay: %s\n" % error["error"]


def test_replay_json_error_of_an_unreadable_file_has_no_line(tmp_path):
    result = deckmate("replay", "--json", tmp_path / "missing.jsonl")
    assert result.returncode == 1
    error = json.loads(result.stdout)
    assert error["line"] is None and "cannot read" in error["error"]


def test_the_example_in_log_format_md_is_lines_of_the_real_log(tmp_path):
    from deckmate.commands.selfplay import name_uniquely
    with open(os.path.join(ROOT, "docs", "log-format.md"), encoding="utf-8") as handle:
        text = handle.read()
    example = text[text.index("## Example"):]
    opening = example.index("```\n") + 4
    shown = example[opening:example.index("\n```", opening)].split("\n")
    game = load("scioto")({})
    with open(tmp_path / "7.jsonl", "w") as out:  # as `deckmate selfplay` writes it
        play_match(game, 7, [make("random", game)] * 2, out.write)
    name_uniquely(tmp_path / "7.jsonl", "scioto", 7)
    lines = (tmp_path / "7.jsonl").read_text().splitlines()
    assert shown[0] == lines[0] and shown[-1] == lines[-1]
    position = 0
    for line in shown:
        if line != "…":
            position = lines.index(line, position) + 1


def test_under_micropython_the_reader_skips_other_kinds_and_refuses_bad_records():
    """The device resumes games through the same replay code."""
    records = _scioto_log()
    records.insert(2, {"t": "hand_number"})
    bad_act = dict(next(r for r in records if r["t"] == "act"), seat="0")
    code = """
import json
from deckcore.games import load
from deckcore.replay import LogError, Replay
replay = Replay(load)
for record in json.loads(%r):
    replay.feed(record)
print(replay.ended)
header, deal, bad_act = json.loads(%r)
for records in ([None], [{"t": 5}], [header, header], [header, deal, bad_act]):
    try:
        replay = Replay(load)
        for record in records:
            replay.feed(record)
    except LogError as error:
        print("LogError: %%s" %% error)
""" % (json.dumps(records), json.dumps([records[0], records[1], bad_act]))
    status, out, err = run_core(code)
    assert status == 0, err
    assert out.splitlines() == [
        "True",
        'LogError: a record must be a JSON object with a text kind "t"',
        'LogError: a record must be a JSON object with a text kind "t"',
        "LogError: a second header record; a log has exactly one, on its first line",
        "LogError: seat '0' is not a seat number; seats are whole numbers 0..1"]
