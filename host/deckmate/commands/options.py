"""Game and option arguments shared by the commands that play games."""

import argparse

from deckcore.game import RulesError, parse_option_value
from deckcore.games import NAMES, load


def add_game_arguments(parser):
    parser.add_argument("--game", required=True, choices=NAMES, help="which game")
    parser.add_argument("--players", type=int, help="number of players (where the game allows a choice)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, repeatable; `deckmate options --game GAME` lists them")


def game_options(args):
    """The options dict of --players and --option KEY=VALUE; argparse errors say what's wrong."""
    options = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise argparse.ArgumentTypeError("--option takes KEY=VALUE, got %r" % item)
        options[key] = parse_option_value(value)
    if args.players is not None:
        options["players"] = args.players
    return options


class UsageError(Exception):
    """A command line that cannot run; the message says what to give instead."""


def game_and_bots(args, allowed):
    """The Game and the bot names of --game/--players/--option and --bots; UsageError if
    either is wrong."""
    try:
        game = make_game(args)
    except (RulesError, argparse.ArgumentTypeError) as error:
        raise UsageError(str(error))
    names = args.bots.split(",")
    for name in names:
        if name not in allowed:
            raise UsageError("no bot called %r; choose from %s" % (name, ", ".join(allowed)))
    return game, names


def make_game(args):
    """The Game for the command line's --game, --players and --option; RulesError if invalid."""
    game_class = load(args.game)
    options = game_options(args)
    if "players" in options and "players" not in [o.name for o in game_class.OPTIONS]:
        probe = game_class({})
        if options["players"] != probe.num_players:
            raise RulesError("%s is played by %d players" % (args.game, probe.num_players))
        del options["players"]
    return game_class(options)
