"""SCOUT (rules.md section 5), Oink Games, 2 to 5 players: shed your hand in sets, or scout.

Cards. A card is one unordered pair {a, b} of numbers 1-10 (5.1.1), held one way up. Its id
is `top << 4 | bottom`: its value is `card >> 4`, and its text shows the top number first
("3/7"; the same card turned is "7/3"). A hand is a list of cards in hand order, left to
right, exactly as dealt; it is never sorted (5.1.4).

Actions are small ints made by `encode(kind, start, length, index, turn, gap)` and read by
`decode`. In their text, positions count the cards of a hand from 1 (the left end); `N` alone
stands for `N-N`.

  phase "flip" (5.1.4)  KEEP, FLIP (kind DECISION)                 "keep hand", "flip hand"
  Show (5.2.A)          kind SHOW: start, length                   "show 3-5", "show 4"
  Scout (5.2.B)         kind SCOUT: index, turn, gap               "scout left @2",
                                                                   "scout right flip @1"
  Scout & Show (5.2.C)  kind SCOUT_SHOW: all five fields           "scout+show left flip @2 show 2-4"

`start` and `length` are the shown block of the hand (start 0 is its first card). `index` is
the scouted card in the active set: 0 is "left", the last is "right" (a one-card set is
written "left"; a middle card would be written by its number, "scout 2 @1", and is never
legal). `turn` 1 turns the card to its other number ("flip"). `gap` is where it goes: it
becomes card gap+1 of the hand ("@gap+1"). The show of a Scout & Show counts positions in the
hand after the scouted card went in. The fields are laid out so that sorting actions sorts
them by kind, then index, turn, gap, then start and length.

Distinct actions (clarification 7.14): of several actions that lead to the same state, only
the one with the smallest number is legal. In words: a one-card set is scouted from the left
(the same action number as "right"); a Scout & Show that shows only the scouted card puts it
at @1; and a scouted card that is not part of the shown block never goes right after the
block (right before the block gives the same state).

`legal_actions()` lists the actions in increasing number.

Readings of the rules made here:
- The player after the dealer starts each round (5.1.6), so the start moves on each round.
- The whole-hand flip (5.1.4) is a phase of its own: each player in turn, from the starting
  player, decides "keep hand" or "flip hand"; everyone sees the decisions.
- The 2-player match deals all 44 cards in round 1 (hands and a `set_aside` pile of 22);
  round 2 deals that pile as it lies, 11 each (5.5.1, `carried_deal`).
- 5.3 (b) is taken literally: the round ends when play comes back to the owner of the active
  set, also when the set was scouted empty on the way.
- A round also ends after PLAY_LIMIT actions of play [house rule, because a Show that is
  scouted empty and shown again can go round forever: no card is captured, so nobody runs
  out; the longest of 8,000 random rounds took 351 actions]. It is scored as an end by (a),
  with no exemption.
- `points()` is +1 per captured card and per Scout chip held; `scores()` subtracts the cards
  in hand, except for the owner of the unbeaten set when the round ended by (b) (5.4, 5.5.6).
"""

from deckcore.game import Game, RulesError, State, TERMINAL, View

# Actions: each field's lowest bit (every field holds up to 6 bits, `turn` one).
LENGTH_AT, START_AT, GAP_AT, TURN_AT, INDEX_AT, KIND_AT = 0, 6, 12, 18, 19, 25
FIELD = 63
SHOW_FIELDS = (1 << GAP_AT) - 1  # start and length: what a Show adds to its kind
DECISION, SHOW, SCOUT, SCOUT_SHOW = 0, 1 << KIND_AT, 2 << KIND_AT, 3 << KIND_AT
KEEP, FLIP = DECISION, DECISION | 1
UNKNOWN = -1  # in a view: a card of another hand that the seat has not seen

# 5.1.2: the cards removed and the hand size, by number of players.
REMOVED = {2: ((9, 10),), 3: tuple((a, 10) for a in range(1, 10)), 4: ((9, 10),), 5: ()}
HAND_SIZE = {2: 11, 3: 12, 4: 11, 5: 9}
CHIPS_2P = 3  # 5.5.2: Scout chips per player per round
PLAY_LIMIT = 1000  # house rule: the most actions of play in a round (module docstring)



# Actions -----------------------------------------------------------------------------------

def encode(kind, start=0, length=0, index=0, turn=0, gap=0):
    """The action of this kind with these fields (module docstring)."""
    return (kind | index << INDEX_AT | turn << TURN_AT | gap << GAP_AT | start << START_AT
            | length << LENGTH_AT)


def decode(action):
    """(kind, start, length, index, turn, gap) of an action; `encode` reversed."""
    return (action >> KIND_AT << KIND_AT, action >> START_AT & FIELD, action >> LENGTH_AT & FIELD,
            action >> INDEX_AT & FIELD, action >> TURN_AT & 1, action >> GAP_AT & FIELD)


# Cards -------------------------------------------------------------------------------------

def value(card):
    """The number on top (5.1.3)."""
    return card >> 4


def turned(card):
    """The same card the other way up."""
    return (card & 15) << 4 | card >> 4


def identity(card):
    """The card with its lower number on top: the same for both ways up."""
    other = turned(card)
    return other if other < card else card


def values(cards):
    return [card >> 4 for card in cards]


# Sets (5.2.A) -------------------------------------------------------------------------------

def set_power(length, step, lowest):
    """5.2.A.3 as one int: more cards, then a matching set (step 0) over a run, then the higher
    lowest number; a single card has no type."""
    return length << 5 | (16 if step == 0 and length > 1 else 0) | lowest


def strength(numbers):
    """The strength of the set with these numbers in hand order, 0 if it is not a valid set
    (5.2.A.1: all the same number, or consecutive up or down; 10 and 1 are not consecutive).
    An empty active set has strength 0, which every valid set beats (5.2.A.2)."""
    length = len(numbers)
    if length == 0:
        return 0
    step = numbers[1] - numbers[0] if length > 1 else 0
    if step < -1 or step > 1:
        return 0
    for i in range(2, length):
        if numbers[i] - numbers[i - 1] != step:
            return 0
    return set_power(length, step, min(numbers[0], numbers[-1]))


def _shows(numbers, need, out, base):
    """Append `base` with the start and length of every valid set of adjacent cards with these
    numbers that is stronger than `need`, by start then length (`base` is an action with
    these fields 0, or 0 for the fields alone)."""
    count = len(numbers)
    for start in range(count):
        first = numbers[start]
        if set_power(1, 0, first) > need:
            out.append(base | start << START_AT | 1)
        end = start + 1
        if end == count:
            continue
        step = numbers[end] - first
        if step < -1 or step > 1:
            continue
        while True:
            lowest = numbers[end] if step < 0 else first
            if set_power(end - start + 1, step, lowest) > need:
                out.append(base | start << START_AT | (end - start + 1))
            end += 1
            if end == count or numbers[end] - numbers[end - 1] != step:
                break


def _reach(numbers, gap, number, step, direction):
    """How many cards next to `gap` (to its left for direction -1, else to its right) continue
    a set through a card of `number` with this step."""
    count = 0
    i = gap - 1 if direction < 0 else gap
    expect = number + direction * step
    while 0 <= i < len(numbers) and numbers[i] == expect:
        count += 1
        i += direction
        expect += direction * step
    return count


def _shows_with(numbers, gap, number, need, base):
    """`base` with the start and length of the valid sets stronger than `need` that hold a
    card of `number` put in at `gap` (a lone card only at gap 0, 7.14)."""
    out = []
    if gap == 0 and set_power(1, 0, number) > need:
        out.append(base | 1)
    for step in (0, 1, -1):
        left = _reach(numbers, gap, number, step, -1)
        right = _reach(numbers, gap, number, step, 1)
        for i in range(left + 1):
            for j in range(right + 1):
                if i + j:
                    lowest = number - i if step > 0 else number - j if step < 0 else number
                    if set_power(1 + i + j, step, lowest) > need:
                        out.append(base | (gap - i) << START_AT | (1 + i + j))
    return out


def _range_text(start, length):
    if length == 1:
        return str(start + 1)
    return "%d-%d" % (start + 1, start + length)


def _numbers_text(cards):
    return " ".join(str(card >> 4) for card in cards)


class Scout(Game):
    NAME = "scout"
    TITLE = "SCOUT"
    carried_seen = None  # (round 2's hands, what each seat saw of round 1): carried_deal

    @staticmethod
    def declared_options():
        import deckcore.games.scout_options as declared
        return declared

    def __init__(self, options=None):
        Game.__init__(self, options)
        players = self.options["players"]
        self.num_players = players
        self.hand_size = HAND_SIZE[players]
        # 5.5.1: with 2 players the other 22 cards wait for round 2.
        self.DEAL_PILES = ("hands", "set_aside") if players == 2 else ("hands",)
        removed = REMOVED[players]
        self.deck = [a << 4 | b for a in range(1, 10) for b in range(a + 1, 11)
                     if (a, b) not in removed]

    def pack(self):
        return list(self.deck)

    def card_text(self, card):
        return "%d/%d" % (card >> 4, card & 15)

    def parse_card(self, text):
        top, sep, bottom = text.partition("/")
        top, bottom = _parse_number(top), _parse_number(bottom)
        if not sep or top is None or bottom is None or top > 10 or bottom > 10 or top == bottom:
            raise RulesError("%r is not a SCOUT card (two different numbers 1-10, e.g. 3/7)" % text)
        card = top << 4 | bottom
        if identity(card) not in self.deck:
            raise RulesError("%s is not in the %d-player deck (section 5.1.2)" % (
                text, self.num_players))
        return card

    def deal(self, rng, dealer):
        """5.1.3: shuffle the order and the orientation; deal in blocks of a hand each."""
        cards = self.pack()
        rng.shuffle(cards)
        for i in range(len(cards)):
            if rng.below(2):
                cards[i] = turned(cards[i])
        size = self.hand_size
        hands = [cards[seat * size:(seat + 1) * size] for seat in range(self.num_players)]
        if self.num_players == 2:
            return {"hands": hands, "set_aside": cards[2 * size:]}
        return {"hands": hands}

    def check_deal(self, piles):
        """Hands of the right size and, with 2 players, the 22 set aside (5.1.2); every card of
        the deck at most once, either way up."""
        hands = piles["hands"]
        if len(hands) != self.num_players:
            raise RulesError("the deal has %d hands, the game %d" % (len(hands), self.num_players))
        dealt = []
        for seat in range(self.num_players):
            if len(hands[seat]) != self.hand_size:
                raise RulesError("seat %d's hand holds %d cards, section 5.1.2 deals %d" % (
                    seat, len(hands[seat]), self.hand_size))
            dealt.extend(hands[seat])
        if self.num_players == 2:
            if len(piles["set_aside"]) != len(self.deck) - 2 * self.hand_size:
                raise RulesError("%d cards are set aside, section 5.5.1 sets aside %d" % (
                    len(piles["set_aside"]), len(self.deck) - 2 * self.hand_size))
            dealt.extend(piles["set_aside"])
        seen = set()
        for card in dealt:
            if identity(card) in seen:
                raise RulesError("%s is dealt twice" % self.card_text(card))
            seen.add(identity(card))

    def carried_deal(self, state):
        """5.5.1: round 2 of the 2-player game deals the 22 cards set aside, 11 each. The
        cards each seat saw in round 1 are none of them: new_hand gives them to round 2."""
        if not state.set_aside:
            return None
        size = self.hand_size
        hands = [state.set_aside[:size], state.set_aside[size:]]
        self.carried_seen = (hands, [[identity(card) for card in state.view(seat).visible_cards()]
                                     for seat in range(self.num_players)])
        return {"hands": hands, "set_aside": []}

    def new_hand(self, dealer, deal):
        state = ScoutState(self, dealer, deal)
        if self.carried_seen is not None and deal["hands"] == self.carried_seen[0]:
            state.seen_before = self.carried_seen[1]
        return state


def round_points(captured, chips):
    """Per seat: +1 per captured card and +1 per Scout chip held (5.4, 5.5.7), of a played
    round or an entered one (scout_keep.py)."""
    return [captured[seat] + chips[seat] for seat in range(len(captured))]


def round_scores(points, in_hand, exempt):
    """The points, less 1 per card in hand, except for the seat `exempt` (5.4; -1: none)."""
    return [points[seat] - (0 if seat == exempt else in_hand[seat])
            for seat in range(len(points))]


class ScoutState(State):
    """Phases: "flip" (each player in turn, from the starting player, decides whether to rotate
    the whole hand, 5.1.4), "play" (Show, Scout, Scout & Show), "over"."""

    seen_before = None  # type: list | None  # 2 players, round 2: per seat, what it saw in round 1

    def __init__(self, game, dealer, deal):
        State.__init__(self, game, dealer)
        if deal is None:
            return  # blank(): clone fills it in
        players = game.num_players
        self.hands = [list(hand) for hand in deal["hands"]]
        self.set_aside = list(deal.get("set_aside", ()))
        self.scouted = [[False] * len(hand) for hand in self.hands]  # publicly seen going in
        self.piles = [[] for _ in range(players)]  # score piles (5.2.A.4)
        self.chips = [CHIPS_2P if players == 2 else 0] * players  # Scout chips (5.1.5, 5.5.2)
        self.scout_show = [players > 2] * players  # unspent Scout & Show chips (5.1.5)
        self.flips = [None] * players  # each player's decision on the whole-hand flip
        self.active = []
        self.owner = -1  # the seat that showed the active set
        self.starter = (dealer + 1) % players  # 5.1.6
        self.to_act = self.starter
        self.ended_by = ""  # "a" or "b" of 5.3 (5.5.5 for 2 players), or "limit"
        self.plays = 0  # actions of play so far in the round
        self.phase = "flip"

    def current_player(self):
        return TERMINAL if self.phase == "over" else self.to_act

    # Legal actions ---------------------------------------------------------------------------
    def _ends(self):
        """The active-set cards that may be scouted (5.2.B.1), one for a one-card set (7.14)."""
        last = len(self.active) - 1
        return [] if last < 0 else [0] if last == 0 else [0, last]

    def _may_scout(self, seat):
        """5.2.B, and 5.5.3 for 2 players: scouting takes a Scout chip of your own."""
        return len(self.active) > 0 and (self.game.num_players > 2 or self.chips[seat] > 0)

    def legal_actions(self):
        if self.phase == "over":
            return []
        if self.phase == "flip":
            return [KEEP, FLIP]
        seat = self.to_act
        numbers = values(self.hands[seat])
        out = []
        _shows(numbers, strength(values(self.active)), out, SHOW)
        if self._may_scout(seat):
            for index in self._ends():
                for turn in (0, 1):
                    for gap in range(len(numbers) + 1):
                        out.append(encode(SCOUT, 0, 0, index, turn, gap))
        if not (self.active and self.scout_show[seat]):
            return out
        # Scout & Show: lists of a thousand actions and more occur, so they are counted first
        # and filled into one list allocated once (growing it fragments the device's heap).
        places = []
        total = len(out)
        for index in self._ends():
            total += self._scout_show_places(numbers, index, places)
        actions = [0] * total
        actions[:len(out)] = out
        at = len(out)
        for base, moved, first, kept, last, with_card in places:
            group = [base | bits for bits in moved[first:]]
            group.extend([base | keyed & SHOW_FIELDS for keyed in kept[:last]])
            group.extend(with_card)
            group.sort()
            actions[at:at + len(group)] = group
            at += len(group)
        return actions

    def _scout_show_places(self, numbers, index, places):
        """The distinct Scout & Shows that scout active[index] (5.2.C, 7.14): one entry per
        place the card can go, appended to `places`; returns how many actions they make.

        A show of cards already in hand leaves the scouted card in hand: a block at or after
        the gap moves one place right (`moved[first:]`); a block before it stays (`kept[:last]`,
        by end), unless the card would go right after it, the same state as right before it."""
        rest = self.active[:index] + self.active[index + 1:]
        need = strength(values(rest))
        plain = []  # the start and length fields of each show
        _shows(numbers, need, plain, 0)
        moved = [bits + (1 << START_AT) for bits in plain]  # the block one place right
        # by the block's end (above the fields), then the fields
        kept = sorted([((bits >> START_AT) + (bits & FIELD)) << GAP_AT | bits for bits in plain])
        count = 0
        for turn in (0, 1):
            card = self.active[index]
            number = value(turned(card) if turn else card)
            first = last = 0
            for gap in range(len(numbers) + 1):
                base = encode(SCOUT_SHOW, 0, 0, index, turn, gap)
                while first < len(plain) and plain[first] >> START_AT < gap:
                    first += 1
                while last < len(kept) and kept[last] >> GAP_AT < gap:
                    last += 1
                with_card = _shows_with(numbers, gap, number, need, base)
                places.append((base, moved, first, kept, last, with_card))
                count += len(plain) - first + last + len(with_card)
        return count

    # Legality with reasons ---------------------------------------------------------------------
    def illegal_reason(self, action):
        if self.phase == "over":
            return "the round is over"
        seat = self.to_act
        if self.phase == "flip":
            if action == KEEP or action == FLIP:
                return None
            return ("section 5.1.4: before the first turn a player only decides whether to "
                    "rotate the whole hand (flip hand or keep hand)")
        kind, start, length, index, turn, gap = decode(action)
        if kind == DECISION:
            return "section 5.1.4: the whole hand may be rotated only before the first turn"
        if kind not in (SHOW, SCOUT, SCOUT_SHOW):
            return "%d is not a SCOUT action" % action
        if kind == SHOW:
            return self._show_reason(self.hands[seat], start, length, self.active)
        if kind == SCOUT_SHOW:
            if self.game.num_players == 2:
                return "section 5.5.2: there is no Scout & Show with 2 players"
            if not self.scout_show[seat]:
                return ("section 5.2.C: Scout & Show is once per round, and the player to act "
                        "has spent their Scout & Show chip")
        reason = self._scout_reason(index, gap)
        if reason is not None or kind == SCOUT:
            return reason
        card = self._scouted_card(index, turn)
        hand = self.hands[seat][:gap] + [card] + self.hands[seat][gap:]
        rest = self.active[:index] + self.active[index + 1:]
        return self._show_reason(hand, start, length, rest) or self._duplicate_reason(action)

    def _show_reason(self, hand, start, length, active):
        if length == 0 or start + length > len(hand):
            return "the hand has cards 1 to %d, not %s" % (
                len(hand), _range_text(start, max(length, 1)))
        shown = hand[start:start + length]
        power = strength(values(shown))
        if power == 0:
            return ("section 5.2.A.1: %s is neither a matching set nor a run of consecutive "
                    "numbers" % _numbers_text(shown))
        if power <= strength(values(active)):
            return ("section 5.2.A.3: %s does not beat the active set %s (more cards win, then "
                    "a matching set over a run, then the higher lowest number)" % (
                        _numbers_text(shown), _numbers_text(active)))
        return None

    def _scout_reason(self, index, gap):
        size = len(self.active)
        if size == 0:
            return "section 5.2.B: there is no active set to scout, so the player must Show"
        if index >= size:
            return "section 5.2.B.1: the active set has no card %d (it holds %d)" % (index + 1, size)
        if 0 < index < size - 1:
            return ("section 5.2.B.1: only the card at the left or right end of the active set "
                    "may be scouted, not card %d of %d" % (index + 1, size))
        if gap > len(self.hands[self.to_act]):
            return "section 5.2.B.2: the scouted card can go at @1 to @%d" % (
                len(self.hands[self.to_act]) + 1)
        if self.game.num_players == 2 and self.chips[self.to_act] == 0:
            return "section 5.5.3: the player to act has no Scout chips left"
        return None

    def _duplicate_reason(self, action):
        """7.14: a Scout & Show with the same result as a smaller action number is not listed."""
        kind, start, length, index, turn, gap = decode(action)
        if length == 1 and start == gap and gap > 0:
            same = encode(kind, 0, 1, index, turn, 0)  # the lone scouted card, put in at @1
        elif start + length == gap:
            same = encode(kind, start + 1, length, index, turn, start)  # put in before the block
        else:
            return None
        return "section 7.14: this gives the same state as %s, the form the rules list" % (
            self.action_text(same))

    # Applying actions ---------------------------------------------------------------------------
    def _scouted_card(self, index, turn):
        """Card `index` of the active set as it goes into the hand."""
        card = self.active[index]
        return turned(card) if turn else card

    def turn_rule(self):
        if self.phase == "flip":
            return "section 5.1.4: each player in turn decides whether to flip the hand"
        return "section 5.1.6: turns go clockwise from the round's starting player"

    def apply(self, action):
        seat = self.to_act
        if self.phase == "flip":
            self._decide_flip(seat, action == FLIP)
            return
        self.plays += 1
        kind, start, length, index, turn, gap = decode(action)
        if kind == SHOW:
            self._show(seat, start, length)
        else:
            self._scout(seat, self._scouted_card(index, turn), index, gap)
            if kind == SCOUT_SHOW:
                self.scout_show[seat] = False  # 5.2.C.1
                self._show(seat, start, length)
            elif self.game.num_players == 2:
                self._check_stuck()  # 5.5.4: the same player acts again
            else:
                self.to_act = (seat + 1) % self.game.num_players
                if self.to_act == self.owner:  # 5.3 (b): everyone else scouted
                    self._end("b")
        if self.phase == "play" and self.plays >= PLAY_LIMIT:
            self._end("limit")

    def _scout(self, seat, card, index, gap):
        del self.active[index]
        self.hands[seat].insert(gap, card)  # 5.2.B.2
        self.scouted[seat].insert(gap, True)
        if self.game.num_players == 2:
            self.chips[seat] -= 1  # 5.5.3: the chip goes to the centre
        else:
            self.chips[self.owner] += 1  # 5.2.B.3

    def _decide_flip(self, seat, flip):
        """5.1.4: rotating the whole hand reverses its order and turns every card."""
        self.flips[seat] = flip
        if flip:
            self.hands[seat] = [turned(card) for card in reversed(self.hands[seat])]
            self.scouted[seat].reverse()
        self.to_act = (seat + 1) % self.game.num_players
        if self.to_act == self.starter:
            self.phase = "play"

    def _show(self, seat, start, length):
        hand = self.hands[seat]
        self.piles[seat].extend(self.active)  # 5.2.A.4
        self.active = hand[start:start + length]
        self.owner = seat
        del hand[start:start + length]
        del self.scouted[seat][start:start + length]
        if not hand:
            self._end("a")  # 5.3 (a), 5.5.5 (a)
            return
        self.to_act = (seat + 1) % self.game.num_players
        if self.game.num_players == 2:
            self._check_stuck()

    def _check_stuck(self):
        """5.5.5 (b): the round ends when the player to act can neither Show nor Scout."""
        seat = self.to_act
        if self.chips[seat] == 0:
            shows = []
            _shows(values(self.hands[seat]), strength(values(self.active)), shows, SHOW)
            if not shows:
                self._end("b")

    def _end(self, condition):
        self.ended_by = condition
        self.phase = "over"

    # Scores (5.4, 5.5.6-7) ---------------------------------------------------------------------
    def exempt(self):
        """The seat that loses no points for cards in hand: the owner of the unbeaten Show when
        the round ended by (b) (5.4; 5.5.6 for 2 players), else -1."""
        return self.owner if self.ended_by == "b" else -1

    def points(self):
        return round_points([len(pile) for pile in self.piles], self.chips)

    def scores(self):
        return round_scores(self.points(), [len(hand) for hand in self.hands], self.exempt())

    def view(self, seat):
        return ScoutView(self, seat)

    # Text ---------------------------------------------------------------------------------------
    def action_text(self, action):
        kind, start, length, index, turn, gap = decode(action)
        if kind == DECISION:
            return "flip hand" if action == FLIP else "keep hand"
        show = "show " + _range_text(start, length)
        if kind == SHOW:
            return show
        end = ("left" if index == 0 else "right" if index == len(self.active) - 1
               else str(index + 1))
        scout = "%s%s @%d" % (end, " flip" if turn else "", gap + 1)
        return "scout " + scout if kind == SCOUT else "scout+show %s %s" % (scout, show)

    def parse_action(self, text):
        words = text.split()
        action = _parse_words(words, len(self.active))
        if action is None:
            raise RulesError("%r is not a SCOUT action (e.g. keep hand, flip hand, show 3-5, "
                             "scout left flip @2, scout+show right @1 show 1-3)" % text)
        return action

    @staticmethod
    def copy_public(target, source):
        """Everything but the hands and the cards set aside: a view holds these too. (A slice
        copies a list in half the time list() takes under MicroPython: `clone` runs for every
        world of hard's playouts.)"""
        target.phase = source.phase
        target.to_act = source.to_act
        target.starter = source.starter
        target.active = source.active[:]
        target.owner = source.owner
        target.piles = [pile[:] for pile in source.piles]
        target.chips = source.chips[:]
        target.scout_show = source.scout_show[:]
        target.flips = source.flips[:]
        target.scouted = [known[:] for known in source.scouted]
        target.ended_by = source.ended_by
        target.plays = source.plays

    @staticmethod
    def copy_hidden(target, source):
        target.hands = [hand[:] for hand in source.hands]
        target.set_aside = source.set_aside[:]
        target.seen_before = source.seen_before

    def blank(self):
        return ScoutState(self.game, self.dealer, None)


def _parse_words(words, active_size):
    if len(words) == 2:
        if words[1] == "hand":
            return KEEP if words[0] == "keep" else FLIP if words[0] == "flip" else None
        if words[0] != "show":
            return None
        shown = _parse_range(words[1])
        return None if shown is None else encode(SHOW, shown[0], shown[1])
    if len(words) < 3 or words[0] != "scout" and words[0] != "scout+show":
        return None
    if words[1] == "left":
        index = 0
    elif words[1] == "right":
        index = max(active_size - 1, 0)
    else:
        index = _parse_number(words[1])
        if index is None:
            return None
        index -= 1
    rest = words[2:]
    turn = 1 if rest[0] == "flip" else 0
    rest = rest[turn:]
    if not rest or not rest[0].startswith("@"):
        return None
    gap = _parse_number(rest[0][1:])
    if gap is None or index > 63 or gap > 64:
        return None
    if words[0] == "scout":
        return encode(SCOUT, 0, 0, index, turn, gap - 1) if len(rest) == 1 else None
    if len(rest) != 3 or rest[1] != "show":
        return None
    shown = _parse_range(rest[2])
    if shown is None:
        return None
    return encode(SCOUT_SHOW, shown[0], shown[1], index, turn, gap - 1)


def _parse_number(text):
    """A whole number from 1 to 64, else None."""
    if not text.isdigit():
        return None
    try:
        number = int(text)
    except ValueError:  # (a digit to CPython that int() does not read: "\u00b2")
        return None
    return number if 1 <= number <= 64 else None


def _parse_range(text):
    """(start, length) of "N-M" or "N", else None."""
    first, sep, last = text.partition("-")
    first = _parse_number(first)
    last = _parse_number(last) if sep else first
    if first is None or last is None or last < first or last - first >= 63:
        return None
    return first - 1, last - first + 1


class ScoutView(View):
    """What one seat knows. Hands are held facing their owners, so another hand shows only the
    cards its owner scouted (seen going in, at a known position; `hands` has UNKNOWN for the
    rest). Every card that was ever shown is known: the active set and the score piles. In
    round 2 of the 2-player game `seen_before` lists the cards the seat saw in round 1."""

    active = piles = []  # public fields: copy_public sets them on each view (named for pyright)

    def __init__(self, state, seat):
        View.__init__(self, state, seat)
        self.hand = list(state.hands[seat])
        self.hands = []
        for other in range(state.game.num_players):
            hand, known = state.hands[other], state.scouted[other]
            self.hands.append([hand[i] if other == seat or known[i] else UNKNOWN
                               for i in range(len(hand))])
        self.set_aside_size = len(state.set_aside)
        self.seen_before = None if state.seen_before is None else state.seen_before[seat]

    def visible_cards(self):
        cards = list(self.active)
        for pile in self.piles:
            cards.extend(pile)
        for hand in self.hands:
            cards.extend([card for card in hand if card != UNKNOWN])
        return cards


GAME_CLASS = Scout  # (deckcore.games.load)
