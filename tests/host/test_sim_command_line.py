"""`deckmate sim`'s command line: what it cannot use is refused before the board starts, in
one line that says what to give instead."""

import pytest

from deckmate import runtime

from helpers import deckmate


@pytest.fixture
def script(tmp_path):
    path = tmp_path / "keys.txt"
    path.write_text("shot boot\n")
    return path


@pytest.mark.parametrize("size", ["lots", "64KB", "0K", "-5", "1.5M"])
def test_a_heap_size_the_unix_port_cannot_take_is_refused_on_the_command_line(
        tmp_path, script, size):
    result = deckmate("sim", "--headless", "--keys", script, "--flash", tmp_path / "flash.img",
                      "--heapsize", size)
    assert result.returncode == 2
    assert "%r is not a heap size" % size in result.stderr and runtime.HEAP in result.stderr
    assert not (tmp_path / "flash.img").exists()


def test_a_heap_too_small_for_the_app_is_explained_without_a_traceback(tmp_path, script):
    result = deckmate("sim", "--headless", "--keys", script, "--flash", tmp_path / "flash.img",
                      "--fresh", "--heapsize", "64k")
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "ran out of memory in a heap of 64K" in result.stderr
    assert "give --heapsize %s or more" % runtime.HEAP in result.stderr


def test_a_missing_key_script_cannot_be_read_as_other_commands_say(tmp_path):
    missing = tmp_path / "nowhere.keys"
    result = deckmate("sim", "--headless", "--keys", missing, "--flash", tmp_path / "flash.img")
    assert result.returncode == 1
    assert result.stderr == "deckmate sim: %s: cannot read: No such file or directory\n" % missing
    missing_log = tmp_path / "nowhere.jsonl"
    replay = deckmate("replay", missing_log)
    assert replay.stderr == ("deckmate replay: %s: cannot read: No such file or directory\n"
                             % missing_log)


def test_a_flash_image_in_a_folder_that_is_not_there_is_refused(tmp_path, script):
    image = tmp_path / "not-made" / "flash.img"
    result = deckmate("sim", "--headless", "--keys", script, "--flash", image)
    assert result.returncode == 2
    assert "there is no folder %s" % image.parent in result.stderr
    assert not image.parent.exists()


def test_a_flash_image_that_is_a_folder_is_refused(tmp_path, script):
    result = deckmate("sim", "--headless", "--keys", script, "--flash", tmp_path)
    assert result.returncode == 2 and "is a folder" in result.stderr


def test_a_new_screenshot_folder_is_made_and_said_so(tmp_path, script):
    shots = tmp_path / "shots"
    result = deckmate("sim", "--headless", "--keys", script, "--flash", tmp_path / "flash.img",
                      "--fresh", "--screenshots", shots)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["made the folder %s for the screenshots" % shots,
                                          str(shots / "boot.png")]


def test_screenshots_into_a_folder_whose_parent_is_not_there_are_refused(tmp_path, script):
    shots = tmp_path / "not-made" / "shots"
    result = deckmate("sim", "--headless", "--keys", script, "--flash", tmp_path / "flash.img",
                      "--screenshots", shots)
    assert result.returncode == 2
    assert "there is no folder %s" % shots.parent in result.stderr
    assert not (tmp_path / "flash.img").exists()


def test_a_new_flash_has_the_blocks_asked_for_and_one_too_small_is_said_in_one_line(
        tmp_path, script):
    """--flash-blocks makes the new flash of a key script's run that size too (it was the
    Pico's whatever was asked, except with no script); a size that is not a number of blocks
    is refused on the command line, and a flash too small for the firmware is said, not a
    LittleFS traceback."""
    image = tmp_path / "small.img"
    result = deckmate("sim", "--headless", "--keys", script, "--flash", image, "--fresh",
                      "--flash-blocks", 200, "--screenshots", tmp_path)
    assert result.returncode == 0, result.stderr
    assert image.stat().st_size // 4096 == 200  # (and the chip id after the blocks)
    for blocks in ("-5", "0", "many", "\u0663"):
        result = deckmate("sim", "--headless", "--keys", script, "--flash", image, "--fresh",
                          "--flash-blocks", blocks)
        assert result.returncode == 2 and "%r is not a number of 4 KB blocks" % blocks \
            in result.stderr and result.stderr.count("\n") == 1, result.stderr
    result = deckmate("sim", "--headless", "--keys", script, "--flash", tmp_path / "tiny.img",
                      "--fresh", "--flash-blocks", 50)
    assert result.returncode == 1 and result.stderr == (
        "deckmate sim: %s: a flash of 50 blocks of 4 KB cannot hold the firmware image; give "
        "--flash-blocks more (the Pico's: 352)\n" % (tmp_path / "tiny.img"))


def test_a_flash_larger_than_a_board_has_or_too_small_for_a_folder_is_said_in_one_line(
        tmp_path, script):
    """--flash-blocks beyond a board's 32 MB is refused on the command line (3,000,000,000
    blocks took 9 GB of memory before it was stopped, 99,999,999,999 an OverflowError), and a
    flash too small for the firmware's first folder is said as one too small for its files
    (LittleFS's NOSPC came out of makedirs as a traceback)."""
    for blocks in ("8193", "3000000000", "99999999999"):
        result = deckmate("sim", "--headless", "--keys", script, "--flash",
                          tmp_path / "big.img", "--fresh", "--flash-blocks", blocks)
        assert result.returncode == 2 and "%s blocks of 4 KB are more flash than a board has: " \
            "give at most 8192 (32 MB)" % blocks in result.stderr \
            and result.stderr.count("\n") == 1, result.stderr
    assert not (tmp_path / "big.img").exists()
    result = deckmate("sim", "--headless", "--keys", script, "--flash", tmp_path / "tiny.img",
                      "--fresh", "--flash-blocks", 2)
    assert result.returncode == 1 and result.stderr == (
        "deckmate sim: %s: a flash of 2 blocks of 4 KB cannot hold the firmware image; give "
        "--flash-blocks more (the Pico's: 352)\n" % (tmp_path / "tiny.img"))
