"""A SCOUT round as a table that plays with real cards enters it (deckcore/keep.py): who ended
the round (whose Show was last), then per player the cards captured with the Scout chips
beside them (with 2 players, the chips left unspent), and the cards left in hand. The one who
ended it loses nothing for his hand (he has none, or his Show stood unbeaten: 5.3, 5.5.6),
so his count is not asked: it is entered as 0. Everyone else holds at least one card, or he
would have ended the round. Counts start at a typical round's (half a hand captured and half
a hand held, 2 chips, or 3 left with 2 players). Scored by round_points and round_scores
(5.4, 5.5.7)."""

from deckcore.games.scout import CHIPS_2P, round_points, round_scores
from deckcore.keep import NUMBER, SEAT, EnteredHand, Field


def in_play(game):
    """The cards of a round: the whole deck, or with 2 players the 22 dealt (5.5.1)."""
    return game.hand_size * game.num_players


def fields(game, dealer, entry):
    players = game.num_players
    cards = in_play(game)
    chips = Field("chips", "Chips left", NUMBER, 0, CHIPS_2P, per_seat=True, joined=True) \
        if players == 2 else Field("chips", "Chips", NUMBER, 0, cards, per_seat=True, joined=True)
    return [Field("ended", "Ended by", SEAT, choices=tuple(range(players))),
            Field("captured", "Captured", NUMBER, 0, cards, per_seat=True), chips,
            Field("in_hand", "In hand", NUMBER, 0, cards, per_seat=True, derived=True,
                  derived_seat=entry.get("ended", 0))]


def start(game, dealer):
    players = game.num_players
    half = game.hand_size // 2
    entry = {"ended": (dealer + 1) % players, "captured": [half] * players,
             "chips": [CHIPS_2P if players == 2 else 2] * players, "in_hand": [half] * players}
    derive(game, dealer, entry)
    return entry


def derive(game, dealer, entry):
    """The ender's hand counts 0; anyone else holds 1 card at least."""
    in_hand = entry["in_hand"]
    for seat in range(game.num_players):
        in_hand[seat] = 0 if seat == entry["ended"] else max(1, in_hand[seat])


def refusal(game, dealer, entry):
    in_hand = entry["in_hand"]
    ended = entry["ended"]
    for seat in range(game.num_players):
        if seat != ended and in_hand[seat] < 1:
            return ("in_hand", seat, "In hand: 1+ if he did not end it")
    # The cards not captured nor held are the last Show on the table: 1 card at least when
    # its owner went out, none when the round ended on a set scouted empty (5.3).
    cards = in_play(game)
    counted = sum(entry["captured"]) + sum(in_hand) + (1 if in_hand[ended] == 0 else 0)
    if counted > cards:
        return ("captured", -1, "Captured+in hand: over %d" % (
            cards - (1 if in_hand[ended] == 0 else 0)))
    return None


def score(game, dealer, entry):
    points = round_points(entry["captured"], entry["chips"])
    return EnteredHand(points, round_scores(points, entry["in_hand"], entry["ended"]))


def summary(game, entry):
    return ""
