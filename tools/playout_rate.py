"""Random-playout throughput of the rules core, in hands per second, under either runtime.

    python tools/playout_rate.py [GAME] [HANDS] [KEY=VALUE ...]
    micropython -X heapsize=192K tools/playout_rate.py [GAME] [HANDS] [KEY=VALUE ...]

Deals and plays HANDS hands with uniformly random legal actions and prints one line:
`GAME RUNTIME hands=N seconds=S hands_per_s=R`. Run both lines above to compare the
runtimes on the same machine.
"""

import sys
import time

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../firmware")

from deckcore.option import parse_option_value  # noqa: E402
from deckcore.games import load  # noqa: E402
from deckcore.rng import Rng  # noqa: E402


def clock():
    if hasattr(time, "ticks_us"):
        return time.ticks_us() / 1000000
    return time.perf_counter()


def main(argv):
    name = argv[1] if len(argv) > 1 else "scioto"
    hands = int(argv[2]) if len(argv) > 2 else 1000
    options = {}
    for item in argv[3:]:
        key, value = item.split("=")
        options[key] = parse_option_value(value)
    game = load(name)(options)
    rng = Rng(1)
    start = clock()
    for number in range(hands):
        state = game.new_hand(number % game.num_players, game.deal(rng, number % game.num_players))
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
    seconds = clock() - start
    print("%s %s hands=%d seconds=%.2f hands_per_s=%.0f" % (
        name, sys.implementation.name, hands, seconds, hands / seconds))


main(sys.argv)
