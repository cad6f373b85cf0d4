"""SCOUT's turn on the play screen (scout_show.picker, which the screen's Choices ask for): the
action put together from its parts, not found in a list of hundreds.

    up, down        the kind: Show, Scout, Scout & Show
    Show            left, right move the run along the hand; Y makes it longer, X shorter
    Scout           left, right move the gap where the card goes in the hand; Y takes the
                    other end of the active set, X turns the card
    Scout & Show    first the scout, as above, and the centre key; then the show in the hand
                    with the card in it (up or down: back to the scout)

The highlighted action is always legal: a key that would make an illegal one leaves it as it
is and gives the rule that forbids the other (`illegal_reason`; 5.2.A.3's without the ranking
it explains, which the help gives: a refusal fits the two lines over the picker's bar). The first highlighted
action is the first legal one, so repeated centre presses play as the list would.
"""

from deckcore.games.scout import SCOUT, SCOUT_SHOW, SHOW, decode, encode, turned

KINDS = (SHOW, SCOUT, SCOUT_SHOW)
SHOW_RULES = ("section 5.2.A", "section 7.14", "seat")  # reasons about the show part
NOT_BEATEN = "section 5.2.A.3"  # a show that does not beat the active set
HINTS = ("\u2190\u2192 move  Y longer  X shorter", "\u2190\u2192 where  Y other end  X turn",
         "\u2190\u2192 move Y longer X shorter \u2191 back")


class ScoutPicker:
    def __init__(self, state, first):
        self.state = state
        self.hand = state.hands[state.to_act]
        self.kind, self.start, self.length, self.index, self.turn, self.gap = decode(first)
        self.showing = self.kind == SHOW  # the keys change the show (else the scout)

    def action(self):
        if self.kind == SHOW:
            return encode(SHOW, self.start, self.length)
        if self.kind == SCOUT:
            return encode(SCOUT, 0, 0, self.index, self.turn, self.gap)
        return encode(SCOUT_SHOW, self.start, self.length, self.index, self.turn, self.gap)

    def complete(self):
        """Whether the parts make a whole action (a Scout & Show has its show)."""
        return self.kind != SCOUT_SHOW or self.showing

    def text(self):
        """The part of the action the keys change, in words (scout_words): a Scout & Show is
        told as its scout ("scout left to place 1"; the hint says the centre key goes on to
        the show), then as its show ("then show cards 1-3", its scout already in the hand
        shown): the whole action does not fit the line."""
        if self.kind == SCOUT_SHOW:
            if not self.showing:
                return scout_words(self.state, encode(SCOUT, 0, 0, self.index, self.turn,
                                                      self.gap))
            return "then " + scout_words(self.state, encode(SHOW, self.start, self.length))
        return scout_words(self.state, self.action())

    def hint(self):
        if self.kind == SCOUT_SHOW and not self.showing:
            return HINTS[1] + "\n\u25cf next: the show"
        return HINTS[KINDS.index(self.kind)]

    # What the screen shows ---------------------------------------------------------------
    def scouting(self):
        return self.kind != SHOW

    def hand_cards(self):
        """The hand as it will be: with the scouted card in its gap."""
        if not self.scouting():
            return self.hand
        card = self.state.active[self.index]
        return self.hand[:self.gap] + [turned(card) if self.turn else card] + \
            self.hand[self.gap:]

    def shown_run(self):
        """(first, end) of the run shown, in hand_cards()."""
        if self.showing:
            return self.start, self.start + self.length
        return 0, 0

    def focus(self):
        """The card of hand_cards() to keep in view."""
        return self.start if self.showing else self.gap

    # Keys ---------------------------------------------------------------------------------
    def key(self, key):
        """As Choices.key: ([action], None), (None, a rule), or (None, None)."""
        actions, reason = self._key(key)
        if reason is not None and reason.startswith(NOT_BEATEN):
            reason = reason.split(" (", 1)[0]
        return actions, reason

    def _key(self, key):
        if key == "press":
            if self.complete():
                return [self.action()], None
            return None, self._start_show()
        if key in ("up", "down"):
            if self.kind == SCOUT_SHOW and self.showing:
                self.showing = False
                return None, None
            return None, self._next_kind(-1 if key == "up" else 1)
        if self.showing:
            return None, self._show_key(key)
        return None, self._scout_key(key)

    def _legal(self, action):
        return self.state.illegal_reason(action) is None

    def _try(self, **parts):
        """Take these parts if they make a legal action: None, or the rule against them."""
        before = (self.start, self.length, self.index, self.turn, self.gap)
        for name in parts:
            setattr(self, name, parts[name])
        if self.complete():
            reason = self.state.illegal_reason(self.action())
        else:
            reason = self._scout_reason()
        if reason is not None:
            self.start, self.length, self.index, self.turn, self.gap = before
        return reason

    def _scout_reason(self):
        """Why the scout parts are not legal (for Scout & Show: without any show after)."""
        scout = encode(SCOUT, 0, 0, self.index, self.turn, self.gap)
        if self.kind == SCOUT:
            return self.state.illegal_reason(scout)
        if self._first_show() is None:
            reason = self.state.illegal_reason(encode(SCOUT_SHOW, 0, 1, self.index,
                                                      self.turn, self.gap))
            return reason or "no show beats the set after this scout"
        return None

    def _first_show(self):
        """(start, length) of the first legal show for the kind and scout parts, or None."""
        size = len(self.hand) + (self.kind == SCOUT_SHOW)
        for start in range(size):
            for length in range(1, size - start + 1):
                if self._legal(encode(self.kind, start, length, self.index, self.turn,
                                      self.gap)):
                    return start, length
        return None

    def _show_key(self, key):
        if key == "y":
            return self._try(length=self.length + 1)
        if key == "x":
            if self.length == 1:
                return None
            return self._try(length=self.length - 1)
        if key not in ("left", "right"):
            return None
        start = self.start + (1 if key == "right" else -1)
        size = len(self.hand_cards())
        if start < 0 or start >= size:
            return None
        reason = self._try(start=start)
        # where this run fails, a shorter one, else a longer one
        lengths = list(range(self.length - 1, 0, -1)) + list(range(self.length + 1,
                                                                    size - start + 1))
        for length in lengths:
            if reason is None or self._try(start=start, length=length) is None:
                return None
        return reason

    def _scout_key(self, key):
        if key in ("left", "right"):
            step = 1 if key == "right" else -1
            gap, reason = self.gap + step, None
            while 0 <= gap <= len(self.hand):  # on to the next gap that works
                reason = self._try(gap=gap)
                if reason is None:
                    return None
                gap += step
            return reason
        if key == "y":
            last = len(self.state.active) - 1
            if last == 0:
                return "the active set has one card: it is scouted from the left"
            return self._try(index=last - self.index)
        if key == "x":
            return self._try(turn=1 - self.turn)
        return None

    def _start_show(self):
        first = self._first_show()
        if first is None:
            return self._scout_reason()
        self.start, self.length = first
        self.showing = True
        return None

    def _next_kind(self, delta):
        """The next kind, with its first legal parts; or the rule why there is none now."""
        saved = (self.kind, self.showing, self.start, self.length, self.index, self.turn,
                 self.gap)
        kind = KINDS[(KINDS.index(self.kind) + delta) % len(KINDS)]
        self.kind, self.showing = kind, kind == SHOW
        reason = self._first_parts()
        if reason is not None:
            (self.kind, self.showing, self.start, self.length, self.index, self.turn,
             self.gap) = saved
        return reason

    def _first_parts(self):
        if self.kind == SHOW:
            first = self._first_show()
            if first is None:
                reason = self.state.illegal_reason(encode(SHOW, 0, 1))
                if reason is not None and reason.startswith(NOT_BEATEN):
                    return NOT_BEATEN + ": no show of your hand beats the active set"
                return reason
            self.start, self.length = first
            return None
        reason = self.state.illegal_reason(encode(self.kind, 0, 1 if self.kind == SCOUT_SHOW else 0))
        if reason is not None and not reason.startswith(SHOW_RULES):
            return reason  # no Scout (& Show) at all: no set, no chip, two players
        if self._scout_reason() is None:
            return None
        for index in (0, len(self.state.active) - 1):
            for turn in (0, 1):
                for gap in range(len(self.hand) + 1):
                    self.index, self.turn, self.gap = index, turn, gap
                    if self._scout_reason() is None:
                        return None
        return "no Scout & Show beats the active set"


def scout_words(state, action):
    """A SCOUT play in words, the hand's places counted from 1: "show cards 2-4",
    "scout right, turned, to place 3", "scout left to place 1 + show cards 1-3"."""
    kind, start, length, index, turn, gap = decode(action)
    show = "show card %d" % (start + 1) if length == 1 else \
        "show cards %d-%d" % (start + 1, start + length)
    if kind == SHOW:
        return show
    end = "left" if index == 0 else "right" if index == len(state.active) - 1 else \
        "card %d" % (index + 1)
    scout = "scout %s%s to place %d" % (end, ", turned," if turn else "", gap + 1)
    return scout if kind == SCOUT else scout + " + " + show
