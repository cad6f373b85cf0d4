"""What the recorder of text boxes (host/deckmate/sim/device/text_boxes.py) costs the
simulated board's heap, measured: the smallest heap a key script runs whole in (no crash
recorded, every shot taken), with the recorder and without, in steps of 1 KB down from the
device budget; and the names the recorder interns beyond the drawing modules' (each name is
kept for good, and a match near MicroPython's pool boundary pays a pool of 14 KB for one
name more). deckmate.sim.firmware.TEXT_BOXES_HEAP_KB is the recorder's room: set it from this
with a margin.

    .venv/bin/python tools/recorder_heap.py [GAME]     (default chambery; ~30 s a run)
"""

import os
import re
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host"),
                os.path.join(ROOT, "tests", "host"), os.path.join(ROOT, "tools")]

import play_screens  # noqa: E402
from play_sim import crash_record, play  # noqa: E402

from deckmate import image, runtime  # noqa: E402
from deckmate.sim import firmware  # noqa: E402

NAMES = """
import sys, micropython
sys.path[:0] = [%r, %r]
import deckapp.shell, deckui.font, deckui.cards, deckui.widgets
micropython.qstr_info(1)
print("-- the recorder --")
import text_boxes
micropython.qstr_info(1)
"""


def recorder_names():
    """The names importing the recorder interns beyond those of the modules it wraps."""
    code, out, err = runtime._run(
        ["-c", NAMES % (firmware.device_folder(), image.build_image(runtime.SIM_TARGET))],
        "1M", 60)
    assert code == 0, err + out
    before, after = out.rsplit("\n-- the recorder --\n", 1)
    names = re.compile(r"^Q\((.*)\)$", re.M)
    return sorted(set(names.findall(after)) - set(names.findall(before)))


RESIDENT = """
import sys, gc
sys.path[:0] = [%r, %r]
import deckapp.shell, deckui.font, deckui.cards, deckui.widgets
gc.collect()
before = gc.mem_alloc()
import text_boxes
text_boxes.install()
import deckui.font  # (the recorder's import wraps the drawing modules loaded)
gc.collect()
print("resident", gc.mem_alloc() - before)
"""


def recorder_resident():
    """The bytes the recorder keeps on the heap: its code, its state and its wrappers of the
    four drawing modules."""
    code, out, err = runtime._run(
        ["-c", RESIDENT % (firmware.device_folder(), image.build_image(runtime.SIM_TARGET))],
        "1M", 60)
    assert code == 0, err + out
    return int(out.split("resident ")[1].split()[0])


def runs_whole(keys, kilobytes, recorded):
    """Whether the key script runs with no crash recorded in a heap of `kilobytes` in all (a
    recorded run gets the recorder's room on top of the heap it is given: taken off here)."""
    folder = tempfile.mkdtemp()
    given = kilobytes - (firmware.TEXT_BOXES_HEAP_KB if recorded else 0)
    try:
        play(os.path.join(folder, "flash.img"), keys, os.path.join(folder, "shots"),
             fresh=True, heapsize="%dK" % given, text_boxes=recorded)
    except Exception as error:  # a shot missing: the board stopped
        print("  %dK: %s" % (kilobytes, str(error).splitlines()[0][:100]))
        return False
    crash = crash_record(os.path.join(folder, "flash.img"))
    print("  %dK%s: %s" % (kilobytes, " recorded" if recorded else "",
                          "crashed" if crash else "whole"))
    return crash is None


def smallest_heap(keys, recorded, start):
    """The smallest heap (KB, in steps of 1) down from `start` that the script runs whole in
    (the first that fails ends the search: below it a run may pass by chance)."""
    kilobytes = start
    while not runs_whole(keys, kilobytes, recorded):
        kilobytes += 1
    while runs_whole(keys, kilobytes - 1, recorded):
        kilobytes -= 1
    return kilobytes


def main():
    game = sys.argv[1] if len(sys.argv) > 1 else "chambery"
    names = recorder_names()
    print("names the recorder interns: %d (%s)" % (len(names), ", ".join(map(repr, names))))
    print("what it keeps on the heap: %d bytes" % recorder_resident())
    keys, _ = play_screens.script(game, menu_and_help=False)
    budget = int(firmware.HEAPSIZE[:-1])
    plain = smallest_heap(keys, False, budget - 8)
    recorded = smallest_heap(keys, True, plain + 4)
    print("%s: smallest heap %dK without the recorder, %dK with it: it costs %d KB "
          "(its room TEXT_BOXES_HEAP_KB = %d)" % (game, plain, recorded, recorded - plain,
                                                   firmware.TEXT_BOXES_HEAP_KB))


if __name__ == "__main__":
    main()
