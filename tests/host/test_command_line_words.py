"""The command line as a person types it: games and players named in any case and with or
without accents by every command (deckmate.names, the one matching), the examples of the help
working, and every mistake one line that names the fix: a close miss answered with "did you
mean", a port that is not a serial port, is busy or silent, an archive that is a file."""

import json
import os
import pty
import re

import pytest

from deckmate import connection
from deckmate.archive import Archive
from deckcore.games import load
from owner_games import PERSON, device_log
from test_cli import assert_one_line_error, run
from test_owner_commands import archive  # noqa: F401  (the fixture: an owner's archive)

SPELLINGS = {"chambery": ("Chambéry", "CHAMBERY", "chambéry tarot"),
             "scout": ("SCOUT", "Scout", "scout")}


@pytest.mark.parametrize("game", sorted(SPELLINGS))
def test_every_owner_command_takes_a_game_as_selfplay_does(
        capsys, archive, tmp_path, game):  # noqa: F811
    folder, _ = archive
    for spelling in SPELLINGS[game]:
        status, out, err = run(capsys, "games", "--archive", folder, "--game", spelling, "--json")
        assert status == 0, err
        assert {row["game"] for row in json.loads(out)} == {game}
    spelling = SPELLINGS[game][0]
    status, out, err = run(capsys, "stats", "--archive", folder, "--game", spelling)
    assert status == 0 and out.startswith({"chambery": "Chambéry", "scout": "SCOUT"}[game]), err
    for command, out_path in (("plot", tmp_path / "p.png"), ("report", tmp_path / "r"),
                              ("export", tmp_path / "e.csv")):
        words = [command] + (["csv"] if command == "export" else [])
        status, out, err = run(capsys, *words, "--archive", folder, "--game", spelling, "--out",
                               out_path)
        assert status == 0 and out.startswith("wrote"), err


def test_a_player_is_found_without_his_accents_or_case(capsys, archive, tmp_path):  # noqa: F811
    folder, _ = archive
    assert PERSON == "Hélène"
    status, out, _ = run(capsys, "games", "--archive", folder, "--player", PERSON, "--json")
    mine = out
    for typed in ("helene", "HELENE", "Helene", "hélène"):
        status, out, err = run(capsys, "games", "--archive", folder, "--player", typed, "--json")
        assert status == 0 and out == mine, err
    status, out, _ = run(capsys, "stats", "--archive", folder, "--player", "helene")
    assert status == 0 and "Hélène" in out and "Bot 2" not in out
    status, out, err = run(capsys, "plot", "--archive", folder, "--player", "helene", "--out",
                           tmp_path / "mine.png")
    assert status == 0 and out.startswith("wrote %s: 9 matches" % (tmp_path / "mine.png")), err


def test_bots_and_devices_are_named_in_any_case(capsys, archive, tmp_path):  # noqa: F811
    folder, _ = archive
    status, out, _ = run(capsys, "games", "--archive", folder, "--device", "E6614103", "--json")
    assert status == 0 and len(json.loads(out)) == 11
    status, _, err = run(capsys, "selfplay", "--game", "scioto", "--bots", "Random,GREEDY",
                         "--seed", 1, "--out", tmp_path / "b.jsonl")
    assert status == 0, err
    header = json.loads((tmp_path / "b.jsonl").read_text().splitlines()[0])
    assert [player["level"] for player in header["players"]] == ["random", "greedy"]


class _Flash:
    """What deckapp.store_games.new_game_id reads and writes of the device's store."""

    largest_id = 0

    def __init__(self):
        self.state = {}

    def load_state(self, key, default):
        return self.state.get(key, default)

    def save_state(self, key, value):
        self.state[key] = value


def test_the_example_of_replay_help_replays_a_game_the_device_archived(capsys, tmp_path):
    """The ids are the ones the device gives its games (deckapp/store_games.new_game_id)."""
    from deckapp.store_games import new_game_id
    status, help_text, _ = run(capsys, "replay", "--help")
    example = re.search(r"Example:\s+deckmate\s+replay\s+(\S+)", " ".join(help_text.split()))
    flash = _Flash()
    with Archive(str(tmp_path / "games")) as opened:
        for seed in (1, 2, 3):
            lines = device_log(load("scioto")({"players": 2}), seed, ("easy",), new_game_id(flash))
            data = "".join(line + "\n" for line in lines).encode()
            assert opened.add_log(data, "a.jsonl").kind == "new"
    status, out, err = run(capsys, "replay", example.group(1), "--archive", tmp_path / "games")
    assert status == 0 and "Match over" in out, err


@pytest.mark.parametrize("words, fix", [
    (["gmaes"], "did you mean games?"),
    (["games", "--gmae", "scout"], "did you mean --game?"),
    (["games", "--game", "scuot"], "did you mean scout?"),
    (["selfplay", "--game", "chambry", "--out", "x.jsonl"], "did you mean chambery?"),
    (["replay", "--chek", "x.jsonl"], "did you mean --check?"),
    (["export", "cvs"], "did you mean csv?"),
    (["selfplay", "--game", "scioto", "--option", "compunding=on", "--out", "x.jsonl"],
     "did you mean compounding?"),
    (["arena", "--game", "scioto", "--bots", "esay,normal", "--deals", "1"], "did you mean easy?"),
    (["bench", "--game", "scioto", "--level", "hardd"], "did you mean hard?"),
    (["sim", "--headless", "--board", "pico_lcd13"], "did you mean pico_lcd_13?"),
    (["deploy", "--board", "pico_lcd13"], "did you mean pico_lcd_13?"),
    (["selfplay", "--out", "x.jsonl"], "`deckmate selfplay --help`"),
    (["games", "extra"], "`deckmate games --help`"),
])
def test_a_command_line_mistake_is_one_line_that_names_the_fix(capsys, words, fix):
    status, out, err = run(capsys, *words)
    assert_one_line_error(status, err, 2, fix)
    assert "usage:" not in err and out == ""


def test_an_archive_that_is_a_file_is_said_to_be_one(capsys, tmp_path):
    a_file = tmp_path / "games.txt"
    a_file.write_text("")
    status, _, err = run(capsys, "games", "--archive", a_file)
    assert_one_line_error(status, err, 2, "is a file, not an archive folder")
    assert "no archive" not in err
    status, _, err = run(capsys, "sync", "--archive", a_file, "--port", "/dev/null")
    assert_one_line_error(status, err, 1, "is a file, not an archive folder")
    assert "File exists" not in err


def test_a_file_that_is_not_a_serial_port_is_said_to_be_one(capsys, tmp_path):
    for command in ("sync", "deploy"):
        status, _, err = run(capsys, command, "--port", os.devnull,
                             *(["--archive", tmp_path / "a"] if command == "sync" else []))
        assert_one_line_error(status, err, 1, "%s is not a serial port" % os.devnull,
                              "deckmate devices")
        assert "dialout" not in err


def test_a_port_another_program_holds_is_said_to_be_busy(capsys, tmp_path):
    import serial
    master, slave = pty.openpty()
    path = os.ttyname(slave)
    held = serial.Serial(path, exclusive=True)  # as mpremote or another deckmate holds it
    try:
        status, _, err = run(capsys, "sync", "--port", path, "--archive", tmp_path / "a")
    finally:
        held.close()
        os.close(slave)
        os.close(master)
    assert_one_line_error(status, err, 1, "%s is busy: another program holds it" % path,
                          "pid %d" % os.getpid(), "close that program")
    assert "dialout" not in err


def test_a_port_where_nothing_answers_is_said_to_be_silent(capsys, monkeypatch):
    monkeypatch.setattr(connection, "RAW_REPL_WAIT", 0.3)
    master, slave = pty.openpty()
    path = os.ttyname(slave)
    try:
        status, out, err = run(capsys, "deploy", "--port", path)
    finally:
        os.close(slave)
        os.close(master)
    assert_one_line_error(status, err, 1, "nothing answers on %s" % path, "deckmate devices")
    assert "b''" not in out + err and "plug it in again" not in err
