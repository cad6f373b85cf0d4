"""`deckmate`: the host tool. Each subcommand lives in its own module under commands/.

Every command reports what stops it by raising `CommandError` (exit status 1) or
`UsageError` (status 2); `main` prints it as one line, `deckmate COMMAND: message`. A command
line argparse refuses is said the same way (Parser, unknown_arguments), with the fix: "did you
mean" for a close miss, else the `--help` that says what the command takes."""

import argparse
import os
import re
import sys
from importlib import metadata

from deckcore import RULES_VERSION
from deckmate.commands import (arena, bench, deploy, devices, doctor, export, games,
                               import_logs, options, plot, replay, report, selfplay, sim, stats,
                               sync, web)
from deckmate.errors import CommandError, UsageError
from deckmate.names import did_you_mean

# each has add_parser(subparsers); `deckmate --help` lists them in this order
COMMANDS = (selfplay, replay, options, arena, bench, sim, web, sync, import_logs, deploy,
            devices, doctor, games, stats, export, plot, report)


def version_text():
    return "deckmate %s (rules_v %s)" % (metadata.version("deckmate"), RULES_VERSION)


class CommandLineError(UsageError):
    """A command line argparse refuses; `prog` is the command it was for (`deckmate games`)."""

    def __init__(self, prog, message):
        self.prog = prog
        super().__init__(message)


class Parser(argparse.ArgumentParser):
    """argparse's parser whose mistakes are CommandLineErrors, said by `main` in one line that
    names the fix (a close miss answered with "did you mean"), not its usage block."""

    def error(self, message):
        choice = re.match(r"argument (\S+): invalid choice: '(.*)' \(choose from (.*)\)$",
                          message)
        if choice:
            what, given, listed = choice.groups()
            choices = re.findall(r"'([^']*)'", listed)
            what = "command" if what == "COMMAND" else what
            raise CommandLineError(self.prog, "no %s %r%s (`%s --help` lists them)" % (
                what, given, did_you_mean(given, choices) or "; the choices are "
                + ", ".join(choices), self.prog))
        fix = "" if "did you mean" in message else " (`%s --help` says what it takes)" % self.prog
        raise CommandLineError(self.prog, message + fix)


def unknown_arguments(parser, extras):
    """The CommandLineError of words no option of `parser` takes."""
    given = extras[0]
    if given.startswith("-"):
        options = [option for action in parser._actions for option in action.option_strings]
        return CommandLineError(parser.prog, "no option %s%s (`%s --help` lists them)" % (
            given.split("=", 1)[0], did_you_mean(given.split("=", 1)[0], options), parser.prog))
    return CommandLineError(parser.prog, "unexpected %r (`%s --help` says what it takes)"
                            % (" ".join(extras), parser.prog))


def build_parser():
    parser = Parser(
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
    parser.commands = subparsers.choices  # name -> its parser, for unknown_arguments
    return parser


def parse(parser, argv):
    """The parsed command line; CommandLineError for one that cannot run."""
    args, extras = parser.parse_known_args(argv)
    if extras:
        raise unknown_arguments(parser.commands.get(args.command, parser), extras)
    return args


def main(argv=None):
    parser = build_parser()
    try:
        args = parse(parser, argv)
    except CommandLineError as error:
        print("%s: %s" % (error.prog, error), file=sys.stderr)
        return error.status
    if not args.command:
        parser.print_help()
        return 2
    try:
        status = args.run(args)
        sys.stdout.flush()
    except CommandError as error:
        print("deckmate %s: %s" % (args.command, error), file=sys.stderr)
        return error.status
    except KeyboardInterrupt:  # (a file a command writes is whole or not there: out_file.py)
        print("deckmate %s: stopped (Ctrl-C)" % args.command, file=sys.stderr)
        return 1
    except BrokenPipeError:
        # The reader went away (`deckmate replay FILE | head`): stop quietly, as Unix tools
        # do; stdout is pointed at devnull so that Python's final flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return status or 0


if __name__ == "__main__":
    sys.exit(main())
