"""A seat's part in a finished hand of a tarot game, so that a result can be split by it
(`deckmate arena`): the bidding, calling and discarding decide the parts, the play is
played in them. Games without parts (Scioto, SCOUT) have none."""

from deckcore.games.chambery import EACH


def role(state, seat):
    """The part `seat` played in the finished hand `state`, or None."""
    name = state.game.NAME
    if name == "scarto":  # 2.2.3: the dealer lays away the scart, which scores for him
        return "dealer" if seat == state.dealer else "not dealing"
    if name == "droggn":
        if state.declarer < 0:
            return "thrown in"
        return "declarer" if seat == state.declarer else "defender"
    if name == "chambery":
        if state.contract == EACH:
            return "each for himself"
        return "declaring side" if state.side[seat] == 0 else "defending side"
    return None
