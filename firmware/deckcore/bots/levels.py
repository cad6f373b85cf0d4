"""The playing levels. Each is a `Budget` of work per game, never of time, so a decision is
the same on every runtime. `normal` is the device default and must keep a decision within
about 1 s on an RP2040 (p95; at most 3 s), `hard` within 3 s (at most 10 s) (docs/bots.md has
the measurements; those on the board's word size were made with a 32-bit build of the unix
port the project no longer has); `strong` is the host's
reference, held to no budget. Games whose positions cost more have budgets of their own.

Phases the game's knowledge module decides by rule (bidding, calling, discarding) skip the
search; `easy` takes one of the two best actions by a one-ply evaluation. The search machinery
(search.py) is loaded on a level's first search: SCOUT and 2-player Scioto decide in their
knowledge modules and may never need it (2.5 KB of heap on the device)."""

from deckcore.bots import NAMES
from deckcore.bots.knowledge import determinizer, knowledge


def make(name, game):
    """A bot called `name` for `game` (bots/__init__.py's NAMES), or None if there is no such
    bot."""
    if name == "random":
        from deckcore.bots.random_legal import RandomBot
        return RandomBot()
    if name == "greedy":
        from deckcore.bots.greedy import GreedyBot
        return GreedyBot(game)
    if name in NAMES:
        return LevelBot(game, name)
    return None


class Budget:
    """One level's work in one game. Every game's bots read the fields they use:

    worlds       worlds dealt from the view per decision (SCOUT: for the others' threats)
    nodes        positions the search (search.py) may make per decision (SCOUT hard: its
                 playouts' work, each step as the cards it weighs and a few more, bots/scout.py)
    depth        plies it looks ahead (SCOUT hard: the seat's turns a playout goes on for)
    width        actions it tries below the root (SCOUT hard: places a playout tries)
    exact        cards left from which it searches to the end of the hand
    places       SCOUT: places tried for a scouted card (bots/scout.py)
    playouts     SCOUT hard and strong: worlds each candidate is played out in (hard: at most)
    candidates   ... the one ply's best actions played out (bots/scout.py)
    endgame      2-player Scioto: cards in the two hands from which the play is exact
    try_exact    ... from which an exact proof is tried first, ...
    proof_nodes  ... with this many positions before the bot searches instead
    lookahead    ... and that search's (most cards, tricks ahead) steps (bots/scioto.py)
    distinct     the level searches one of the actions that play alike (the game's `distinct`)
    halve        worlds after which the search goes on with the better half of the actions
    variant_exact ... (endgame, try_exact, proof_nodes) in the variants: the three above are
                 the base game's, set by its think time with the search in native code and
                 the estimate; in the others the search before the exact play is the generic
                 one, and in some the exact search is Python (scioto_endgame.native_fits)
    """

    def __init__(self, level, worlds=1, nodes=0, depth=1, width=1, exact=0, places=0,
                 playouts=0, candidates=2, endgame=0, try_exact=0, proof_nodes=0, lookahead=(),
                 variant_exact=(0, 0, 0), distinct=False, halve=0):
        self.level = level
        self.worlds = worlds
        self.nodes = nodes
        self.depth = depth
        self.width = width
        self.exact = exact
        self.places = places
        self.playouts = playouts
        self.candidates = candidates
        self.endgame = endgame
        self.try_exact = try_exact
        self.proof_nodes = proof_nodes
        self.lookahead = lookahead
        self.variant_exact = variant_exact
        self.distinct = distinct
        self.halve = halve


def budget(game_name, level, players=0):
    """The budget of `level` in the game called `game_name` with `players` (only that one is
    made: the device resumes a match with little heap to spare)."""
    if game_name == "scioto":
        if level == "normal":
            return Budget("normal", worlds=2, nodes=160, depth=4, width=3, exact=10,
                          endgame=12, try_exact=13, proof_nodes=16000,
                          lookahead=((28, 2),), variant_exact=(11, 12, 1000))
        if level == "hard":  # in the base game `strong`'s, which native code fits
            return Budget("hard", worlds=6, nodes=900, depth=4, width=3, exact=10,
                          endgame=14, try_exact=16, proof_nodes=250000,
                          lookahead=((20, 3), (28, 2)), variant_exact=(12, 13, 16000))
        if level == "strong":
            return Budget("strong", worlds=8, nodes=3000, depth=5, width=4, exact=12,
                          endgame=14, try_exact=16, proof_nodes=250000,
                          lookahead=((20, 3), (28, 2)), variant_exact=(14, 16, 250000))
    elif game_name == "scout":  # one ply and playouts (bots/scout.py), no tree search
        if level == "normal":
            return Budget("normal", worlds=4, places=3)
        if level == "hard":
            if players == 2:  # a playout's steps are few and quick: normal's four best in 32
                # worlds (two in six were level with strong; four in 32 +1.3 a round over it,
                # counted p95 1.27 s: docs/notes/2026-12-07-scout-2p.md)
                return Budget("hard", worlds=4, places=3, playouts=32, depth=2, width=1,
                              candidates=4)
            # with more, normal's fourth or fifth best is often the best, each played out in as
            # many worlds as `nodes` allow (2 to 32): a late turn's are cheap (bots.md); the
            # work by number of players (p95 about 0.8-1.3 s counted, with the step in native
            # code; at 5 players 20,000 and 48 worlds gained nothing), none for a table SCOUT
            # has not
            nodes = {3: 9000, 4: 6400, 5: 14000}.get(players)
            if nodes is None:
                raise ValueError("SCOUT is played by 2 to 5 players, not %r" % players)
            return Budget("hard", worlds=4, places=3, playouts=32, depth=2, width=1,
                          candidates=4 if players == 5 else 5,  # 5: a world decides more
                          nodes=nodes)
        if level == "strong":
            return Budget("strong", worlds=4, places=3, playouts=16, depth=0)
        return Budget("easy", worlds=1, places=1)
    # The tarot games: a position costs about three of Scioto's, and a world more to deal.
    elif level == "normal":
        return Budget("normal", worlds=2, nodes=24, depth=3, width=2, exact=6)
    elif level == "hard":
        if game_name == "scarto":  # a longer look ahead halved its gap to strong (docs/bots.md)
            return Budget("hard", worlds=6, nodes=400, depth=4, width=3, exact=6)
        if game_name == "droggn":  # deeper and wider, its shares on the likely best cards
            return Budget("hard", worlds=6, nodes=320, depth=5, width=4, exact=6,
                          distinct=True, halve=2)
        return Budget("hard", worlds=6, nodes=144, depth=3, width=2, exact=6)
    elif level == "strong":
        return Budget("strong", worlds=8, nodes=1600, depth=5, width=4, exact=12)
    if level != "easy":
        raise ValueError("no bot level %r" % level)
    return Budget("easy")


class LevelBot:
    def __init__(self, game, name):
        self.NAME = name
        self.game = game
        self.know = knowledge(game)
        self.determinize = determinizer(game)
        self.budget = budget(game.NAME, name, game.num_players)
        self.search = None  # the level's PimcSearch, made on its first search

    def choose(self, view, legal, rng, tick=None):
        if len(legal) == 1:
            return legal[0]
        ruled = self.know.decide(view, legal, rng, self.budget, tick)
        if ruled is not None:
            return ruled
        if self.NAME == "easy":
            return self.easy(view, legal, rng)
        if self.budget.distinct:  # (only a game whose knowledge has `distinct` sets it)
            legal = getattr(self.know, "distinct")(view, legal)
            if len(legal) == 1:
                return legal[0]
        if self.search is None:
            from deckcore.bots.search import PimcSearch
            self.search = PimcSearch(self.know, self.budget)
        # With nothing to guess, one world is the truth.
        worlds = self.budget.worlds if self.know.hidden(view) else 1
        return self.search.choose(lambda r: self.determinize(view, r), worlds, view.seat,
                                  legal, rng, tick)

    def easy(self, view, legal, rng):
        """One of the two best actions by the evaluation one ply ahead, in one world. (Named
        after the level: a name of its own would be one more interned on the device, where
        a Droggn match is one name short of the next pool of names, docs/budgets.md.)"""
        from deckcore.bots import utility
        from deckcore.bots.search import play, take_back
        world = self.determinize(view, rng)
        ranked = []
        for i in range(len(legal)):
            after, mark = play(world, legal[i])
            ranked.append((-utility(self.know.evaluate(after), view.seat), i))
            take_back(world, mark)
        ranked.sort()
        return legal[ranked[rng.below(2)][1]]
