"""Bots: each sees only its seat's view, the legal actions and its own Rng.

A bot is an object with a NAME and `choose(view, legal, rng, tick=None)` that returns one of
`legal`. `random` and `greedy` are the baselines kept for measurement; `easy`, `normal` (the
device default) and `hard` are the playing levels the device offers, `strong` the host's
reference (levels.py: `make(name, game)` makes one). Game knowledge (evaluations, bidding and
discarding rules) lives in one small module per game beside this one (knowledge.py finds it),
loaded on first use; the search machinery (search.py) serves every game. This module holds
the sums every game's knowledge uses, and imports nothing: every bot module may import it.

`tick`, when given, is a function of no arguments that a bot calls between slices of its
work (every node and world of the search, every few hundred positions of Scioto's exact
endgame, every world and playout step of SCOUT's), so that a device can keep its keys and
screen alive while a bot thinks. It must leave the bot's arguments alone; a decision is the
same with or without it.
"""

NAMES = ("random", "greedy", "easy", "normal", "hard", "strong")
DEFAULT = "normal"


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
