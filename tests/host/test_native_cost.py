"""tools/native_cost.py reads the machine code of every native module's functions from the
two images' .mpy files (x64 for the unix port, armv6m for a Pico): the raw codes of each file
end where the file does, one for the module and one for each of its functions."""

import os
import sys

import pytest

from deckmate import image
from helpers import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))

import native_cost  # noqa: E402

NATIVE = [path for path, kind in image.manifest_entries() if kind == "native"]


@pytest.mark.parametrize("path", NATIVE)
def test_each_function_of_a_native_module_is_read_from_both_images(path):
    with open(os.path.join(image.FIRMWARE_DIR, path)) as handle:
        names = native_cost.function_names(handle.read())
    for target in native_cost.TRIPLES:
        with open(os.path.join(image.build_image(target),
                               image.target_name(path, "native")), "rb") as handle:
            codes = native_cost.raw_codes(handle.read())
        assert len(codes) == len(names), (target, names)
        assert all(codes), target  # (machine code in each)
    assert "probe" in names or path.endswith("expand_viper.py")


def test_a_thumb_instructions_cycles_follow_the_cortex_m0_plus_table():
    cycles = native_cost.thumb_cycles
    assert cycles("adds", "r1, r1, r2", 1.5) == 1 and cycles("muls", "r0, r1, r0", 1.5) == 1
    assert cycles("ldr", "r0, [sp, #48]", 1.5) == 2 and cycles("strb", "r2, [r0, r1]", 1.5) == 2
    assert cycles("push", "{r1, r2, r3, r4, r5, r6, r7, lr}", 1.5) == 9
    assert cycles("pop", "{r4-r7, pc}", 1.5) == 8
    assert cycles("bl", "#0", 1.5) == 3 and cycles("blx", "r3", 1.5) == 2
    assert cycles("bne", "#-228", 2) == 2 and cycles("blt", "#2", 1) == 1


def test_a_loops_pass_is_the_instructions_it_runs_with_its_tests_holding():
    """A pass runs from the branch back's target to it, each branch forward in it taken (the
    emitter's `while` test jumps over the instructions that make its condition false)."""
    thumb = [(0, "ldrb", "r0, [r4]"), (2, "cmp", "r1, r2"), (4, "blo", "#2"),
             (6, "movs", "r0, #0"), (8, "b", "#0"), (10, "movs", "r0, #1"),
             (12, "cmp", "r0, #0"), (14, "bne", "#-18"), (16, "bx", "lr")]
    [(first, last, run)] = native_cost.loop_passes(thumb, "thumbv6m-none-eabi")
    assert (first, last) == (0, 14)
    assert [mnemonic for mnemonic, _ in run] == ["ldrb", "cmp", "blo", "movs", "cmp", "bne"]
    assert native_cost.pass_cycles(run) == 2 + 1 + 2 + 1 + 1 + 2


def test_the_redraws_estimate_is_the_expansions_loop_as_a_pico_runs_it():
    """tools/device_budgets.py's cycles a frame-buffer byte are a pass of the armv6m main loop
    of deckhw/expand_viper.py's `expand` over the 8 bytes it expands (the tail loop runs only
    for a count that is not a multiple of 8; a row is 120 bytes)."""
    import device_budgets
    _, codes = native_cost.native_function("expand")
    loops = native_cost.loop_passes(native_cost.placed(codes["rp2040"], "thumbv6m-none-eabi"),
                                    "thumbv6m-none-eabi")
    assert len(loops) == 2  # the main loop, then the tail
    assert native_cost.pass_cycles(loops[0][2]) / 8 == device_budgets.VIPER_CYCLES_PER_BYTE


@pytest.mark.parametrize("words", [["scout"], ["scout", "hard", "x"], ["nogame", "hard"],
                                   ["scout", "hard", "1", "3", "9"], ["scout", "nolevel"]])
def test_dynamic_and_validate_refuse_words_that_are_not_a_bench_in_one_line(capsys, words):
    for option in ("--dynamic", "--validate"):
        with pytest.raises(SystemExit) as stopped:
            native_cost.main([option] + words)
        assert stopped.value.code == 2
        error = capsys.readouterr().err.strip().splitlines()[-1]
        assert "error: %s takes GAME LEVEL [HANDS [PLAYERS]]" % option in error


def test_native_runs_follow_callgrinds_compressed_names_wherever_they_were_given(tmp_path):
    """callgrind names an object or a function once in a run, in whichever line meets it
    first (a call's `cob=`/`cfn=` as well as `ob=`/`fn=`), then gives its id alone, `ob=(2)`:
    native code ("???") is found both ways. The first and last parts (the calibration loop)
    count for their names only."""
    parts = ["ob=(1) /lib/libc.so\nfn=(5) memcpy\ncob=(2) ???\ncfn=(7) 0x0000000000001000\n"
             "calls=1 0x1000 0\n0x10 0 9\n",
             "ob=(2)\nfl=(1)\nfn=(7)\n0x1004 0 5\n0x1008 0 2\ncob=(1)\ncfn=(5)\n"
             "calls=1 0x10 0\n0x1008 0 40\nob=(3) ???x\nfn=(8) 0x0000000000002000\n0x2000 0 1\n",
             "ob=(2) ???\nfn=(9) 0x0000000000003000\n0x3000 0 3\n"]
    paths = []
    for number, text in enumerate(parts, 1):
        path = tmp_path / ("callgrind.out.%d" % number)
        path.write_text(text)
        paths.append(str(path))
    assert native_cost.native_runs(paths) == {0x1000: {4: 5, 8: 2}}
