"""`deckmate sim --headless`: the firmware image boots on the simulated board, plays a key
script and writes screenshots; bad scripts and crashed firmware are reported."""

import json
import os
import subprocess
import sys

import pytest
from PIL import Image

from deckhw.buttons import DEBOUNCE_MS
from deckmate.sim.script import (FAULT_FIRED, KEY_SETTLE_MS, FaultNotFired, FirmwareFailed,
                                 ScriptError, parse_script, run_script)
from helpers import deckmate


def test_headless_boot_writes_a_240x240_screenshot_of_what_main_shows(tmp_path):
    shots = run_script(["shot boot"], str(tmp_path / "flash.img"), str(tmp_path / "shots"))
    assert shots == [str(tmp_path / "shots" / "boot.png")]
    picture = Image.open(shots[0])
    assert picture.size == (240, 240)
    assert len(picture.getcolors(256)) > 2  # something was drawn, not a blank panel


def test_the_command_plays_a_script_and_exits_0(tmp_path):
    script = tmp_path / "keys.txt"
    script.write_text("# open and close\nshot first\na\nhold down 700\nwait 10\nshot second\n")
    result = deckmate("sim", "--headless", "--keys", script, "--screenshots", tmp_path / "shots",
                      "--flash", tmp_path / "flash.img", "--fresh")
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "shots").iterdir()) == ["first.png", "second.png"]


def test_an_unknown_step_is_refused_with_its_line_before_booting(tmp_path):
    script = tmp_path / "keys.txt"
    script.write_text("a\n\njump\n")
    result = deckmate("sim", "--headless", "--keys", script, "--flash", tmp_path / "flash.img")
    assert result.returncode == 2
    assert "line 3" in result.stderr and "jump" in result.stderr
    assert not (tmp_path / "flash.img").exists()


@pytest.mark.parametrize("line", ["hold a", "hold q 100", "wait soon", "shot", "shot a/b", "a b"])
def test_malformed_steps_are_refused(line):
    with pytest.raises(ScriptError, match="line 1"):
        parse_script([line])


def test_a_key_the_board_lacks_is_refused_with_its_line(tmp_path):
    with pytest.raises(ScriptError, match="line 2: the board pico_display_20 has no key 'up'"):
        run_script(["a", "up"], str(tmp_path / "flash.img"), str(tmp_path),
                   board="pico_display_20")
    assert not (tmp_path / "flash.img").exists()


def test_a_crash_fails_the_run_with_the_firmware_s_traceback(tmp_path):
    # 40 KB of heap cannot hold the 28,800-byte frame buffer and what comes before it
    with pytest.raises(FirmwareFailed) as failure:
        run_script(["shot boot"], str(tmp_path / "flash.img"), str(tmp_path), heapsize="40K")
    assert "MemoryError" in str(failure.value) and "Traceback" in str(failure.value)


def test_a_key_is_held_longer_than_the_debouncer_needs():
    assert KEY_SETTLE_MS > DEBOUNCE_MS


def test_the_second_board_runs_too(tmp_path):
    shots = run_script(["a", "shot boot"], str(tmp_path / "flash.img"), str(tmp_path),
                       board="pico_display_20")
    assert Image.open(shots[0]).size == (240, 240)


def _without_a_display():
    return dict((k, v) for k, v in os.environ.items()
                if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"))


def test_without_a_display_sim_says_so_in_one_line_and_plays_the_demo_headless(tmp_path):
    """README's first command: where no window can open, the device boots headless, starts a
    match from the set-up, plays into the second hand and writes what it showed."""
    result = subprocess.run([sys.executable, "-m", "deckmate.cli", "sim"], capture_output=True,
                            text=True, env=_without_a_display(), cwd=str(tmp_path))
    assert result.returncode == 0, result.stderr
    notice, written = result.stdout.splitlines()[0], result.stdout.splitlines()[1:]
    assert "no display" in notice and "deckmate sim --headless --keys FILE" in notice
    assert len(written) == 7 and result.stderr == ""
    shots = sorted(os.listdir(str(tmp_path / "deckmate-demo")))
    assert shots == ["1-main-menu.png", "2-match-setup.png", "3-first-trick.png",
                     "4-mid-hand.png", "5-last-card.png", "6-hand-scored.png",
                     "7-second-hand.png"]
    pictures = [Image.open(str(tmp_path / "deckmate-demo" / name)).tobytes() for name in shots]
    assert len(set(pictures)) == len(pictures)  # every step showed something new


def test_without_a_display_a_window_with_a_key_script_is_refused_naming_the_headless_form(
        tmp_path):
    script = tmp_path / "keys.txt"
    script.write_text("shot boot\n")
    result = subprocess.run([sys.executable, "-m", "deckmate.cli", "sim", "--keys", str(script),
                             "--flash", str(tmp_path / "flash.img")],
                            capture_output=True, text=True, env=_without_a_display())
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1
    assert "no display" in result.stderr and "deckmate sim --headless --keys FILE" in result.stderr


def test_a_flash_file_that_is_not_littlefs_is_refused_with_what_to_do(tmp_path):
    junk = tmp_path / "flash.img"
    junk.write_bytes(b"\x00" * 8192)
    script = tmp_path / "keys.txt"
    script.write_text("shot boot\n")
    result = deckmate("sim", "--headless", "--keys", script, "--flash", junk)
    assert result.returncode == 1
    assert "not a LittleFS image" in result.stderr and "--fresh" in result.stderr


def test_a_missing_simulator_package_is_named_with_how_to_install_it(tmp_path):
    script = tmp_path / "keys.txt"
    script.write_text("shot boot\n")
    # as if littlefs-python were not installed
    code = ("import sys; sys.modules['littlefs'] = None\n"
            "from deckmate.cli import main; sys.exit(main(sys.argv[1:]))")
    result = subprocess.run([sys.executable, "-c", code, "sim", "--headless",
                             "--keys", str(script), "--flash", str(tmp_path / "flash.img")],
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "littlefs-python" in result.stderr and "tools/setup.sh" in result.stderr


def test_the_text_boxes_recorder_takes_less_heap_than_the_room_it_is_given():
    from deckmate.sim import firmware
    measure = ("import gc, sys\nsys.path.insert(0, %r)\ngc.collect()\nbefore = gc.mem_alloc()\n"
               "import text_boxes\ngc.collect()\nprint(gc.mem_alloc() - before)"
               % firmware.device_folder())  # (compiled, as the board runs it)
    command = firmware.command()
    taken = subprocess.run(command[:command.index("-m")] + ["-c", measure], capture_output=True,
                           text=True, check=True)
    assert 0 < int(taken.stdout) < firmware.TEXT_BOXES_HEAP_KB * 1024


def test_the_match_script_plays_scioto_whatever_game_the_set_up_remembers(tmp_path):
    """The README's walk-through (`--keys match`, which test_readme_walkthrough.py plays to
    its end on a new device) on a flash whose last set-up was Chambéry: its set-up steps
    start a match of Scioto."""
    from deckapp.checked_file import write_checked
    from deckmate.commands.sim import read_key_script
    from deckmate.sim.flash import list_files, read_file, write_files
    flash, shots = str(tmp_path / "device.img"), str(tmp_path / "shots")
    run_script([], flash, None, fresh=True)
    write_checked(str(tmp_path / "setup.chk"), ["chambery"])  # as the set-up's Start saves it
    write_files(flash, {"state/setup.chk": (tmp_path / "setup.chk").read_bytes()})
    run_script(["press", "shot remembered"], flash, shots, text_boxes=True)
    with open(os.path.join(shots, "remembered.boxes.json"), encoding="utf-8") as handle:
        assert "Chambéry Tarot" in [box[6] for box in json.load(handle)]
    steps = read_key_script("match")
    started = steps.index("up") + 2  # the game row turned to Scioto, then Start
    assert steps[:started][-3:] == ["until right Scioto", "up", "press"]
    run_script(steps[:started], flash, None)
    logs = [name for name in list_files(flash, "logs/0") if name.endswith(".jsonl")]
    assert len(logs) == 1
    header = json.loads(read_file(flash, "logs/0/" + logs[0]).decode().splitlines()[0])
    assert header["game"] == "scioto"


def test_an_until_step_that_never_shows_its_text_fails_naming_the_line(tmp_path):
    with pytest.raises(ScriptError, match="line 2: 'Hearts' not on the panel after 20 presses"):
        run_script(["press", "until right Hearts"], str(tmp_path / "f.img"), None, fresh=True)


@pytest.mark.parametrize("text_boxes", [False, True])
def test_a_fault_fires_with_or_without_the_text_boxes_and_one_never_met_fails_the_run(
        tmp_path, text_boxes):
    # The fault's import and the recorder's are chained (device/sim_boot.py): the second draw
    # of the menu fails either way (the crash screen then). A fault the script never reaches
    # fails the run rather than letting a test of the fault path pass without its fault.
    flash, output = str(tmp_path / "f.img"), []
    run_script(["down"], flash, None, fresh=True, text_boxes=text_boxes,
               fault="deckapp.shell App._draw_area 2 error", output=output.append)
    assert FAULT_FIRED in output[0]
    with pytest.raises(FaultNotFired, match="the fault 'deckapp.store LogWriter.__call__ 1 full' "
                       "never happened: the script ended before the method's call 1"):
        run_script(["down"], flash, None, text_boxes=text_boxes,
                   fault="deckapp.store LogWriter.__call__ 1 full")
