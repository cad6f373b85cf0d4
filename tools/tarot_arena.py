"""Two bots against each other over rotated deals, and the first bot's think times.

    python tools/tarot_arena.py GAME BOT_A,BOT_B DEALS [FIRST_DEAL] [min_of=N] [KEY=VALUE ...]
    micropython -X heapsize=192K tools/tarot_arena.py GAME BOT_A,BOT_B DEALS ...

Each deal is played once per seat rotation of the pattern A, B, A, B, ... so that every
seat holds every bot alike; a played hand gives the mean score of A's seats less the mean
of B's, averaged over the rotations of a deal. Prints the mean per deal with its 95%
interval (deals are independent, rotations of one deal are not) and the p50/p95/max of BOT_A's
decision times (decisions with more than one legal action) in whole ms. A stand-in for
`deckmate arena` under MicroPython, for the think times. With min_of=N every decision of
BOT_A is made N times from the same generator state and timed at its fastest, so that a
busy machine inflates the times less (the decision is the same each time).
"""

import gc
import sys
import time

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../firmware")

from deckcore.bots import make  # noqa: E402
from deckcore.game import parse_option_value  # noqa: E402
from deckcore.games import load  # noqa: E402
from deckcore.rng import Rng  # noqa: E402

LONGEST = 1000  # ms: longer decisions are counted at 1000


def elapsed_ms(since=None):
    """A clock reading, or the whole ms since `since` (MicroPython's ticks wrap around)."""
    if hasattr(time, "ticks_us"):
        now = time.ticks_us()
        return now if since is None else time.ticks_diff(now, since) // 1000
    now = time.perf_counter()
    return now if since is None else int((now - since) * 1000)


def main(argv):
    times = [0] * (LONGEST + 1)  # a histogram by whole ms: no growing list on a small heap
    name, pair, deals = argv[1], argv[2].split(","), int(argv[3])
    first = int(argv[4]) if len(argv) > 4 else 0
    options = {}
    repeat = 1
    for item in argv[5:]:
        key, value = item.split("=")
        if key == "min_of":
            repeat = int(value)
        else:
            options[key] = parse_option_value(value)
    game = load(name)(options)
    players = game.num_players
    bots = [make(pair[0], game), make(pair[1], game)]
    diffs = []
    for number in range(first, first + deals):
        dealer = number % players
        piles = game.deal(Rng(1 + number), dealer)
        total = 0
        for turn in range(players):
            which = [(seat + turn) % players % 2 for seat in range(players)]
            state = game.new_hand(dealer, piles)
            rngs = [Rng(7919 * (number + 1) + 31 * turn + seat) for seat in range(players)]
            while state.current_player() >= 0:
                seat = state.current_player()
                legal = state.legal_actions()
                bot = bots[which[seat]]
                timed = which[seat] == 0 and len(legal) > 1
                fastest = LONGEST
                for _ in range(repeat if timed else 1):
                    rng = Rng(rngs[seat].state)
                    start = elapsed_ms()
                    action = bot.choose(state.view(seat), legal, rng)
                    fastest = min(fastest, elapsed_ms(start))
                rngs[seat] = rng
                if timed:
                    times[fastest] += 1
                assert action in legal
                state.apply(action)
            gc.collect()
            scores = state.scores()
            sums, counts = [0, 0], [0, 0]
            for seat in range(players):
                sums[which[seat]] += scores[seat]
                counts[which[seat]] += 1
            total += sums[0] / counts[0] - sums[1] / counts[1]
        diffs.append(total / players)
    count = len(diffs)
    mean = sum(diffs) / count
    variance = sum((d - mean) ** 2 for d in diffs) / (count - 1) if count > 1 else 0
    half = 1.96 * (variance / count) ** 0.5
    print("%s %s-%s deals=%d mean=%.2f ci95=[%.2f, %.2f] think_ms p50=%d p95=%d max=%d" % (
        name, pair[0], pair[1], count, mean, mean - half, mean + half,
        percentile(times, 50), percentile(times, 95), percentile(times, 100)))


def percentile(histogram, percent):
    """The smallest whole ms at or under which `percent` of the timed decisions fell."""
    total = sum(histogram)
    seen = 0
    for ms in range(len(histogram)):
        seen += histogram[ms]
        if seen * 100 >= total * percent:
            return ms
    return len(histogram) - 1


main(sys.argv)
