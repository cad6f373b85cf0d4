"""Bots: each sees only its seat's view, the legal actions and its own Rng.

A bot is an object with a NAME and `choose(view, legal, rng)` that returns one of `legal`.
`random` and `greedy` are the baselines kept for measurement; `easy`, `normal` (the device
default) and `strong` are the playing levels (levels.py). Game knowledge (evaluations,
bidding and discarding rules) lives in one small module per game beside this one, loaded
on first use; the search machinery (search.py) serves every game.
"""

NAMES = ("random", "greedy", "easy", "normal", "strong")
DEFAULT = "normal"


def make(name, game):
    """A bot called `name` for `game`, or None if there is no such bot."""
    if name == "random":
        from deckcore.bots.random_legal import RandomBot
        return RandomBot()
    if name == "greedy":
        from deckcore.bots.greedy import GreedyBot
        return GreedyBot(game)
    if name in NAMES:
        from deckcore.bots.levels import LevelBot
        return LevelBot(game, name)
    return None


def knowledge(game):
    """The module of game knowledge for `game` (deckcore.bots.<game name>)."""
    return __import__("deckcore.bots." + game.NAME, None, None, ["evaluate"])


def determinizer(game):
    """The game module's `determinize(view, rng)`: a full State consistent with a view."""
    return __import__("deckcore.games." + game.NAME, None, None, ["determinize"]).determinize
