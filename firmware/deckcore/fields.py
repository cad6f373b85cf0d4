"""What a person enters of a hand at a table that plays with real cards: the kinds of value a
Field holds, the Field, and the EnteredHand a game's entry rules score it as
(games/<game>_keep.py; deckcore.keep checks, scores and logs the entries)."""

NUMBER, SEAT, CHOICE, FLAG = 0, 1, 2, 3


class Field:
    """One thing a person enters. `choices`: the texts of a CHOICE, or the seats a SEAT may
    be; lo..hi the range of a NUMBER. `per_seat`: one value per seat. `derived`: follows from
    the others (a per-seat field: the value of its seat `derived_seat`, the last by default),
    shown but not entered. `joined`: a NUMBER shown in the rows of the field before it (a
    seat's Scout chips beside his cards), changed there by X and Y one at a time."""

    def __init__(self, name, label, kind, lo=0, hi=0, choices=(), per_seat=False,
                 derived=False, derived_seat=-1, joined=False):
        self.name = name
        self.label = label
        self.kind = kind
        self.lo = lo
        self.hi = hi
        self.choices = choices
        self.per_seat = per_seat
        self.derived = derived
        self.derived_seat = derived_seat
        self.joined = joined

    def follows(self, seat, players):
        """Whether the value of `seat` (-1: the field's one value) follows from the others."""
        if seat < 0 or not self.derived:
            return self.derived
        return seat == (self.derived_seat if self.derived_seat >= 0 else players - 1)


class EnteredHand:
    """A hand scored from an entry: what Match records of a hand (points, scores) and what
    the games' next_dealer reads of it (the declarer; -1 when nobody declared)."""

    def __init__(self, points, scores, declarer=-1):
        self._points = points
        self._scores = scores
        self.declarer = declarer

    def points(self):
        return list(self._points)

    def scores(self):
        return list(self._scores)
