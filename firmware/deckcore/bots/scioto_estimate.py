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

from array import array

from deckcore.bots import scioto_weights
from deckcore.bots.scioto_weights import SCALE, SMALLEST, WEIGHTS
from deckcore.residency import let_go

# The weights' module is let go once its arrays are taken: on MicroPython a loaded module
# keeps every constant of its code (here the bytes the arrays were made from, 4.5 KB).
let_go(scioto_weights)
del scioto_weights

UNIT = 8  # the estimate's values are in eighths of a point
THREATS = 5  # d = 0, 1, 2, 3, 4 or more
TARGETS = 4  # e = 0, 1, 2, 3 or more
CELLS = 7 * THREATS * TARGETS  # the weights of one hand: 7 point values × d × e
# COLUMN[d * 8 + e]: the offset of d and e (0 to 7 cards each) in a card's cells.
COLUMN = bytes(min(d, THREATS - 1) * TARGETS + min(e, TARGETS - 1)
               for d in range(8) for e in range(8))


class Estimate:
    """`estimate(size, lead, follow, rem)`: the leader's take, estimated, for hands of
    `size` cards, at least SMALLEST (hands as bitmasks in the endgame's card numbers, `rem`
    their points; take and points in UNITs); below SMALLEST a search goes on exactly.
    `bit_number` and `popcount`: the endgame's tables (scioto_endgame.BIT_NUMBER and
    POPCOUNT, given by the endgame, which loads this module)."""

    def __init__(self, points, dismissers, bit_number, popcount):
        self.bit_number = bit_number
        self.popcount = popcount
        self.smallest = SMALLEST
        self.dismissers = dismissers
        self.dismissed = [0] * len(points)  # dismissed[c]: the cards c dismisses
        for lead in range(len(points)):
            for card in range(len(points)):
                if dismissers[lead] >> card & 1:
                    self.dismissed[card] |= 1 << lead
        # cells[c] and cells[len(points) + c]: the first of card c's cells as the leader's
        # and as the follower's (weights[0] and [1]: the constant and the points' weight).
        self.cells = array("H", [2 + (p - 1) * THREATS * TARGETS for p in points]
                           + [2 + CELLS + (p - 1) * THREATS * TARGETS for p in points])

    def total(self, weights, lead, follow):
        """The constant plus the weights of the leader's cards and the follower's. (Its
        lookups are the estimate's counts: the fitting tool reads them off a recorder.)
        This is the innermost loop of the bots' search: the tables are local names, and a
        card's two counts of 28-bit masks are popcounts of their four bytes, inlined."""
        dismissers, dismissed, cells = self.dismissers, self.dismissed, self.cells
        bit_number, popcount, column = self.bit_number, self.popcount, COLUMN
        total = weights[0]
        hand, other, first = lead, follow, 0
        while True:
            while hand:
                low = hand & -hand
                hand ^= low
                card = bit_number[low % 67]
                threats = dismissers[card] & other
                targets = dismissed[card] & other
                total += weights[cells[first + card] + column[
                    (popcount[threats & 255] + popcount[threats >> 8 & 255]
                     + popcount[threats >> 16 & 255] + popcount[threats >> 24]) * 8
                    + popcount[targets & 255] + popcount[targets >> 8 & 255]
                    + popcount[targets >> 16 & 255] + popcount[targets >> 24]]]
            if first:
                return total
            hand, other, first = follow, lead, len(dismissers)

    def __call__(self, size, lead, follow, rem):
        weights = WEIGHTS[min(size - SMALLEST, len(WEIGHTS) - 1)]
        take = (self.total(weights, lead, follow) * UNIT + weights[1] * rem) // SCALE
        return 0 if take < 0 else rem if take > rem else take
