"""The image builder: firmware/manifest.txt says what goes on the board, build_image compiles
exactly that, the core the host runs under MicroPython comes out of the same pipeline, and
deploying it onto the simulated flash keeps the owner's files."""

import os

import pytest

from deckmate import image, runtime
from deckmate.image import ImageError, build_image, image_files, manifest_entries, target_name
from deckmate.sim import flash
from helpers import FIRMWARE

# .mpy header byte 2, upper 6 bits: the native architecture (py/persistentcode.h MP_NATIVE_ARCH_*)
MPY_ARCH_X64 = 2
MPY_ARCH_ARMV6M = 4
MPY_ARCH_ARMV7EMSP = 7


def test_the_manifest_lists_main_as_source_the_viper_module_as_native_the_glyphs_as_data():
    kinds = dict(manifest_entries())
    assert kinds["main.py"] == "source"
    assert kinds["deckhw/expand_viper.py"] == "native"
    assert kinds["deckui/glyphs.bin"] == "data"
    assert kinds["deckhw/expand.py"] == kinds["boards/pico_lcd_13.py"] == "mpy"
    assert not any(path.startswith(("tests", "tools")) for path in kinds)


def test_the_image_holds_one_compiled_file_per_manifest_entry_and_nothing_else():
    files = image_files(build_image("rp2040"))
    assert set(files) == set(target_name(path, kind) for path, kind in manifest_entries())
    assert "deckui/font.mpy" in files
    for copied in ("main.py", "deckui/glyphs.bin"):
        with open(os.path.join(FIRMWARE, copied), "rb") as handle:
            assert files[copied] == handle.read()


def test_native_code_is_compiled_for_each_target_and_bytecode_is_shared():
    pico, sim = image_files(build_image("rp2040")), image_files(build_image("sim"))
    assert pico["deckhw/expand_viper.mpy"][2] >> 2 == MPY_ARCH_ARMV6M
    assert sim["deckhw/expand_viper.mpy"][2] >> 2 == MPY_ARCH_X64
    assert pico["deckhw/st7789.mpy"] == sim["deckhw/st7789.mpy"]
    pico2 = image_files(build_image("rp2350"))
    assert pico2["deckhw/expand_viper.mpy"][2] >> 2 == MPY_ARCH_ARMV7EMSP


def test_the_core_the_host_runs_is_the_image_s_deckcore_byte_for_byte():
    sim = image_files(build_image(runtime.SIM_TARGET))
    core = image_files(runtime.compiled_firmware())
    assert "deckcore/rng.mpy" in core
    assert core == dict((path, data) for path, data in sim.items() if path.startswith("deckcore/"))


def test_each_mpy_embeds_its_path_on_the_board_as_its_source_name():
    # one qstr for the module's __file__ and its code's source name, not two
    for path, data in image_files(build_image("sim")).items():
        if path.endswith(".mpy"):
            assert path.encode() in data and path[:-4].encode() + b".py" not in data, path


def test_a_changed_compile_flag_makes_a_new_image(monkeypatch):
    entries = manifest_entries()
    before = image._digest(entries, "sim")
    monkeypatch.setattr(image, "native_flags", lambda target, kind: ["-O1"])
    assert image._digest(entries, "sim") != before


def test_a_deploy_replaces_the_image_and_keeps_other_files_but_fresh_starts_empty(tmp_path):
    path = str(tmp_path / "flash.img")
    flash.install_image(path, {"deckhw/old.mpy": b"old", "main.py": b"1"},
                        extra={"logs/game.jsonl": b"{}\n"})
    flash.install_image(path, {"deckhw/new.mpy": b"new", "main.py": b"2"})
    assert flash.read_file(path, "main.py") == b"2"
    assert flash.read_file(path, "logs/game.jsonl") == b"{}\n"
    assert os.path.getsize(path) == flash.BLOCK_SIZE * flash.BLOCK_COUNT + flash.CHIP_ID_BYTES
    with pytest.raises(FileNotFoundError):  # the image no longer has it
        flash.read_file(path, "deckhw/old.mpy")
    flash.install_image(path, {"main.py": b"3"}, fresh=True)
    with pytest.raises(FileNotFoundError):
        flash.read_file(path, "logs/game.jsonl")


def test_without_the_firmware_sources_the_image_says_how_to_get_them(tmp_path):
    with pytest.raises(ImageError) as refused:
        manifest_entries(str(tmp_path / "manifest.txt"))
    assert "reinstall deckmate" in str(refused.value) and "clone" in str(refused.value)
