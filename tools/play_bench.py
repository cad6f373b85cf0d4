"""Bot think time and peak heap measured through the device app.

    .venv/bin/python tools/play_bench.py [--level normal] [--deals 1] [--heap 192K] [GAME ...]

GAME is one of scioto (3 players, compounding), scioto-2 (2 players: the bots' search of the
two hands), scarto, chambery, droggn and scout (4 players; scout-2 and scout-5 with 2 and 5);
all of them by default. For each,
a match (shortened to --deals hands where the game has a `deals` option,
else its own length) is played by the app's Session (deckapp/play/session.py) with a person
in seat 1 taking the highlighted choice and bots in the other seats, inside the simulated
board's image (the .mpy files a deploy copies) under `micropython -X heapsize=192K`, with
the app's modules loaded, the frame buffer allocated first and the app's import (it collects
the heap before loading a module: a bot's modules are loaded for each decision), as on the
device. Every bot decision is timed, and so is the calibration loop of `deckmate bench`
between them: the think time is given as RP2040-equivalent seconds
(bench.REFERENCE_RP2040_S). The peak heap is the live heap (collected) sampled around every
decision and, in a second run of the same match, every 16 slices of the bots' work (their
`tick`).

First it times RNG_CALLS calls of the core's generator (Rng.below), with the calibration loop
in the same run: RNG_ROUNDS rounds of calls with the loop between them, the best of each
(the least disturbed by other work on the host), the calls' scaled to RNG_CALLS.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host")]

from deckmate import image, programs, runtime  # noqa: E402
from deckmate.commands.bench import REFERENCE_RP2040_S, percentile  # noqa: E402

# The set-ups measured, by the name the command line takes: the game and its options.
# 2-player Scioto (no stock) plays by its own search of the two hands (bots/scioto.py).
GAMES = {"scioto": ("scioto", {"players": 3, "compounding": True}),
         "scioto-2": ("scioto", {"players": 2}), "scarto": ("scarto", {}),
         "chambery": ("chambery", {}), "droggn": ("droggn", {}),
         "scout": ("scout", {"players": 4}), "scout-2": ("scout", {"players": 2}),
         "scout-5": ("scout", {"players": 5})}
SEED = 20261201
RNG_CALLS, RNG_ROUNDS = 20000, 10

RNG_CODE = """
import gc, time
from deckcore.rng import Rng
%(reference)s
rng = Rng(%(seed)d)

def below_us():
    gc.collect()
    start = time.ticks_us()
    for i in range(%(calls)d // %(rounds)d):
        rng.below(2 + i %% 51)  # the sizes the core draws from: 2 to 52 choices
    return time.ticks_diff(time.ticks_us(), start)

# The calls in rounds with the calibration loop between them; the best round of each (the
# least disturbed by other work on the host), the calls' scaled to all of them.
rounds = [(below_us(), reference_us()) for _ in range(%(rounds)d)]
print("RNGBENCH %%d %%d" %% (min(r[0] for r in rounds) * %(rounds)d, min(r[1] for r in rounds)))
"""

DEVICE_CODE = """
import gc, sys, time
sys.path[:0] = [%(image)r]
import framebuf
frame = framebuf.FrameBuffer(bytearray(240 * 120), 240, 240, framebuf.GS4_HMSB)
import deckapp.shell, deckapp.store, deckapp.play.table, deckapp.play.layout
import builtins
builtins.__import__ = deckapp.shell.import_with_room(builtins.__import__)  # as shell.run does
from deckapp.play.choices import Choices
from deckapp.play.session import Seat, Session
from deckcore.games import load
%(reference)s

class Peak:
    bytes = 0
    ticks = 0
    def sample(self):
        gc.collect()
        self.bytes = max(self.bytes, gc.mem_alloc())
    def sampled(self, action):
        self.sample()
        return action
    def tick(self):
        self.ticks += 1
        if self.ticks %% 16 == 0:
            self.sample()

def play(game, seats, seed, decide):
    # The match: the person takes the highlighted choice, the bots' actions come from decide.
    session = Session(game, seats, seed, lambda line: None, "bench", "sim")
    session.start()
    while not session.is_over():
        if session.state is None:
            session.next_hand()
        elif session.person_to_act():
            choices, actions = Choices(session.state), None
            while actions is None:  # several cards are marked first, then laid down
                actions = choices.take()[0]
            for action in actions:
                session.play(action)
        else:
            session.play(decide(session))

def run(name, options, level, seed):
    game = load(name)(options)
    seats = [Seat("You", "human")] + [Seat("Bot %%d" %% (s + 1), "bot", level)
                                      for s in range(1, game.num_players)]
    peak, times, references = Peak(), [], [reference_us()]

    def timed(session):
        if len(times) %% 8 == 7:
            references.append(reference_us())
        gc.collect()
        start = time.ticks_us()
        action = session.bot_choice()
        times.append(time.ticks_diff(time.ticks_us(), start))
        return action

    play(game, seats, seed, timed)
    references.append(reference_us())
    references.sort()
    # The same match again, the live heap sampled every 16 slices of the bots' work.
    play(game, seats, seed, lambda session: peak.sampled(session.bot_choice(peak.tick)))
    print("PLAYBENCH %%d %%s %%d" %% (references[len(references) // 2],
                                   ",".join(str(t) for t in times), peak.bytes))

run(%(game)r, %(options)r, %(level)r, %(seed)d)
"""


def reference_source():
    """reference_loop and reference_us of deckmate bench, the calibration it times."""
    path = os.path.join(ROOT, "host", "deckmate", "bench_decisions.py")
    with open(path) as handle:
        source = handle.read()
    start = source.index("def reference_loop")
    end = source.index("class Peak")
    return source[start:end]


def printed(code, heap, tag, what):
    """The words after `tag` of the line the MicroPython run of `code` prints."""
    status, out, err = runtime.run_core(code, heap=heap)
    lines = [line for line in out.splitlines() if line.startswith(tag + " ")]
    if status != 0 or not lines:
        raise SystemExit("%s failed under MicroPython:\n%s%s" % (what, out[-2000:], err[-2000:]))
    return lines[0].split(" ")[1:]


def measure_rng(heap):
    """(ms of RNG_CALLS Rng.below calls, ms of the calibration loop) in one run."""
    code = RNG_CODE % {"reference": reference_source(), "seed": SEED, "calls": RNG_CALLS,
                       "rounds": RNG_ROUNDS}
    below, reference = printed(code, heap, "RNGBENCH", "Rng.below")
    return int(below) / 1000, int(reference) / 1000


def measure(game, options, level, heap):
    code = DEVICE_CODE % {"image": image.build_image(runtime.SIM_TARGET),
                          "reference": reference_source(), "game": game, "options": options,
                          "level": level, "seed": SEED}
    reference, times, peak = printed(code, heap, "PLAYBENCH",
                                     "%s/%s" % (game, level))
    scale = REFERENCE_RP2040_S / int(reference)
    seconds = sorted(int(t) * scale for t in times.split(",") if t)
    return len(seconds), percentile(seconds, 50), percentile(seconds, 95), seconds[-1], int(peak)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=sorted(GAMES),
                        help="of %s (default: all)" % ", ".join(sorted(GAMES)))
    parser.add_argument("--level", default="normal")
    parser.add_argument("--heap", default=runtime.HEAP,
                        help="MicroPython heap (default the device budget, %s)" % runtime.HEAP)
    parser.add_argument("--deals", type=int, default=1,
                        help="hands in the match where the game has a deals option")
    args = parser.parse_args()
    for name in args.games:
        if name not in GAMES:
            parser.error("no set-up %r (%s)" % (name, ", ".join(sorted(GAMES))))
    try:
        runtime.micropython_path()
    except programs.ProgramMissing as missing:
        raise SystemExit("play_bench: %s" % missing)
    below_ms, reference_ms = measure_rng(args.heap)
    print("MicroPython unix port (64-bit): %d Rng.below calls %.1f ms, the calibration loop "
          "%.2f ms (ratio %.1f; RP2040 estimate %.2f s)" % (
              RNG_CALLS, below_ms, reference_ms, below_ms / reference_ms,
              below_ms / reference_ms * REFERENCE_RP2040_S))
    print()
    print("| game | level | decisions | p50 s | p95 s | max s | peak heap (bytes) |")
    print("|---|---|---|---|---|---|---|")
    for name in args.games:
        game, options = GAMES[name][0], dict(GAMES[name][1])
        if game == "scioto":
            options["deals"] = args.deals * options["players"]
        elif game == "droggn":  # a deal everyone passes is thrown in: more of them
            options["deals"] = args.deals * 3
        count, p50, p95, most, peak = measure(game, options, args.level, args.heap)
        print("| %s | %s | %d | %.3f | %.3f | %.3f | %d |" % (name, args.level, count, p50, p95,
                                                             most, peak))


if __name__ == "__main__":
    main()
