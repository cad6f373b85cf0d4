"""Keeping score for a table that plays with real cards: a hand's result entered in the game's
own terms, checked, and scored by the same functions of the rules core that score a played
hand; the match the entered hands make (deckcore.match: dealer rotation, totals, end, winner).

An entry is a dict of field name to value (deckcore/fields.py: the Field, its kinds and the
EnteredHand). Each game says which fields a hand has in games/<game>_keep.py (loaded for the
call, like the options):

    fields(game, dealer, entry)  the Fields of this entry, in order (they may depend on values
                                 already entered: a called partner only in a called game)
    start(game, dealer)          a new entry with sensible starting values
    derive(game, dealer, entry)  fill in the derived fields (the last player's points from the
                                 pack's total, the defenders' from the declarer's)
    refusal(game, dealer, entry) None, or (field, seat, reason) for an entry that cannot happen
    score(game, dealer, entry)   the EnteredHand
    summary(game, entry)         a few words on the hand for the match table ("solo 2 50")

Values: a NUMBER is an int, a SEAT an int seat, a CHOICE one of its texts, a FLAG a bool; a
per-seat field holds a list of them, one per seat.
"""

import sys

from deckcore import log
from deckcore.fields import CHOICE, FLAG, NUMBER, SEAT, EnteredHand, Field  # noqa: F401 (the API)
from deckcore.match import Match
from deckcore.residency import Visit

SCOREKEEP = "scorekeep"  # the header's mode of a scorekept game (a played one has none)


def rules_of(game):
    """The module of the entry rules of `game` (games/<game>_keep.py)."""
    name = game.NAME
    if name == "scioto":
        from deckcore.games import scioto_keep as rules
    elif name == "scarto":
        from deckcore.games import scarto_keep as rules
    elif name == "scout":
        from deckcore.games import scout_keep as rules
    elif name == "droggn":
        from deckcore.games import droggn_keep as rules
    elif name == "chambery":
        from deckcore.games import chambery_keep as rules
    else:  # (a name from a checked header or NAMES: never)
        raise KeyError(name)
    return rules


def game_class(name):
    """The Game class a scorekept match of the game called `name` is kept with, or None if
    there is no such game (as deckcore.games.load, for KeptReplay): the rules' Game, or
    Droggn's without its hand (games/droggn_game.py: a table with real cards never plays one
    here, and on the device its code is the 12 KB of heap a resume and a correction need)."""
    if name == "droggn":
        from deckcore.games.droggn_game import Droggn
        return Droggn
    from deckcore.games import load
    return load(name)


def ask(game, name, *args):
    """Call the function `name` of the game's entry rules (loaded for the call, unless they
    are loaded already: the app keeps them while a match is scored; the Visit's
    list of the loaded modules, 512 bytes in one piece, is then not made at every key)."""
    if "deckcore.games.%s_keep" % game.NAME in sys.modules:
        return getattr(rules_of(game), name)(game, *args)
    with Visit():
        return getattr(rules_of(game), name)(game, *args)


def refusal(game, dealer, entry):
    """None if `entry` (from a person or a log) can be a hand of `game` dealt by `dealer`,
    else (field name, seat or -1, a one-line reason that names the field)."""
    if type(entry) != dict:
        return ("", -1, "the entry is not an object of fields")
    fields = ask(game, "fields", dealer, entry)
    shape = _shape_refusal(game, fields, entry)
    if shape:
        return shape
    refused = ask(game, "refusal", dealer, entry)
    if refused:
        return refused
    return _range_refusal(game, fields, entry)


def _values(game, field, entry):
    value = entry[field.name]
    return value if field.per_seat else [value]


def _shape_refusal(game, fields, entry):
    """A missing field, or a value of the wrong type, choice or seat."""
    for field in fields:
        if field.name not in entry:
            return (field.name, -1, "%s: missing" % field.label)
        value = entry[field.name]
        if field.per_seat and (type(value) != list or len(value) != game.num_players):
            return (field.name, -1, "%s: one per player, %d in all" % (
                field.label, game.num_players))
        for index, item in enumerate(value if field.per_seat else [value]):
            seat = index if field.per_seat else -1
            if field.kind == FLAG and type(item) != bool:
                return (field.name, seat, "%s: %r is not yes or no" % (field.label, item))
            if field.kind in (NUMBER, SEAT) and type(item) != int:
                return (field.name, seat, "%s: %r is not a whole number" % (field.label, item))
            if field.kind == CHOICE and item not in field.choices:
                return (field.name, seat, "%s: %r is not one of %s" % (
                    field.label, item, ", ".join(field.choices)))
            if field.kind == SEAT and item not in field.choices:
                return (field.name, seat, "%s: seat %d may not be it" % (
                    field.label, item))
    return None


def _range_refusal(game, fields, entry):
    """A count below its least or above its most (negative counts, more than the pack)."""
    for field in fields:
        if field.kind != NUMBER:
            continue
        values = _values(game, field, entry)
        for index in range(len(values)):
            seat = index if field.per_seat else -1
            if values[index] < field.lo:
                return (field.name, seat, "%s: %d is below %d" % (
                    field.label, values[index], field.lo))
            if values[index] > field.hi:
                return (field.name, seat, "%s: %d is over %d" % (
                    field.label, values[index], field.hi))
    return None


def scored(game, dealer, entry):
    """The EnteredHand of an entry that refusal() accepted."""
    return ask(game, "score", dealer, entry)


class Keeper:
    """A scorekept match: the entered hands, each with the seat that dealt it, and the Match
    they make. An undo takes back the last hand; a correction replaces an earlier one's
    entry (the seat that dealt it stays); the totals and the next dealer are worked out
    again from every hand. Each change returns the log line that records it
    (docs/log-format.md, scorekept games)."""

    def __init__(self, game, first_dealer):
        self.game = game
        self.first_dealer = first_dealer
        self.hands = []  # (dealer, entry) per hand
        self.match = Match(game, first_dealer)

    def header(self, names, game_id, device):
        players = [(name, "human", None) for name in names]
        return log.header(self.game, players, game_id, device, self.first_dealer,
                          [("mode", SCOREKEEP)])

    def add(self, entry):
        """Record the next hand (an entry refusal() accepted, dealt by match.dealer)."""
        dealer = self.match.dealer
        self.hands.append((dealer, entry))
        self.match.record(scored(self.game, dealer, entry))
        points, scores = self.match.results[-1]
        return _entry_line(len(self.hands), dealer, ask(self.game, "fields", dealer, entry),
                           entry, points, scores, list(self.match.totals))

    def undo(self):
        number = len(self.hands)
        self.count(self.hands[:-1])
        return _withdrawal_line(number, list(self.match.totals))

    def correct(self, number, entry):
        """Replace the entry of hand `number` (1-based)."""
        dealer = self.hands[number - 1][0]
        hands = list(self.hands)
        hands[number - 1] = (dealer, entry)
        self.count(hands)
        points, scores = self.match.results[number - 1]
        return _correction_line(number, ask(self.game, "fields", dealer, entry), entry,
                                points, scores, list(self.match.totals))

    def end(self, reason="completed"):
        """The end line: `completed` once the match is over, whatever ended it (a Stop or
        an abandon after the last hand is in); else `stopped` (the table stopped after the
        hands it had time for: the standings stand, the leaders win, none before a hand is
        in) or `abandoned` (given up: no winner). docs/rules.md, "Keeping score"."""
        match = self.match
        if match.is_over():
            reason = "completed"
        return log.end(reason, list(match.totals), end_winners(match, reason),
                       len(match.results))

    def count(self, hands):
        """Make the match of `hands` ((dealer, entry) each) again (also to put back the hands
        a change had before its log line could not be written)."""
        self.hands = hands
        self.match = Match(self.game, self.first_dealer)
        for dealer, entry in hands:
            self.match.dealer = dealer
            self.match.record(scored(self.game, dealer, entry))


def end_winners(match, reason):
    """The `winner` of a scorekept match's end record for `reason`: the game's winners of
    the totals (a stopped match's leaders, as the game ranks them), none for an abandoned
    match or a stopped one with no hand in."""
    if reason == "abandoned" or not match.results:
        return []
    return match.winners()


# The records of a scorekept log (docs/log-format.md), made by the format's writer (deckcore.log)
def _entry_line(hand, dealer, fields, values, points, scores, totals):
    """A hand entered: its `fields` (in the game's order) with their `values`, and the
    result the rules give."""
    return log.record("entry", [("hand", hand), ("dealer", dealer),
                                ("e", _entered(fields, values)), ("points", points),
                                ("score", scores), ("totals", totals)])


def _correction_line(hand, fields, values, points, scores, totals):
    """Hand `hand` entered again: its result now, and the match totals after it."""
    return log.record("correct", [("hand", hand), ("e", _entered(fields, values)),
                                  ("points", points), ("score", scores), ("totals", totals)])


def _withdrawal_line(hand, totals):
    """The last entered hand, `hand`, taken back; the totals without it."""
    return log.record("undo", [("hand", hand), ("totals", totals)])


def _entered(fields, values):
    return log.Obj([(field.name, values[field.name]) for field in fields])
