"""The part of `deckmate bench` that runs inside the MicroPython unix port, as a script:

    micropython -X heapsize=208K bench_decisions.py GAME LEVEL HANDS SEED [PLAYERS [count]]

(the compiled rules core on its import path; `deckmate.runtime.run_script` runs it; PLAYERS 0
or none: the game's default set-up).

It plays hands with one bot level in every seat and times every decision, and times the
calibration loop before the first decision and after every 8th (the host may be busy: the
median of those timings meets the same load as the decisions). A second pass replays the
same decisions to sample the live heap (collected, then `gc.mem_alloc()`) at every slice of
the bots' work (their `tick`: every search node) and around every decision. It prints one line:
`BENCH <reference us> <decision us>,... <peak heap bytes>`.

With `count` it times nothing: run under valgrind's callgrind (deckmate bench --count), each
`exec` of it is a part of the count (callgrind's --toggle-collect and --dump-after of
mp_builtin_exec): the calibration loop, every decision, the calibration loop again, each an
exec of a code object compiled beforehand (so no parsing is counted), the heap collected
before each as the timed run collects it. It prints `COUNTED <decisions>`.
"""

import gc
import sys
import time

from deckcore.bots.levels import make
from deckcore.games import load
from deckcore.rng import Rng


def reference_loop():
    """The calibration work: small-integer arithmetic, list slicing and indexing, calls."""
    total = 0
    cards = list(range(28))
    for i in range(2400):
        hand = cards[i % 7:]
        for card in hand:
            total = (total * 31 + card) & 0xFFFF
        total ^= len(hand)
    return total


def reference_us():
    """One timing of the calibration loop, in microseconds."""
    gc.collect()
    start = time.ticks_us()
    reference_loop()
    return time.ticks_diff(time.ticks_us(), start)


class Peak:
    def __init__(self):
        self.bytes = 0

    def sample(self):
        gc.collect()
        used = gc.mem_alloc()
        if used > self.bytes:
            self.bytes = used


def play(game, level, hands, seed, on_decision):
    """Hands with `level` in every seat; on_decision(bot, view, legal, rng) decides."""
    seats = game.num_players
    bots = [make(level, game) for _ in range(seats)]
    for hand in range(hands):
        deal_rng = Rng(seed + hand)
        dealer = hand % seats
        state = game.new_hand(dealer, game.deal(deal_rng, dealer))
        rngs = [deal_rng.fork(seat) for seat in range(seats)]
        while not state.is_terminal():
            seat = state.current_player()
            state.apply(on_decision(bots[seat], state.view(seat), state.legal_actions(),
                                    rngs[seat]))


def counted(game_name, options, level, hands, seed):
    """The count mode (the module's docstring): the same decisions as `measure` times."""
    game = load(game_name)(options)
    calibration = compile("reference_loop()", "calibration", "exec")
    decision = compile("action = bot.choose(view, legal, rng)", "decision", "exec")
    scope = {"reference_loop": reference_loop}
    gc.collect()
    exec(calibration, scope)
    decisions = [0]

    def counted_choice(bot, view, legal, rng):
        scope["bot"], scope["view"], scope["legal"], scope["rng"] = bot, view, legal, rng
        gc.collect()
        exec(decision, scope)
        decisions[0] += 1
        return scope["action"]

    play(game, level, hands, seed, counted_choice)
    gc.collect()
    exec(calibration, scope)
    print("COUNTED %d" % decisions[0])


def measure(game_name, options, level, hands, seed):
    game = load(game_name)(options)
    references = [reference_us()]
    times = []

    def timed(bot, view, legal, rng):
        if len(times) % 8 == 7:
            references.append(reference_us())
        gc.collect()
        start = time.ticks_us()
        action = bot.choose(view, legal, rng)
        times.append(time.ticks_diff(time.ticks_us(), start))
        return action

    play(game, level, hands, seed, timed)
    references.append(reference_us())
    references.sort()
    reference = references[len(references) // 2]
    peak = Peak()

    def sampled(bot, view, legal, rng):
        peak.sample()
        action = bot.choose(view, legal, rng, peak.sample)  # sampled at every slice of work
        peak.sample()
        return action

    play(game, level, hands, seed, sampled)
    print("BENCH %d %s %d" % (reference, ",".join(str(t) for t in times), peak.bytes))


if __name__ == "__main__":
    players = int(sys.argv[5]) if len(sys.argv) > 5 else 0
    (counted if "count" in sys.argv[6:] else measure)(
        sys.argv[1], {"players": players} if players else {}, sys.argv[2], int(sys.argv[3]),
        int(sys.argv[4]))
