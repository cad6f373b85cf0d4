"""Command-line arguments shared by the commands that play games: the game and its options,
the seed and the bots."""

import argparse

from deckcore.game import RulesError
from deckcore.games import NAMES, load
from deckcore.games.options import options_of
from deckcore.option import parse_option_value
from deckmate.errors import UsageError
from deckmate.names import did_you_mean, game_name, same_name

SEED_LIMIT = 2 ** 32  # the core's generator is seeded with 32 bits
# The spellings of on/off options, case-insensitive (listed by `deckmate options`).
SWITCH_WORDS = {"on": True, "yes": True, "true": True, "1": True,
                "off": False, "no": False, "false": False, "0": False}
SWITCH_SPELLINGS = "on/off, yes/no, true/false or 1/0"


def seed_number(text):
    """argparse type of a seed: a whole number in 0..2^32-1, used as given."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("a seed is a whole number, got %r" % text)
    if not 0 <= seed < SEED_LIMIT:
        raise argparse.ArgumentTypeError("a seed is in 0..%d, got %d" % (SEED_LIMIT - 1, seed))
    return seed


def add_game_option(parser, required=True, help_end=""):
    """--game: one of NAMES, as game_name reads it."""
    parser.add_argument("--game", type=game_name, required=required, metavar="GAME",
                        help="which game: %s%s" % (", ".join(NAMES), help_end))


def add_game_arguments(parser):
    add_game_option(parser)
    parser.add_argument("--players", type=int,
                        help="number of players (where the game allows a choice)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, repeatable; `deckmate options --game GAME` lists "
                             "them")


def option_value(game_class, key, text):
    """The value of `--option KEY=TEXT`: on/off options take any of SWITCH_SPELLINGS."""
    for option in options_of(game_class.NAME).OPTIONS:
        if option.name == key and option.choices == (False, True):
            if text.lower() not in SWITCH_WORDS:
                raise UsageError("option %s is on or off (%s), got %r"
                                 % (key, SWITCH_SPELLINGS, text))
            return SWITCH_WORDS[text.lower()]
    return parse_option_value(text)


def parse_options(game_class, items):
    """The options dict of repeated `--option KEY=VALUE` items."""
    options = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key:
            raise UsageError("--option takes KEY=VALUE, got %r" % item)
        if key in options:
            raise UsageError("option %s is given twice" % key)
        known = [option.name for option in options_of(game_class.NAME).OPTIONS]
        if key not in known:
            raise UsageError("%s has no option %r; its options are: %s%s (`deckmate options "
                             "--game %s` explains them)" % (
                                 game_class.NAME, key, ", ".join(known),
                                 did_you_mean(key, known), game_class.NAME))
        options[key] = option_value(game_class, key, text)
    return options


def make_game(args):
    """The Game of the command line's --game, --players and --option; UsageError if invalid."""
    game_class = load(args.game)
    options = parse_options(game_class, args.option)
    takes_players = "players" in [o.name for o in options_of(args.game).OPTIONS]
    if args.players is not None:
        if "players" in options and options["players"] != args.players:
            raise UsageError("--players %d and --option players=%s disagree; give one"
                             % (args.players, options["players"]))
        options["players"] = args.players
    if "players" in options and not takes_players:
        played_by(game_class, options.pop("players"))
    try:
        return game_class(options)
    except RulesError as error:
        raise UsageError(str(error))


def played_by(game_class, players):
    """`players` for a game with no players option (Scarto): UsageError unless it is the
    number the game is played by."""
    count = game_class({}).num_players
    if players != count:
        raise UsageError("%s is played by %d players" % (game_class.NAME, count))


def bot_names(text, allowed, seats):
    """The bot names of a comma-separated --bots list: each one allowed, no more than `seats`."""
    names = []
    for given in text.split(","):
        found = [name for name in allowed if same_name(given, name)]
        if not found:
            raise UsageError("no bot called %r; choose from %s%s" % (
                given, ", ".join(allowed), did_you_mean(given, list(allowed))))
        names.append(found[0])
    if len(names) > seats:
        raise UsageError("%d bots named for %d seats; name at most %d"
                         % (len(names), seats, seats))
    return names
