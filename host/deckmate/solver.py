"""The exact solver of 2-player Scioto with all cards dealt (host only).

With two players and the whole pack dealt, Scioto is a game of perfect information, so
every position has an exact value: the points the leader of the trick takes from the cards
still in play when both sides play perfectly. The solver finds it by alpha-beta search over
hands held as bitmasks (cards numbered in order of points, so the low bits are the cheapest):

- a transposition table of value bounds at trick boundaries, keyed by the two hands, whose
  best lead is tried first;
- leads ordered by a one-trick estimate (a lead the follower cannot dismiss wins its
  points, one he can dismiss loses them); replies: the dearest dismisser first, then the
  cheapest discards (2.5 times fewer nodes than cheapest dismisser first);
- a bound from *safe* leads: a card no card of the follower dismisses wins whenever it is
  led and stays safe, so the leader can always take those points and as many of the
  follower's cheapest cards;
- MTD(f) at the root (null-window searches that close in on the value).

Compounding (section 1.4) and mandatory dismissal (section 1.5) are handled: after a
dismissal the leader may re-lead a card that dismisses the follower's, or stop.

The search runs in C (scioto_solver.c, built on first use with the system compiler, about
100 times faster) or, without a compiler, in the Python `PythonSearch` below; tests check
both against brute force. `Solver(game).action_values(state)` gives the exact final points
of the seat to act after each legal action; `SolverBot` plays the best of them.
"""

import ctypes
import os
import subprocess
import tempfile
import zlib

INFINITY = 1 << 20


class NotSolvable(Exception):
    """The position is not 2-player Scioto with every card in the two hands."""


def _bits(mask):
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class PythonSearch:
    """The search in Python: the same algorithm as scioto_solver.c."""

    def __init__(self, points, dismissers, compounding, mandatory):
        self.points = points
        self.dismissers = dismissers
        self.compounding = compounding
        self.mandatory = mandatory
        self.table = {}  # (lead, follow) -> (lower, upper, best lead)
        self.nodes = 0

    def trick_value(self, lead, follow, rem, alpha, beta):
        """Points the leader takes from `rem`, the points of hands `lead` and `follow`."""
        if not lead:
            return 0
        self.nodes += 1
        points, dismissers = self.points, self.dismissers
        key = (lead, follow)
        entry = self.table.get(key)
        first, lower, upper = -1, -INFINITY, INFINITY
        if entry is not None:
            lower, upper, first = entry
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
        for card in _bits(lead):
            if dismissers[card] & follow:
                key = -points[card]
            else:
                key = points[card]
                safe_points += key
                safe += 1
            if card == first:
                key = 1000
            ranked.append((-key, card))
        if safe == len(ranked):
            return rem  # every lead is safe: the leader takes everything
        if safe:
            bound = safe_points
            for card in _bits(follow)[:safe]:
                bound += points[card]
            if bound >= beta:
                return bound
        ranked.sort()
        best, best_lead = -INFINITY, -1
        for _, card in ranked:
            value = self.follow_value(lead & ~(1 << card), follow, card, points[card], rem,
                                      alpha, beta)
            if value > best:
                best, best_lead = value, card
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if best <= alpha0:
            upper = min(upper, best)
        elif best >= beta0:
            lower = max(lower, best)
        else:
            lower = upper = best
        self.table[(lead, follow)] = (lower, upper, best_lead)
        return best

    def follow_value(self, lead, follow, card, pot, rem, alpha, beta):
        """The follower answers `card` with `pot` on the table; the leader's value."""
        points = self.points
        winners = self.dismissers[card] & follow
        losers = 0 if (self.mandatory and winners) else follow & ~winners
        best = INFINITY
        # The dearest dismisser first (it takes the most), then the cheapest discard.
        for options, dismissing in ((winners, True), (losers, False)):
            replies = _bits(options)
            if dismissing:
                replies.reverse()
            for reply in replies:
                gained = pot + points[reply]
                if dismissing:
                    value = self.after_dismissal(lead, follow & ~(1 << reply), reply,
                                                 gained, rem, alpha, beta)
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


class NativeSearch:
    """The search in C (scioto_solver.c), through ctypes."""

    def __init__(self, library, points, dismissers, compounding, mandatory, log2_buckets=22):
        self.lib = library
        n = len(points)
        ok = library.setup(n, (ctypes.c_int * n)(*points), (ctypes.c_uint64 * n)(*dismissers),
                           int(compounding), int(mandatory), log2_buckets)
        if not ok:
            raise MemoryError("no memory for the solver's table")

    @property
    def nodes(self):
        return self.lib.node_count()

    def trick_value(self, lead, follow, rem, alpha, beta):
        return self.lib.trick_value(lead, follow, rem, alpha, beta)

    def follow_value(self, lead, follow, card, pot, rem, alpha, beta):
        return self.lib.follow_value(lead, follow, card, pot, rem, alpha, beta)

    def after_dismissal(self, lead, follow, reply, pot, rem, alpha, beta):
        return self.lib.after_dismissal(lead, follow, reply, pot, rem, alpha, beta)


_native = []  # the loaded library, once tried (None when it cannot be built)


def native_library():
    """scioto_solver.c compiled and loaded, or None without a C compiler."""
    if _native:
        return _native[0]
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scioto_solver.c")
    with open(source, "rb") as handle:
        stamp = "%08x" % zlib.crc32(handle.read())
    target = os.path.join(tempfile.gettempdir(), "deckmate-scioto-solver-%d-%s.so" % (os.getuid(), stamp))
    library = None
    try:
        if not os.path.exists(target):
            scratch = target + ".%d" % os.getpid()
            subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", scratch, source],
                           check=True, capture_output=True)
            os.replace(scratch, target)
        library = ctypes.CDLL(target)
        u64, c_int = ctypes.c_uint64, ctypes.c_int
        library.setup.argtypes = [c_int, ctypes.POINTER(c_int), ctypes.POINTER(u64), c_int, c_int, c_int]
        library.node_count.restype = ctypes.c_longlong
        library.trick_value.argtypes = [u64, u64, c_int, c_int, c_int]
        library.follow_value.argtypes = [u64, u64, c_int, c_int, c_int, c_int, c_int]
        library.after_dismissal.argtypes = [u64, u64, c_int, c_int, c_int, c_int, c_int]
    except (OSError, subprocess.CalledProcessError):
        library = None
    _native.append(library)
    return library


class Solver:
    """Exact values of 2-player Scioto positions with every card in the two hands."""

    def __init__(self, game, native=True):
        opts = game.options
        if game.num_players != 2 or opts["trick_and_draw"] or opts["double_pack"]:
            raise NotSolvable("the solver plays 2-player Scioto with all cards dealt")
        self.game = game
        size = game.size
        # number[card]: the card's number in order of points (ties by id), as the search uses.
        by_points = sorted(range(size), key=lambda c: (game.card_points[c], c))
        self.number = [0] * size
        for i in range(size):
            self.number[by_points[i]] = i
        self.points = [game.card_points[c] for c in by_points]
        dismissers = [0] * size
        for f in range(size):
            for lead in range(size):
                if game.dismisses(f, lead):
                    dismissers[self.number[lead]] |= 1 << self.number[f]
        library = native_library() if native else None
        args = (self.points, dismissers, opts["compounding"], opts["mandatory_dismissal"])
        self.search = NativeSearch(library, *args) if library else PythonSearch(*args)

    @property
    def nodes(self):
        return self.search.nodes

    def _mask_points(self, mask):
        return sum(self.points[c] for c in _bits(mask))

    @staticmethod
    def _mtd(search, rem):
        """MTD(f): null-window calls of search(alpha, beta) until the value is pinned."""
        guess, lower, upper = rem // 2, 0, rem
        while lower < upper:
            beta = guess + 1 if guess == lower else guess
            guess = search(beta - 1, beta)
            if guess < beta:
                upper = guess
            else:
                lower = guess
        return guess

    def _position(self, state):
        """(search(alpha, beta) of the leader's take, points still in play, leader)."""
        if state.stock or len(state.hands) != 2:
            raise NotSolvable("the solver needs every card in the two hands")
        masks = [0, 0]
        for who in range(2):
            for card in state.hands[who]:
                masks[who] |= 1 << self.number[card]
        leader = state.leader
        lead, follow = masks[leader], masks[1 - leader]
        pot = sum(self.game.card_points[c] for c in state.trick)
        rem = pot + self._mask_points(lead | follow)
        search, last = self.search, self.number[state.trick[-1]] if state.trick else -1
        if not state.trick:
            return (lambda a, b: search.trick_value(lead, follow, rem, a, b)), rem, leader
        if state.phase == "relead":
            return (lambda a, b: search.after_dismissal(lead, follow, last, pot, rem, a, b)), rem, leader
        return (lambda a, b: search.follow_value(lead, follow, last, pot, rem, a, b)), rem, leader

    def final_points(self, state, seat):
        """Exact final points of `seat` from `state` (both seats playing perfectly)."""
        won = state.points()[seat]
        if state.is_terminal():
            return won
        search, rem, leader = self._position(state)
        take = self._mtd(search, rem)
        return won + (take if seat == leader else rem - take)

    def reaches(self, state, seat, target):
        """Whether `seat` makes at least `target` final points from `state` (one null-window
        search, cheaper than the exact value)."""
        won = state.points()[seat]
        if state.is_terminal():
            return won >= target
        search, rem, leader = self._position(state)
        if seat == leader:
            need = target - won  # the take must reach `need`
            return search(need - 1, need) >= need
        most = rem - (target - won)  # the leader's take must stay at or below `most`
        return search(most, most + 1) <= most

    def value(self, state):
        """Exact final points of both seats from `state`."""
        first = self.final_points(state, 0)
        card_points = self.game.card_points
        total = sum(state.points()) + sum(card_points[c] for c in state.trick)
        for hand in state.hands:
            total += sum(card_points[c] for c in hand)
        return [first, total - first]

    def action_values(self, state):
        """(action, exact final points of the seat to act) for each legal action."""
        seat = state.current_player()
        out = []
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            out.append((action, self.final_points(after, seat)))
        return out


class SolverBot:
    """Plays exactly: the first legal action that keeps the position's exact value.

    It reads the full state, so it is a host-only referee for arena games, not a device bot.
    One bot keeps its table for a whole deal (the seats swap, the cards stay)."""

    NAME = "solver"

    def __init__(self, game):
        self.solver = Solver(game)

    def choose_exact(self, state):
        seat = state.current_player()
        target = self.solver.final_points(state, seat)
        legal = state.legal_actions()
        for action in legal:
            after = state.clone()
            after.apply(action)
            if self.solver.reaches(after, seat, target):
                return action
        raise AssertionError("no action keeps the solved value")  # the search is exact
