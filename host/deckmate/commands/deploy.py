"""`deckmate deploy`: the firmware image onto a board, only what changed (deckmate.deploy)."""

import json

from deckmate.errors import UsageError


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "deploy", help="copy the firmware to a board (only the files that changed)",
        description="Build the firmware image (firmware/manifest.txt compiled with mpy-cross "
                    "for the board's architecture, which the board itself tells), copy the "
                    "files that differ from the board's, remove those the image no longer has, "
                    "write /board.txt and soft-reset the board; a second run copies nothing. "
                    "The logs and settings on the board are left alone. Example: deckmate "
                    "deploy --port /dev/ttyACM0 --board pico_lcd_13 (the simulated board: "
                    "its serial port as `deckmate sim` prints it)")
    parser.add_argument("--port", help="the board's serial port (default: the one Deckmate "
                                       "board plugged in, found by its USB ids)")
    parser.add_argument("--board", default="pico_lcd_13",
                        help="the board definition (firmware/boards/NAME.py), written to "
                             "/board.txt (default: pico_lcd_13)")
    parser.add_argument("--target", help="the image target, when the board's own answer is not "
                                         "to be followed (sim, rp2040, rp2350)")
    parser.add_argument("--json", action="store_true",
                        help="print what changed as one JSON object")
    parser.set_defaults(run=run)


def run(args):
    from deckmate import deploy, image
    from deckmate.sim.boards import checked_board
    checked_board(args.board)
    if args.target is not None and args.target not in image.TARGETS:
        raise UsageError("--target %s: one of %s"
                         % (args.target, ", ".join(sorted(image.TARGETS))))
    port = args.port or _the_board_port()
    steps = None if args.json else print
    plan, state, target = deploy.deploy(port, args.board, args.target, steps)
    if args.json:
        print(json.dumps({"port": port, "target": target, "micropython": state.version,
                          "copied": plan.copy, "removed": plan.remove,
                          "unchanged": len(plan.unchanged), "board": plan.board,
                          "board_written": plan.write_board}))
    else:
        print("\n".join(deploy.describe(plan, state, target, port)))
    return 0


def _the_board_port():
    from deckmate.connection import find_port
    return find_port()
