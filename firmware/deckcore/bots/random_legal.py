"""The baseline bot: a uniformly random legal action."""


class RandomBot:
    NAME = "random"

    def choose(self, view, legal, rng, tick=None):
        return rng.choice(legal)
