"""Chambéry Tarot's hand as a table that plays with real cards enters it (deckcore/keep.py).

Five players (and four with calls): the contract (a called game when nobody bid, a solo of
Two Cards, One Card or a Solo, the dealer alone with every King and Queen), the soloist or,
in a called game, the partner who held the called King; the declaring side's card points
(the others' follow). Four in fixed partnerships: the dealer's pair's points. Three, each
for himself: each player's points (the last follows). The multipliers of the 1902 option
follow from the contract and the points; the settlement is side_scores' (section 3.6)."""

from deckcore.fields import CHOICE, NUMBER, SEAT, EnteredHand, Field
from deckcore.games.chambery import (
    ALONE, CALLED, EACH, FIXED, ONE_CARD, SOLO, TWO_CARDS, each_for_himself_scores,
    from_the_dealers_right, settle_sides)

CONTRACTS = {"called": CALLED, "two cards": TWO_CARDS, "one card": ONE_CARD, "solo": SOLO,
             "alone": ALONE}
CALL_ORDER = ("called", "two cards", "one card", "solo", "alone")  # the usual first
SOLOS = ("two cards", "one card", "solo")


def form(game):
    """EACH, FIXED or CALLED: how the options seat the table."""
    if game.num_players == 3:
        return EACH
    if game.options["partnerships"] == "fixed":
        return FIXED
    return CALLED


def fields(game, dealer, entry):
    players = game.num_players
    total = game.total_points
    if form(game) == EACH:
        return [Field("points", "Points", NUMBER, 0, total, per_seat=True, derived=True)]
    if form(game) == FIXED:
        return [Field("points", "Dealer's pair's points", NUMBER, 0, total),
                Field("others", "Other pair's points", NUMBER, 0, total, derived=True)]
    out = [Field("contract", "Contract", CHOICE, choices=CALL_ORDER)]
    contract = entry.get("contract")
    if contract in SOLOS:
        out.append(Field("declarer", "Soloist", SEAT, choices=tuple(range(players))))
    elif contract == "called":
        out.append(Field("partner", "King held by", SEAT,
                         choices=tuple(seat for seat in range(players) if seat != dealer)))
    out.append(Field("points", side_label(contract), NUMBER, 0, total))
    out.append(Field("others", "Others' points", NUMBER, 0, total, derived=True))
    return out


def side_label(contract):
    """The declaring side's points row: whose points they are (the row above it names the
    soloist himself)."""
    return "Dealer's points" if contract == "alone" else "Soloist's points" \
        if contract in SOLOS else "Dealer+partner points"


def start(game, dealer):
    total = game.total_points
    if form(game) == EACH:
        entry = {"points": [total // 3] * 3}
    else:
        entry = {"points": total // 2}
        if form(game) == CALLED:
            entry["contract"] = "called"
            entry["partner"] = from_the_dealers_right(dealer, game.num_players)[0]
            entry["declarer"] = dealer
    derive(game, dealer, entry)
    return entry


def derive(game, dealer, entry):
    if form(game) == EACH:
        points = entry["points"]
        points[-1] = game.total_points - sum(points[:-1])
    else:
        entry["others"] = game.total_points - entry["points"]


def sides(game, dealer, entry):
    """side[seat]: 0 for the declaring side (the soloist, or the dealer's side), 1 for the
    others; and the declarer (-1 without one)."""
    players = game.num_players
    if form(game) == FIXED:
        return [(seat - dealer) % 2 for seat in range(players)], -1
    contract = entry["contract"]
    declarer = entry["declarer"] if contract in SOLOS else dealer
    partner = entry["partner"] if contract == "called" else declarer
    return [0 if seat in (declarer, partner) else 1 for seat in range(players)], declarer


def refusal(game, dealer, entry):
    total = game.total_points
    if form(game) != CALLED and "contract" in entry:
        return ("contract", -1, "Contract: none with %s (3.7)" % (
            "3 players" if form(game) == EACH else "fixed pairs"))
    if form(game) == EACH:
        points = entry["points"]
        if sum(points) != total:
            return ("points", 2, "Points: total %d, the pack %d" % (sum(points), total))
        if points[-1] < 0:
            return ("points", 0, "Points: %d, the pack has %d" % (
                sum(points[:-1]), total))
        if points[dealer] < game.scart_point:
            return ("points", dealer, "Points: the dealer has the scart's 1")
        return None
    label = "Dealer's pair's points" if form(game) == FIXED else side_label(entry["contract"])
    if entry["points"] + entry["others"] != total:
        return ("points", -1, "%s: total %d, not %d" % (
            label, entry["points"] + entry["others"], total))
    side, declarer = sides(game, dealer, entry)
    dealers_side = entry["points"] if side[dealer] == 0 else entry["others"]
    if dealers_side < game.scart_point:  # 3.6.1: the scart counts 1 for the dealer's side
        return ("points", -1, "%s: 1+ (the scart)" % label if side[dealer] == 0
                else "%s: %d at most (the scart)" % (label, total - 1))
    return None


def score(game, dealer, entry):
    opts = game.options
    if form(game) == EACH:
        points = entry["points"]
        return EnteredHand(points, each_for_himself_scores(
            points, opts["multipliers"], game.total_points, from_the_dealers_right(dealer, 3)))
    side, declarer = sides(game, dealer, entry)
    contract = FIXED if form(game) == FIXED else CONTRACTS[entry["contract"]]
    both = [entry["points"], entry["others"]]
    scores = settle_sides(both, side, contract, dealer, opts["settlement"], opts["multipliers"],
                          game.total_points)
    return EnteredHand([both[side[seat]] for seat in range(game.num_players)], scores, declarer)


SHORT = {"called": "called", "two cards": "2 cards", "one card": "1 card", "solo": "solo",
         "alone": "alone"}


def summary(game, entry):
    return SHORT.get(entry.get("contract"), "")
