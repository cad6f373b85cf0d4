"""A SCOUT round as a table that plays with real cards enters it (deckcore/keep.py): each
player's score for the round, as the table works it out and writes it on paper (5.4): +1 per
card in his score pile and per Scout chip (with 2 players, per chip left unspent: 5.5.7), -1
per card left in his hand, except the one whose Show ended the round (5.3, 5.5.6). One number a
player, starting at 0: a usual round costs a press or two a player (tools/keep_presses.py).

Logs written before kept a round as its counts (`captured`, `chips`, `in_hand` per seat and
`ended`, the seat whose Show ended it); such an entry is still read, checked and scored by
its counts (round_points and round_scores, the functions that score a played round)."""

from deckcore.fields import NUMBER, SEAT, EnteredHand, Field
from deckcore.games.scout import CHIPS_2P, PLAY_LIMIT, round_points, round_scores


def in_play(game):
    """The cards of a round: the whole deck, or with 2 players the 22 dealt (5.5.1)."""
    return game.hand_size * game.num_players


def counted(entry):
    """Whether the entry gives the round's counts (a log of before) rather than its scores."""
    return "captured" in entry


def fields(game, dealer, entry):
    cards = in_play(game)
    if counted(entry):
        return _counted_fields(game, entry)
    # The most a round gives: every card but the last Show's captured, with the chips: 3 left
    # unspent with 2 players (5.5.2), else one for each scout of the round's actions at most.
    most = cards - 1 + (CHIPS_2P if game.num_players == 2 else PLAY_LIMIT)
    return [Field("score", "Score", NUMBER, -cards, most, per_seat=True)]


def _counted_fields(game, entry):
    players = game.num_players
    cards = in_play(game)
    chips = Field("chips", "Chips left", NUMBER, 0, CHIPS_2P, per_seat=True, joined=True) \
        if players == 2 else Field("chips", "Chips", NUMBER, 0, cards, per_seat=True, joined=True)
    return [Field("ended", "Ended by", SEAT, choices=tuple(range(players))),
            Field("captured", "Captured", NUMBER, 0, cards, per_seat=True), chips,
            Field("in_hand", "In hand", NUMBER, 0, cards, per_seat=True, derived=True,
                  derived_seat=entry.get("ended", 0))]


def start(game, dealer):
    return {"score": [0] * game.num_players}


def derive(game, dealer, entry):
    """Counts: the ender's hand counts 0; anyone else holds 1 card at least."""
    if counted(entry):
        in_hand = entry["in_hand"]
        for seat in range(game.num_players):
            in_hand[seat] = 0 if seat == entry["ended"] else max(1, in_hand[seat])


def refusal(game, dealer, entry):
    if not counted(entry):
        return None  # each score within its range (keep.py)
    in_hand = entry["in_hand"]
    ended = entry["ended"]
    for seat in range(game.num_players):
        if seat != ended and in_hand[seat] < 1:
            return ("in_hand", seat, "In hand: 1+ if he did not end it")
    # The cards not captured nor held are the last Show on the table: 1 card at least when
    # its owner went out, none when the round ended on a set scouted empty (5.3).
    cards = in_play(game)
    total = sum(entry["captured"]) + sum(in_hand) + (1 if in_hand[ended] == 0 else 0)
    if total > cards:
        return ("captured", -1, "Captured+in hand: over %d" % (
            cards - (1 if in_hand[ended] == 0 else 0)))
    return None


def score(game, dealer, entry):
    if not counted(entry):  # the table's own count: its points are its score
        return EnteredHand(list(entry["score"]), list(entry["score"]))
    points = round_points(entry["captured"], entry["chips"])
    return EnteredHand(points, round_scores(points, entry["in_hand"], entry["ended"]))


def summary(game, entry):
    return ""
