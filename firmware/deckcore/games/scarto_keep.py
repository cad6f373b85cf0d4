"""Scarto's hand as a table that plays with real cards enters it (deckcore/keep.py): the card
points each player counted, which total 78 (section 2.4); the third player's follow. The
dealer's scart counts for him, so he has at least 1."""

from deckcore.fields import NUMBER, EnteredHand, Field
from deckcore.games.scarto import EVEN_SHARE, hand_scores

TOTAL = 3 * EVEN_SHARE  # 78 (2.4.4)


def fields(game, dealer, entry):
    return [Field("points", "Points", NUMBER, 0, TOTAL, per_seat=True, derived=True)]


def start(game, dealer):
    entry = {"points": [EVEN_SHARE] * 3}
    derive(game, dealer, entry)
    return entry


def derive(game, dealer, entry):
    points = entry["points"]
    points[-1] = TOTAL - sum(points[:-1])


def refusal(game, dealer, entry):
    points = entry["points"]
    if sum(points) != TOTAL:
        return ("points", 2, "Points: total %d, must be 78" % sum(points))
    if points[-1] < 0:
        return ("points", 0, "Points: %d, the pack has 78" % sum(points[:-1]))
    if points[dealer] < 1:
        return ("points", dealer, "Points: the dealer's scart is 1+")
    return None


def score(game, dealer, entry):
    return EnteredHand(entry["points"], hand_scores(entry["points"]))


def summary(game, entry):
    return ""
