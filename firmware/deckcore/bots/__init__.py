"""Bots: each sees only its seat's view, the legal actions and its own Rng.

A bot is an object with a NAME and `choose(view, legal, rng)` that returns one of `legal`.
"""

NAMES = ("random",)


def make(name, game):
    """A bot called `name` for `game`, or None if there is no such bot."""
    if name == "random":
        from deckcore.bots.random_legal import RandomBot
        return RandomBot()
    return None
