"""`deckmate selfplay`: a whole match with bots in every seat, written as a log."""

import hashlib
import os
import secrets

from deckcore.bots import DEFAULT as DEFAULT_BOT
from deckcore.bots import NAMES as BOT_NAMES
from deckcore.selfplay import play_to_file
from deckmate import runtime
from deckmate.errors import CommandError
from deckmate.game_args import add_game_arguments, bot_names, make_game, seed_number

# Under MicroPython, a log that cannot be written ends the run with WRITE_FAILED, the error
# number printed.
WRITE_FAILED = 3
MICROPYTHON_SELFPLAY = """import sys
from deckcore.selfplay import play_to_file
try:
    play_to_file(%%r, %%r, %%d, %%r, %%r)
except OSError as error:
    print(error.args[0])
    sys.exit(%d)
""" % WRITE_FAILED
CHOSEN_SEED_LIMIT = 2 ** 30  # a seed taken for the run is a small int on the board too
# "micropython": the unix port (64-bit); "micropython-wasm": the browser's port under Node.js
# (32-bit)
RUNTIMES = ("cpython", "micropython", "micropython-wasm")


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "selfplay", help="play a match with bots in every seat and write its log",
        description="Play a whole match with bots in every seat and write its log. The same "
                    "seed gives the same log, byte for byte, under both runtimes. Its game id, "
                    "selfplay-GAME-SEED-HASH (HASH: of the log), is its own: logs of other "
                    "games, options or bots with the same seed import side by side.")
    add_game_arguments(parser)
    parser.add_argument("--seed", type=seed_number,
                        help="seed of the deals and the bots, 0..2^32-1 (default: one taken at "
                             "random, printed and kept in the log's header)")
    parser.add_argument("--bots", default=DEFAULT_BOT,
                        help="bot names by seat, comma-separated, at most one per seat; the list "
                             "repeats to fill the table (%s; default %s, the device's level)"
                             % (", ".join(BOT_NAMES), DEFAULT_BOT))
    parser.add_argument("--runtime", choices=sorted(RUNTIMES), default="cpython",
                        help="run the rules core in this Python (default), in the MicroPython "
                             "unix port, or in the browser's WebAssembly port "
                             "under Node.js (micropython-wasm, 32-bit: the board's word size)")
    parser.add_argument("--out", required=True, help="the log file to write")
    parser.set_defaults(run=run)


def check_writable(path):
    """Make `path` an empty file, or say in one line why it cannot be written."""
    try:
        with open(path, "w"):
            pass
    except OSError as error:
        raise CommandError("cannot write %s: %s" % (path, error.strerror or error))


def name_uniquely(path, game_name, seed):
    """Give the log at `path` a game id of its own, `selfplay-GAME-SEED-HASH`, HASH the first 12
    hex digits of the SHA-256 of the log as played: logs that differ in anything (the game, its
    options, the bots, the rules) have different ids, so they import together, and the same
    match played again has its id again, so importing both changes nothing."""
    with open(path, "rb") as handle:
        data = handle.read()
    header, rest = data.split(b"\n", 1)
    placeholder = b'"game_id":"selfplay-%d",' % seed  # deckcore.selfplay's, for one seed
    game_id = "selfplay-%s-%d-%s" % (game_name, seed, hashlib.sha256(data).hexdigest()[:12])
    assert header.count(placeholder) == 1, header
    header = header.replace(placeholder, b'"game_id":"%s",' % game_id.encode())
    temp = "%s.%d.tmp" % (path, os.getpid())
    with open(temp, "wb") as handle:
        handle.write(header + b"\n" + rest)
    os.replace(temp, path)


def run(args):
    game = make_game(args)
    bots = bot_names(args.bots, BOT_NAMES, game.num_players)
    options = dict(game.option_items())
    check_writable(args.out)
    seed = secrets.randbelow(CHOSEN_SEED_LIMIT) if args.seed is None else args.seed
    if args.runtime == "cpython":
        try:
            play_to_file(args.game, options, seed, bots, args.out)
        except OSError as error:
            raise CommandError("cannot write %s: %s" % (args.out, error.strerror or error))
    else:
        code = MICROPYTHON_SELFPLAY % (args.game, options, seed, bots, os.path.abspath(args.out))
        if args.runtime == "micropython-wasm":
            status, out, err = runtime.run_core_wasm(code, outputs=[args.out])
        else:
            status, out, err = runtime.run_core(code)
        if status == WRITE_FAILED:
            raise CommandError("cannot write %s: %s" % (args.out, os.strerror(int(out))))
        if status != 0:
            raise CommandError("the MicroPython run failed:\n%s%s" % (out, err))
    name_uniquely(args.out, args.game, seed)
    print("wrote %s" % args.out if args.seed is not None
          else "wrote %s (seed %d: --seed %d plays it again)" % (args.out, seed, seed))
    return 0
