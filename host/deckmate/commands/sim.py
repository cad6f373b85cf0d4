"""`deckmate sim`: the simulated board, in a window or headless with a key script."""

import os

from deckmate import runtime
from deckmate.errors import CommandError, UsageError
from deckmate.sim import boards


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
                        help="no window: play --keys and write --screenshots, then exit")
    parser.add_argument("--keys", metavar="FILE",
                        help="key script, one step a line: up down left right press a b x y, "
                             "hold KEY MS, wait MS, shot NAME, # comment")
    parser.add_argument("--screenshots", metavar="DIR", default=".",
                        help="where `shot NAME` writes NAME.png (default: here)")
    parser.add_argument("--flash", metavar="FILE",
                        help="the flash image, kept between runs (default: sim-flash.img in the user "
                             "data folder, e.g. ~/.local/share/deckmate)")
    parser.add_argument("--fresh", action="store_true", help="start with an empty flash")
    parser.add_argument("--board", default="pico_lcd_13",
                        help="the board definition to run, one of firmware/boards/ "
                             "(default pico_lcd_13)")
    parser.add_argument("--heapsize", default=runtime.HEAP,
                        help="MicroPython heap (default %s, the device budget)" % runtime.HEAP)
    parser.add_argument("--scale", type=int, default=3, help="window pixels per panel pixel")
    parser.set_defaults(run=run)


def run(args):
    # imported here: the simulator's packages are not needed by the other commands
    from deckmate import image
    from deckmate.sim.flash import FlashError
    from deckmate.sim.script import FirmwareFailed, ScriptError, run_script

    if args.board not in boards.board_names():
        raise UsageError("no board definition %r (boards: %s)"
                         % (args.board, ", ".join(boards.board_names()) or "none found"))
    flash = args.flash or default_flash()
    try:
        if not args.headless:
            from deckmate.sim import window
            window.run(flash, args.board, args.heapsize, args.fresh, args.scale)
            return 0
        if not args.keys:
            raise UsageError("--headless needs --keys FILE (a key script)")
        with open(args.keys) as handle:
            lines = handle.read().splitlines()
        try:
            shots = run_script(lines, flash, args.screenshots, args.heapsize, args.board,
                               args.fresh)
        except ScriptError as error:
            raise UsageError("%s: %s" % (args.keys, error))
        for path in shots:
            print(path)
        return 0
    except (FirmwareFailed, image.ImageError, OSError, FlashError) as error:
        raise CommandError(str(error))
