"""SCOUT bots against each other over rotated deals, until `deckmate arena` covers it.

    python tools/arena_scout.py PLAYERS BOT_A,BOT_B [DEALS] [SEED]

Each deal (one round) is played once per distinct layout of the seats: A and B alternate
round the table, rotated, and with A or B first. A deal's figure is the mean score of A's seats less the
mean of B's, averaged over its rotations; the report gives the mean over deals with a 95%
confidence interval, and the think time per decision of A (host milliseconds).
"""

import sys
import time

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../firmware")

from deckcore.bots import make  # noqa: E402
from deckcore.games.scout import Scout  # noqa: E402
from deckcore.rng import Rng  # noqa: E402


def play(game, deal, dealer, bots, seed):
    state = game.new_hand(dealer, deal)
    rngs = [Rng(seed * 7 + seat + 1) for seat in range(game.num_players)]
    times = [[] for _ in bots]
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        start = time.perf_counter()
        action = bots[seat].choose(state.view(seat), legal, rngs[seat])
        times[seat].append(time.perf_counter() - start)
        assert action in legal
        state.apply(action)
    return state.scores(), times


def main(argv):
    players = int(argv[1])
    names = argv[2].split(",")
    deals = int(argv[3]) if len(argv) > 3 else 200
    seed = int(argv[4]) if len(argv) > 4 else 1
    game = Scout({"players": players})
    bots = dict((name, make(name, game)) for name in names)
    rng = Rng(seed)
    diffs = []
    think = []
    layouts = []
    for first in (0, 1):
        for r in range(players):
            seats = [names[(first + (s + r) % players) % 2] for s in range(players)]
            if seats not in layouts:
                layouts.append(seats)
    for d in range(deals):
        dealer = d % players
        deal = game.deal(rng, dealer)
        total = 0
        for r in range(len(layouts)):
            seats = layouts[r]
            scores, times = play(game, deal, dealer, [bots[n] for n in seats], d * 31 + r)
            a = [scores[s] for s in range(players) if seats[s] == names[0]]
            b = [scores[s] for s in range(players) if seats[s] == names[1]]
            total += sum(a) / len(a) - sum(b) / len(b)
            for s in range(players):
                if seats[s] == names[0]:
                    think.extend(times[s])
        diffs.append(total / len(layouts))
    mean = sum(diffs) / len(diffs)
    var = sum((x - mean) ** 2 for x in diffs) / (len(diffs) - 1)
    half = 1.96 * (var / len(diffs)) ** 0.5
    think.sort()
    print("%dp %s vs %s deals=%d diff=%.3f CI95=[%.3f, %.3f]  %s ms p50=%.2f p95=%.2f max=%.2f" % (
        players, names[0], names[1], deals, mean, mean - half, mean + half, names[0],
        1000 * think[len(think) // 2], 1000 * think[len(think) * 95 // 100], 1000 * think[-1]))


main(sys.argv)
