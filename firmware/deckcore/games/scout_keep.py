"""A SCOUT round as a table that plays with real cards enters it (deckcore/keep.py): per
player the cards captured, the Scout chips (with 2 players, the chips left unspent), the
cards left in hand, and who ended the round (whose Show was last: with an unbeaten Show he
loses nothing for his cards in hand; having gone out, he has none). Scored by round_points
and round_scores (section 5.4, 5.5.7)."""

from deckcore.games.scout import CHIPS_2P, round_points, round_scores
from deckcore.keep import NUMBER, SEAT, EnteredHand, Field


def fields(game, dealer, entry):
    players = game.num_players
    deck = len(game.deck)
    chips = Field("chips", "Chips left", NUMBER, 0, CHIPS_2P, per_seat=True) if players == 2 \
        else Field("chips", "Scout chips", NUMBER, 0, deck, per_seat=True)
    return [Field("ended", "Ended by", SEAT, choices=tuple(range(players))),
            Field("captured", "Captured", NUMBER, 0, deck, per_seat=True), chips,
            Field("in_hand", "In hand", NUMBER, 0, deck, per_seat=True)]


def start(game, dealer):
    players = game.num_players
    return {"captured": [0] * players, "chips": [0] * players, "in_hand": [0] * players,
            "ended": (dealer + 1) % players}


def derive(game, dealer, entry):
    pass


def refusal(game, dealer, entry):
    deck = len(game.deck)
    counted = sum(entry["captured"]) + sum(entry["in_hand"])
    if counted > deck - 1:
        return ("captured", -1, "Captured+in hand: %d, over %d" % (counted, deck - 1))
    return None


def score(game, dealer, entry):
    points = round_points(entry["captured"], entry["chips"])
    return EnteredHand(points, round_scores(points, entry["in_hand"], entry["ended"]))


def summary(game, entry):
    return ""
