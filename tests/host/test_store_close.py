"""Closing a log (deckapp/store_games.py close_entry): the manifest records the log's size,
SHA-256 and result, the result read from the end line alone, however long the log."""

import hashlib

from deckapp import store_games
from deckapp.store import Store
from deckcore import log


def closed_match(store, lines):
    game_log = store.start_game(store.new_game_id(), '{"t": "header", "game": "droggn"}\n')
    for line in lines:
        game_log.append(line)
    game_log.close()
    return store.entry(game_log.game_id)


def test_a_long_match_is_closed_with_its_size_hash_and_result(tmp_path):
    store = Store(str(tmp_path))
    store.boot()
    results = [log.result(hand, [30, 20, 28], [6, -3, -3], [6 * hand, -3 * hand, -3 * hand])
            for hand in range(1, 200)]
    closed = closed_match(store, results + [log.end("completed", [1194, -597, -597], [0], 199)])
    with open(store.log_path(closed["id"]), "rb") as handle:
        data = handle.read()
    assert len(data) > 20 * store_games.CHUNK
    assert closed["state"] == "closed"
    assert (closed["size"], closed["sha256"]) == (len(data), hashlib.sha256(data).hexdigest())
    assert closed["result"] == {"reason": "completed", "totals": [1194, -597, -597],
                                "winner": [0]}


def test_an_end_line_longer_than_the_chunk_read_is_still_found(tmp_path):
    path = str(tmp_path / "1.jsonl")
    end = '{"t": "end", "reason": "%s", "totals": [1, 2], "winner": [1]}\n' % (
        "x" * store_games.CHUNK)
    with open(path, "w") as handle:
        handle.write('{"t": "header"}\n' * 40 + end)
    assert store_games.last_record(path)["winner"] == [1]
    with open(path, "w") as handle:  # alone in the log
        handle.write(end)
    assert store_games.last_record(path)["totals"] == [1, 2]


def test_a_log_not_ending_in_a_whole_json_line_has_no_last_record(tmp_path):
    path = str(tmp_path / "1.jsonl")
    for text in ('{"t": "header"}\n{"t": "end", "rea', '{"t": "header"}\nnot json\n', ""):
        with open(path, "w") as handle:
            handle.write(text)
        assert store_games.last_record(path) is None, text
