"""`deckmate sim`: the simulated board, in a window or headless with a key script."""

import argparse
import os
import re
import tempfile

from deckmate import runtime
from deckmate.errors import CommandError, UsageError
from deckmate.sim import boards

# Every match plays in the device's budget, runtime.HEAP (docs/budgets.md, "The gate"), with
# little to spare in the heaviest set-ups: a person's match gets room beyond it; `--heapsize
# 208K` plays it inside the budget.
HEAPSIZE = "224K"
# The key scripts that come with deckmate (host/deckmate/sim/NAME.keys), named by --keys NAME
# from anywhere, a clone or an installed deckmate.
KEY_SCRIPTS_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sim")
KEY_SCRIPTS = ("demo", "match")  # the demo played where no window opens; a whole Scioto match
DEMO_KEYS = os.path.join(KEY_SCRIPTS_DIR, "demo.keys")
DEMO_SHOTS = "deckmate-demo"
BUDGET = runtime.HEAP  # the device budget (docs/budgets.md)
HEAP_SIZE = re.compile(r"^([1-9][0-9]*)([KM]?)$", re.IGNORECASE)


def heap_size(text):
    """--heapsize as the unix port takes it (bytes, or a number of K or M), checked here:
    the port itself refuses other forms only once the firmware is starting."""
    if not HEAP_SIZE.match(text):
        raise argparse.ArgumentTypeError(
            "%r is not a heap size: give a number of bytes, K or M, e.g. %s (the device's "
            "budget) or %s (the default)" % (text, BUDGET, HEAPSIZE))
    return text.upper()


def flash_blocks(text):
    """--flash-blocks: a whole number of 4 KB blocks, at least the two LittleFS needs and at
    most MOST_FLASH_BLOCKS (the simulated flash is held in the PC's memory)."""
    from deckmate.sim.flash import BLOCK_COUNT
    if not (text.isascii() and text.isdigit()) or int(text) < 2:
        raise argparse.ArgumentTypeError(
            "%r is not a number of 4 KB blocks: give a whole number, e.g. %d (the Pico's "
            "1,408 KB)" % (text, BLOCK_COUNT))
    if int(text) > MOST_FLASH_BLOCKS:
        raise argparse.ArgumentTypeError(
            "%s blocks of 4 KB are more flash than a board has: give at most %d (32 MB), "
            "e.g. %d (the Pico's 1,408 KB)" % (text, MOST_FLASH_BLOCKS, BLOCK_COUNT))
    return int(text)


MOST_FLASH_BLOCKS = 8192  # 32 MB, the most flash an RP2350 addresses (two chips of 16 MB)


def out_of_memory_hint(failure, heapsize):
    """A firmware failure as one line: its MemoryError explained by the heap size."""
    lines = [line.strip() for line in failure.splitlines() if line.strip()]
    memory_errors = [line for line in lines if line.startswith("MemoryError")]
    if not memory_errors:
        return None
    return ("the firmware ran out of memory in a heap of %s (%s); the device's budget is %s "
            "and every match plays in it (docs/budgets.md): give --heapsize %s or more"
            % (heapsize, memory_errors[-1], BUDGET, BUDGET))


def default_flash():
    import platformdirs
    return os.path.join(platformdirs.user_data_dir("deckmate"), "sim-flash.img")


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "sim", help="run the device's firmware on a simulated board",
        description="Run the firmware image (the .mpy files a board gets) in the MicroPython "
                    "unix port on a simulated board: the panel in a window with keyboard keys "
                    "as buttons and the USB serial port on a pty (its path is printed), or "
                    "--headless, playing a key script and writing screenshots.")
    parser.add_argument("--headless", action="store_true",
                        help="no window: play --keys and write --screenshots, then exit; "
                             "without --keys, run the device until stopped (Ctrl-C or "
                             "SIGTERM), printing `serial port: PATH` first, for deckmate sync, "
                             "mpremote and scripts")
    parser.add_argument("--keys", metavar="FILE",
                        help="key script, one step a line: up down left right press a b x y, "
                             "hold KEY MS, wait MS, shot NAME, # comment; or the name of one "
                             "that comes with deckmate: %s (a whole match of Scioto against a "
                             "bot)" % ", ".join(KEY_SCRIPTS))
    parser.add_argument("--screenshots", metavar="DIR",
                        help="where `shot NAME` writes NAME.png (default: here; for the demo "
                             "played where there is no display, %s)" % DEMO_SHOTS)
    parser.add_argument("--flash", metavar="FILE",
                        help="the flash image, kept between runs (default: sim-flash.img in "
                             "the user data folder, e.g. ~/.local/share/deckmate)")
    parser.add_argument("--fresh", action="store_true", help="start with an empty flash")
    parser.add_argument("--flash-blocks", type=flash_blocks, metavar="N",
                        help="a new flash of N blocks of 4 KB, 2 to 8192 (default: the "
                             "Pico's 1,408 KB), e.g. for scale tests")
    parser.add_argument("--board", default="pico_lcd_13",
                        help="the board definition to run, one of firmware/boards/ "
                             "(default pico_lcd_13)")
    parser.add_argument("--heapsize", default=HEAPSIZE, type=heap_size,
                        help="MicroPython heap (default %s; the device's budget is %s, "
                             "docs/budgets.md)" % (HEAPSIZE, BUDGET))
    parser.add_argument("--scale", type=int, default=3, help="window pixels per panel pixel")
    parser.set_defaults(run=run)


# module -> the package that provides it (pinned in requirements.txt)
SIM_PACKAGES = (("littlefs", "littlefs-python"), ("PIL", "pillow"),
                ("platformdirs", "platformdirs"))


def check_sim_packages():
    """The packages the simulator needs, checked before it starts: a missing one is named."""
    import importlib
    missing = []
    for module, package in SIM_PACKAGES:
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append(package)
    if missing:
        raise CommandError("the simulator needs %s: run `bash tools/setup.sh` (or "
                           "`pip install %s`)" % (", ".join(missing), " ".join(missing)))


def checked_flash(path):
    """--flash FILE: its folder must be there (the default's is made)."""
    if path is None:
        return default_flash()
    if os.path.isdir(path):
        raise UsageError("--flash %s is a folder: give the flash image's file" % path)
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError("--flash %s: there is no folder %s (make it first, or leave --flash out "
                         "for the default image)" % (path, folder))
    return path


def screenshots_folder(path):
    """--screenshots DIR, made (and said so) when it is new and its parent is there."""
    if os.path.isdir(path):
        return path
    if os.path.exists(path):
        raise UsageError("--screenshots %s is a file, not a folder" % path)
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise UsageError("--screenshots %s: there is no folder %s to make it in" % (path, parent))
    os.mkdir(path)
    print("made the folder %s for the screenshots" % path)
    return path


def read_key_script(path):
    """The lines of the key script at `path`, or of the one of deckmate's KEY_SCRIPTS so named."""
    if path in KEY_SCRIPTS and not os.path.exists(path):
        path = os.path.join(KEY_SCRIPTS_DIR, path + ".keys")
    try:
        with open(path) as handle:
            return handle.read().splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError("%s: cannot read: %s" % (path, getattr(error, "strerror", None)
                                                      or error))


def run(args):
    check_sim_packages()
    # imported here: the simulator's packages are not needed by the other commands
    from deckmate import image
    from deckmate.sim.flash import FlashError
    from deckmate.sim.script import FirmwareFailed, ScriptError, run_script

    boards.checked_board(args.board)
    flash = checked_flash(args.flash)
    keys = args.keys
    lines = read_key_script(keys) if keys else None
    try:
        if not args.headless:
            from deckmate.sim import window
            try:
                window.run(flash, args.board, args.heapsize, args.fresh, args.scale,
                           args.flash_blocks)
                return 0
            except window.NoDisplay as no_display:
                if keys:
                    raise
                return play_demo(args, str(no_display))
        if not keys:
            return run_until_stopped(flash, args)
        shots_dir = screenshots_folder(args.screenshots) if args.screenshots else "."
        try:
            shots = run_script(lines, flash, shots_dir, args.heapsize, args.board, args.fresh,
                               flash_blocks=args.flash_blocks)
        except ScriptError as error:
            raise UsageError("%s: %s" % (keys, error))
        for path in shots:
            print(path)
        return 0
    except FirmwareFailed as error:
        raise CommandError(out_of_memory_hint(str(error), args.heapsize) or str(error))
    except (image.ImageError, OSError, FlashError) as error:
        raise CommandError(str(error))


def run_until_stopped(flash, args):
    """The simulated device running headless until SIGINT or SIGTERM; its serial port's path
    is the first line printed."""
    import signal
    import threading

    from deckmate.sim.board import SimulatedBoard
    stop = threading.Event()
    for signal_number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signal_number, lambda *_: stop.set())
    with SimulatedBoard(flash, args.board, args.heapsize, args.fresh,
                        flash_blocks=args.flash_blocks) as board:
        print("serial port: %s" % board.serial_path, flush=True)
        while not stop.wait(0.5):
            pass
    return 0


def play_demo(args, reason):
    """Where no window can open: boot a new device headless (its flash in a scratch folder),
    play the demo key script (host/deckmate/sim/demo.keys) and write its screenshots."""
    from deckmate.sim.script import run_script

    shots_dir = screenshots_folder(args.screenshots) if args.screenshots else DEMO_SHOTS
    print("%s; playing the demo instead: %s" % (reason, os.path.join(shots_dir, "*.png")))
    with open(DEMO_KEYS) as handle:
        lines = handle.read().splitlines()
    with tempfile.TemporaryDirectory() as scratch:  # a new device: the script expects one
        shots = run_script(lines, os.path.join(scratch, "demo-flash.img"), shots_dir,
                           args.heapsize, args.board, True)
    for path in shots:
        print(path)
    return 0
