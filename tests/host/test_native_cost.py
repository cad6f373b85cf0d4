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
