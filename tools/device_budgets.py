"""The device budgets of issue 12, measured: redraw times as RP2040 estimates, the peak heap
of the device image with a match in progress, and the size of the deployed image.

usage: .venv/bin/python tools/device_budgets.py [--games scioto,scout] [--levels normal,easy]
                                                [--no-shell] [--heap-only]

Redraw: the real driver (firmware/deckhw/st7789.py, the sim image's .mpy files with the
viper expansion compiled for x64) pushes the whole screen and one card's rows in the unix
port. Its bus and pins are C builtins there (`len`, `abs`), costing about what a call into
the board's C `machine.SPI.write` and `Pin.value` costs, so the time measured is the
driver's own. The estimate adds three parts:
- bytecode: the push minus its viper expansion's bytes (the expansion timed, less the same
  calls expanding no byte: bytecode's call of it, its arguments' conversion in C, its entry
  and exit stay in), scaled like `deckmate bench` scales a bot's decision (the calibration
  loop timed in the same run; REFERENCE_RP2040_S);
- viper: native code does not scale by the bytecode factor; it is estimated from the
  instructions of the loop as the board runs it: VIPER_CYCLES_PER_BYTE Cortex-M0+ cycles per
  frame-buffer byte at 125 MHz (`tools/native_cost.py --listing expand` gives each loop's
  pass on armv6m: the 8 bytes a pass of the main loop are 76 Thumb instructions, 116 cycles
  by the Cortex-M0+ TRM's table; the x64 pass that the unix port runs is 100 instructions).
  Until 6 December 2026 the loop looked up each byte's two pixels in a 16-colour palette:
  111 Thumb instructions, 179 cycles a byte (20 instructions at 2 cycles had been assumed);
- SPI: the RGB565 bytes at the board's 62.5 MHz clock, blocking (MicroPython's SPI.write).
Heap: under `micropython -X heapsize=208K` (runtime.HEAP, the budget), the whole app as a
match against bots leaves it: the board and its frame buffer, the shell at its main menu
(store on a scratch folder, settings, fonts), then the table screen of deckapp.play starting
a match (its log on the store) with bots of one level in every seat, drawn after every
decision, through one hand dealt from seed 2 (seed 1 passes Droggn's first hand out).
`--no-shell`: the board and a deckapp.play Session alone. It runs as the board does: from
the image's folder with "" first on sys.path, so that a module's __file__ is its path on the
board, the same name (qstr) as the source name its .mpy embeds. The live heap (after a
collection) is sampled at every slice of the bots' work (`tick`) and every decision; at each
new peak, micropython.mem_info gives the largest free block (GC blocks of 32 bytes on the
64-bit port): a fragmented heap fails before it is full; micropython.qstr_info gives the
names interned and their pools (pools of 20, 40, ... 640 hold 1260 names; the 1261st
allocates a 7th of 1280, about 14 KB). A run that fails in the budget is measured again in
1 MB for its peak.
Image: build_image("rp2040"), the files a Pico gets, and the flash blocks they take.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

from deckmate import image, runtime
from deckmate.commands.bench import REFERENCE_RP2040_S
from deckmate.sim import flash
from deckmate.sim.firmware import DEVICE_DIR

VIPER_CYCLES_PER_BYTE = 116 / 8  # a pass of expand_viper's main loop: 8 bytes
CPU_HZ = 125_000_000
SPI_HZ = 62_500_000
CARD_ROWS = 60  # a card of the hand: the rows one card's change pushes
HEAP_BYTES = int(runtime.HEAP[:-1]) * 1024  # the device budget (docs/budgets.md)
GC_BLOCK_BYTES = 32  # the unix port's heap block: 4 words of 8 bytes

TIMING = """
import gc
import time
from bench_decisions import reference_us
import boards.pico_lcd_13 as definition
from deckhw import st7789

board = definition.make_board()
display = board.display


class Bus:
    write = staticmethod(len)


class Wire:
    value = staticmethod(abs)


display.spi = Bus()
display.cs = Wire()
display.dc = Wire()


def median_us(work, rounds):
    times = []
    for _ in range(rounds):
        gc.collect()
        start = time.ticks_us()
        work()
        times.append(time.ticks_diff(time.ticks_us(), start))
    times.sort()
    return times[len(times) // 2]


def push(rows):
    display.mark(0, rows)
    display.show()


def expand(rows, row_bytes=120):  # as show() calls it; row_bytes 0: the calls alone
    for y in range(0, rows, st7789.BAND_ROWS):
        count = min(st7789.BAND_ROWS, rows - y)
        st7789.expand(display.pairs, display.band, display.buffer, y * 120, count * row_bytes)


results = []
for rounds in range(5):
    results.append((reference_us(), median_us(lambda: push(240), 30),
                    median_us(lambda: push(%(card)d), 60), median_us(lambda: expand(240), 30),
                    median_us(lambda: expand(%(card)d), 60),
                    median_us(lambda: expand(240, 0), 30),
                    median_us(lambda: expand(%(card)d, 0), 60)))
for row in results:
    print("TIMING", " ".join(str(v) for v in row))
"""

HEAP = """
import gc
import micropython
import boards.pico_lcd_13 as definition

peak = [0]  # the live heap at its highest


def sample():
    gc.collect()
    used = gc.mem_alloc()
    if used > peak[0]:
        peak[0] = used
        print("PEAK", used)
        micropython.mem_info()
        micropython.qstr_info()


board = definition.make_board()
if %(shell)r:  # the app at its main menu
    from deckapp.settings import Settings
    from deckapp.shell import App
    from deckapp.store import Store
    store = Store(%(root)r)
    store.boot()
    from deckapp.menu import MainMenu
    app = App(board, store, Settings())
    app.open(MainMenu)
    app.render()  # the main menu
sample()
at_menu = peak[0]
from deckcore.games import load
from deckapp.play.session import BOT, Seat

game = load(%(game)r)({})
seats = [Seat("Bot %%d" %% (s + 1), BOT, %(level)r) for s in range(game.num_players)]
decisions = [0]


def thinking(bot_choice):  # Session.bot_choice, counted, sampled at every slice of its work
    def choose(tick=None):
        decisions[0] += 1

        def work_slice():
            if tick is not None:
                tick()  # the table screen's own: keys and panel kept alive
            sample()
        return bot_choice(work_slice)
    return choose


if %(shell)r:  # as Play and the set-up screen leave it: the table screen alone starts the match
    app.pop()  # the menu gives way (MainMenu.open), as the set-up screen does
    from deckapp.play import stored
    from deckapp.play.table import TableScreen
    match = stored.new_match(%(game)r, {}, seats, %(seed)d)
    app.open(TableScreen, lambda app: stored.begin(app.store, match, app.device_id))
    table = app.top()  # opened: the match starts, its log on the store, the first hand dealt
    session = table.session
    session.bot_choice = thinking(session.bot_choice)
    while session.state is not None:  # one hand, drawn as it goes
        table.wait_until = None  # no pause after a bot's play
        table.step()
        app.render()
        sample()
else:  # the match alone
    from deckapp.play.session import Session
    session = Session(game, seats, %(seed)d, lambda line: None, "budget", "sim")
    session.start()
    choose = thinking(session.bot_choice)
    while session.state is not None:
        session.play(choose())
        sample()
print("HEAP", at_menu, peak[0], decisions[0])
"""


def run_micropython(code, heapsize="192K", check=True):
    # as on the board: from the image's folder with "" first on sys.path, so that a module's
    # __file__ is its path on the board (the name its .mpy embeds); then the stand-in machine
    # and the calibration loop of `deckmate bench`
    prelude = "import sys\nsys.path[:] = ['', '.frozen', %r, %r]\n" % (
        DEVICE_DIR, os.path.dirname(runtime.__file__))
    done = subprocess.run([runtime.micropython_path(), "-X", "heapsize=" + heapsize, "-c",
                           prelude + code], capture_output=True, text=True,
                          cwd=image.build_image("sim"),
                          env=dict((k, v) for k, v in os.environ.items()
                                   if k != "DECKMATE_SIM_LINK"))
    if done.returncode and not check:
        return None
    if done.returncode:
        raise SystemExit("the MicroPython run failed:\n" + done.stdout[-3000:]
                         + done.stderr[-2000:])
    return done.stdout


def redraw_estimates():
    out = run_micropython(TIMING % {"card": CARD_ROWS})
    rows = [[int(v) for v in line.split()[1:]] for line in out.splitlines()
            if line.startswith("TIMING")]
    reference = min(r[0] for r in rows)  # the least disturbed: a busy host slows the long loop
    factor = REFERENCE_RP2040_S * 1000 / reference  # device ms per host us of bytecode
    estimates = {}
    for name, rows_pushed, total, viper, calls in (("full screen", 240, 1, 3, 5),
                                                   ("one card", CARD_ROWS, 2, 4, 6)):
        host_push = statistics.median(r[total] for r in rows)
        host_viper = statistics.median(r[viper] - r[calls] for r in rows)  # its bytes alone
        bytecode_ms = max(0, host_push - host_viper) * factor
        viper_ms = rows_pushed * 120 * VIPER_CYCLES_PER_BYTE / CPU_HZ * 1000
        spi_ms = rows_pushed * 240 * 2 * 8 / SPI_HZ * 1000
        estimates[name] = (rows_pushed, host_push, host_viper, bytecode_ms, viper_ms, spi_ms)
    return reference, factor, estimates


def peak_heap(game, level="normal", shell=True, seed=2):
    """(live heap before the match, peak live heap, the largest free block then, the names
    interned then and their pools, decisions, whether it fitted in the budget). A run that
    fails in the budget is measured again with room to spare (its largest free block then says
    nothing)."""
    def run(heapsize, check):
        with tempfile.TemporaryDirectory() as root:  # a fresh store for each run
            code = HEAP % {"game": game, "level": level, "shell": shell, "root": root,
                           "seed": seed}
            return run_micropython(code, heapsize=heapsize, check=check)

    out = run(runtime.HEAP, False)
    fitted = out is not None
    if not fitted:
        out = run("1M", True)
    lines = out.splitlines()
    at_menu, peak, decisions = (int(v) for v in lines[-1].split()[1:])
    at_peak = lines[max(i for i in range(len(lines)) if lines[i].startswith("PEAK")):]
    blocks = int([l for l in at_peak if "max free sz:" in l][0].rsplit(":", 1)[1])
    pools, names = (int(v) for v in re.search(r"n_pool=(\d+), n_qstr=(\d+)",
                                              "\n".join(at_peak)).groups())
    return at_menu, peak, blocks * GC_BLOCK_BYTES if fitted else 0, names, pools, decisions, fitted


def image_size():
    files = image.image_files(image.build_image("rp2040"))
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "flash.img")
        flash.install_image(path, files, fresh=True)
        blocks = flash.used_blocks(path)
    return len(files), sum(len(data) for data in files.values()), blocks


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="scioto,scarto,chambery,droggn,scout")
    parser.add_argument("--levels", default="normal,easy")
    parser.add_argument("--no-shell", action="store_true",
                        help="the board and the match alone, without the app shell")
    parser.add_argument("--heap-only", action="store_true", help="skip the redraw and image")
    args = parser.parse_args(argv)
    if not args.heap_only:
        redraws()
    heaps(args.games.split(","), args.levels.split(","), not args.no_shell)
    if not args.heap_only:
        count, total, blocks = image_size()
        print("image for a Pico: %d files, %d bytes (%.0f KB) of .mpy and main.py; on the flash "
              "%d of its %d blocks of 4 KB (%d KB)" % (count, total, total / 1024, blocks,
                                                       flash.BLOCK_COUNT, blocks * 4))
    return 0


def redraws():
    reference, factor, estimates = redraw_estimates()
    print("calibration loop %.0f us on this host: %.3f RP2040 ms per host us of bytecode"
          % (reference, factor))
    print("| push | rows | unix port (push / of it viper) | RP2040 bytecode | viper | SPI "
          "| RP2040 total |")
    print("|---|---|---|---|---|---|---|")
    for name, (rows, host_push, host_viper, bytecode_ms, viper_ms, spi_ms) in estimates.items():
        print("| %s | %d | %d us / %d us | %.1f ms | %.1f ms | %.1f ms | **%.0f ms** |"
              % (name, rows, host_push, host_viper, bytecode_ms, viper_ms, spi_ms,
                 bytecode_ms + viper_ms + spi_ms))
    print()


def heaps(games, levels, shell):
    print("| game | level | decisions | before the match | peak live heap | headroom | "
          "largest free block at the peak | names interned, pools at the peak | ran in %s |"
          % runtime.HEAP)
    print("|---|---|---|---|---|---|---|---|---|")
    for game in games:
        for level in levels:
            before, peak, block, names, pools, decisions, fitted = peak_heap(game, level, shell)
            print("| %s | %s | %d | %d B | %d B | %d B | %s | %d, %d | %s |" % (
                game, level, decisions, before, peak, HEAP_BYTES - peak,
                "%d B" % block if fitted else "-", names, pools,
                "yes" if fitted else "**no: MemoryError**"))
    print()


if __name__ == "__main__":
    sys.exit(main())
