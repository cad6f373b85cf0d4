"""The one-ply baseline: the action that is best right now by the game's immediate count
(the points won so far plus the trick on the table credited to the seat winning it), in one
world dealt from the view. Ties go to the first legal action."""

from deckcore.bots import utility
from deckcore.bots.knowledge import determinizer, knowledge


class GreedyBot:
    NAME = "greedy"

    def __init__(self, game):
        self.game = game
        self.know = knowledge(game)
        self.determinize = determinizer(game)

    def choose(self, view, legal, rng, tick=None):
        if len(legal) == 1:
            return legal[0]
        world = self.determinize(view, rng)
        seat = view.seat
        best, best_value = legal[0], None
        for action in legal:
            if tick is not None:
                tick()
            after = world.clone()
            after.apply(action)
            value = utility(self.know.immediate(after), seat)
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best
