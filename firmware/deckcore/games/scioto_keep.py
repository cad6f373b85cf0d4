"""Scioto's hand as a table that plays with real cards enters it (deckcore/keep.py): the card
points each player took, which total the pack's (section 1.3.4; 1.5 for the other packs). The
last player's points follow from the others'."""

from deckcore.fields import NUMBER, EnteredHand, Field
from deckcore.games.scioto import hand_scores


def pack_points(game):
    total = 0
    for points in game.card_points:
        total += points
    return total


def fields(game, dealer, entry):
    return [Field("points", "Points", NUMBER, 0, pack_points(game), per_seat=True,
                  derived=True)]


def start(game, dealer):
    share = pack_points(game) // game.num_players
    entry = {"points": [share] * game.num_players}
    derive(game, dealer, entry)
    return entry


def derive(game, dealer, entry):
    points = entry["points"]
    points[-1] = pack_points(game) - sum(points[:-1])


def refusal(game, dealer, entry):
    points = entry["points"]
    total = pack_points(game)
    if sum(points) != total:
        return ("points", len(points) - 1, "Points: total %d, the pack %d" % (
            sum(points), total))
    if points[-1] < 0:
        return ("points", 0, "Points: %d, the pack has %d" % (
            sum(points[:-1]), total))
    return None


def score(game, dealer, entry):
    return EnteredHand(entry["points"], hand_scores(entry["points"]))


def summary(game, entry):
    return ""
