"""Keep score on the simulated board (the firmware image in the MicroPython unix port, in the
device's budget, play_sim.HEAP): each game's committed key script
docs/keys/keep-score-GAME.keys scores a whole match from a fresh flash, with a refused entry,
an undo and a correction. The totals the device shows (its screens, each reading whole,
tests/host/text_boxes.py, and compared with docs/screens/keep-score/) and logs are the
match's; the log passes `deckmate replay --check` (what `deckmate sync` archives), and the
same log with a total tampered with does not (checked on each game's log of the whole match).
A match stopped early (X, confirmed) ends `stopped`: its standings stay on the screen, its
leaders win, and its log passes the check too; stopped after its last hand is in, it ends
`completed`. A power cut in the middle of an entry loses at most the row being changed."""

import json
import os

import pytest
from PIL import Image, ImageChops

from helpers import ROOT, deckmate
from play_sim import device_log, header, play
from text_boxes import faults_of_shots, read_boxes

KEYS = os.path.join(ROOT, "docs", "keys")
SCREENS = os.path.join(ROOT, "docs", "screens", "keep-score")

# Per game: the totals and winners the script's hands give (worked out in the script's
# comments from rules.md's scoring), and the number of hands.
MATCHES = {
    "scioto": ([191, 171, 178], [0], 3),
    "scarto": ([8, -13, 5], [0, 2], 3),
    "scout": ([15, 10, 15], [0, 2], 3),
    "droggn": ([-43, -61, 104], [2], 2),
    "chambery": ([31, 96, -84, -84, 41], [1], 5),
}


def script(game):
    with open(os.path.join(KEYS, "keep-score-%s.keys" % game)) as keys:
        return keys.read().splitlines()


def records(log_text):
    return [json.loads(line) for line in log_text.splitlines()]


def same_picture(shot, committed):
    with Image.open(shot) as a, Image.open(committed) as b:
        return a.size == b.size and ImageChops.difference(a.convert("RGB"),
                                                          b.convert("RGB")).getbbox() is None


@pytest.mark.parametrize("game", sorted(MATCHES))
def test_a_whole_match_scored_with_the_keys(tmp_path, game):
    totals, winners, hands = MATCHES[game]
    flash = tmp_path / "flash.img"
    shots = play(flash, script(game), tmp_path / "shots", fresh=True, text_boxes=True)
    log = device_log(flash)
    kept = records(log)
    assert kept[0]["mode"] == "scorekeep" and kept[0]["game"] == game
    kinds = [record["t"] for record in kept]
    assert "undo" in kinds and "correct" in kinds  # the script's undo and correction
    assert kept[-1] == {"t": "end", "reason": "completed", "totals": totals, "winner": winners,
                        "hands": hands}
    path = tmp_path / "kept.jsonl"
    path.write_text(log)
    checked = deckmate("replay", "--check", "--json", path)
    assert checked.returncode == 0, checked.stderr
    assert json.loads(checked.stdout)["total"] == totals
    assert_a_tampered_total_is_rejected(tmp_path, log)
    # what the device showed: the totals, the refused entry's reason, the table, ...
    assert faults_of_shots(shots) == []
    for shot in shots:
        committed = os.path.join(SCREENS, os.path.basename(shot))
        assert same_picture(shot, committed), "%s differs from %s (tools/keep_screens.py " \
            "takes them again)" % (shot, committed)


def assert_a_tampered_total_is_rejected(tmp_path, log):
    """The device's log with the first entry's first total changed fails the check, which
    names its line."""
    lines = log.splitlines(True)
    number = [index for index, line in enumerate(lines) if '"t":"entry"' in line][0]
    record = json.loads(lines[number])
    record["totals"][0] += 1
    lines[number] = json.dumps(record, separators=(",", ":")) + "\n"
    path = tmp_path / "tampered.jsonl"
    path.write_text("".join(lines))
    checked = deckmate("replay", "--check", path)
    assert checked.returncode == 1
    assert "%s:%d: entry record: logged totals" % (path, number + 1) in checked.stderr


def test_a_power_cut_mid_entry_resumes_the_match_and_the_entry(tmp_path):
    flash = tmp_path / "flash.img"
    keys = script("scarto")
    first_hand = keys.index("# hand 2, Player 3 deals: You 30, Player 2 24 (Player 3 24), "
                            "committed, then taken back")
    # hand 2 begun: You 30 kept (the cursor left the row), Player 2 26 -> 25 not yet
    play(flash, keys[:first_hand] + ["press"] + ["right"] * 4 + ["down", "left"],
         tmp_path / "before", fresh=True)
    log = device_log(flash)
    assert [record["t"] for record in records(log)] == ["header", "entry"]
    shots = play(flash, ["shot resume", "press", "shot resumed", "a", "a", "shot totals"],
                 tmp_path / "shots")
    resumed = records(device_log(flash))
    assert resumed[:2] == records(log)
    assert resumed[2]["e"] == {"points": [30, 26, 22]} and resumed[2]["dealer"] == 2
    assert resumed[2]["totals"] == [9, 1, -10]
    assert len(shots) == 3


def test_the_last_set_up_of_a_game_comes_back_and_a_match_stopped_before_a_hand_has_no_winner(
        tmp_path):
    flash = tmp_path / "flash.img"
    setup = ["down", "press"]  # Keep score: the set-up (Scioto, as it was last set up)
    stop = ["x", "a", "press"]  # Stop, confirmed, Done: back to the main menu
    seats = ["down", "right",          # 3 players
             "down", "down", "right",  # seat 2: Player 3
             "down", "left"]           # seat 3: Player 2
    play(flash, setup + seats + ["up"] * 5 + ["press"] + stop + setup + ["up", "press"] + stop,
         tmp_path / "shots", fresh=True)
    first, second = (device_log(flash, game_id) for game_id in ("1", "2"))
    for log in (first, second):
        kept = records(log)
        assert kept[0]["options"]["players"] == 3
        assert [player["name"] for player in kept[0]["players"]] == ["You", "Player 3",
                                                                       "Player 2"]
        assert kept[-1] == {"t": "end", "reason": "stopped", "totals": [0, 0, 0], "winner": [],
                            "hands": 0}
    assert replayed(tmp_path, first)["end"] == "stopped"


def replayed(tmp_path, log, name="kept.jsonl"):
    """The summary `deckmate replay --check --json` gives of a device's log (it must pass:
    what `deckmate sync` archives)."""
    path = tmp_path / name
    path.write_text(log)
    checked = deckmate("replay", "--check", "--json", path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    return json.loads(checked.stdout)


def test_a_match_stopped_early_keeps_its_standings_and_its_leaders_win(tmp_path):
    keys = script("scarto")
    flash = tmp_path / "flash.img"
    hand_2 = keys.index("# hand 2, Player 3 deals: You 30, Player 2 24 (Player 3 24), "
                        "committed, then taken back")
    shots = play(flash, keys[:hand_2] + ["x", "a", "shot stopped-scarto", "press"]
                 + ["down", "down", "press", "shot history"], tmp_path / "shots", fresh=True,
                 text_boxes=True)
    log = device_log(flash)
    # hand 1: +5 +1 -6; Scarto's lowest total loses (2.4.5), the two others win
    assert records(log)[-1] == {"t": "end", "reason": "stopped", "totals": [5, 1, -6],
                                "winner": [0, 1], "hands": 1}
    summary = replayed(tmp_path, log)
    assert (summary["end"], summary["winner_names"]) == ("stopped", ["You", "Player 2"])
    assert faults_of_shots(shots[-2:-1]) == []  # (History's list shortens the three names)
    stopped, history = [[box.text for box in read_boxes(shot)] for shot in shots[-2:]]
    assert "Stopped after 1 hand" in stopped and "Loser: Player 3" in stopped
    assert "Done" in stopped
    assert ["Scarto", "stopped: You, Player 2"] == history[history.index("Scarto"):][:2]


def test_a_match_stopped_after_its_last_hand_is_in_ends_completed(tmp_path):
    keys = script("scarto")
    flash = tmp_path / "flash.img"
    # Stop, not Finish
    play(flash, keys[:-2] + ["x", "a", "press"], tmp_path / "shots", fresh=True)
    log = device_log(flash)
    assert records(log)[-1] == {"t": "end", "reason": "completed", "totals": [8, -13, 5],
                                "winner": [0, 2], "hands": 3}
    assert replayed(tmp_path, log)["end"] == "completed"


def test_each_script_keeps_its_own_game_whatever_game_was_kept_last(tmp_path):
    """Each script's set-up (up to its Start) after another game's match was kept: the game
    row is turned to its game by the script (`until right GAME`), not counted from a fresh
    flash. Each match is stopped at once (X, confirmed, Done: the main menu)."""
    flash = tmp_path / "flash.img"
    order = ["chambery", "droggn", "scout", "scarto", "scioto"]  # each after another kept
    keys = []
    for game in order:
        lines = script(game)
        start = [index for index, line in enumerate(lines) if line.startswith("# Start")][0]
        keys += [line for line in lines[:start] if not line.startswith("shot")]
        keys += ["x", "a", "press"]
    play(flash, keys, fresh=True)
    assert [header(device_log(flash, str(n)))["game"] for n in range(1, 6)] == order
