"""Two bots against each other over rotated deals, and the first bot's think times.

    python tools/tarot_arena.py GAME BOT_A,BOT_B DEALS [FIRST_DEAL] [KEY=VALUE ...]
    micropython -X heapsize=192K tools/tarot_arena.py GAME BOT_A,BOT_B DEALS ...

Each deal is played once per seat rotation of the pattern A, B, A, B, ... so that every
seat holds every bot alike; a played hand gives the mean score of A's seats less the mean
of B's, averaged over the rotations of a deal. Prints the mean per deal with its 95%
interval (deals are independent, rotations of one deal are not) and the p50/p95/max of BOT_A's
decision times (decisions with more than one legal action) in ms. A stand-in for
`deckmate arena` until that command exists; the same figures, any runtime.
"""

import sys
import time

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../firmware")

from deckcore.bots import make  # noqa: E402
from deckcore.game import parse_option_value  # noqa: E402
from deckcore.games import load  # noqa: E402
from deckcore.rng import Rng  # noqa: E402


def clock_ms():
    if hasattr(time, "ticks_us"):
        return time.ticks_us() / 1000
    return time.perf_counter() * 1000


def main(argv):
    name, pair, deals = argv[1], argv[2].split(","), int(argv[3])
    first = int(argv[4]) if len(argv) > 4 else 0
    options = {}
    for item in argv[5:]:
        key, value = item.split("=")
        options[key] = parse_option_value(value)
    game = load(name)(options)
    players = game.num_players
    bots = [make(pair[0], game), make(pair[1], game)]
    diffs, times = [], []
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
                start = clock_ms()
                action = bots[which[seat]].choose(state.view(seat), legal, rngs[seat])
                if which[seat] == 0 and len(legal) > 1:
                    times.append(clock_ms() - start)
                assert action in legal
                state.apply(action)
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
    times.sort()
    print("%s %s-%s deals=%d mean=%.2f ci95=[%.2f, %.2f] think_ms p50=%.1f p95=%.1f max=%.1f" % (
        name, pair[0], pair[1], count, mean, mean - half, mean + half,
        times[len(times) // 2], times[len(times) * 95 // 100], times[-1]))


main(sys.argv)
