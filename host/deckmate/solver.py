"""The exact solver of 2-player Scioto with all cards dealt (host only).

With two players and the whole pack dealt, Scioto is a game of perfect information. The
solver is the bots' exact endgame (deckcore/bots/scioto_endgame.py: alpha-beta over
bitmask hands, a table of bounds, the safe-lead bound, MTD(f)) run on whole deals, with
its search in C (scioto_solver.c, built on first use with the system compiler, about 100
times faster); without a compiler the Python search serves, and the tests check both
against brute force. Compounding and mandatory dismissal are followed.

`Solver(game).action_values(state)` gives the exact final points of the seat to act after
each legal action; `SolverBot` plays exactly.
"""

import ctypes
import os
import subprocess
import zlib

from deckcore.bots.scioto_endgame import PAGE, Endgame
from deckmate.cache import cached_path


PYTHON_TABLE = 1 << 16  # places in the table of the Python search


class NotSolvable(Exception):
    """The position is not 2-player Scioto with every card in the two hands."""


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
    """scioto_solver.c compiled and loaded, or None without it or a C compiler."""
    if _native:
        return _native[0]
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scioto_solver.c")
    library = None
    try:
        with open(source, "rb") as handle:
            stamp = "%08x" % zlib.crc32(handle.read())
        target = cached_path("scioto-solver-%s.so" % stamp)
        if not os.path.exists(target):
            scratch = target + ".%d" % os.getpid()
            subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", scratch, source],
                           check=True, capture_output=True)
            os.replace(scratch, target)
        library = ctypes.CDLL(target)
        u64, c_int = ctypes.c_uint64, ctypes.c_int
        library.setup.argtypes = [c_int, ctypes.POINTER(c_int), ctypes.POINTER(u64),
                                  c_int, c_int, c_int]
        library.node_count.restype = ctypes.c_longlong
        library.trick_value.argtypes = [u64, u64, c_int, c_int, c_int]
        library.follow_value.argtypes = [u64, u64, c_int, c_int, c_int, c_int, c_int]
        library.after_dismissal.argtypes = [u64, u64, c_int, c_int, c_int, c_int, c_int]
    except (OSError, subprocess.CalledProcessError):
        library = None
    _native.append(library)
    return library


class Solver(Endgame):
    """Exact values of 2-player Scioto positions with every card in the two hands."""

    def __init__(self, game, native=True):
        opts = game.options
        if game.num_players != 2 or opts["trick_and_draw"] or opts["double_pack"]:
            raise NotSolvable("the solver plays 2-player Scioto with all cards dealt")
        library = native_library() if native else None
        Endgame.__init__(self, game, PAGE if library else PYTHON_TABLE)
        if library:
            self.search = NativeSearch(library, self.points, self.dismissers,
                                       opts["compounding"], opts["mandatory_dismissal"])

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
        return self.solver.best_action(state)
