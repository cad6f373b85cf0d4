"""How fast the app shell answers a key, as RP2040 estimates.

    .venv/bin/python tools/shell_timing.py

A key's answer is the screen's own work (handle the event, draw the changed screen into the
frame buffer: bytecode and framebuf's C) plus the push of the rows it marked (the board
layer's cost, docs/budgets.md). This measures the first part under the MicroPython unix port
for a few typical keys, scaled like `deckmate bench` scales a bot's decision: by the
calibration loop timed in the same run (REFERENCE_RP2040_S), the fastest of ten timings:
on a busy host the long loop is interrupted more often than a key's short work. Each case
has the heap of the app and its own screen: the screens and modules of the cases before it
are let go, as the app lets go of a screen that closes (the card test's answer was 13 ms
slower on the heap the four cases before it left). The display here is a plain frame buffer
that counts the rows each show() would push (the rows marked, which the driver pushes band
by band); the screens and the shell are the firmware's own.
"""

import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "host"))

from deckmate import image, runtime  # noqa: E402
from deckmate.commands.bench import REFERENCE_RP2040_S  # noqa: E402

TRIALS = 30

# (what, module, screen class, key)
CASES = (  # the scorekeeper's first, on the heap the app leaves
    ("keep score: a value up", "deckapp.keep.entry", "EntryScreen", "right"),
    ("main menu: cursor down", "deckapp.menu", "MainMenu", "down"),
    ("settings: cursor down", "deckapp.settings_screen", "SettingsScreen", "down"),
    ("keyboard: cursor right", "deckapp.text_entry", "TextEntry", "right"),
    ("card test: next game", "deckapp.card_test", "CardTestScreen", "x"),
)

DEVICE_CODE = """
import sys
import time
import framebuf
from bench_decisions import reference_us
from deckapp.settings import Settings
from deckapp.shell import App
from deckcore import residency
from deckhw.buttons import PRESS


class FrameOnly(framebuf.FrameBuffer):
    # the display without a panel: the frame buffer, and the rows each show() would push
    def __init__(self):
        self.width = self.height = 240
        super().__init__(bytearray(240 * 120), 240, 240, framebuf.GS4_HMSB)
        self.rows = []
        self.pushed = 0

    def set_palette(self, index, r, g, b):
        pass

    def mark(self, first, end):
        self.rows.append((first, end))

    def show(self):  # the rows marked, as the driver pushes them (each band apart)
        self.rows.sort()
        self.pushed = end = 0
        for first, last in self.rows:
            self.pushed += max(0, last - max(first, end))
            end = max(end, last)
        self.rows = []


class Board:
    def __init__(self):
        self.display = FrameOnly()
        self.keys = self

    def poll(self, now_ms):
        return []

    def backlight(self, percent):
        pass

    def device_id(self):
        return "0000000000000000"

    def idle(self):
        pass


for _ in range(10):  # on a heap still empty: the app's full heap would time its collections
    print("REFERENCE", reference_us())
app = App(Board(), None, Settings())
for what, module, name, key in %(cases)r:
    arguments = ("Player 1", "You", 12, lambda text: None) if name == "TextEntry" else ()
    if name == "EntryScreen":  # a hand of Scioto at six
        from deckapp.keep.stored import KeptMatch
        from deckcore.games import load
        from deckcore.keep import Keeper
        names = ["Ada", "Bea", "Cy", "Dan", "Eve", "Flo"]
        game = load("scioto")({"players": 6})
        arguments = (KeptMatch(Keeper(game, 0), names, None, None), 1)
    # (a list of screens)
    app.open(getattr(__import__(module, None, None, [name]), name), *arguments)
    app.render()
    for _ in range(%(trials)d):
        start = time.ticks_us()
        app.handle(key, PRESS)
        app.render()
        print("ANSWER", what, "|", time.ticks_diff(time.ticks_us(), start),
              app.board.display.pushed)
    app.stack.clear()  # the case's screen closed, and its modules and objects let go, as the
    arguments = game = None  # app lets a closed screen's go: the next case has the app's heap
    residency.unload_since(app.kept)
"""


def measure():
    """{what: (median us, most rows pushed)} and the calibration loop's fastest us."""
    # as on the board: the image's .mpy files (its screens do not compile in the budget's
    # heap), from the image's folder, then the calibration loop of `deckmate bench`
    prelude = "import sys\nsys.path[:] = ['', '.frozen', %r]\n" % os.path.dirname(runtime.__file__)
    code = DEVICE_CODE % {"cases": CASES, "trials": TRIALS}
    done = subprocess.run([runtime.micropython_path(), "-X", "heapsize=" + runtime.HEAP, "-c",
                           prelude + code], capture_output=True, text=True, check=False,
                          cwd=image.build_image("sim"))
    if done.returncode:
        raise SystemExit("the MicroPython run failed:\n" + done.stdout[-3000:] + done.stderr)
    answers = {}
    references = []
    for line in done.stdout.splitlines():
        if line.startswith("ANSWER "):
            what, numbers = line[len("ANSWER "):].split(" | ")
            spent, rows = (int(number) for number in numbers.split())
            answers.setdefault(what, []).append((spent, rows))
        elif line.startswith("REFERENCE "):
            references.append(int(line.split()[1]))
    results = dict((what, (statistics.median(spent for spent, _ in runs),
                           max(rows for _, rows in runs)))
                   for what, runs in answers.items())
    return results, min(references)  # the least disturbed by other work on the host


def main():
    results, reference_us = measure()
    scale = REFERENCE_RP2040_S * 1e6 / reference_us  # RP2040 us per unix-port us
    print("calibration loop %.1f ms here; RP2040 = %.0f x this host" % (reference_us / 1000,
                                                                        scale))
    print("%-26s %10s %14s %12s" % ("key", "here", "RP2040 draw", "rows pushed"))
    for what, _, _, _ in CASES:
        spent, rows = results[what]
        print("%-26s %7.3f ms %11.1f ms %12d" % (what, spent / 1000, spent * scale / 1000, rows))


if __name__ == "__main__":
    main()
