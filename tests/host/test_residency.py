"""What is loaded when (firmware/deckapp/phases.py, firmware/deckcore/residency.py), phase by
phase, through the app's own loop under MicroPython: a match of a person against a bot, a key
that opens a screen during the bot's think, and a sync's request on the serial link."""

import json
import sys

from deckmate import runtime
from deckmate.runtime import run_core
from helpers import FIRMWARE
from test_shell import BOARD

PHASES = """
import gc
import sys
from deckapp.play.session import BOT, HUMAN, Seat
from deckapp.play.stored import new_match
from deckapp.serial_link import SerialLink
from deckapp.store import Store
from deckcore import residency

phases = {}  # phase: [the modules loaded at any look in it, the live heap at each look]


def seen(phase):
    gc.collect()
    modules, heaps = phases.setdefault(phase, [set(), []])
    modules.update(sys.modules)
    heaps.append(gc.mem_alloc())


class PhaseBoard(ScriptedBoard):
    # outside a think the centre key (a person's turn is played); in the first think B (the
    # match menu opened over the table), then nothing until the think ends
    opened = False

    def poll(self, now_ms):
        if app.thinker is None:
            if app.stack[-1] is table and table.choices is not None:
                seen("person")
            return [("press", PRESS)]
        seen("think")
        if self.opened:
            return []
        self.opened = True
        return [("b", PRESS)]

    def reset(self):  # a soft reset frees the heap: here, the modules loaded since the boot
        residency.unload_since(app.kept)


class Wire:
    # the PC's end of the serial link: one request to read; each frame of the answer a look
    def __init__(self, request):
        self.pending = request

    def ipoll(self, timeout):
        return [1] if self.pending else []

    def readinto(self, buffer):
        count = min(len(buffer), len(self.pending))
        buffer[:count], self.pending = self.pending[:count], self.pending[count:]
        return count

    def write(self, frame):
        seen("sync")


settings = Settings()
settings.bot_pace = "fast"
store = Store(%r)
store.boot()
board = PhaseBoard([])
app = App(board, store, settings)
app.boot, app.menu = boot, menu
from deckapp.menu import MainMenu
app.open(MainMenu)
app.render()
seen("menu")
app.pop()
from deckapp.play import stored
from deckapp.play.table import TableScreen
match = new_match("scout", {"players": 2}, [Seat("You", HUMAN), Seat("Bot 2", BOT, "easy")], 3)
app.open(TableScreen, lambda app: stored.begin(app.store, match, app.device_id))
table = app.stack[-1]
menu_kept = None  # the match menu opened during the think: still its module's class after it
for _ in range(400):
    app.tick(0)
    top = app.stack[-1]
    if top.module == "deckapp.play.menu" and menu_kept is None and app.thinker is None:
        menu_kept = type(top) is getattr(sys.modules.get("deckapp.play.menu"), "MatchMenu", None)
    if min(len(phases.get(phase, ((), ()))[1]) for phase in ("person", "think")) > 3:
        break
board.poll = lambda now_ms: []
del table, match, top  # this script's own hold on the match, which a device does not have
wire = Wire(%r)
app.link = link = SerialLink(store, board, wire)
link.input = link.output = wire
while app.stack:
    app.pop()
app.tick(0)
print(__import__("json").dumps([menu_kept, [[phase, sorted(modules), heaps]
                                            for phase, (modules, heaps) in phases.items()]]))
"""


def test_each_phase_holds_its_own_modules_and_its_heap(tmp_path):
    """The menu holds no match's module; a person's turn holds the table's drawing and no
    bot's module; a bot's think holds its bot and none of the drawing, and a screen a key
    opens during it stays loaded after it (its module's one class); a sync holds the
    requests' modules, which no other phase holds. Each phase's live heap fits the device's,
    and a think starts with less than any look at a person's turn (the drawing released)."""
    sys.path.insert(0, FIRMWARE)
    from deckapp.phases import _table_drawing as table_drawing
    from decklink.frame import TO_DEVICE, encode
    request = encode(TO_DEVICE, {"q": 1, "op": "hello"})
    status, out, err = run_core(BOARD + PHASES % (str(tmp_path), request), heap="512K")
    assert status == 0, out + err
    menu_kept, looks = json.loads(out.strip().splitlines()[-1])
    phases = {phase: (set(modules), heaps) for phase, modules, heaps in looks}
    assert set(phases) == {"menu", "person", "think", "sync"}
    drawing = set(table_drawing())
    sync = {"deckapp.sync_requests", "decklink.frame"}

    def of(phase, prefix):
        return {module for module in phases[phase][0] if module.startswith(prefix)}

    assert of("menu", "deckcore.bots") | of("menu", "deckcore.games") == set()
    assert of("menu", "deckapp.play.t") | of("menu", "deckapp.play.l") == set()
    assert {"deckapp.play.table", "deckapp.play.layout", "deckapp.play.choices",
            "deckcore.games.scout_pick", "deckcore.games.scout"} <= phases["person"][0]
    assert of("person", "deckcore.bots") == set()
    assert {"deckapp.play.table", "deckcore.bots.levels", "deckcore.bots.scout",
            "deckcore.games.scout"} <= phases["think"][0]
    assert phases["think"][0] & drawing == set()
    assert menu_kept
    assert sync <= phases["sync"][0]
    assert all(phases[phase][0] & sync == set() for phase in phases if phase != "sync")
    # the budget, test_device_heap's MARGIN left
    device_heap = int(runtime.HEAP[:-1]) * 1024 - 8 * 1024
    peaks = {phase: max(heaps) for phase, (_, heaps) in phases.items()}
    assert all(peak <= device_heap for peak in peaks.values()), peaks
    assert phases["think"][1][0] < min(phases["person"][1])


SERVED = """
import gc
import sys
from deckcore import residency
from deckcore.games import chambery, droggn, scarto, scioto, scout  # a match's many modules


def nothing(now_ms):
    return None


with residency.Think():
    import deckcore.rng  # the think's own module
    residency.serve_beside(nothing, 0)  # notes the think's own modules once
    gc.collect()
    before = gc.mem_alloc()
    for now_ms in range(50):
        residency.serve_beside(nothing, now_ms)
    each = (gc.mem_alloc() - before) // 50
    residency.serve_beside(__import__, "deckcore.option")  # a service that loads a module
print(each, "deckcore.option" in sys.modules, "deckcore.rng" in sys.modules)
"""


def test_the_service_during_a_think_takes_next_to_no_heap_and_keeps_what_it_loads():
    """The app's service runs every 20 ms of a bot's think, at the search's peak of heap: while
    no module comes or goes it takes a few bytes a call (not a tuple of its arguments too: how
    many calls a think makes hangs on the clock), not a copy of the loaded modules' names
    (about 500 bytes in a match, which cut the search's room into pieces). A module the
    service loads stays after the think, the think's own do not."""
    status, out, err = run_core(SERVED)
    assert status == 0, out + err
    each, service_kept, think_kept = out.split()
    assert int(each) < 48  # (a copy of the names: over 200 B; a tuple of the arguments: 16 more)
    assert (service_kept, think_kept) == ("True", "False")


VISIT = """
import sys
from deckcore.residency import Think, Visit

with Visit():
    from deckcore.games import scioto_text
    inside = "deckcore.games.scioto_text" in sys.modules
print(inside, "deckcore.games.scioto_text" in sys.modules)
with Think():
    with Visit():
        from deckcore.games import scioto_text
    print("deckcore.games.scioto_text" in sys.modules)
print("deckcore.games.scioto_text" in sys.modules)
"""


def test_a_visit_loads_its_imports_for_the_block_only_and_a_think_keeps_them_to_its_end():
    status, out, err = run_core(VISIT)
    assert status == 0, err
    assert out.split() == ["True", "False", "True", "False"]


def test_only_the_residency_modules_unload_by_name_and_the_core_names_no_app_module():
    """What is loaded when is declared once: no firmware module but the mechanism
    (deckcore/residency.py) and the app's table of phases (deckapp/phases.py) unloads a
    module by name (residency.unload_since, the modules loaded since a moment, is the
    mechanism's), and no module of the core imports or names one of the app's."""
    import ast
    import os
    unloading, naming = [], []
    for folder, _, files in os.walk(FIRMWARE):
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, FIRMWARE).replace(os.sep, "/")
            with open(path, encoding="utf-8") as handle:
                source = handle.read()
            if relative.startswith("deckcore/") and "deckapp" in source:
                naming.append(relative)
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.Call) and getattr(node.func, "id",
                                                          getattr(node.func, "attr", "")) \
                        == "unload":
                    unloading.append(relative)
    assert sorted(set(unloading)) == ["deckapp/phases.py", "deckcore/residency.py"]
    assert naming == []
