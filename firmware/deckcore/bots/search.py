"""The search machinery shared by every game: perfect-information Monte Carlo (PIMC).

A decision deals `worlds` full states consistent with the seat's view (the game's
`determinize`), searches every legal action in each world and plays the action with the
best total. The search in a world is alpha-beta for two players (zero-sum in the score
difference) and max-n for more (each seat maximises its own score against the others'
mean). It goes `depth` plies deep and tries only the `width` most promising actions (the
game's `order`) below the root, except once at most `exact` cards are left, when it tries
everything to the end of the hand. A position with a trick half played is not valued (its
value swings with the next card): the search goes on with the most promising action alone
until the trick is over (a game may say otherwise with its own `quiet(state)`). A budget of
nodes (positions made by applying an action) bounds every decision: each root action of
each world gets an equal share of what is left, and once a share is spent the positions
left are valued by the game's `evaluate`. A level may give the shares to fewer root actions:
after every `halve` worlds, only the better half by the totals so far (at least 4). Work is
counted in nodes, never time, so both runtimes decide alike. A caller's `tick`
(bots/__init__.py) is called at every node and every world; it changes nothing of the
search. On the device the heap is collected before each world is dealt: the last world's
garbage goes while little of the next is live, so the world's pieces of a few hundred bytes
find room (Chambery's five players: 4 KB less heap, and less think time than collections
when the heap is full; docs/budgets.md).

Values are per-seat lists of final-score estimates (the game's `evaluate`, exact at the end
of the hand); `utility` turns one into a single seat's point of view.
"""

import gc
import sys

from deckcore import const
from deckcore.bots import best_index, utility
from deckcore.game import TERMINAL

_COLLECT_PER_WORLD = sys.implementation.name == "micropython"  # (on the host: time lost)

_FULL = const(1000)  # plies or actions: no limit
_WORST = const(1 - (1 << 30))  # below any value; -_WORST is a small int too where they have 31 bits


def between_tricks(state):
    """No trick on the table (games without tricks have no `trick`: always quiet)."""
    return not getattr(state, "trick", None)


def play(state, action):
    """The position after `action` and the mark that takes it back: `state` itself when its
    game can take the action back (State.undo_mark), else a copy (the mark is None)."""
    mark = state.undo_mark(action)
    if mark is None:
        state = state.clone()
    state.apply(action)
    return state, mark


def take_back(state, mark):
    """Undo what `play` did to `state` (nothing when it played on a copy)."""
    if mark is not None:
        state.undo(mark)


class PimcSearch:
    """One decision's search within a level's Budget (levels.py): its worlds, nodes, depth,
    width and exact."""

    def __init__(self, know, budget):
        self.know = know
        self.quiet = getattr(know, "quiet", between_tricks)
        self.nodes = budget.nodes
        self.depth = budget.depth
        self.width = budget.width
        self.exact = budget.exact
        self.halve = budget.halve
        self.left = 0
        self.limit = budget.width
        self.tick = None

    def choose(self, world_of, worlds, seat, legal, rng, tick=None):
        """The best of `legal` for `seat`, summed over `worlds` worlds made by `world_of(rng)`.

        With one world (nothing hidden) and two seats the root is one alpha-beta search:
        only the best action's value is exact, the others' are bounds, so the choice is the
        first action, in the order searched, that raised the best value. Budget an action
        leaves unspent passes on to the next. An action no longer searched after halving has
        the total _WORST. `tick`, if given, is called at every node and world."""
        self.tick = tick
        totals = [0] * len(legal)
        searched = legal
        for number in range(worlds):
            if tick is not None:
                tick()
            if _COLLECT_PER_WORLD:
                gc.collect()
            world = world_of(rng)
            depth, self.limit = self.depth, self.width
            if self.know.cards_left(world) <= self.exact:
                depth, self.limit = _FULL, _FULL
            two = world.game.num_players == 2
            alpha, chosen = _WORST, 0
            order = self.know.order(world, searched)
            budget = self.nodes // worlds
            for k in range(len(order)):
                i = legal.index(order[k])
                after, mark = play(world, legal[i])
                self.left = budget // (len(order) - k)
                budget -= self.left
                if two and worlds == 1:
                    value = self.alphabeta(after, seat, depth - 1, alpha, -_WORST)
                    if value > alpha:
                        alpha, chosen = value, i
                elif two:
                    value = self.alphabeta(after, seat, depth - 1, _WORST, -_WORST)
                else:
                    value = utility(self.maxn(after, depth - 1), seat)
                take_back(world, mark)
                totals[i] += value
                budget += max(0, self.left)
            if two and worlds == 1:
                return legal[chosen]
            world = after = None  # the next world is dealt in this one's room
            if self.halve and (number + 1) % self.halve == 0 and number + 1 < worlds:
                # The better half goes on, at least 4 (fewer would be decided by a few worlds)
                # and any tied with the last; the others' totals become _WORST. (Its garbage
                # goes before the next world is dealt.)
                ranked = sorted([total for total in totals if total > _WORST])
                if len(ranked) > 4:
                    lowest = ranked[len(ranked) - max(4, (len(ranked) + 1) // 2)]
                    for i in range(len(totals)):
                        if totals[i] < lowest:
                            totals[i] = _WORST
                    searched = [legal[i] for i in range(len(legal)) if totals[i] > _WORST]
        return legal[best_index(totals)]

    def _leaf(self, state, depth):
        if self.tick is not None:
            self.tick()
        if self.left <= 0 or state.current_player() == TERMINAL:
            return True
        return depth <= 0 and self.quiet(state)

    def _children(self, state, depth):
        """The actions to try, most promising first, with the node budget charged."""
        actions = self.know.order(state, state.legal_actions())
        limit = self.limit if depth > 0 else 1
        if len(actions) > limit:
            actions = actions[:limit]
        if len(actions) > self.left:
            actions = actions[:max(1, self.left)]
        self.left -= len(actions)
        return actions

    def _played_through(self, state):
        """The values of the position the most promising actions lead to, played one after the
        other until it may be valued: what the search does past its depth (one child per
        position, so its value is the child's), in a loop. A long compounding trick took
        the heap of a call per card (the MemoryError of issue 23); a loop keeps only the
        marks that take the cards back."""
        played = []
        while not self._leaf(state, 0):
            after, mark = play(state, self._children(state, 0)[0])
            played.append((state, mark))
            state = after
        values = self.know.evaluate(state)
        for index in range(len(played) - 1, -1, -1):
            take_back(*played[index])
        return values

    def alphabeta(self, state, seat, depth, alpha, beta):
        """Two seats: `seat`'s score minus the other's, fail-soft alpha-beta."""
        if depth <= 0:
            return utility(self._played_through(state), seat)
        if self._leaf(state, depth):
            return utility(self.know.evaluate(state), seat)
        maximise = state.current_player() == seat
        best = _WORST if maximise else -_WORST
        for action in self._children(state, depth):
            after, mark = play(state, action)
            value = self.alphabeta(after, seat, depth - 1, alpha, beta)
            take_back(state, mark)
            if maximise:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
            elif value < best:
                best = value
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        return best

    def maxn(self, state, depth):
        """Three or more seats: the value vector when each seat plays for itself."""
        if depth <= 0:
            return self._played_through(state)
        if self._leaf(state, depth):
            return self.know.evaluate(state)
        mover = state.current_player()
        best, best_utility = None, 0
        for action in self._children(state, depth):
            after, mark = play(state, action)
            values = self.maxn(after, depth - 1)
            take_back(state, mark)
            value = utility(values, mover)
            if best is None or value > best_utility:
                best, best_utility = values, value
        return best
