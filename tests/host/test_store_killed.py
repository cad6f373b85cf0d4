"""The device killed in the middle of a game and of a prune (issue 14, point 4): the store
runs in a MicroPython process on a flash image in a file, as in the simulator, and the
process is killed with SIGKILL at chosen flash operations (tests/store/killed.py running
tests/store/device_actions.py). After each
kill the store boots without damage, saved logs are whole and the app resumes the game."""

import json
import os
import shutil
import subprocess

from deckmate.runtime import compiled_firmware
from helpers import FIRMWARE, ROOT, tool

SCRIPT = os.path.join(ROOT, "tests", "store", "killed.py")
BLOCKS = 64
KILLS_IN_A_GAME = 8


def command(image, action, stop_at=None):
    words = [tool("micropython"), "-X", "heapsize=2M", SCRIPT, compiled_firmware(), FIRMWARE,
             str(image), action]
    return words + ([str(stop_at)] if stop_at is not None else [])


def run(image, action):
    """Run an action to its end; returns the number of flash operations it did."""
    result = subprocess.run(command(image, action), capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    return int(result.stdout.split()[-1])


def run_killed(image, action, stop_at):
    """Run an action and kill the process (SIGKILL) before its flash operation `stop_at`."""
    process = subprocess.Popen(command(image, action, stop_at), stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    output = ""
    while not output.endswith("stopping\n"):
        line = process.stdout.readline()
        assert line, output + process.stderr.read()  # it ended without reaching stop_at
        output += line
    process.kill()
    process.communicate()


def check(image):
    result = subprocess.run(command(image, "check"), capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    state = json.loads(result.stdout.splitlines()[-1])
    assert state["problems"] == [], state
    assert all(replays for _, _, replays in state["closed"]), state
    assert state["resumed"] is not False, state
    return state


def flash_image(tmp_path, name):
    image = tmp_path / name
    image.write_bytes(b"\xff" * (4096 * BLOCKS))
    subprocess.run(command(image, "format"), check=True, timeout=120)
    return image


def copy(image, tmp_path, name):
    target = tmp_path / name
    shutil.copyfile(image, target)
    return target


def test_killed_during_a_game_saved_logs_stay_whole_and_the_game_resumes(tmp_path):
    base = flash_image(tmp_path, "base.img")
    run(base, "play")  # a first match, played to its end and closed
    saved = check(base)["closed"]
    operations = run(copy(base, tmp_path, "reference.img"), "play")
    for stop_at in [operations * kill // KILLS_IN_A_GAME for kill in range(KILLS_IN_A_GAME)]:
        image = copy(base, tmp_path, "killed.img")
        run_killed(image, "play", stop_at)
        state = check(image)
        assert state["closed"][:1] == saved, (stop_at, state)
        if state["open_lines"] >= 0:
            run(image, "play")  # the match goes on to its end
            state = check(image)
            assert len(state["closed"]) == 2 and state["open_lines"] == -1, (stop_at, state)


def test_killed_during_a_prune_nothing_unacknowledged_is_lost_and_the_prune_finishes(tmp_path):
    base = flash_image(tmp_path, "base.img")
    run(base, "play")
    run(base, "play")
    saved = check(base)["closed"]
    operations = run(copy(base, tmp_path, "reference.img"), "prune")
    for stop_at in range(operations):
        image = copy(base, tmp_path, "killed.img")
        run_killed(image, "prune", stop_at)
        state = check(image)
        assert all(log in saved for log in state["closed"]), (stop_at, state)
        run(image, "prune")
        assert check(image)["closed"] == [], stop_at
