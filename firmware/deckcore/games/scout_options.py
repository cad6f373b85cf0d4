"""SCOUT's options: what the set-up screen shows and checks without loading the rules
(scout.py takes them from here). The help texts are read by the host only: scout_help.py."""

from deckcore.option import Option

NAME = "scout"
HELP = "deckcore.games.scout_help"

OPTIONS = (
    Option("players", 4, HELP, lo=2, hi=5),
)
