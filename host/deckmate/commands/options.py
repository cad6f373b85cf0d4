"""`deckmate options`: the options of a game, with their defaults, and house rules labelled."""

from deckcore.explain import text_of
from deckcore.games import load

from deckcore.games.options import options_of
from deckmate.game_args import SWITCH_SPELLINGS, add_game_option

RULES_DOC = "docs/rules.md"


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "options", help="list a game's options (give them as --option KEY=VALUE)",
        description="List the options of a game with their allowed values and defaults. "
                    "Rules the project chose where the original rules are silent are "
                    "labelled [house rule]. docs/rules.md in the Deckmate repository "
                    "explains the rules and every option.")
    add_game_option(parser)
    parser.set_defaults(run=run)


def run(args):
    game_class = load(args.game)
    declared = options_of(args.game).OPTIONS
    if not declared:
        print("%s has no options: it is played exactly as %s describes it."
              % (game_class.TITLE, RULES_DOC))
        return 0
    print("%s options (--option KEY=VALUE; the rules: %s):" % (game_class.TITLE, RULES_DOC))
    texts = text_of(args.game).HELP
    for option in declared:
        print("  " + option.help_line(texts))
    if any(option.choices == (False, True) for option in declared):
        print("on/off options take %s, in any case." % SWITCH_SPELLINGS)
    return 0
