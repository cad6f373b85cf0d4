"""High Card's options (the set-up screen reads them without the rules)."""

from deckcore.option import Option

NAME = "highcard"

OPTIONS = (
    Option("players", 2, lo=2, hi=4),
)
