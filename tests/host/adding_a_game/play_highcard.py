"""Run by tests/host/test_adding_a_game.py in a copy of the firmware that has High Card added
by the recipe (deckcore is imported from that copy, and the simulated board runs its image):
a match against a bot played through the device's screens with the keys, and a match scored
with the scorekeeper's. Prints, as JSON, the logs the board wrote, the log the session writes
in CPython for the same match, what `deckmate replay --check` said of each log, and the texts
of the screens shot.

    python play_highcard.py WORK
"""

import json
import os
import sys

from deckcore.games import NAMES
from helpers import deckmate
from play_sim import device_log, expected_match, fast_bots_keys, play, setup_keys
from text_boxes import faults_of_shots, read_boxes

GAME = "highcard"
KINDS = ["human", "easy"]
DEAL = 3


def texts(shots):
    return {os.path.basename(shot)[:-len(".png")]: [box.text for box in read_boxes(shot)
                                                   if box.kind == "text"] for shot in shots}


def checked(work, name, log):
    path = os.path.join(work, name)
    with open(path, "w") as handle:
        handle.write(log)
    result = deckmate("replay", "--check", path)
    return [result.returncode, result.stdout + result.stderr]


def played(work):
    expected = expected_match(GAME, KINDS, {}, DEAL, "sim")
    keys = fast_bots_keys() + setup_keys(GAME, KINDS, {}, DEAL)
    keys[-1:-1] = ["shot setup"]
    keys += ["shot table", "b", "down", "down", "press", "shot help", "b"]
    for press in range(expected.presses):
        if press == expected.summaries[0]:
            keys.append("shot hand-summary")
        keys.append("press")
    flash = os.path.join(work, "played.img")
    shots = play(flash, keys, os.path.join(work, "played"), fresh=True, text_boxes=True)
    log = device_log(flash)
    return {"log": log, "expected": expected.text(), "replay": checked(work, "played.jsonl", log),
            "texts": texts(shots), "faults": [str(f) for f in faults_of_shots(shots)]}


def scored(work):
    keys = (["down", "press"] + ["right"] * NAMES.index(GAME) + ["shot keep-setup", "up", "press"]
            + ["press"] + ["right"] * 3 + ["shot entry", "a", "a"]  # hand 1: You 3 tricks, Bot 1
            + ["press"] + ["right"] * 2 + ["a", "a"]                # hand 2: 2 tricks each
            + ["shot totals", "press"])                             # Finish: completed
    flash = os.path.join(work, "scored.img")
    shots = play(flash, keys, os.path.join(work, "scored"), fresh=True, text_boxes=True)
    log = device_log(flash)
    return {"log": log, "replay": checked(work, "scored.jsonl", log), "texts": texts(shots),
            "faults": [str(f) for f in faults_of_shots(shots)]}


if __name__ == "__main__":
    print(json.dumps({"played": played(sys.argv[1]), "scored": scored(sys.argv[1])}))
