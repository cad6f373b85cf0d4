"""`deckmate`: the host tool. Each subcommand lives in its own module under commands/."""

import argparse
import sys

from deckmate.commands import arena, bench, options_list, replay, selfplay, sim

COMMANDS = (selfplay, replay, options_list, arena, bench, sim)


def build_parser():
    parser = argparse.ArgumentParser(
        prog="deckmate",
        description="Play, check and replay Deckmate card-game logs with the device's rules core.")
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
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
