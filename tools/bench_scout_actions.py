"""How many legal actions SCOUT offers, and how long `legal_actions()` takes, under either runtime.

    python tools/bench_scout_actions.py [POSITIONS]
    micropython -X heapsize=192K tools/bench_scout_actions.py [POSITIONS]

Typical: POSITIONS positions per player count (default 200) met in random-playout rounds.
Worst case: the largest list met in those rounds, and two built 5-player positions facing a
one-card set with the Scout & Show chip unspent, so that every run in hand can be shown with
the scouted card put in anywhere (5.2.C): ten cards that run 1 to 10, and a pathological
19-card hand that runs 1 to 10 and back down to 1.

Each line gives the mean and max number of actions and the time per call on this machine. The
unix port also prints an RP2040 estimate: the same run times a fixed integer loop that takes
7,984 ms on an RP2040 at 125 MHz (the int-add loop of shaoziyang/micropython_benchmarks,
MicroPython 1.23), and scales by the ratio.
"""

import sys
import time

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../firmware")

from deckcore.games.scout import KEEP, Scout  # noqa: E402
from deckcore.rng import Rng  # noqa: E402

RP2040_LOOP_MS = 7984  # 10**6 integer additions in a loop, RP2040 @ 125 MHz
MICROPYTHON = sys.implementation.name == "micropython"


def now_ms():
    if MICROPYTHON:
        return time.ticks_us() / 1000
    return time.perf_counter() * 1000


def _add_loop(terms):
    for _ in range(terms[0]):
        total = terms[1] + terms[2]
    return total


def calibration_ms():
    """The fixed loop, best of three."""
    times = []
    for _ in range(3):
        start = now_ms()
        _add_loop([1000000, 12345678, 56781234])
        times.append(now_ms() - start)
    return min(times)


def per_call_ms(state, repeat):
    start = now_ms()
    for _ in range(repeat):
        state.legal_actions()
    return (now_ms() - start) / repeat


def positions(players, count, seed):
    """Yield `count` positions in the play phase of random rounds, spread over the rounds."""
    game = Scout({"players": players})
    rng = Rng(seed)
    found = 0
    while found < count:
        state = game.new_hand(0, game.deal(rng, 0))
        while not state.is_terminal() and found < count:
            if state.phase == "play" and rng.below(3) == 0:
                found += 1
                yield state
            state.apply(rng.choice(state.legal_actions()))


def built(hand, others):
    """A 5-player position: seat 0 holds `hand` and faces a lone 5 that seat 4 just showed,
    with its Scout & Show chip unspent."""
    game = Scout({"players": 5})
    hands = [[game.parse_card(t) for t in h.split()] for h in [hand] + others + ["5/9 6/10"]]
    state = game.new_hand(3, {"hands": hands})  # seat 4 starts
    for _ in range(5):
        state.apply(KEEP)
    state.apply(state.parse_action("show 1"))
    return state


def report(label, states, repeat, factor):
    """Print the figures for these positions; return the one with the most actions."""
    number = total = most = 0
    total_ms = slowest = 0
    worst = None
    for state in states:
        count = len(state.legal_actions())
        took = per_call_ms(state, repeat)
        number += 1
        total += count
        total_ms += took
        slowest = max(slowest, took)
        if count > most:
            most, worst = count, state.clone()
    mean_ms = total_ms / number
    line = "%-28s positions=%4d actions mean=%6.1f max=%4d  ms/call mean=%7.3f max=%7.3f" % (
        label, number, total / number, most, mean_ms, slowest)
    if factor:
        line += "  RP2040 est. mean=%5.0f ms max=%5.0f ms" % (mean_ms * factor, slowest * factor)
    print(line)
    return worst


def main(argv):
    count = int(argv[1]) if len(argv) > 1 else 200
    calibration = calibration_ms()
    factor = RP2040_LOOP_MS / calibration if MICROPYTHON else 0
    print("SCOUT legal_actions() under %s; integer loop %.1f ms%s" % (
        sys.implementation.name, calibration,
        " (RP2040 factor %.0f)" % factor if factor else ""))
    # The built positions first, while the heap is fresh: their lists need one long block.
    report("built: 10 cards, run 1-10", [built(
        "1/3 2/4 3/5 4/6 5/7 6/8 7/9 8/10 9/1 10/2", ["1/4", "2/5", "3/6"])], 20, factor)
    report("built: 19 cards, runs 1-10-1", [built(
        "1/2 2/3 3/4 4/5 5/6 6/7 7/8 8/9 9/10 10/1 9/1 8/1 7/1 6/1 5/1 4/1 3/5 2/4 1/3",
        ["2/5", "3/6", "4/8"])], 5, factor)
    worst = None
    for players in (2, 3, 4, 5):
        found = report("%d players, typical" % players, positions(players, count, players), 3,
                       factor)
        if worst is None or len(found.legal_actions()) > len(worst.legal_actions()):
            worst = found
    report("largest met in playouts", [worst], 20, factor)


main(sys.argv)
