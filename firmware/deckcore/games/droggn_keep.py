"""Droggn's hand as a table that plays with real cards enters it (deckcore/keep.py): the
contract (or a throw-in), the declarer, the declarer's card points (the defenders' follow),
the Schwacher and retours, what became of the Pagat, a Match (every trick without a Slam
bid) or, in a Slam, whether it was made and what was laid out. The value is hand_value's and
pagat_bonus' (section 4.7), settled as a played hand is."""

from deckcore.fields import CHOICE, FLAG, NUMBER, SEAT, EnteredHand, Field
from deckcore.games.droggn_game import (
    ANSAGER, CAPTURED, LOST_LAST, NOT_PLAYED, SLAM, SOLO, SUPER, WON_LAST, hand_value,
    pagat_bonus, settlement)

CONTRACTS = {"ansager": ANSAGER, "solo": SOLO, "super": SUPER, "slam": SLAM}
CONTRACT_ORDER = ("ansager", "solo", "super", "slam", "thrown in")
# What became of the Pagat (4.7.4): its fate and whether it was laid out.
PAGAT = {"no bonus": (NOT_PLAYED, False), "won last trick": (WON_LAST, False),
         "lost last trick": (LOST_LAST, False), "captured early": (CAPTURED, False),
         "laid out, won": (WON_LAST, True), "laid out, failed": (LOST_LAST, True)}
PAGAT_ORDER = ("no bonus", "won last trick", "lost last trick", "captured early",
               "laid out, won", "laid out, failed")
SIDES = ("declarer", "defenders")
LAID_OUT = ("nothing", "Pagat", "Gstiess")
MOST_DOUBLINGS = 6  # x64, when the max_doublings option sets no limit


def fields(game, dealer, entry):
    total = game.total_points
    contract = entry.get("contract")
    out = [Field("contract", "Contract", CHOICE, choices=CONTRACT_ORDER)]
    if contract == "thrown in":
        return out
    out.append(Field("declarer", "Declarer", SEAT, choices=tuple(game.seats_in_play(dealer))))
    cap = game.options["max_doublings"]
    out.append(Field("doubled", "Doubled", NUMBER, 0, cap or MOST_DOUBLINGS))
    if contract == "slam":
        out.append(Field("made", "Slam made", FLAG))
        out.append(Field("laid_out", "Laid out", CHOICE, choices=LAID_OUT))
        return out
    out.append(Field("every_trick", "Every trick", FLAG))
    if not entry.get("every_trick"):
        out.append(Field("points", "Declarer pts", NUMBER, 0, total))
        out.append(Field("others", "Defenders", NUMBER, 0, total, derived=True))
        if (game.options["tie_37_last_trick"] and entry.get("points") == total // 2):
            out.append(Field("last_trick", "Last trick", CHOICE, choices=SIDES))
    out.append(Field("pagat", "Pagat", CHOICE, choices=PAGAT_ORDER))
    if entry.get("pagat", "no bonus") != "no bonus":
        out.append(Field("pagat_side", "Pagat's side", CHOICE, choices=SIDES))
    return out


def start(game, dealer):
    entry = {"contract": "ansager", "declarer": game.seats_in_play(dealer)[0], "doubled": 0,
             "made": True, "laid_out": "nothing", "every_trick": False,
             "points": game.threshold, "last_trick": "declarer", "pagat": "no bonus",
             "pagat_side": "declarer"}
    derive(game, dealer, entry)
    return entry


def derive(game, dealer, entry):
    entry["others"] = game.total_points - entry["points"]


def refusal(game, dealer, entry):
    contract = entry["contract"]
    if contract in ("thrown in", "slam") or entry["every_trick"]:
        return None
    total = game.total_points
    if entry["points"] + entry["others"] != total:
        return ("points", -1, "Declarer pts: total %d, not %d" % (
            entry["points"] + entry["others"], total))
    if entry["points"] < 1:
        return ("points", -1, "Declarer pts: the talon alone is 1+")
    return None


def score(game, dealer, entry):
    contract = entry["contract"]
    players = game.num_players
    if contract == "thrown in":
        return EnteredHand([0] * players, settlement(players, -1, 0))
    declarer = entry["declarer"]
    code = CONTRACTS[contract]
    multiplier = 1 << entry["doubled"]
    if contract == "slam":
        value = hand_value(game, code, multiplier, 0, 0, entry["made"],
                           entry["laid_out"] != "nothing", True)
        return EnteredHand([0] * players, settlement(players, declarer, value), declarer)
    if entry["every_trick"]:
        mine, theirs = 0, 0
        value = hand_value(game, code, multiplier, 0, 0, True, False, True)
    else:
        mine, theirs = entry["points"], entry["others"]
        took_last = entry.get("last_trick", "declarer") == "declarer"
        value = hand_value(game, code, multiplier, mine, theirs, False, False, took_last)
    fate, laid_out = PAGAT[entry["pagat"]]
    owner = 1 if entry.get("pagat_side") == "declarer" else -1
    value += pagat_bonus(code, multiplier, owner, fate, laid_out)
    points = [mine if seat == declarer else theirs for seat in range(players)]
    return EnteredHand(points, settlement(players, declarer, value), declarer)


SHORT = {"ansager": "ansager", "solo": "solo", "super": "super", "slam": "slam",
         "thrown in": "passed"}  # everyone passed: thrown in


def summary(game, entry):
    return SHORT[entry["contract"]]
