"""Exact play of 2-player Scioto once every card left is in the two hands.

Then Scioto is a game of perfect information, and every position has an exact value: the
points the leader of the trick takes from the cards still in play. `Endgame` finds it by
alpha-beta search over hands held as bitmasks (cards numbered in order of points, so the
low bits are the cheapest):

- a table of value bounds at trick boundaries, keyed by the two hands, whose best lead is
  tried first (a fixed number of places, the newest position replacing the older);
- leads ordered by a one-trick estimate (a lead the follower cannot dismiss wins its
  points, one he can dismiss loses them); replies: the dearest dismisser first, then the
  cheapest discards (2.5 times fewer positions than the cheapest dismisser first);
- a bound from *safe* leads: a card no card of the follower dismisses wins whenever it is
  led and stays safe, so the leader can always take those points and as many of the
  follower's cheapest cards;
- the window against the points still in play: a search whose window lies at or above all
  of them, or at or below none, ends at once (a third fewer positions from 6 cards each);
- MTD(f) for a value (null-window searches that close in on it), and one null-window search
  per action to find the first action that keeps it.

Compounding (section 1.4) and mandatory dismissal (section 1.5) are followed: after a
dismissal the leader may re-lead a card that dismisses the follower's, or stop. The bots
play exactly with it near the end of a hand; the host's solver (deckmate/solver.py) uses
the same class on whole deals, with the search in C.

Earlier in a hand of the base game the bots search a few tricks deep instead and value the
positions there with a fitted estimate (scioto_estimate.py): `Endgame.rough`, the same
search with a *horizon*, a hand size at which it stops, counting in the estimate's units
(eighths of a point) and with no table (its values are not exact).

On the device both run in native code where the rules allow (`ViperSearch`, the module
scioto_search_viper.py compiled for the board), with the same positions and values as
`BitmaskSearch`, which CPython runs.
"""

from array import array

from deckcore.bots import native_code

INFINITY = 1 << 20
PAGE = 128
TICK_EVERY = 256  # positions between calls of a caller's tick (a power of 2)


# BIT_NUMBER[2**k % 67] = k: a card's number from its bit (the powers of 2 below 2**64 leave
# distinct remainders mod 67); POPCOUNT[b]: the cards in a byte of a hand.
BIT_NUMBER = bytes(max([k for k in range(64) if (1 << k) % 67 == r] + [0]) for r in range(67))
POPCOUNT = bytes(bin(i).count("1") for i in range(256))


def _bits(mask):
    """The numbers of the cards in `mask`, low to high."""
    out = []
    while mask:
        low = mask & -mask
        out.append(BIT_NUMBER[low % 67])
        mask ^= low
    return out


class OverBudget(Exception):
    """A search given a budget of positions needed more."""


def size_of(mask):
    """The number of cards in `mask`, a hand of the base game's 28 cards (at most 32)."""
    return (POPCOUNT[mask & 255] + POPCOUNT[mask >> 8 & 255] + POPCOUNT[mask >> 16 & 255]
            + POPCOUNT[mask >> 24])


def _pack(lower, upper, best):
    """A table entry as one small int of 10-bit fields: the lower bound + 1 (0: none), the
    upper bound (1023: none) and the best lead + 1."""
    low = 0 if lower == -INFINITY else lower + 1
    high = 1023 if upper == INFINITY else upper
    return low | high << 10 | (best + 1) << 20


def _unpack(entry):
    low, high = entry & 1023, entry >> 10 & 1023
    return (-INFINITY if low == 0 else low - 1, INFINITY if high == 1023 else high,
            (entry >> 20) - 1)


class BitmaskSearch:
    """The alpha-beta search over hands as bitmasks (the host has a copy in C)."""

    def __init__(self, points, dismissers, compounding, mandatory, slots, estimate=None):
        self.points = points
        self.dismissers = dismissers
        self.compounding = compounding
        self.mandatory = mandatory
        # The table: `slots` (a power of 2, at least PAGE; 0: no table) places, each a lead
        # hand, a follow hand and their entry (0: empty), in pages of PAGE places so that a
        # fragmented heap need not find a large block. The pages are arrays of 4-byte words
        # (hands of up to 32 cards; 8 bytes for larger packs), half the size of lists on the
        # 64-bit simulator. (Endgame makes its exact search at the first exact search.)
        self.mask = slots - 1
        if slots:
            self._make_table()
        self.nodes = 0
        self.estimate = estimate  # estimate(size, lead, follow, rem), for a search with a horizon
        self.horizon = 0      # the hand size at which the estimate stops the search (0: none)
        self.budget = 0       # the node count at which to give up (0: never)
        self.tick = None      # a caller's tick, called every TICK_EVERY positions

    def _make_table(self):
        """The table's pages, every place empty (a lead hand is never empty)."""
        pages = (self.mask + 1) // PAGE
        hands = "I" if len(self.points) <= 32 else "q"
        self.leads = [array(hands, [0] * PAGE) for _ in range(pages)]
        self.follows = [array(hands, [0] * PAGE) for _ in range(pages)]
        self.entries = [array("I", [0] * PAGE) for _ in range(pages)]

    def trick_value(self, lead, follow, rem, alpha, beta):
        """Points the leader takes from `rem`, the points of hands `lead` and `follow`."""
        if not lead or beta <= 0:
            return 0
        if alpha >= rem:
            return rem  # the leader cannot take more than is left
        self.nodes += 1
        if self.budget and self.nodes > self.budget:
            raise OverBudget
        if not self.nodes & (TICK_EVERY - 1) and self.tick is not None:
            self.tick()
        if self.horizon:
            size = size_of(lead)
            if size <= self.horizon and size >= self.estimate.smallest:
                return self.estimate(size, lead, follow, rem)
        points, dismissers = self.points, self.dismissers
        entry = 0
        tabled = self.mask >= 0 and not self.horizon
        if tabled:
            slot = (lead ^ (follow << 1) ^ (follow >> 7) ^ (lead >> 11)) & self.mask
            page, place = slot // PAGE, slot % PAGE
            if self.leads[page][place] == lead and self.follows[page][place] == follow:
                entry = self.entries[page][place]
        first, lower, upper = -1, -INFINITY, INFINITY
        if entry:
            lower, upper, first = _unpack(entry)
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            alpha, beta = max(alpha, lower), min(beta, upper)
            if alpha >= beta:
                return alpha
        alpha0, beta0 = alpha, beta
        ranked = []
        safe_points = safe = 0
        hand = lead
        while hand:  # the cards of the lead hand (_bits, inlined: the search's inner loop)
            low = hand & -hand
            hand ^= low
            card = BIT_NUMBER[low % 67]
            if dismissers[card] & follow:
                key = -points[card]
            else:
                key = points[card]
                safe_points += key
                safe += 1
            if card == first:
                key = 1000
            ranked.append((1024 - key) * 64 + card)  # by key, high first, then by card
        if safe == len(ranked):
            return rem  # every lead is safe: the leader takes everything
        if safe:
            bound, hand = safe_points, follow
            while safe and hand:  # and as many of the follower's cheapest cards
                low = hand & -hand
                hand ^= low
                bound += points[BIT_NUMBER[low % 67]]
                safe -= 1
            if bound >= beta:
                return bound
        ranked.sort()
        best, best_lead = -INFINITY, -1
        for item in ranked:
            card = item & 63
            value = self.follow_value(lead & ~(1 << card), follow, card, points[card], rem,
                                      alpha, beta)
            if value > best:
                best, best_lead = value, card
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if not tabled:
            return best
        if best <= alpha0:
            upper = min(upper, best)
        elif best >= beta0:
            lower = max(lower, best)
        else:
            lower = upper = best
        self.leads[page][place], self.follows[page][place] = lead, follow
        self.entries[page][place] = _pack(lower, upper, best_lead)
        return best

    def follow_value(self, lead, follow, card, pot, rem, alpha, beta):
        """The follower answers `card` with `pot` on the table; the leader's value."""
        points = self.points
        winners = self.dismissers[card] & follow
        losers = 0 if (self.mandatory and winners) else follow & ~winners
        best = INFINITY
        # The dearest dismisser first (it takes the most), then the cheapest discard.
        replies = []
        hand = winners
        while hand:
            low = hand & -hand
            hand ^= low
            replies.insert(0, BIT_NUMBER[low % 67])
        hand = losers
        while hand:
            low = hand & -hand
            hand ^= low
            replies.append(BIT_NUMBER[low % 67])
        for reply in replies:
            gained = pot + points[reply]
            if winners >> reply & 1:
                value = self.after_dismissal(lead, follow & ~(1 << reply), reply, gained, rem,
                                             alpha, beta)
            else:
                value = gained + self.trick_value(lead, follow & ~(1 << reply), rem - gained,
                                                  alpha - gained, beta - gained)
            if value < best:
                best = value
                if value < beta:
                    beta = value
                    if alpha >= beta:
                        return best
        return best

    def after_dismissal(self, lead, follow, reply, pot, rem, alpha, beta):
        """`reply` dismissed: the follower wins the pot unless the leader re-leads (1.4)."""
        best = -INFINITY
        relead = self.dismissers[reply] & lead if self.compounding else 0
        if not (self.mandatory and relead):
            rest = rem - pot
            best = rest - self.trick_value(follow, lead, rest, rest - beta, rest - alpha)
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    return best
        for card in _bits(relead):
            value = self.follow_value(lead & ~(1 << card), follow, card,
                                      pot + self.points[card], rem, alpha, beta)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best


def _word(place):
    """A ViperSearch property kept in its words[place], where the native search reads it."""
    def get(search):
        return search.words[place]

    def put(search, value):
        search.words[place] = value
    return property(get, put)


class ViperSearch:
    """BitmaskSearch (no compounding, no mandatory dismissal) in `native`,
    scioto_search_viper.py compiled to native code: the same values, positions and table, in
    the arrays that module reads. Its words hold at these places what that module's
    constants of the same names say (a place out of step fails tests/host/test_scioto_native)."""

    TOP, MASK, SMALLEST, LAST_ROW, POINTS, DISMISSERS, BIT_NUMBER = 2, 3, 5, 6, 8, 40, 72
    DISMISSED, LEAD_CELLS, FOLLOW_CELLS, COLUMN, UNIT, SCALE = 109, 141, 173, 205, 269, 270
    WORDS, ESTIMATE_WORDS = 109, 271  # without and with an estimate

    nodes = _word(0)    # the positions counted
    budget = _word(1)   # the count at which to give up (0: never)
    horizon = _word(4)  # the hand size at which the estimate stops the search (0: none)

    def __init__(self, native, points, dismissers, slots, estimate=None):
        self.native = native
        # This module's OverBudget (it is loaded again for each think); no search runs now.
        native.OVER, native.TICK = OverBudget, None
        self.tick = None  # a caller's tick, called every TICK_EVERY positions
        words = self.words = array("i", bytes(4 * (self.WORDS if estimate is None
                                                   else self.ESTIMATE_WORDS)))
        for k in range(30):
            words[self.BIT_NUMBER + (1 << k) % 37] = k
        words[self.MASK] = slots - 1 if slots else 0  # (0: no table)
        for card in range(len(points)):
            words[self.POINTS + card] = points[card]
            words[self.DISMISSERS + card] = dismissers[card]
        self.weights = None
        if estimate is not None:
            from deckcore.bots.scioto_estimate import COLUMN, SCALE, UNIT, WEIGHTS
            words[self.SMALLEST], words[self.LAST_ROW] = estimate.smallest, len(WEIGHTS) - 1
            for card in range(len(points)):
                words[self.DISMISSED + card] = estimate.dismissed[card]
                words[self.LEAD_CELLS + card] = estimate.cells[card]
                words[self.FOLLOW_CELLS + card] = estimate.cells[len(points) + card]
            for i in range(64):
                words[self.COLUMN + i] = COLUMN[i]
            words[self.UNIT], words[self.SCALE] = UNIT, SCALE
            self.weights = WEIGHTS
        self.ranks = array("H", bytes(2 * 15 * 14))  # room for 15 hands of 14 cards
        self.leads, self.follows, self.entries = [array("i", bytes(4 * slots)) for _ in range(3)]

    def _call(self, *args):
        """The native search's `value` with this search's arrays and tick (the module's one
        TICK is this search's for the call). A search given up (OverBudget) or stopped by
        the tick leaves its stack's top where it was: it is emptied after every call, as
        nothing checks the stack's bounds."""
        native = self.native
        outer, native.TICK = native.TICK, self.tick
        try:
            return native.value(self.words, self.ranks, self.leads, self.follows, self.entries,
                                self.weights, *args)
        finally:
            native.TICK = outer
            self.words[self.TOP] = 0

    def trick_value(self, lead, follow, rem, alpha, beta):
        return self._call(lead, follow, rem, alpha, beta, -1, 0)

    def follow_value(self, lead, follow, card, pot, rem, alpha, beta):
        return self._call(lead, follow, rem, alpha, beta, card, pot)

    def after_dismissal(self, lead, follow, reply, pot, rem, alpha, beta):
        rest = rem - pot
        return rest - self.trick_value(follow, lead, rest, rest - beta, rest - alpha)


NATIVE = "deckcore.bots.scioto_search_viper"


def _load_native():
    """scioto_search_viper as native code, or None where the image has no native module for
    this architecture or runs its source as bytecode (bots/native_code.py)."""
    return native_code.load(NATIVE, _import_search)


def _import_search():
    import deckcore.bots.scioto_search_viper  # noqa: F401 (NATIVE, found by its name)


def native_fits(game):
    """Whether the device searches `game`'s two hands in native code (scioto_search_viper):
    no compounding or mandatory dismissal, at most 30 cards."""
    opts = game.options
    return game.size <= 30 and not opts["compounding"] and not opts["mandatory_dismissal"]


def estimate_fits(game):
    """Whether scioto_estimate.py serves `game`: the base game only. (Asked here, so that its
    module and weights, 6.9 KB on the device, are loaded only for the game they serve.)"""
    opts = game.options
    return (game.num_players == 2 and game.size == 28 and not opts["compounding"]
            and not opts["mandatory_dismissal"] and not opts["trick_and_draw"]
            and opts["ranks"] in (None, 7) and opts["dismissal"] in (None, "original")
            and opts["schedule"] in (None, "pips"))


class Endgame:
    """Exact values and moves of 2-player Scioto positions with no card out of the hands,
    and with `estimated` (the base game only) moves searched a few tricks deep."""

    def __init__(self, game, slots, estimated=False):
        self.game = game
        size = game.size
        points = game.card_points
        # number[card]: the card's number in order of points (ties by id).
        by_points = sorted(range(size), key=lambda c: points[c] * 256 + c)
        self.number = [0] * size
        for i in range(size):
            self.number[by_points[i]] = i
        self.points = [points[c] for c in by_points]
        self.dismissers = [0] * size
        for f in range(size):
            for lead in range(size):
                if game.dismisses(f, lead):
                    self.dismissers[self.number[lead]] |= 1 << self.number[f]
        self.slots = slots
        self.search = None  # the exact search, made at its first use (exact_search)
        self.native = _load_native() if native_fits(game) else None  # (None on CPython)
        # With the estimate, a second search that counts in its UNITs and has no table
        # (it always stops at a horizon, where values are not exact).
        self.estimate = self.rough = None
        if estimated:
            from deckcore.bots.scioto_estimate import Estimate, UNIT
            self.estimate = Estimate(self.points, self.dismissers, BIT_NUMBER, POPCOUNT)
            self.unit = UNIT
            points = [p * UNIT for p in self.points]
            if self.native is None:
                self.rough = BitmaskSearch(points, self.dismissers, False, False, 0,
                                           self.estimate)
            else:
                self.rough = ViperSearch(self.native, points, self.dismissers, 0, self.estimate)

    def exact_search(self):
        """The exact search: in native code where the image has it and the rules allow, else
        BitmaskSearch. Made at its first use, with its table and module: until the end of a
        hand nears, the bots search otherwise."""
        if self.search is None:
            opts = self.game.options
            if self.native is None:
                self.search = BitmaskSearch(self.points, self.dismissers, opts["compounding"],
                                            opts["mandatory_dismissal"], self.slots)
            else:
                self.search = ViperSearch(self.native, self.points, self.dismissers, self.slots)
        return self.search

    @property
    def nodes(self):
        return self.exact_search().nodes

    def _position(self, state, search, unit=1):
        """(search(alpha, beta) of the leader's take, points still in play, leader), in
        `unit`s of a point (the estimate's, for `rough`)."""
        masks = [0, 0]
        for who in range(2):
            for card in state.hands[who]:
                masks[who] |= 1 << self.number[card]
        leader = state.leader
        lead, follow = masks[leader], masks[1 - leader]
        card_points = self.game.card_points
        pot = 0
        for card in state.trick:
            pot += card_points[card] * unit
        rem = pot
        for card in state.hands[0] + state.hands[1]:
            rem += card_points[card] * unit
        last = self.number[state.trick[-1]] if state.trick else -1
        if not state.trick:
            return (lambda a, b: search.trick_value(lead, follow, rem, a, b)), rem, leader
        if state.phase == "relead":
            return ((lambda a, b: search.after_dismissal(lead, follow, last, pot, rem, a, b)),
                    rem, leader)
        return (lambda a, b: search.follow_value(lead, follow, last, pot, rem, a, b)), rem, leader

    def _guess(self, state, rem):
        """A first guess of the leader's take: a search one trick deep with the estimate
        when there is one (the closer the guess, the fewer null-window calls), else half."""
        size = max(len(state.hands[0]), len(state.hands[1]))
        if self.estimate is None or size <= self.estimate.smallest:
            return rem // 2
        rough, unit = self.rough, self.unit
        rough.horizon = size - 1
        search = self._position(state, rough, unit)[0]
        guess = (search(-INFINITY, INFINITY) + unit // 2) // unit
        rough.horizon = 0
        return guess

    @staticmethod
    def _mtd(search, rem, guess):
        """MTD(f): null-window calls of search(alpha, beta) until the value is pinned."""
        lower, upper = 0, rem
        while lower < upper:
            beta = guess + 1 if guess == lower else guess
            guess = search(beta - 1, beta)
            if guess < beta:
                upper = guess
            else:
                lower = guess
        return guess

    def final_points(self, state, seat):
        """Exact final points of `seat` from `state` (both seats playing perfectly)."""
        won = state.points()[seat]
        if state.is_terminal():
            return won
        search, rem, leader = self._position(state, self.exact_search())
        take = self._mtd(search, rem, self._guess(state, rem))
        return won + (take if seat == leader else rem - take)

    def _rough_value(self, state, seat, alpha):
        """`seat`'s final points in UNITs from `state` by the rough search, when above
        `alpha`, else a bound at or below `alpha` (fail-soft)."""
        won = state.points()[seat] * self.unit
        if state.is_terminal():
            return won
        search, rem, leader = self._position(state, self.rough, self.unit)
        if seat == leader:
            return won + search(alpha - won, INFINITY)
        return won + rem - search(-INFINITY, won + rem - alpha)

    def searched_action(self, state, actions, tricks, tick=None):
        """The best of `actions` (legal, most promising first) by a search that looks
        `tricks` tricks ahead (fewer near the estimate's smallest hands) and estimates the
        positions there. `tick`, if given, is called every TICK_EVERY positions."""
        self.rough.tick = tick
        seat = state.current_player()
        hands = state.hands
        # Never under the estimate's smallest hands: below those the search goes to the
        # end, with no table.
        size = max(len(hands[0]), len(hands[1]))
        self.rough.horizon = max(size - tricks, self.estimate.smallest)
        best, choice = -INFINITY, actions[0]
        for action in actions:
            after = state.clone()
            after.apply(action)
            value = self._rough_value(after, seat, best)
            if value > best:
                best, choice = value, action
        self.rough.horizon = 0
        self.rough.tick = None
        return choice

    def reaches(self, state, seat, target):
        """Whether `seat` makes at least `target` final points from `state` (one null-window
        search, cheaper than the exact value)."""
        won = state.points()[seat]
        if state.is_terminal():
            return won >= target
        search, rem, leader = self._position(state, self.exact_search())
        if seat == leader:
            need = target - won  # the take must reach `need`
            return search(need - 1, need) >= need
        most = rem - (target - won)  # the leader's take must stay at or below `most`
        return search(most, most + 1) <= most

    def value(self, state):
        """Exact final points of both seats from `state`."""
        first = self.final_points(state, 0)
        card_points = self.game.card_points
        total = sum(state.points())
        for card in state.trick + state.hands[0] + state.hands[1]:
            total += card_points[card]
        return [first, total - first]

    def best_action(self, state, actions=None, nodes=0, tick=None):
        """The first of `actions` (default: the legal ones) that keeps the exact value of
        the seat to act; with `nodes`, None if proving it takes more positions than that
        (the Python search only). `tick`, if given, is called every TICK_EVERY positions
        (the Python search only)."""
        if actions is None:
            actions = state.legal_actions()
        seat = state.current_player()
        search = self.exact_search()
        search.tick = tick
        if nodes:
            search.budget = search.nodes + nodes
        try:
            target = self.final_points(state, seat)
            for action in actions:
                after = state.clone()
                after.apply(action)
                if self.reaches(after, seat, target):
                    return action
        except OverBudget:
            return None
        finally:
            search.budget = 0
            search.tick = None
        return actions[0]  # not reached: the search is exact
