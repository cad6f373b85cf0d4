"""The playing levels. Each is a budget of work (worlds dealt, nodes searched, depth in
plies, actions tried below the root, cards left when the search goes to the end of the
hand), never of time, so a decision is the same on every runtime. `normal` is the device
default and must keep a decision within about 1 s on an RP2040 (docs/bots.md has the
measurements). Games whose positions cost more have budgets of their own.

Phases the game's knowledge module decides by rule (bidding, calling, discarding) skip the
search; `easy` takes one of the two best actions by a one-ply evaluation."""

from deckcore.bots import determinizer, knowledge
from deckcore.bots.search import Search, utility

# name: (worlds, nodes, depth, width, exact)
LEVELS = {
    "easy": (1, 0, 1, 1, 0),
    "normal": (2, 160, 4, 3, 10),
    "strong": (8, 3000, 5, 4, 12),
}
# The tarot games: a position costs about three of Scioto's, and a world more to deal.
TAROT_LEVELS = {
    "easy": (1, 0, 1, 1, 0),
    "normal": (2, 24, 3, 2, 6),
    "strong": (8, 1600, 5, 4, 12),
}
GAME_LEVELS = {"scarto": TAROT_LEVELS, "chambery": TAROT_LEVELS, "droggn": TAROT_LEVELS}


class LevelBot:
    def __init__(self, game, name):
        self.NAME = name
        self.game = game
        self.know = knowledge(game)
        self.determinize = determinizer(game)
        self.search = Search(self.know, *GAME_LEVELS.get(game.NAME, LEVELS)[name])

    def choose(self, view, legal, rng):
        if len(legal) == 1:
            return legal[0]
        ruled = self.know.decide(view, legal, rng, self.NAME)
        if ruled is not None:
            return ruled
        if self.NAME == "easy":
            return self._easy(view, legal, rng)
        # With nothing to guess, one world is the truth.
        worlds = self.search.worlds if self.know.hidden(view) else 1
        return self.search.choose(lambda r: self.determinize(view, r), worlds, view.seat,
                                  legal, rng)

    def _easy(self, view, legal, rng):
        """One of the two best actions by the evaluation one ply ahead, in one world."""
        world = self.determinize(view, rng)
        ranked = []
        for i in range(len(legal)):
            after = world.clone()
            after.apply(legal[i])
            ranked.append((-utility(self.know.evaluate(after), view.seat), i))
        ranked.sort()
        return legal[ranked[rng.below(2)][1]]
