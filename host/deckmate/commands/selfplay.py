"""`deckmate selfplay`: a whole match with bots in every seat, written as a log."""

import sys

from deckcore.bots import NAMES as BOT_NAMES
from deckcore.selfplay import play_to_file
from deckmate import runtime
from deckmate.commands.options import UsageError, add_game_arguments, game_and_bots


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "selfplay", help="play a match with bots in every seat and write its log",
        description="Play a whole match with bots in every seat and write its log. The same "
                    "seed gives the same log, byte for byte, under both runtimes.")
    add_game_arguments(parser)
    parser.add_argument("--seed", type=int, required=True, help="seed of the deals and the bots")
    parser.add_argument("--bots", default="random",
                        help="bot names by seat, comma-separated, repeated to fill the table "
                             "(%s)" % ", ".join(BOT_NAMES))
    parser.add_argument("--runtime", choices=("cpython", "micropython"), default="cpython",
                        help="run the rules core in this Python (default) or in the MicroPython unix port")
    parser.add_argument("--out", required=True, help="the log file to write")
    parser.set_defaults(run=run)


def run(args):
    try:
        game, bots = game_and_bots(args, BOT_NAMES)
    except UsageError as error:
        print("deckmate selfplay: %s" % error, file=sys.stderr)
        return 2
    options = dict(game.option_items())
    if args.runtime == "cpython":
        play_to_file(args.game, options, args.seed, bots, args.out)
    else:
        code = "from deckcore.selfplay import play_to_file\nplay_to_file(%r, %r, %d, %r, %r)\n" % (
            args.game, options, args.seed, bots, args.out)
        try:
            status, out, err = runtime.run_core(code)
        except runtime.RuntimeMissing as error:
            print("deckmate selfplay: %s" % error, file=sys.stderr)
            return 2
        if status != 0:
            print("deckmate selfplay: the MicroPython run failed:\n%s%s" % (out, err), file=sys.stderr)
            return 1
    print("wrote %s" % args.out)
    return 0
