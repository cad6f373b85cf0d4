"""A fault: an exception that escaped a screen or a bot (docs/device.md, "When something goes
wrong"). deckapp/shell.py imports this module only then, once it has let go of the screens
and of the modules the fault left loaded: it takes no heap while the app runs.

    recover(app, error)   record the fault, show the crash screen
    answer(board, now)    a pass of the app while it is shown: the centre key soft-resets
    last(store)           the last fault recorded, or None (About; the sync's hello)

The record is the store's state file `crash` (written as every state file is: a temporary
file renamed over the old one, so a full flash keeps the old record and loses nothing else):
{"time": "YYYY-MM-DD HH:MM" or null while the clock is not set, "fw": the firmware version,
"error": "Type: message" (ERROR_MOST characters at most), "trace": the traceback's lines of
the calls, `  File "deckapp/play/table.mpy", line 133, in step` (the innermost that fit
in TRACE_MOST characters)}.

The soft reset gives a fresh heap, and the boot offers to resume the match left open: its
log holds every committed event, so the fault costs at most the decision it interrupted.
"""

import io
import sys

from micropython import const

from deckapp.store import StoreError
from deckapp.store_base import CRASH_STATE
from deckapp.store_games import today
from deckapp import VERSION
from deckhw.buttons import PRESS
from deckui import font, theme, widgets

ERROR_MOST = const(200)   # characters of the error's line kept
TRACE_MOST = const(1200)  # characters of the traceback's calls kept (the innermost last)
_MARGIN = const(8)


def recover(app, error):
    """Record `error` and say so on the panel; the app's passes then call `answer` until the
    centre key soft-resets the board (App.step)."""
    saved = record(app.store, error)
    show(app.board.display, one_line(error), app.store.open_id is not None, saved)


def answer(board, now_ms):
    """A pass of the crash screen: the centre key soft-resets the board (the serial link is
    not served, in case it was what failed)."""
    for key, kind in board.keys.poll(now_ms):
        if key == "press" and kind == PRESS:
            board.reset()


def one_line(error):
    """The error's type and message, at most ERROR_MOST characters."""
    return ("%s: %s" % (type(error).__name__, error))[:ERROR_MOST]


def calls(error):
    """The calls of the traceback as MicroPython prints it (a line each, innermost last,
    without the error's own line): the innermost whole lines of up to TRACE_MOST characters."""
    stream = io.StringIO()
    sys.print_exception(error, stream)  # pyright: ignore[reportArgumentType]
    text = stream.getvalue()  # pyright: ignore[reportAttributeAccessIssue]
    kept = ""
    for line in reversed([line for line in text.split("\n") if line.startswith("  File ")]):
        if len(kept) + len(line) >= TRACE_MOST:
            break
        kept = line + "\n" + kept
    return kept


def record(store, error):
    """Save the record of `error` as the state file `crash`; False when the flash refused
    (the record before it, if any, stays)."""
    try:
        trace = calls(error)
    except MemoryError:  # the heap the fault left has no room for the text of its calls
        trace = ""
    try:
        store.save_state(CRASH_STATE, {"time": today(), "fw": VERSION,
                                       "error": one_line(error), "trace": trace})
        return True
    except StoreError:
        return False


def last(store):
    """The last fault recorded (the dict above), or None."""
    return store.load_state(CRASH_STATE, None)


def show(display, error_line, game_open, saved):
    """The crash screen: what happened, that the game is saved, the key that goes on."""
    display.fill(theme.BACKGROUND)
    widgets.title_bar(display, "Error")
    paragraphs = [("Something went wrong; your game is saved. The centre key resumes it."
                   if game_open else "Something went wrong. The centre key starts again."),
                  error_line,
                  "About shows the last error." if saved
                  else "It could not be noted: the flash is full."]
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
