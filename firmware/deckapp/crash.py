"""A fault: an exception that escaped a screen or a bot (docs/device.md, "When something goes
wrong"). deckapp/shell.py imports this module only then, once it has let go of the screens:
it takes no heap while the app runs.

    recover(app, error)   record the fault, show the crash screen, soft-reset on the centre key
    last(store)           the last fault recorded, or None (About; the sync's hello)

The record is the store's state file `crash` (written as every state file is: a temporary
file renamed over the old one, so a full flash keeps the old record and loses nothing else):
{"time": "YYYY-MM-DD HH:MM" or null while the clock is not set, "fw": the firmware version,
"error": "Type: message", "trace": the traceback's last TRACE_MOST characters}.

The soft reset gives a fresh heap, and the boot offers to resume the match left open: its
log holds every committed event, so the fault costs at most the decision it interrupted.
"""

import io
import sys
import time

from micropython import const

from deckapp import unload
from deckapp.store import StoreError, _today
from deckapp.version import VERSION
from deckhw.buttons import PRESS
from deckui import font, theme, widgets

NAME = "crash"            # the store's state file of the last fault
TRACE_MOST = const(1200)  # characters of the traceback kept (its end: the innermost calls)
_POLL_MS = const(10)
_MARGIN = const(8)


def recover(app, error):
    """Record `error`, say so on the panel and wait for the centre key, which soft-resets the
    board. Never returns (a KeyboardInterrupt from the PC still ends it)."""
    for module in [name for name in sys.modules if name not in app.kept and name != __name__]:
        unload(module)  # what the fault left loaded: a match's rules, bots and screens
    saved = record(app.store, error)
    game_open = app.store.open_id is not None
    show(app.board.display, one_line(error), game_open, saved)
    board = app.board
    while True:
        for key, kind in board.keys.poll(time.ticks_ms()):
            if key == "press" and kind == PRESS:
                board.reset()
        board.idle()
        time.sleep_ms(_POLL_MS)


def one_line(error):
    return "%s: %s" % (type(error).__name__, error)


def traceback_text(error):
    """The traceback as MicroPython prints it (CPython's on the host), its end kept."""
    stream = io.StringIO()
    if hasattr(sys, "print_exception"):
        sys.print_exception(error, stream)
    else:
        import traceback
        traceback.print_exception(type(error), error, error.__traceback__, file=stream)
    return stream.getvalue()[-TRACE_MOST:]


def record(store, error):
    """Save the record of `error` as the state file `crash`; False when the flash refused
    (the record before it, if any, stays)."""
    try:
        store.save_state(NAME, {"time": _today(), "fw": VERSION, "error": one_line(error),
                                "trace": traceback_text(error)})
        return True
    except StoreError:
        return False


def last(store):
    """The last fault recorded (the dict above), or None."""
    return store.load_state(NAME, None)


def show(display, error_line, game_open, saved):
    """The crash screen: what happened, that the game is saved, the key that goes on."""
    display.fill(theme.BACKGROUND)
    widgets.title_bar(display, "Error")
    paragraphs = [("Something went wrong; your game is saved. The centre key resumes it."
                   if game_open else "Something went wrong. The centre key starts again."),
                  error_line,
                  "The details are in About." if saved
                  else "The details could not be saved: the flash is full."]
    y = widgets.TOP + _MARGIN
    for index, paragraph in enumerate(paragraphs):
        colour = theme.MUTED if index == 1 else theme.TEXT
        for line in widgets.wrap(paragraph, widgets.SIZE - 2 * _MARGIN)[:3]:
            font.text(display, line, _MARGIN, y, colour)
            y += font.height() + 2
        y += _MARGIN
    widgets.softkey_bar(display, {"press": "Resume" if game_open else "Restart"})
    display.mark(0, widgets.SIZE)
    display.show()
