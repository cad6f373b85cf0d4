"""High Card's options (the set-up screen reads them without the rules)."""

from deckcore.option import Option

NAME = "highcard"
HELP = "deckcore.games.highcard_help"

OPTIONS = (
    Option("players", 2, HELP, lo=2, hi=4),
)
