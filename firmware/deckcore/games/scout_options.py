"""SCOUT's options: what the set-up screen shows and checks without loading the rules
(Game.resolve reads them for the call: a match does not hold them). The help texts are read by
the host only: scout_text.py."""

from deckcore.option import Option

NAME = "scout"

OPTIONS = (
    Option("players", 4, lo=2, hi=5),
)
