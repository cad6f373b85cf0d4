"""`deckmate replay FILE` tells a game as it was played: the deal of each hand, then trick by
trick who played what and who took it (action by action in SCOUT), and after each hand the
score explained in the device's words; coloured cards on a terminal, plain text when piped."""

import json
import os
import subprocess
import sys

from deckcore.explain import hand_lines
from deckcore.games import load
from deckmate.logs import replay_file
from deckmate.play_by_play import PlayByPlay
from helpers import deckmate, selfplay


def story_of(path):
    story = PlayByPlay()
    replay_file(path, story.on_record)
    return [line.plain for line in story.lines]


def test_scioto_is_told_trick_by_trick_and_each_trick_goes_to_the_seat_that_leads_next(tmp_path):
    log = selfplay(tmp_path, "scioto", 7, extra=("--bots", "greedy,random"))
    lines = story_of(log)
    tricks = [line for line in lines if line.startswith("  trick ")]
    hands = [line for line in lines if line.startswith("Hand ")]
    game = load("scioto")({"players": 2})
    per_hand = len(game.pack()) // 2  # every card is played, two to a trick (no re-leads here)
    assert len(hands) == 2 and len(tricks) == 2 * per_hand
    for trick in tricks:
        played, _, winner = trick.partition("  -> ")
        assert played.count("Bot 1 ") + played.count("Bot 2 ") >= 2
        assert winner in ("Bot 1", "Bot 2")
    # the next trick is led by the winner of the last one
    for before, after in zip(tricks, tricks[1:]):
        if after.startswith("  trick 1:"):
            continue
        assert after.split(": ", 1)[1].startswith(before.rsplit("-> ", 1)[1] + " ")


def test_the_score_is_explained_in_the_devices_words(tmp_path):
    log = selfplay(tmp_path, "droggn", 3, extra=("--bots", "easy"))
    lines = story_of(log)
    states = []

    def remember(line, record, replay):
        if record["t"] == "act" and replay.state.is_terminal():
            states.append(replay.state)

    replay, _ = replay_file(log, remember)
    names = [player["name"] for player in replay.header["players"]]
    for state in states:
        told = ["    " + line for line in hand_lines(state, names)]
        start = lines.index(told[0])
        assert lines[start - 1] == "  How it was scored:"
        assert lines[start:start + len(told)] == told


def test_scout_is_told_action_by_action_with_the_cards_shown_and_scouted(tmp_path):
    log = selfplay(tmp_path, "scout", 2, extra=("--players", "3", "--bots", "easy"))
    lines = story_of(log)
    actions = [line for line in lines if line.startswith("  Bot ") and ": " in line]
    with open(log) as handle:
        logged = sum(1 for line in handle if '"t":"act"' in line)
    assert len(actions) == logged
    shows = [line for line in actions if line.split(": ", 1)[1].startswith("show ")]
    scouts = [line for line in actions if line.split(": ", 1)[1].startswith("scout ")]
    assert shows and all(", on the table: " in line for line in shows)
    assert scouts and all(", takes " in line for line in scouts)


def test_piped_the_replay_is_plain_text_and_on_a_terminal_the_cards_are_coloured(tmp_path):
    log = selfplay(tmp_path, "scarto", 4)
    piped = deckmate("replay", log)
    assert piped.returncode == 0, piped.stderr
    assert "\x1b[" not in piped.stdout and "trick 1:" in piped.stdout
    assert piped.stdout.rstrip().endswith("every result matches the rules")
    terminal = subprocess.run(
        [sys.executable, "-c", "import sys; from deckmate.cli import main; sys.exit(main())",
         "replay", str(log)], capture_output=True, text=True,
        env=dict(os.environ, FORCE_COLOR="1", TTY_COMPATIBLE="1", PAGER="cat", COLUMNS="200"))
    assert terminal.returncode == 0, terminal.stderr
    assert "\x1b[" in terminal.stdout and "\u2665" in terminal.stdout


def test_a_bad_line_shows_the_play_up_to_it_then_the_error(tmp_path):
    log = selfplay(tmp_path, "scioto", 5)
    lines = log.read_text().splitlines(keepends=True)
    lines[10] = lines[10].replace('"seat":0', '"seat":7').replace('"seat":1', '"seat":7')
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(lines))
    result = deckmate("replay", bad)
    assert result.returncode == 1
    assert "Hand 1:" in result.stdout
    assert result.stderr.startswith("deckmate replay: %s:11: act record: seat 7" % bad)


def test_a_verb_agrees_with_you_the_person_at_the_device(tmp_path):
    log = selfplay(tmp_path, "scioto", 7)
    records = log.read_text().splitlines()
    header = json.loads(records[0])
    header["players"][1]["name"] = "You"  # the dealer of hand 1 and the winner
    log.write_text("\n".join([json.dumps(header)] + records[1:]) + "\n")
    lines = story_of(log)
    assert "Hand 1: You deal" in lines and "Hand 2: Bot 1 deals" in lines
    assert [line for line in lines if line.startswith("Match over")][0].startswith(
        "Match over after 2 hands: You win (")
    assert not [line for line in lines if "You deals" in line or "You wins" in line]
