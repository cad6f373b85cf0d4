"""Bots: each sees only its seat's view, the legal actions and its own Rng.

A bot is an object with a NAME and `choose(view, legal, rng, tick=None)` that returns one of
`legal`. `random` and `greedy` are the baselines kept for measurement; `easy`, `normal` (the
device default) and `hard` are the playing levels the device offers, `strong` the host's
reference (levels.py). Game knowledge
(evaluations, bidding and discarding rules) lives in one small module per game beside this
one, loaded on first use; the search machinery (search.py) serves every game.

`tick`, when given, is a function of no arguments that a bot calls between slices of its
work (every node and world of the search, every few hundred positions of Scioto's exact
endgame, every world and playout step of SCOUT's), so that a device can keep its keys and
screen alive while a bot thinks. It must leave the bot's arguments alone; a decision is the
same with or without it.
"""

NAMES = ("random", "greedy", "easy", "normal", "hard", "strong")
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


def card_total(cards, values):
    """The sum of values[card] over `cards` (points of a pile, a trick, a hand)."""
    total = 0
    for card in cards:
        total += values[card]
    return total


def utility(values, seat):
    """The seat's value against the mean of the others, times the number of seats."""
    return len(values) * values[seat] - sum(values)


def best_index(totals):
    """The index of the largest total, the first of equals."""
    best = 0
    for i in range(1, len(totals)):
        if totals[i] > totals[best]:
            best = i
    return best


def knowledge(game):
    """The module of game knowledge for `game` (deckcore.bots.<game name>). It provides:

    decide(view, legal, rng, budget, tick)  the action of a phase decided by rule or by the
        game's own search (bidding, discarding, SCOUT's play, Scioto's endgame), or None to
        leave it to the search; `budget` is the level's Budget (levels.py), `tick` as above
    hidden(view)        whether the view leaves cards to guess (False: one world is the truth)
    cards_left(state)   cards still to play, for the search's `exact`
    evaluate(state)     per-seat estimates of the final scores, exact when the hand is over,
                        in any unit the game likes (the search compares them, `utility`)
    order(state, actions)  the actions, most promising first (a permutation of `actions`)
    immediate(state)    per-seat points as they stand, for the greedy baseline
    quiet(state)        optional: whether a position may be valued by `evaluate` (default:
                        no trick on the table, search.between_tricks)
    """
    return __import__("deckcore.bots." + game.NAME, None, None, ["evaluate"])


def determinizer(game):
    """The game module's `determinize(view, rng)`: a full State consistent with a view. A
    tarot world holds the view's own lists of the play (TarotState.copy_public): what is
    played on it is taken back (undo) or played on a clone, so the view stays as it was."""
    return __import__("deckcore.games." + game.NAME, None, None, ["determinize"]).determinize
