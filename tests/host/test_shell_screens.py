"""The shell's screens on the simulated board: a key script reaches every one of them (boot,
main menu, history and a summary, settings and the keyboard, about, the card test pages) and
each shot equals the committed screenshot in docs/screens/ (tools/screens.py writes them)
and reads whole (tests/host/text_boxes.py)."""

import json
import os
import sys

import pytest
from PIL import Image, ImageChops

from helpers import ROOT
from text_boxes import faults_of_shots

sys.path.insert(0, os.path.join(ROOT, "tools"))
import screens  # noqa: E402  (tools/screens.py)

# Rows whose pixels depend on the run, not on the firmware's drawing: About's free flash
# (it changes with every image) and free heap. (left, top, right, bottom)
VARYING = {"about": (0, 130, 240, 200)}


@pytest.fixture(scope="module")
def walk(tmp_path_factory):
    folder = tmp_path_factory.mktemp("screens")
    image = str(folder / "flash.img")
    shots = screens.take(str(folder / "shots"), image, text_boxes=True)
    return {os.path.basename(path)[:-4]: path for path in shots}, image


def shell_screens():
    """The shots of the walk: the boot screen, then each `shot` of tools/screens.keys (the
    game screens' shots in docs/screens/ come from tools/play_screens.py)."""
    with open(screens.KEY_SCRIPT) as script:
        return ["boot"] + [line.split()[1] for line in script if line.startswith("shot ")]


def test_every_shot_of_the_walk_is_committed(walk):
    shots, _ = walk
    assert sorted(shots) == sorted(shell_screens())
    missing = [name for name in shots
               if not os.path.exists(os.path.join(screens.SCREENS, name + ".png"))]
    assert missing == [], "run tools/screens.py and look at the new shots"


@pytest.mark.parametrize("name", shell_screens())
def test_screen_looks_as_committed(walk, name):
    shots, _ = walk
    got = Image.open(shots[name]).convert("RGB")
    want = Image.open(os.path.join(screens.SCREENS, name + ".png")).convert("RGB")
    assert got.size == want.size == (240, 240)
    if name in VARYING:
        for picture in (got, want):
            picture.paste((0, 0, 0), VARYING[name])
    difference = ImageChops.difference(got, want).getbbox()
    assert difference is None, "%s differs from docs/screens/%s.png in %s (run tools/screens.py " \
        "and look at the new shot)" % (name, name, difference)


def test_every_shot_of_the_walk_reads_whole(walk):
    shots, _ = walk
    assert faults_of_shots(shots.values()) == []


def test_settings_are_saved_to_the_flash(walk):
    from deckmate.sim import flash
    _, image = walk
    saved = json.loads(flash.read_file(image, "state/settings.chk").decode().splitlines()[0])
    assert saved["names"][0] == "Ada"
    assert (saved["scheme"], saved["four_colour"], saved["brightness"]) == ("light", True, 80)
