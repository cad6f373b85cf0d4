"""A fitted estimate of a 2-player Scioto position, for searches that stop short of the end.

Between tricks, with every card in the two hands, the value of a position is the points the
leader will take from those still in play (what scioto_endgame computes exactly). The
estimate is a sum of weights, one per card held, looked up by how the card meets the other
hand: its points, `d`, the number of cards of the other hand that dismiss it (0: led, it
wins for sure; counted up to THREATS - 1), and `e`, the number it dismisses there (0: an
idle, free discard; counted up to TARGETS - 1). The leader's cards and the follower's have
their own tables, one pair per hand size, plus a constant and a weight on the points in
play. tools/fit_scioto_estimate.py fits them by least squares to positions the exact solver
valued, both to the values and to the differences between positions one trick apart from
the same position (what a search compares), and writes scioto_weights.py.

Values are in UNITs (eighths of a point): a search with a horizon counts in them, so that
close moves are not tied by rounding.

It serves the base game only (2 players, 7 ranks, the original dismissal rule, pip values,
no compounding or mandatory dismissal): scioto_endgame.estimate_fits(game) says so.
"""

from deckcore.bots.scioto_endgame import BIT_NUMBER, POPCOUNT
from deckcore.bots.scioto_weights import SCALE, SMALLEST, WEIGHTS
from deckcore.residency import unload

# The weights' module is unloaded once its arrays are taken: on MicroPython a loaded module
# keeps every constant of its code (here the bytes the arrays were made from, 4.5 KB).
unload("deckcore.bots.scioto_weights")

UNIT = 8  # the estimate's values are in eighths of a point
THREATS = 5  # d = 0, 1, 2, 3, 4 or more
TARGETS = 4  # e = 0, 1, 2, 3 or more
CELLS = 7 * THREATS * TARGETS  # the weights of one hand: 7 point values × d × e
# The offsets of d and e (0 to 7 cards) in a card's cells.
THREAT_COLUMN = bytes(min(d, THREATS - 1) * TARGETS for d in range(8))
TARGET_COLUMN = bytes(min(e, TARGETS - 1) for e in range(8))


class Estimate:
    """`estimate(size, lead, follow, rem)`: the leader's take, estimated, for hands of
    `size` cards, at least SMALLEST (hands as bitmasks in the endgame's card numbers, `rem`
    their points; take and points in UNITs); below SMALLEST a search goes on exactly."""

    def __init__(self, points, dismissers):
        self.smallest = SMALLEST
        self.dismissers = dismissers
        self.dismissed = [0] * len(points)  # dismissed[c]: the cards c dismisses
        for lead in range(len(points)):
            for card in range(len(points)):
                if dismissers[lead] >> card & 1:
                    self.dismissed[card] |= 1 << lead
        self.first_cell = [(p - 1) * THREATS * TARGETS for p in points]

    def total(self, weights, lead, follow):
        """The constant plus the weights of the leader's cards and the follower's. (Its
        lookups are the estimate's counts: the fitting tool reads them off a recorder.)"""
        dismissers, dismissed, first_cell = self.dismissers, self.dismissed, self.first_cell
        total = weights[0]
        for hand, other, table in ((lead, follow, 2), (follow, lead, 2 + CELLS)):
            while hand:
                low = hand & -hand
                hand ^= low
                card = BIT_NUMBER[low % 67]
                threats = dismissers[card] & other
                targets = dismissed[card] & other
                # The two popcounts inlined: this is the innermost loop of the bots' search.
                d = (POPCOUNT[threats & 255] + POPCOUNT[threats >> 8 & 255]
                     + POPCOUNT[threats >> 16 & 255] + POPCOUNT[threats >> 24])
                e = (POPCOUNT[targets & 255] + POPCOUNT[targets >> 8 & 255]
                     + POPCOUNT[targets >> 16 & 255] + POPCOUNT[targets >> 24])
                total += weights[table + first_cell[card] + THREAT_COLUMN[d] + TARGET_COLUMN[e]]
        return total

    def __call__(self, size, lead, follow, rem):
        weights = WEIGHTS[min(size - SMALLEST, len(WEIGHTS) - 1)]
        take = (self.total(weights, lead, follow) * UNIT + weights[1] * rem) // SCALE
        return 0 if take < 0 else rem if take > rem else take
