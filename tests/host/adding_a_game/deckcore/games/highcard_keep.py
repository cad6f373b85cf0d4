"""High Card's hand as a table that plays with real cards enters it (deckcore/keep.py): the
tricks each player won, 4 in all; the last player's follow from the others'."""

from deckcore.fields import NUMBER, EnteredHand, Field
from deckcore.games.highcard import HAND_SIZE


def fields(game, dealer, entry):
    return [Field("tricks", "Tricks", NUMBER, 0, HAND_SIZE, per_seat=True, derived=True)]


def start(game, dealer):
    entry = {"tricks": [0] * game.num_players}
    derive(game, dealer, entry)
    return entry


def derive(game, dealer, entry):
    tricks = entry["tricks"]
    tricks[-1] = HAND_SIZE - sum(tricks[:-1])


def refusal(game, dealer, entry):
    if entry["tricks"][-1] < 0:
        return ("tricks", 0, "Tricks: %d, a hand has %d" % (sum(entry["tricks"][:-1]),
                                                            HAND_SIZE))
    return None


def score(game, dealer, entry):
    return EnteredHand(entry["tricks"], list(entry["tricks"]))


def summary(game, entry):
    return ""
