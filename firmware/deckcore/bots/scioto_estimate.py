"""A fitted estimate of a 2-player Scioto position, for searches that stop short of the end.

Between tricks, with every card in the two hands, the value of a position is the points the
leader will take from those still in play (what scioto_endgame computes exactly). The
estimate is linear in a few counts of how the two hands meet, with weights fitted by least
squares, one set per hand size, to positions the exact solver valued
(tools/fit_scioto_estimate.py, which writes scioto_weights.py). For each card of a hand,
`d` is the number of cards of the other hand that dismiss it; per hand the counts are:

- safe: the points of its cards with d = 0 (led, they win and stay safe);
- weak: the points weighted by how few dismissers they have (WEIGHT[d]);
- hit: the points times d (how exposed the hand is);
- idle: the points and the number of its cards that dismiss nothing in the other hand
  (the cheap, free discards).

It serves the base game only (2 players, 7 ranks, the original dismissal rule, pip values,
no compounding or mandatory dismissal): `fits(game)` says so.
"""

from deckcore.bots.scioto_weights import SCALE, SMALLEST, WEIGHTS

WEIGHT = (12, 6, 4, 3, 2, 2, 1, 1)  # about 12 / (1 + d)
POPCOUNT = bytes(bin(i).count("1") for i in range(256))


def fits(game):
    opts = game.options
    return (game.num_players == 2 and game.size == 28 and not opts["compounding"]
            and not opts["mandatory_dismissal"] and not opts["trick_and_draw"]
            and opts["ranks"] in (None, 7) and opts["dismissal"] in (None, "original")
            and opts["schedule"] in (None, "pips"))


def features(points, dismissers, dismissed, hand, other):
    """The counts of `hand` against `other` (bitmasks in the endgame's card numbers):
    [safe, weak, hit, idle points, idle cards]."""
    safe = weak = hit = idle = idle_cards = 0
    card = 0
    while hand:
        if hand & 1:
            value = points[card]
            threats = dismissers[card] & other
            d = (POPCOUNT[threats & 255] + POPCOUNT[threats >> 8 & 255]
                 + POPCOUNT[threats >> 16 & 255] + POPCOUNT[threats >> 24])
            if not d:
                safe += value
            weak += value * WEIGHT[d]
            hit += value * d
            if not dismissed[card] & other:
                idle += value
                idle_cards += 1
        hand >>= 1
        card += 1
    return [safe, weak, hit, idle, idle_cards]


class Estimate:
    """`estimate(size, lead, follow, rem)`: the leader's take, estimated, for hands of
    `size` cards, at least SMALLEST (in the endgame's card numbers and points); below
    SMALLEST a search goes on exactly."""

    def __init__(self, points, dismissers):
        self.smallest = SMALLEST
        self.points = points
        self.dismissers = dismissers
        self.dismissed = [0] * len(points)  # dismissed[c]: the cards c dismisses
        for lead in range(len(points)):
            for card in range(len(points)):
                if dismissers[lead] >> card & 1:
                    self.dismissed[card] |= 1 << lead

    def counts(self, lead, follow, rem):
        """What the weights multiply: 1, the points in play, the leader's counts, the
        follower's."""
        return ([1, rem] + features(self.points, self.dismissers, self.dismissed, lead, follow)
                + features(self.points, self.dismissers, self.dismissed, follow, lead))

    def __call__(self, size, lead, follow, rem):
        weights = WEIGHTS[min(size - SMALLEST, len(WEIGHTS) - 1)]
        counts = self.counts(lead, follow, rem)
        total = 0
        for i in range(len(counts)):
            total += weights[i] * counts[i]
        take = total // SCALE
        return 0 if take < 0 else rem if take > rem else take
