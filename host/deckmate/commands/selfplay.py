"""`deckmate selfplay`: a whole match with bots in every seat, written as a log."""

import errno
import hashlib
import os
import secrets
import tempfile

from deckcore.bots import DEFAULT as DEFAULT_BOT
from deckcore.bots import NAMES as BOT_NAMES
from deckcore.selfplay import play_to_file
from deckmate import runtime
from deckmate.errors import CommandError
from deckmate.game_args import add_game_arguments, bot_names, make_game, seed_number
from deckmate.out_file import replaced, written_directly

MICROPYTHON_SELFPLAY = """from deckcore.selfplay import play_to_file
play_to_file(%r, %r, %d, %r, %r)
"""
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
    """Say in one line why `path` cannot be written, before the match is played (its file is
    written once the match is over, whole)."""
    if not path:  # ('' would be read as the current folder)
        raise CommandError("--out needs a file name, e.g. --out game.jsonl")
    target = os.path.realpath(path)
    folder = os.path.dirname(target)
    if os.path.isdir(target):
        problem = errno.EISDIR
    elif written_directly(path):  # (a device, a pipe: /dev/stdout)
        if os.access(path, os.W_OK):
            return
        problem = errno.EACCES
    elif not os.path.isdir(folder):
        problem = errno.ENOTDIR if os.path.exists(folder) else errno.ENOENT
    elif not os.access(folder, os.W_OK) or (os.path.exists(target)
                                            and not os.access(target, os.W_OK)):
        problem = errno.EACCES  # (the log is written beside it first: out_file.replaced)
    else:
        return
    raise CommandError("cannot write %s: %s" % (path, os.strerror(problem)))


def name_uniquely(path, game_name, seed, out=None):
    """Give the log at `path` a game id of its own, `selfplay-GAME-SEED-HASH`, HASH the first 12
    hex digits of the SHA-256 of the log as played: logs that differ in anything (the game, its
    options, the bots, the rules) have different ids, so they import together, and the same
    match played again has its id again, so importing both changes nothing. Written to `out`
    (default: in place)."""
    with open(path, "rb") as handle:
        data = handle.read()
    header, rest = data.split(b"\n", 1)
    placeholder = b'"game_id":"selfplay-%d",' % seed  # deckcore.selfplay's, for one seed
    game_id = "selfplay-%s-%d-%s" % (game_name, seed, hashlib.sha256(data).hexdigest()[:12])
    assert header.count(placeholder) == 1, header
    header = header.replace(placeholder, b'"game_id":"%s",' % game_id.encode())
    with replaced(out or path) as handle:
        handle.write(header + b"\n" + rest)


def run(args):
    game = make_game(args)
    bots = bot_names(args.bots, BOT_NAMES, game.num_players)
    options = dict(game.option_items())
    check_writable(args.out)
    seed = secrets.randbelow(CHOSEN_SEED_LIMIT) if args.seed is None else args.seed
    with tempfile.TemporaryDirectory() as scratch:  # the log as played; --out once it is whole
        played = os.path.join(scratch, "played.jsonl")
        if args.runtime == "cpython":
            play_to_file(args.game, options, seed, bots, played)
        else:
            code = MICROPYTHON_SELFPLAY % (args.game, options, seed, bots, played)
            if args.runtime == "micropython-wasm":
                status, out, err = runtime.run_core_wasm(code, outputs=[played])
            else:
                status, out, err = runtime.run_core(code)
            if status != 0:
                raise CommandError("the MicroPython run failed:\n%s%s" % (out, err))
        try:
            name_uniquely(played, args.game, seed, args.out)
        except OSError as error:
            raise CommandError("cannot write %s: %s" % (args.out, error.strerror or error))
    if not written_directly(args.out):  # (a pipe's or a terminal's bytes are the log alone)
        print("wrote %s" % args.out if args.seed is not None
              else "wrote %s (seed %d: --seed %d plays it again)" % (args.out, seed, seed))
    return 0
