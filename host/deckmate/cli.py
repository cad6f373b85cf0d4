"""`deckmate`: the host tool. Each subcommand lives in its own module under commands/.

Every command reports what stops it by raising `CommandError` (exit status 1) or
`UsageError` (status 2); `main` prints it as one line, `deckmate COMMAND: message`."""

import argparse
import os
import sys
from importlib import metadata

from deckcore import RULES_VERSION
from deckmate.commands import (arena, bench, deploy, devices, doctor, export, games,
                               import_logs, options, plot, replay, report, selfplay, sim, stats,
                               sync)
from deckmate.errors import CommandError

# each has add_parser(subparsers); `deckmate --help` lists them in this order
COMMANDS = (selfplay, replay, options, arena, bench, sim, sync, import_logs, deploy, devices,
            doctor, games, stats, export, plot, report)


def version_text():
    return "deckmate %s (rules_v %s)" % (metadata.version("deckmate"), RULES_VERSION)


def build_parser():
    parser = argparse.ArgumentParser(
        prog="deckmate",
        description="Look after a Deckmate device and look back at its games: simulate it, put "
                    "the firmware on it, sync its games into an archive, then list, replay, "
                    "count, export, plot and report them, with the device's own rules core.",
        epilog="Start with `deckmate sim`, then `deckmate COMMAND --help`; a first session: "
               "deckmate sync, deckmate games, deckmate replay GAME_ID, deckmate report --out "
               "report.")
    parser.add_argument("--version", action="version", version=version_text(),
                        help="print the package version and the rules core's rules_v")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        command.add_parser(subparsers)
    return parser


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 2
    try:
        status = args.run(args)
        sys.stdout.flush()
    except CommandError as error:
        print("deckmate %s: %s" % (args.command, error), file=sys.stderr)
        return error.status
    except BrokenPipeError:
        # The reader went away (`deckmate replay FILE | head`): stop quietly, as Unix tools
        # do; stdout is pointed at devnull so that Python's final flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return status or 0


if __name__ == "__main__":
    sys.exit(main())
