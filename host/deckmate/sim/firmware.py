"""Starting the firmware of the simulated board: its flash prepared with the image, the unix
port launched on the boot script with the stand-in `machine` beside it."""

import os

from deckmate import image, runtime
from deckmate.sim import flash
from deckmate.sim.boards import read_board
from deckmate.sim.link import FLASH_LINK, Link

DEVICE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "device")
# The board's own modules (device/): the boot script, the stand-in `machine`, and what the boot
# script imports for a test's fault or the recorder of text boxes
DEVICE_FILES = ("sim_boot.py", "machine.py", "sim_fault.py", "text_boxes.py")
HEAPSIZE = runtime.HEAP  # the device budget (docs/budgets.md)
# What the recorder of text boxes (device/text_boxes.py) takes of the heap itself, its code,
# its wrappers and its 12 names: a recorded run gets it on top of the budget. Measured by
# tools/recorder_heap.py (docs/notes/2026-12-06-recorder-heap.md): the smallest heap of the
# Chambery Tarot match of docs/screens is 199K unrecorded, 207K recorded, so 8 KB, and 2 KB
# more for the smallest heap's wobble from run to run (1-2 KB).
TEXT_BOXES_HEAP_KB = 10


def prepare_flash(flash_path, board_name, fresh=False, blocks=None, chip_id=None):
    """Deploy the current firmware image for the simulator onto the flash image file, with
    /board.txt naming the board; a fresh flash has `blocks` blocks (default: the Pico's). The
    image keeps its own chip id, the board's device id (made when the image is first written),
    unless `chip_id` (bytes) is given."""
    files = image.image_files(image.build_image(runtime.SIM_TARGET))
    flash.install_image(flash_path, files, fresh=fresh,
                        extra={"board.txt": board_name.encode() + b"\n"}, blocks=blocks,
                        chip_id=chip_id)


def device_folder():
    """The board's own modules (DEVICE_FILES) compiled to .mpy like the firmware: compiled
    from source, a module interns every identifier it holds (its locals and const names too)
    as names the heap keeps for good, which a board's C `machine` does not cost at all (about
    15 of them, docs/budgets.md "The gate: 208K")."""
    return image.build(runtime.SIM_TARGET, [(name, "mpy") for name in DEVICE_FILES],
                       "device", DEVICE_DIR, named_in_folder=True)


def command(heapsize=HEAPSIZE, interactive=False):
    """The argv that starts the simulated board (with -i: the REPL after main.py); its
    environment names the folder of the boot script (`environment`)."""
    return ([runtime.micropython_path(), "-X", "heapsize=" + heapsize]
            + (["-i"] if interactive else []) + ["-m", "sim_boot"])


def heap_with_text_boxes(heapsize):
    """`heapsize` ("192K", "1M") with the room of the text boxes' recorder added."""
    kilobytes = int(heapsize[:-1]) * {"K": 1, "M": 1024}[heapsize[-1].upper()]
    return "%dK" % (kilobytes + TEXT_BOXES_HEAP_KB)


def environment(link_path, flash_path, skip_main=False, text_boxes=False):
    """The firmware's environment (MICROPYPATH: the folder of the boot script); `text_boxes`:
    it prints the boxes its screens draw (device/text_boxes.py)."""
    env = dict(os.environ, DECKMATE_SIM_LINK=link_path,
               DECKMATE_SIM_FLASH=flash_beside(link_path, flash_path),
               MICROPYPATH=device_folder())
    for name, wanted in (("DECKMATE_SIM_SKIP_MAIN", skip_main),
                         ("DECKMATE_SIM_TEXT_BOXES", text_boxes)):
        env.pop(name, None)
        if wanted:
            env[name] = "1"
    return env


def flash_beside(link_path, flash_path):
    """The flash image's path as the firmware is given it: a symbolic link named FLASH_LINK
    beside the side channel's socket (link.py removes it with the socket), whose path is as
    long whatever the image's is. The boot reads the path onto the heap, where its length
    moved every object made after it: a Droggn match's correction after a power cut ran out
    of heap at 208K or not by the length of a test's temporary folder."""
    path = os.path.join(os.path.dirname(link_path), FLASH_LINK)
    if os.path.lexists(path):
        os.unlink(path)
    os.symlink(os.path.abspath(flash_path), path)
    return path


def prepare(flash_path, board_name, fresh=False, held_at_boot=(), blocks=None):
    """Flash prepared and the side channel listening, the keys `held_at_boot` held: the Link
    for a board about to start."""
    link = Link(read_board(board_name))
    prepare_flash(flash_path, board_name, fresh, blocks)
    link.press(held_at_boot)
    return link
