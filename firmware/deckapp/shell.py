"""The app shell: one loop that polls the keys, hands their events to the top screen,
lets it work in slices, and pushes to the panel only the rows that changed.

    shell.run(board)      the device's app (firmware/main.py calls it after the safe-mode check);
                          an exception escaping a screen or a bot ends in deckapp/crash.py's
                          recover (recorded, said on the panel, a reset resumes the match)
    app.open(ScreenClass, *args)
                          a screen pushed, its module imported by the caller (`from
                          deckapp.history import HistoryScreen`) and let go when it closes
    app.start_after_reset(kind, match)
                          a match to begin on a fresh heap: saved, then the board soft-resets
                          and the boot begins it (deckapp/boot.py); the set-ups start every
                          match so

Screens (deckapp/screen.py has the contract) sit on a stack; when the last one leaves, every
module loaded since the boot screen opened is unloaded (a match's rules, bots and screens) and
the main menu comes back (App.top; deckapp/phases.py is what is loaded when). Each
pass of the loop is one service (App.service), then one slice of work:
1. polls the keys and hands every event but RELEASE to the top screen (a sync's session
   steps aside first: what a key does, a play that closes a match's log, has the heap it has
   without a PC, deckapp/serial_link.py);
2. draws what changed: the top screen's area when it asked (Screen.changed), the title and
   soft-key bars when their text changed; marks those rows on the display and shows them;
3. serves the serial link (a request, or a slice of an answer);
4. gives the top screen one slice of background work (Screen.step).
When nothing is left to do it calls board.idle() and waits until the next poll of the keys,
or less: until a byte comes on the USB port (App.wait). A wait begins on a collected heap
and its passes allocate nothing, and a key goes to its screen on a collected heap: the same
keys give the same heap however long the waits between them. A pass is
App.step, which the board runs (board.run): App.loop on a board, a Web Worker's event loop in
a browser. A key's answer
is drawn before the next slice of work starts, so the response time is one slice plus one draw.
A bot's think is one long slice: within App.think the bot calls back between slices of its
work, and every _SERVICE_MS the same service runs (the thinking screen is not drawn then).
"""

import gc
import select
import sys
import time

from micropython import const

from deckapp import phases
from deckcore import residency
from deckcore.residency import Visit
from deckhw.buttons import RELEASE
from deckui import theme, widgets

_POLL_MS = const(10)
_SERVICE_MS = const(20)  # while a bot thinks: how often the keys are read
_FILE_ROOM = const(1200)  # what LittleFS allocates for an open file (its 1 KB cache and more)
# A collection after every GC_EVERY bytes allocated, not only when the heap is full: garbage
# is then reclaimed low in the heap before new objects climb to its top, so objects that live
# long (a hand's state, a module's code) stay low and the top stays free in one piece for a
# bot's think. On the 64-bit port a whole match plays in 4-8 KB less heap (docs/budgets.md).
# App.think switches it off while a bot decides: there it doubled Scioto's think time.
GC_EVERY = const(4096)
START = "start"  # the store's state file of the screen to open after the reset


TYPE_CHECKING = False
if TYPE_CHECKING:
    from deckapp.serial_link import SerialLink


class App:
    link: "SerialLink | None" = None  # the serial link, once a byte has come on the port
    port: "select.poll | None" = None  # usb_port(), once run() has started
    thinker = None  # the screen whose bot is thinking (App.think), or None
    working = False  # the top screen had work left after its last slice
    rested = True  # the heap was collected when the loop last began to wait (App.step)
    fault = False  # after a fault, until the reset: the crash screen waits for its key
    boot = None  # boot(app) opens the app's first screen (main.py's: deckapp/boot.py)
    menu = None  # menu(app) opens the main menu (main.py's: deckapp/menu.py)

    def __init__(self, board, store, settings):
        self.board = board
        self.store = store
        self.settings = settings
        self.device_id = board.device_id()
        self.stack = []
        # the modules the boot leaves loaded (a fault unloads the rest)
        self.kept = list(sys.modules)
        self._bars = None        # (title, soft-key labels) as last drawn
        self._drawn = None       # the screen whose area is on the panel
        self.apply_settings()

    def top(self):
        """The screen on top, open. When the last screen has left (a match is over: the menu
        and the set-up gave way to its table; the boot screen gives way to the menu itself),
        the board soft-resets and the app boots again on a fresh heap, as the match began
        (start_after_reset): the names a long match interned and the holes it left would not
        give the menu's import room. (A test's board goes on after its reset: the boot screen
        is opened over what is loaded, and gives way to the main menu.)
        A screen still `opening` (Screen: a match read from flash) is opened first, outside
        the screen that pushed it: it is drawn open (a resumed hand, never a blank table
        first), and a key pressed meanwhile goes to what it opened (the table, or the
        summary of a match that was over), B too: a resumed match's screen is alone on the
        stack, and leaving it unopened would reset to the resume offer."""
        if not self.stack:
            self.board.reset()
            self.boot(self)
        screen = self.stack[-1]
        if screen.opening is None:
            return screen
        opening, screen.opening = screen.opening, None
        screen.opened(opening)
        return self.top()

    def push(self, screen):
        screen.app = self
        self.stack.append(screen)
        screen.shown()

    def open(self, cls, *args):
        """Push a new screen `cls(*args)` (its class), whose module the caller has just
        imported; when the last screen opened from that module is popped, the module leaves
        memory again (small heap: only the screens in use stay loaded)."""
        gc.collect()
        screen = cls(*args)
        screen.module = cls.__module__
        self.push(screen)

    def start_after_reset(self, kind, match):
        """Begin the match `match` (plain values that JSON keeps) of `kind` ("play", "keep")
        on a fresh heap: the request is saved on flash and the board soft-resets; the boot
        begins it (deckapp/resume.py, `begin_asked`). MicroPython never frees an interned
        name: a match started from the menu would carry the menu's, the set-up's and an
        earlier match's (docs/device.md). Raises StoreError when the flash refuses the
        request (nothing is reset then)."""
        self.store.save_state(START, [kind, match])
        self.board.reset()

    def pop(self):
        self._drop(self.stack.pop())
        if self.stack:
            self.stack[-1].shown()

    def replace(self, screen):
        self._drop(self.stack.pop())
        self.push(screen)

    def _drop(self, screen):
        """Forget a screen taken off the stack, and the module it was opened from if no other
        screen on the stack came from it."""
        self._drawn = None
        module = screen.module
        if module and not [other for other in self.stack if other.module == module]:
            phases.close(module)
        gc.collect()

    def apply_settings(self):
        """Brightness and colours from app.settings; repaints the whole panel."""
        theme.apply(self.board.display, self.settings.scheme, self.settings.four_colour)
        self.board.backlight(self.settings.brightness)
        self._bars = None
        self._drawn = None

    def handle(self, key, kind):
        """A key event to the top screen (a RELEASE goes to none), on a collected heap: the
        wait before it left the heap as it was (App.step), but its passes' call frames, taken
        from the heap and given back, still counted towards the next collection (GC_EVERY),
        which the key's work would then meet where the length of the wait put it: the same
        keys must give the same heap (docs/notes/2026-12-06-idle-heap.md)."""
        self.rested = False
        if kind != RELEASE:
            if self.link is not None:
                self.link.release()
            gc.collect()
            self.top().key(key, kind)

    def render(self):
        """Draw and push what changed since the last render; True if anything did. Only the
        rows the screen marked are cleared and drawn again, each band of them apart (its
        draw may skip what lies wholly outside the band: screen.dirty_rows while it draws);
        a bar is drawn again when its text changed; a screen's labels are read when it is
        drawn."""
        screen = self.top()
        if screen is not self._drawn:
            screen.changed()
        if screen.dirty_rows is None:
            return False
        display = self.board.display
        bands = screen.dirty_rows
        for at in range(0, len(bands), 2):
            self._draw_area(display, screen, bands[at], bands[at + 1])
            display.mark(bands[at], bands[at + 1])
        self._drawn = screen
        bars = None if screen.title is None else (screen.title, screen.softkeys())
        drawn = self._bars
        if bars is not None and (drawn is None or bars[0] != drawn[0]):
            widgets.title_bar(display, bars[0])
            display.mark(0, widgets.TOP)
        if bars is not None and (drawn is None or bars[1] != drawn[1]):
            widgets.softkey_bar(display, bars[1])
            display.mark(widgets.BOTTOM, widgets.SIZE)
        self._bars = bars
        display.show()
        return True

    def _draw_area(self, display, screen, first, end):
        """Clear rows [first, end) of the screen's area and draw it there, screen.dirty_rows
        saying which rows while it draws; an overlay (a dialog) draws over the screen below
        it. (What a screen draws outside those rows is what is already there: the rows it
        did not mark have not changed.)"""
        below = self.stack.index(screen) - 1
        if screen.overlay and below >= 0:
            self._draw_area(display, self.stack[below], first, end)
        elif screen.title is None:
            display.fill_rect(0, first, widgets.SIZE, end - first, theme.BACKGROUND)
        else:
            top = max(first, widgets.TOP)
            display.fill_rect(0, top, widgets.SIZE, min(end, widgets.BOTTOM) - top,
                              theme.BACKGROUND)
        screen.dirty_rows = (first, end)
        screen.draw(display)
        screen.dirty_rows = None

    def tick(self, now_ms):
        """One pass of the loop; True while the top screen or the serial link has work left."""
        sending = self.service(now_ms)
        self.working = self.top().step()
        return self.working or sending

    def service(self, now_ms):
        """The keys, the drawing and the serial link, once; True while the link has work
        left. During a think (App.think) the thinking screen is not drawn, and the link
        answers only what needs no room (deckapp/serial_link.py, `lean`)."""
        for key, kind in self.board.keys.poll(now_ms):
            self.handle(key, kind)
        if self.top() is not self.thinker:
            self.render()
        return self._serve_link(self.thinker is not None)

    def think(self, screen, choose):
        """`choose(tick)`, a bot's decision for `screen`, and its result: the heap's peak.
        The table's drawing is released first and the heap collected (the search's worlds
        need the room in one piece), and the piece kept for an import's file let go
        (keep_file_room). The decision's objects die with it: the heap is collected when
        full (and before each world, deckcore/bots/search.py), not after every GC_EVERY
        bytes (that doubled Scioto's think time, docs/budgets.md). `tick`, which the bot
        calls between slices of its work, runs App.service every _SERVICE_MS, as if outside
        the think (residency.serve_beside: a screen it opens stays loaded after it)."""
        serviced = [time.ticks_add(time.ticks_ms(), -_SERVICE_MS)]  # the first tick serves

        def tick():
            now = time.ticks_ms()
            if time.ticks_diff(now, serviced[0]) >= _SERVICE_MS:
                serviced[0] = now
                residency.serve_beside(self.service, now)

        if self.link is not None:  # (before the think, not at its first tick)
            self.link.release()
        phases.release_table_drawing()
        keep_file_room(False)
        gc.collect()
        gc.threshold(-1)
        self.thinker = screen
        try:
            return choose(tick)
        finally:
            self.thinker = None
            gc.threshold(GC_EVERY)
            keep_file_room(True)

    def _serve_link(self, lean):
        """A slice of the serial link (deckapp/serial_link.py; `lean`: a bot is thinking).
        The link is imported when the first byte comes on the port, outside a bot's think:
        a device no PC talks to keeps neither its code nor its names (the interned names are
        the tightest part of the heap, docs/budgets.md)."""
        link = self.link
        if link is None:  # (ipoll: a poll's list of what is ready would be a pass's garbage)
            if self.port is None or lean or not any(self.port.ipoll(0)):
                return False
            from deckapp.serial_link import SerialLink
            self.link = link = SerialLink(self.store, self.board, self.port)
        return link.serve(lean, self.working)

    def step(self, now_ms):
        """One pass of the loop, the app's step-at-a-time entry point for whatever runs the
        loop (board.run: App.loop on a board, a Web Worker's event loop in a browser): the
        service, then one slice of work, or after a fault a pass of the crash screen
        (deckapp/crash.py, which the centre key leaves by a reset). Returns the ms to wait
        before the next pass: 0 while work is left, else _POLL_MS, board.idle() called. Work
        left includes a draw: the slice opened a screen (the boot screen gives way to the
        match's table) or changed the top one (a person's turn found), so the panel shows
        what the app is at whenever it idles (a key script waits on the idle: deckmate
        sim)."""
        if self.fault:
            from deckapp.crash import answer  # (loaded since the fault)
            answer(self.board, now_ms)
        else:
            try:
                sending = self.service(now_ms)
                self.working = self.top().step()
                stack = self.stack
                if self.working or sending or not stack or stack[-1] is not self._drawn \
                        or stack[-1].dirty_rows is not None:
                    self.rested = False
                    return 0
            except Exception as error:  # KeyboardInterrupt and SystemExit go on to main.py
                self.recover(error)
        if not self.rested:  # a wait begins on a collected heap, which its passes leave as it is
            gc.collect()
            self.rested = True
        self.board.idle()
        return _POLL_MS

    def loop(self):
        """The loop on a board (its board.run): a pass, then a sleep when it asks for one."""
        while True:
            wait = self.step(time.ticks_ms())
            if wait:
                self.wait(wait)

    def wait(self, ms):
        """Rest `ms` until the next poll of the keys, or less: until a byte comes on the USB
        port, so that a request is answered at once rather than after the rest (a sync's
        request after each answer). The board sleeps in the poll as in time.sleep_ms (the
        same low-power wait for an interrupt). A port with no other end (it reads as always
        ready) is not waited on. It allocates nothing (ipoll, not poll's list): a wait for
        a key is many passes, and a pass's garbage would make the heap's layout hang on how
        long the wait was (deckhw/buttons.py, Buttons.poll)."""
        link = self.link
        if self.port is None or (link is not None and link.closed):
            time.sleep_ms(ms)
        else:
            self.port.ipoll(ms)

    def recover(self, error):
        """A fault (an exception that escaped a screen or a bot): the screens and what they
        left loaded are let go, then deckapp/crash.py records it and shows the crash screen;
        the passes after it wait for its centre key."""
        self.stack.clear()  # the fault may be a MemoryError: let go of the screens
        self._drawn = self.thinker = None  # (the last drawn, the thinking one)
        residency.unload_since(self.kept)  # and what it left loaded (a match's rules, bots)
        gc.collect()  # so that recording it finds room
        from deckapp.crash import recover
        recover(self, error)  # recorded and said on the panel
        self.fault = True


_room = []          # the piece kept free for the next import's file (import_with_room), or none
_keep_room = [True]  # whether imports take it again: not while a bot thinks (keep_file_room)


def import_with_room(plain_import):
    """builtins.__import__ for the device, made from the plain one. An import that loads a
    module from flash opens its file, and LittleFS then needs _FILE_ROOM bytes in one
    piece, more than the holes a long match leaves between its objects: a piece that size is
    kept free in advance, and let go, with the heap collected, just before such an import;
    it is taken again after it when there is room (see keep_file_room for a bot's think).
    Imports of modules already loaded go straight through."""
    _room.append(bytearray(_FILE_ROOM))

    def imported(name, *rest):
        module = sys.modules.get(name)
        wanted = rest[2] if len(rest) > 2 and isinstance(rest[2], tuple) else ()  # (or True)
        if module is not None and not [item for item in wanted if not hasattr(module, item)]:
            return plain_import(name, *rest)
        _room.clear()
        gc.collect()
        try:
            return plain_import(name, *rest)
        finally:
            try:  # (the import's closed file is garbage: a failed allocation collects first)
                if not _room and _keep_room[0]:  # (an inner import may have taken it already)
                    _room.append(bytearray(_FILE_ROOM))
            except MemoryError:
                pass
    return imported


def keep_file_room(keep):
    """Whether the piece kept for an import's file is held between imports. A bot's think
    lets it go (the table, around each decision): its worlds need the room in one piece more
    than its imports, which come early in the think on a heap just collected. The first
    import after the think, on a heap collected of the think's objects, takes it again."""
    _keep_room[0] = keep
    if not keep:
        _room.clear()


def usb_port():
    """A poll of the USB serial port (stdin), which the REPL shares with the serial link."""
    port = select.poll()
    port.register(sys.stdin, select.POLLIN)
    return port


def run(board, boot, menu):
    """Start the app on a board (docs/device.md, the board contract); `boot(app)` opens its
    first screen, at the start and after a reset, and `menu(app)` the main menu, wherever a
    screen goes back to it (main.py's: deckapp/boot.py's and deckapp/menu.py's; the screens
    do not import the menu, which imports them)."""
    import builtins
    builtins.__import__ = import_with_room(builtins.__import__)
    gc.threshold(GC_EVERY)
    from deckapp.settings import Settings
    from deckapp.store import Store
    store = Store("/")
    with Visit():  # (the settings on flash are read once)
        from deckapp import settings_file
        settings = settings_file.load(Settings(), store)
    app = App(board, store, settings)
    app.boot, app.menu = boot, menu
    if board.serial:
        app.port = usb_port()
    try:
        boot(app)
        app.kept = list(sys.modules)  # and the boot screen's: the screen class, the cards' drawing
    except Exception as error:  # a fault (KeyboardInterrupt and SystemExit go on to main.py)
        app.recover(error)
    board.run(app)  # App.loop on a board; the browser's board hands App.step to its worker
