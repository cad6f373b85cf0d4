"""The app shell's loop (firmware/deckapp/shell.py) under MicroPython, on a board whose keys
are scripted and whose display records the rows each show() pushes: key events reach the top
screen (RELEASE does not), a key is answered on the panel before the next slice of background
work, only the rows a screen marks are pushed, and board.idle() is called only when nothing
is left to do."""

import json

import pytest

from deckmate.runtime import run_core
from helpers import FIRMWARE

BOARD = """
import sys
sys.path.append(%r)
import framebuf
from deckapp.screen import Screen
from deckapp.settings import Settings
from deckapp.shell import App
from deckhw.buttons import PRESS, RELEASE


class RecordingDisplay(framebuf.FrameBuffer):
    def __init__(self):
        self.width = self.height = 240
        super().__init__(bytearray(240 * 120), 240, 240, framebuf.GS4_HMSB)
        self.rows = None
        self.pushes = []  # the rows from the first marked to the last, of each show()
        self.marks = []
        self.bands = []  # the bands marked, of each show()

    def set_palette(self, index, r, g, b):
        pass

    def mark(self, first, end):
        self.marks.append([first, end])
        if self.rows is None:
            self.rows = [first, end]
        else:
            self.rows = [min(first, self.rows[0]), max(end, self.rows[1])]

    def show(self):
        self.pushes.append(self.rows)
        self.bands.append(sorted(self.marks))
        self.rows = None
        self.marks = []


class ScriptedBoard:
    def __init__(self, events):
        self.display = RecordingDisplay()
        self.keys = self
        self.events = events  # one list of (key, kind) per poll
        self.log = []

    def poll(self, now_ms):
        return self.events.pop(0) if self.events else []

    def backlight(self, percent):
        pass

    def device_id(self):
        return "0123456789abcdef"

    def idle(self):
        self.log.append("idle")

    def reset(self):  # a board's soft reset never returns; here the app goes on
        self.log.append("reset")


class Worker(Screen):
    # three slices of work; each key press marks rows 100-120
    title = "Worker"

    def __init__(self, log):
        super().__init__()
        self.log = log
        self.slices = 3

    def softkeys(self):
        return {"b": "Back"}

    def key(self, key, kind):
        self.log.append("key %%s %%d" %% (key, kind))
        self.changed(100, 120)

    def draw(self, canvas):
        self.log.append("draw")

    def step(self):
        if self.slices:
            self.slices -= 1
            self.log.append("slice")
        return self.slices > 0


def answer_and_redraw(app, key):
    # a key answered as the shell answers it; then whether the frame buffer it left is byte
    # for byte the whole screen drawn afresh, over the old one
    app.handle(key, PRESS)
    app.render()
    drawn = bytes(app.board.display)
    app._bars = app._drawn = None
    app.board.display.fill(15)
    app.render()
    return bytes(app.board.display) == drawn


def boot(app):  # main.py's: the app's first screen, at the start and after a reset
    from deckapp.boot import BootScreen
    app.open(BootScreen)


def menu(app):  # main.py's: the main menu
    from deckapp.menu import MainMenu
    app.open(MainMenu)


class Opener(Screen):
    # as the boot screen: its one slice opens the next screen, and it has no work left
    title = "Opener"

    def __init__(self, log):
        super().__init__()
        self.log = log

    def draw(self, canvas):
        self.log.append("draw opener")

    def step(self):
        self.log.append("open")
        self.app.replace(Worker(self.log))
        return False
""" % FIRMWARE


def run(code):
    status, out, err = run_core(BOARD + code, heap="512K")
    assert status == 0, out + err
    return json.loads(out.strip().splitlines()[-1])


def test_a_key_is_answered_before_the_next_slice_of_work_and_idle_comes_when_all_is_done():
    log = run("""
board = ScriptedBoard([[], [("a", PRESS), ("a", RELEASE)], [], [], []])
app = App(board, None, Settings())
app.push(Worker(board.log))
for _ in range(5):
    if not app.tick(0):
        board.idle()
print(__import__("json").dumps(board.log))
""")
    assert log == ["draw", "slice", "key a 0", "draw", "slice", "slice", "idle", "idle", "idle"]


def test_the_board_idles_only_once_the_screen_a_slice_opened_is_drawn():
    # (a key script waits on the idle: the boot's idle before the match's table was drawn
    # had the next key pressed during the bots' plays, where the table ignores it)
    log = run("""
board = ScriptedBoard([])
app = App(board, None, Settings())
app.push(Opener(board.log))
for _ in range(6):
    app.step(0)
print(__import__("json").dumps(board.log))
""")
    assert log == ["draw opener", "open", "draw", "slice", "slice", "slice", "idle", "idle",
                   "idle"]


def test_only_the_rows_a_screen_marks_are_pushed_after_its_first_draw():
    pushes = run("""
board = ScriptedBoard([[], [("down", PRESS)], []])
app = App(board, None, Settings())
app.push(Worker(board.log))
for _ in range(3):
    app.tick(0)
print(__import__("json").dumps(board.display.pushes))
""")
    assert pushes == [[0, 240], [100, 120]]


def test_a_menu_cursor_move_pushes_the_two_rows_it_changed():
    pushes = run("""
from deckapp.menu import MainMenu
board = ScriptedBoard([[], [("down", PRESS)]])
app = App(board, None, Settings())
app.push(MainMenu())
app.tick(0)
app.tick(0)
print(__import__("json").dumps(board.display.pushes))
""")
    assert pushes[1][1] - pushes[1][0] == 2 * 36


@pytest.mark.parametrize("entry", ["Play", "Keep score", "History", "Settings"])
def test_a_screen_opened_from_the_menu_leaves_nothing_it_loaded_in_memory(tmp_path, entry):
    """The menu's entry opened, then left by Back without a reset (Play's set-up replaces the
    menu, the others open over it): what it loaded (the session's seats, the match, a game's
    rules and options: 20 KB of a board's heap after Play, 14 KB after Keep score, where
    Keep score's Start then faulted with a MemoryError) leaves memory as a reset would let it
    go: the modules are those of the menu again."""
    shown = run("""
import gc
import sys
from deckapp.menu import MainMenu
from deckapp.store import Store
board = ScriptedBoard([[], [("press", PRESS)], [], [("b", PRESS)], [], []])
store = Store(%r)
store.boot()
app = App(board, store, Settings())
app.menu = lambda app: app.open(MainMenu)
app.menu(app)
app.tick(0)
app.kept = list(sys.modules)
gc.collect()
free = gc.mem_free()  # the menu on the panel
menu = app.stack[-1]
menu.go_to(%r)
opened = []
for _ in range(6):
    app.tick(0)
    opened.append(type(app.stack[-1]).__name__)
gc.collect()
print(__import__("json").dumps([opened, sorted(set(sys.modules) - set(app.kept)),
                                free - gc.mem_free()]))
""" % (str(tmp_path), entry))
    opened, loaded, taken = shown
    assert opened[0] != "MainMenu" and opened[-1] == "MainMenu" and loaded == [], shown
    # what stays is the names its modules interned, for good (here compiled from source,
    # 12 KB after Play; from the .mpy files on the simulated board at 208K, About's free heap
    # went from 75 KB to 73 KB, where it went to 55 KB with the modules left loaded)
    assert taken < 16 * 1024, shown


def test_a_summary_of_a_log_it_cannot_read_says_so_and_the_keys_stay_live(tmp_path):
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "g1.jsonl").write_text(
        '{"t":"header"}\n{"t":"result","hand":1,"score":[1,2],"totals":[1\n')
    log = run("""
from deckapp.history import Game, SummaryScreen
from deckapp.store import Store
board = ScriptedBoard([[], [], [("b", PRESS)]])
app = App(board, Store(%r), Settings())
app.push(Worker(board.log))
summary = SummaryScreen(Game({"id": "g1", "game": "scioto", "state": "closed"}))
app.push(summary)
for _ in range(3):
    app.tick(0)
print(__import__("json").dumps([summary.problem, len(app.stack)]))
""" % str(tmp_path))
    assert log[0].startswith("The log could not be read")
    assert log[1] == 1


def test_the_main_menu_comes_back_after_a_match_through_a_soft_reset(tmp_path):
    """When the last screen of a match leaves, the board soft-resets once: the main menu comes
    back on a fresh heap, as the match began. (Here the board goes on after its reset: the
    boot screen opens again, and gives way to the menu.)"""
    loaded = run("""
import sys
from deckapp.store import Store
board = ScriptedBoard([[("press", PRESS)]] * 4000)
settings = Settings()
settings.bot_pace = "fast"
store = Store(%r)
store.boot()
app = App(board, store, settings)
app.boot, app.menu = boot, menu
from deckapp.play import stored
from deckapp.play.session import BOT, Seat
from deckapp.play.table import TableScreen
match = stored.new_match("scout", {"players": 2}, [Seat("Bot 1", BOT, "easy"),
                                                   Seat("Bot 2", BOT, "easy")], 3)
app.open(TableScreen, lambda app: stored.begin(app.store, match, app.device_id))
during = set(sys.modules)
for _ in range(4000):
    app.tick(0)
    during.update(sys.modules)
    if app.stack[-1].module == "deckapp.menu":
        break
print(__import__("json").dumps([app.stack[-1].module, store.open_id,
                                "deckcore.games.scout" in during,
                                [name for name in during if name.startswith("deckcore.bots")],
                                board.log.count("reset")]))
""" % str(tmp_path))
    top, open_game, rules_loaded, bots_between_decisions, resets = loaded
    assert top == "deckapp.menu" and open_game is None and rules_loaded and resets == 1
    assert bots_between_decisions == []  # a bot's modules are loaded for its decision only


START = """
from deckapp.play.session import BOT, HUMAN, Seat
from deckapp.play.stored import new_match
from deckapp.shell import START
from deckapp.store import Store


class ResettingBoard(ScriptedBoard):
    def reset(self):  # the soft reset: the app stops here, the next boot starts from flash
        raise SystemExit


SEATS = [Seat("You", HUMAN), Seat("Bot 2", BOT, "easy")]


def ask_and_reset(store):
    try:
        App(ResettingBoard([]), store, Settings()).start_after_reset(
            "play", new_match("scout", {}, SEATS, 7))
    except SystemExit:
        pass


def booted(store, passes):
    board = ScriptedBoard([[]] * passes)
    app = App(board, store, Settings())
    app.boot, app.menu = boot, menu
    boot(app)
    for _ in range(passes):
        app.tick(0)
    return app
"""


def test_a_screen_asked_for_before_the_reset_is_opened_by_the_boot_once(tmp_path):
    """App.start_after_reset saves the request and resets; the boot drops it, then opens the
    screen with its arguments (the set-up so starts every match on a fresh heap): the next
    boot opens the main menu."""
    shown = run(START + """
store = Store(%r)
store.boot()
ask_and_reset(store)
asked = store.load_state(START, None)
app = booted(Store(%r), 3)
table = app.stack[-1]
again = booted(Store(%r), 3)
print(__import__("json").dumps([asked[0], type(table).__name__, table.session.game.NAME,
                                [seat.name for seat in table.session.seats],
                                Store(%r).load_state(START, None),
                                type(again.stack[-1]).__name__]))
""" % ((str(tmp_path),) * 4))
    assert shown == ["play", "TableScreen", "scout",
                     ["You", "Bot 2"], None, "ResumeScreen"]


def test_after_a_power_cut_once_an_asked_match_began_the_boot_offers_it_not_a_second(tmp_path):
    """A request found while a game is open on flash is dropped unopened (the boot's
    open_requested):
    the boot offers to resume the open match; the match is not begun twice."""
    shown = run(START + """
from deckapp.play import stored
store = Store(%r)
store.boot()
ask_and_reset(store)
stored.begin(store, new_match("scout", {}, SEATS, 7), "0123456789abcdef")
begun = list(store.read_lines("1"))  # the header and the first deal
store = Store(%r)  # the power comes back
app = booted(store, 5)
print(__import__("json").dumps([type(app.stack[-1]).__name__, store.load_state(START, None),
                                list(store.read_lines("1")) == begun, len(list(store.games()))]))
""" % (str(tmp_path), str(tmp_path)))
    assert shown == ["ResumeScreen", None, True, 1]


# A match left open on flash: played (you and a bot, SCOUT) or scorekept (Scioto)
OPEN_MATCH = START + """
from deckapp.keep import stored as kept
from deckapp.play import stored as played


def open_match(folder, kind):
    store = Store(folder)
    store.boot()
    if kind == "play":
        played.begin(store, new_match("scout", {"players": 2}, SEATS, 7), "0123456789abcdef")
    else:
        kept.begin(store, kept.new_match("scioto", {"players": 3}, ["Ada", "Bea", "Cy"], 0),
                   "0123456789abcdef")
    return store
"""


@pytest.mark.parametrize("kind, keys, first_drawn", [
    ("play", '("press", PRESS)', ["SCOUT 1/", ["TableScreen"]]),
    ("play", '("press", PRESS), ("b", PRESS)', ["Match", ["TableScreen", "MatchMenu"]]),
    ("keep", '("press", PRESS)', ["Scioto", ["TotalsScreen"]]),
])
def test_a_resumed_match_is_drawn_open_and_a_key_pressed_as_it_opens_goes_to_it(
        tmp_path, kind, keys, first_drawn):
    """The offer's centre key resumes the open match: the offer says "Resuming" at once (the
    replay of a long match takes seconds on a board), then the next thing drawn is its table
    (or the scorekeeper's totals) as the log left it, never an empty "New match" or "Keep
    score" screen while it opens (App.top opens it first). B pressed with the centre key,
    before the match is opened, waits for it: the match menu over the table, not a step back
    to the offer (the resumed table is alone on the stack)."""
    shown = run(OPEN_MATCH + """
store = open_match(%r, %r)
board = ScriptedBoard([[], [], [%s], [], []])
app = App(board, Store(%r), Settings())
app.boot, app.menu = boot, menu
drawn = []
render = app.render
def recording():
    if render():  # what the panel shows after each push: the title and the screens
        drawn.append([app.stack[-1].title, [type(screen).__name__ for screen in app.stack]])
app.render = recording
boot(app)
for _ in range(5):
    app.tick(0)
print(__import__("json").dumps(drawn))
""" % (str(tmp_path), kind, keys, str(tmp_path)))
    offer = shown.index(["Match in progress", ["ResumeScreen"]])
    assert shown[offer + 1] == ["Resuming", ["ResumeScreen"]]
    title, stack = shown[offer + 2]
    assert title.startswith(first_drawn[0]) and stack == first_drawn[1], shown


@pytest.mark.parametrize("kind", ["play", "keep"])
def test_an_open_log_that_cannot_be_replayed_is_said_and_the_offers_x_closes_it_whole(
        tmp_path, kind):
    """An open log the boot finds whole but the rules core cannot replay (here its header
    record is misnamed): Resume says so in one line that names the fix (not a fault). B goes
    back to the offer, which now says what is wrong with the log instead of offering to
    resume it (its centre key does nothing); its X asks, saying the log is closed as it is,
    and (confirmed) closes it so, every byte kept for the PC; then a new match can start."""
    shown = run(OPEN_MATCH + """
store = open_match(%r, %r)
path = store.log_path("1")
with open(path) as file:
    text = file.read().replace('"t":"header"', '"t":"heaDer"', 1)
with open(path, "w") as file:
    file.write(text)
board = ScriptedBoard([[], [], [("press", PRESS)], [("b", PRESS)], [], [("press", PRESS)], [],
                       [("x", PRESS)], [("a", PRESS)], [], [], []])
app = App(board, Store(%r), Settings())
app.boot, app.menu = boot, menu
boot(app)
seen, offers, asked = [], [], None
for _ in range(12):
    app.tick(0)
    top = app.stack[-1]
    said = getattr(top, "news", None) or getattr(top, "problem", None)
    if said:
        seen.append([type(top).__name__, top.title, said, top.softkeys()])
    offer = [top.title, top.outlook(), top.softkeys()] if hasattr(top, "outlook") else None
    if offer and offer not in offers:
        offers.append(offer)
    if type(top).__name__ == "Dialog":
        asked = " ".join(top.lines)
with open(path) as file:
    kept_whole = file.read() == text
print(__import__("json").dumps([seen[0], offers, asked, type(app.stack[-1]).__name__,
                                app.store.open_id, kept_whole, app.store.entry("1")["state"]]))
""" % (str(tmp_path), kind, str(tmp_path)))
    (screen, title, said, keys), offers, asked, top, open_id, kept_whole, state = shown
    assert screen == ("TableScreen" if kind == "play" else "TotalsScreen")
    assert title == ("Play" if kind == "play" else "Keep score") and keys == {"b": "Back"}
    wrong = "the first record must be the header, found 'heaDer'"
    assert said == ("Game 1 cannot be resumed (its log: %s). Back, then Abandon (X), closes "
                    "the log as it is, every line kept." % wrong)
    assert offers == [  # the boot's offer, then the offer after the refused resume, which its
        ["Match in progress", "It resumes where it stopped.",  # centre key does not change
         {"press": "Resume", "x": "Abandon", "b": "Later"}],
        ["Match in progress", "It cannot be resumed (its log: %s). Abandon (X) closes the log "
         "as it is, every line kept." % wrong, {"x": "Abandon", "b": "Later"}]], offers
    assert asked == "Its log is closed as it is, every line kept.", asked
    assert top == "MainMenu" and open_id is None and kept_whole and state == "closed"


@pytest.mark.parametrize("first_line", ['{"t":"header","game":"scout"}', '["header"]',
                                        '{"t":"header","game":"scout","players":[{}]}',
                                        'not JSON'])
def test_an_open_log_whose_first_line_is_not_a_matchs_header_is_offered_to_close_not_a_fault(
        tmp_path, first_line):
    """An open log whose first line is not a match's header (a file put on the flash, a
    damaged log that is still JSON): the boot's offer says it cannot be resumed and why, with
    no Resume, where reading the header faulted at every boot (KeyError: players); its X
    closes the log as it is."""
    shown = run(OPEN_MATCH + """
store = open_match(%r, "play")
path = store.log_path("1")
with open(path) as file:
    text = file.read()
text = %r + text[text.index("\\n"):]
with open(path, "w") as file:
    file.write(text)
board = ScriptedBoard([[], [], [("a", PRESS)], [("press", PRESS)], [("x", PRESS)],
                       [("a", PRESS)], [], []])  # (A: the boot's report of a line not JSON)
app = App(board, Store(%r), Settings())
app.boot, app.menu = boot, menu
boot(app)
offers = []
for _ in range(8):
    app.tick(0)
    top = app.stack[-1]
    if hasattr(top, "outlook"):
        offers.append([top.lines(), top.outlook(), top.softkeys()])
with open(path) as file:
    kept_whole = file.read() == text
print(__import__("json").dumps([offers[-1], type(app.stack[-1]).__name__, app.store.open_id,
                                kept_whole]))
""" % (str(tmp_path), first_line, str(tmp_path)))
    offer, top, open_id, kept_whole = shown
    assert offer == [["The open match's log"], "It cannot be resumed (its log: the first line "
                     "is not a match's header). Abandon (X) closes the log as it is, every "
                     "line kept.", {"x": "Abandon", "b": "Later"}]
    assert top == "MainMenu" and open_id is None and kept_whole


def test_a_name_with_no_letter_is_refused_on_the_keyboards_bottom_line_not_ignored():
    """The keyboard's A with every letter deleted (or only spaces) keeps the screen, as
    before, but says so in red on its bottom line where nothing happened; a letter typed
    gives the count back, and A then takes the name."""
    said = run("""
board = ScriptedBoard([[("b", PRESS)], [("b", PRESS)], [("a", PRESS)], [("press", PRESS)],
                       [("a", PRESS)]])
app = App(board, None, Settings())
taken = []
app.push(Worker([]))
from deckapp.text_entry import TextEntry
app.push(TextEntry("Player 2", "Al", 12, taken.append))
lines = []
for _ in range(5):
    app.tick(0)
    top = app.stack[-1]
    lines.append(top.hint() if hasattr(top, "hint") else type(top).__name__)
print(__import__("json").dumps([lines, taken]))
""")
    assert said == [["1 of 12 letters", "0 of 12 letters", "Type a letter first (Y: cancel)",
                     "1 of 12 letters", "Worker"], ["A"]]


def test_the_devices_import_loads_modules_on_a_collected_heap_and_passes_loaded_ones_through():
    """deckapp.shell.import_with_room: a module not yet loaded (also a submodule named in
    `from ... import`) is imported with the heap collected first (60 KB of garbage made just
    before is gone after it); for one already loaded, or a name in a loaded module, nothing
    is collected."""
    shown = run("""
import builtins
import gc
from deckapp.shell import import_with_room
builtins.__import__ = import_with_room(builtins.__import__)

def garbage_left_by(do):
    gc.collect()
    junk = bytearray(60000)
    junk = None
    before = gc.mem_alloc()
    do()
    return gc.mem_alloc() > before - 45000  # (an import allocates its module's code)

def submodule():
    from deckcore import rng

def loaded():
    from deckcore import rng

def name_in_loaded():
    from deckcore.rng import Rng

def module():
    import deckcore.match

print(__import__("json").dumps([garbage_left_by(submodule), garbage_left_by(loaded),
                                garbage_left_by(name_in_loaded), garbage_left_by(module),
                                "deckcore.rng" in sys.modules]))
""")
    assert shown == [False, True, True, False, True]


def test_the_devices_import_takes_a_kept_submodule_from_a_package_loaded_again():
    """A think unloads the modules it loaded but keeps a native one (residency.keep_loaded):
    the package loaded again has no attribute for it, and MicroPython asks for the
    submodule with `fromlist` True, not a tuple of names."""
    shown = run("""
import builtins
import sys
from deckapp.shell import import_with_room
builtins.__import__ = import_with_room(builtins.__import__)
from deckcore import rng
kept = sys.modules["deckcore.rng"]
sys.modules.pop("deckcore")
from deckcore import rng
print(__import__("json").dumps(rng is kept))
""")
    assert shown is True


def test_the_match_menus_abandon_during_a_bots_think_ends_the_match_and_brings_the_menu(
        tmp_path):
    """B during a bot's think opens the match menu over the table (the app's service runs
    between slices of the think); its Abandon, confirmed with A, closes the log as abandoned.
    The think's action is then not played: nothing follows the end record, no match is left
    open, the board resets once and the main menu comes back (the boot screen gives way to
    it)."""
    shown = run("""
import json
from deckapp.play import stored
from deckapp.play.session import BOT, HUMAN, Seat
from deckapp.play.table import TableScreen
from deckapp.store import Store

ABANDON = [("b", PRESS), ("down", PRESS), ("down", PRESS), ("down", PRESS),
           ("press", PRESS), ("a", PRESS)]


class AbandoningBoard(ScriptedBoard):
    # the centre key at the person's turns; in the first think that serves the keys, B and
    # the match menu's Abandon, confirmed
    abandoned = False

    def poll(self, now_ms):
        if app.thinker is None:
            return [] if self.abandoned else [("press", PRESS)]
        if self.abandoned:
            return []
        self.abandoned = True
        return ABANDON


settings = Settings()
settings.bot_pace = "fast"
store = Store(%r)
store.boot()
board = AbandoningBoard([])
app = App(board, store, settings)
app.boot, app.menu = boot, menu
match = stored.new_match("scout", {"players": 2}, [Seat("You", HUMAN), Seat("Bot 2", BOT,
                                                                      "easy")], 3)
app.open(TableScreen, lambda app: stored.begin(app.store, match, app.device_id))
table = app.stack[-1]
for _ in range(2000):
    app.tick(0)
    if board.abandoned and type(app.stack[-1]).__name__ == "MainMenu":
        break
lines = list(store.read_lines("1"))
print(json.dumps([type(app.stack[-1]).__name__, store.open_id, board.log.count("reset"),
                  lines[-1], sum(line.startswith('{"t":"end"') for line in lines),
                  table in app.stack, table.stalled]))
""" % str(tmp_path))
    top, open_id, resets, last, ends, table_kept, stalled = shown
    assert top == "MainMenu" and open_id is None and resets == 1 and not table_kept
    assert not stalled  # the bot's action was not played on the closed log
    assert last.startswith('{"t":"end","reason":"abandoned"') and ends == 1


def test_an_image_without_the_game_screens_offers_and_resumes_a_score_kept_match(tmp_path):
    """The boot owns the resume (deckapp/resume.py): an image without deckapp/play/ offers a
    score-kept match left open and resumes it on the scorekeeper's totals; a played match
    left open is offered too, and its Resume says in one line that the game screens are not
    in this image (the match stays open)."""
    import shutil
    firmware = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, firmware, ignore=shutil.ignore_patterns("play", "*.mpy"))
    script = BOARD.replace(FIRMWARE, str(firmware)) + """
import json
from deckapp.keep import stored
from deckapp.store import Store

for name in ("kept", "played"):
    folder = %r + "/" + name
    __import__("os").mkdir(folder)
    store = Store(folder)
    store.boot()
    if name == "kept":
        stored.begin(store, stored.new_match("scioto", {"players": 3}, ["Ada", "Bea", "Cy"], 0),
                      "0123456789abcdef")
    else:  # a played match's header (the play screens' stored.begin, written by another image)
        store.start_game("1", '{"t":"header","game":"scioto","players":[{"name":"You",'
                         '"kind":"human","level":null},{"name":"Bot 2","kind":"bot","level":'
                         '"easy"}],"game_id":"1","device":"0123456789abcdef","dealer":0,'
                         '"options":{"players":2}}\\n')
    board = ScriptedBoard([[], [], [], [("press", PRESS)], [], [], []])
    app = App(board, Store(folder), Settings())
    app.boot, app.menu = boot, menu
    boot(app)
    offered = None
    for _ in range(7):
        app.tick(0)
        if offered is None and type(app.stack[-1]).__name__ == "ResumeScreen":
            offered = app.stack[-1].lines()[0]
    top = app.stack[-1]
    print(json.dumps([name, offered, [type(screen).__name__ for screen in app.stack],
                      getattr(top, "lines", None) if name == "played" else top.title,
                      app.store.open_id]))
""" % str(tmp_path)
    status, out, err = run_core(script, heap="512K")
    assert status == 0, out + err
    kept, played = [json.loads(line) for line in out.strip().splitlines()[-2:]]
    assert kept == ["kept", "Scioto, hand 1", ["TotalsScreen"], "Scioto", "1"]
    assert played[1] == "Scioto, hand 1" and played[2] == ["MainMenu", "Dialog"]
    assert "The game screens are not part of this firmware image." in " ".join(played[3])
    assert played[4] == "1"


def test_a_cursor_or_page_key_draws_and_pushes_only_its_rows_and_the_panel_is_a_full_draws():
    """Settings' cursor, the keyboard's cursor and the card test's page: each key draws again
    and pushes only the rows it changed (a keyboard row's 22, the card test's title, cards
    and hand), and the frame buffer after it is byte for byte what drawing the
    whole screen afresh gives (docs/budgets.md, a key's answer)."""
    seen = run("""
from deckapp.settings_screen import SettingsScreen
from deckapp.text_entry import TextEntry
from deckapp.card_test import CardTestScreen
board = ScriptedBoard([])
app = App(board, None, Settings())
pushes, same, bands = [], [], []
for screen, keys in ((SettingsScreen(), ["down"] * 11 + ["up"] * 2),
                     (TextEntry("Player 1", "Ada", 12, print), ["right"] * 11 + ["down"] * 7
                      + ["left", "up", "up"]),
                     (CardTestScreen(), ["x"] * 5 + ["left"])):
    app.push(screen)
    app.render()
    for key in keys:
        same.append(answer_and_redraw(app, key))
        pushes.append(board.display.pushes[-2])  # (the key's push, not the redraw's)
        bands.append(board.display.bands[-2])
    app.stack.clear()
print(__import__("json").dumps([pushes, same, bands]))
""")
    pushes, same, bands = seen
    assert all(same) and len(same) == 13 + 21 + 6
    settings, keyboard, cards = pushes[:13], pushes[13:34], pushes[34:]
    assert settings[0] == [24, 64] and max(end - first for first, end in settings) <= 216
    assert keyboard[:11] == [[68, 90]] * 11 and keyboard[11] == [68, 112]
    assert cards == [[0, 192]] * 6  # (from the first row marked to the last)
    # the title, the large cards and the hand: not the line on the hand between them
    assert bands[34:] == [[[0, 24], [30, 130], [150, 192]]] * 6


def test_a_value_key_on_the_scorekeepers_form_pushes_only_the_rows_it_changed(tmp_path):
    """Keep score's entry (a hand of Scioto at six, as tools/shell_timing.py times it): a
    value's left, right, X and Y draw again and push only the value's row and the last
    player's points, which follow from it (rows of 18 pixels from 24, each a band apart: the
    whole screen before docs/notes/2026-12-07-key-answers.md), and the frame buffer after
    each is byte for byte what drawing the whole screen afresh gives."""
    pushes, same, values = run("""
from deckapp.keep import stored
from deckapp.keep.entry import EntryScreen
from deckapp.store import Store
board = ScriptedBoard([])
store = Store(%r)  # (the draft is kept when the cursor leaves a changed row)
store.boot()
app = App(board, store, Settings())
names = ["Ada", "Bea", "Cy", "Dan", "Eve", "Flo"]
kept = stored.begin(store, stored.new_match("scioto", {"players": 6}, names, 0), "0123")
app.push(EntryScreen(kept, 1))
app.render()
pushes, same = [], []
for key in ["right", "right", "down", "right", "left", "y", "x", "y"]:
    same.append(answer_and_redraw(app, key))
    pushes.append(board.display.bands[-2])  # (the key's push, not the redraw's)
print(__import__("json").dumps([pushes, same, [row.text() for row in app.stack[-1].rows]]))
""" % str(tmp_path))
    assert values == ["32", "35", "30", "30", "30", "23"]
    assert all(same) and len(same) == 8
    assert pushes == [[[24, 42], [114, 132]]] * 2 + [[[24, 60]]] + [[[42, 60], [114, 132]]] * 5


def test_x_and_y_on_the_chips_of_an_older_scout_log_push_only_the_row_they_changed(tmp_path):
    """The correction of a SCOUT round an older log kept as counts (docs/log-format.md), at
    five players: X and Y change the Scout chips shown beside the cards captured, and draw
    again and push only that row (18 pixels; the whole screen before), from the first key:
    the list ends above the hint's three lines from its first draw (8 rows of its 11 in view,
    the rest scrolled, not drawn over the hint), and the frame buffer after each key is byte
    for byte what drawing the whole screen afresh gives."""
    visible, pushes, same, values = run("""
from deckapp.keep import stored
from deckapp.keep.entry import EntryScreen
from deckapp.keep.sheet import _to_correct
from deckapp.store import Store
board = ScriptedBoard([])
store = Store(%r)
store.boot()
app = App(board, store, Settings())
names = ["Ada", "Bea", "Cy", "Dan", "Eve"]
kept = stored.begin(store, stored.new_match("scout", {"players": 5}, names, 0), "0123")
counts = {"ended": 1, "captured": [10, 8, 6, 4, 2], "chips": [1, 2, 0, 3, 1],
          "in_hand": [3, 0, 2, 4, 5]}
kept.add(counts)
form = EntryScreen(kept, 1, _to_correct(kept.game, 0, counts))
app.push(form)
app.render()
visible = form.list.visible
pushes, same = [], []
for key in ["down", "y", "y", "x", "down", "x", "x", "y"]:
    same.append(answer_and_redraw(app, key))
    pushes.append(board.display.bands[-2])  # (the key's push, not the redraw's)
print(__import__("json").dumps([visible, pushes, same, [row.text() for row in form.rows]]))
""" % str(tmp_path))
    assert visible == 8
    assert values[1:3] == ["10, 2 chips", "8, 1 chip"]
    assert all(same) and len(same) == 8
    # down from "Ended by" (its soft keys change to the chips'), then Ada's row, down, Bea's
    assert pushes == [[[24, 60], [220, 240]]] + [[[42, 60]]] * 3 + [[[42, 78]]] + \
        [[[60, 78]]] * 3
