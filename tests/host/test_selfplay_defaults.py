"""`deckmate selfplay` as the README's first example runs it: the device's bots by default,
a seed taken when none is given (and kept in the header), and a game named as people write
it."""

import json

import pytest

from helpers import deckmate, firmware_constant


def header_of(path):
    return json.loads(path.read_text().splitlines()[0])


def test_the_bots_are_the_device_s_default_level(tmp_path):
    log = tmp_path / "a.jsonl"
    assert deckmate("selfplay", "--game", "scioto", "--seed", 5, "--out", log).returncode == 0
    level = firmware_constant("deckapp/play/setup.py", "_DEFAULT_LEVEL")  # the set-up's
    assert [player["level"] for player in header_of(log)["players"]] == [level, level]


def test_without_a_seed_one_is_taken_printed_and_kept_in_the_header(tmp_path):
    first, again = tmp_path / "first.jsonl", tmp_path / "again.jsonl"
    result = deckmate("selfplay", "--game", "scout", "--bots", "random", "--out", first)
    assert result.returncode == 0, result.stderr
    seed = header_of(first)["seed"]
    assert result.stdout == "wrote %s (seed %d: --seed %d plays it again)\n" % (first, seed, seed)
    assert 0 <= seed < 2 ** 30
    assert deckmate("selfplay", "--game", "scout", "--bots", "random", "--seed", seed,
                    "--out", again).returncode == 0
    assert again.read_bytes() == first.read_bytes()


@pytest.mark.parametrize("spelling", ["Chambéry", "CHAMBERY", "chambéry tarot", " Chambery "])
def test_a_game_is_named_in_any_case_with_or_without_its_accents(spelling):
    result = deckmate("options", "--game", spelling)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Chambéry Tarot options")


def test_an_unknown_game_lists_the_games():
    result = deckmate("selfplay", "--game", "bridge", "--seed", 1, "--out", "x.jsonl")
    assert result.returncode == 2
    assert "no game 'bridge'; the games are scioto, scarto, scout, droggn, chambery" in \
        result.stderr
