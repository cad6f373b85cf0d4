"""The screen contract: what the shell (deckapp/shell.py) asks of every screen.

A screen is one page of the app: the main menu, a settings page, a game table. The shell keeps
them on a stack and talks to the top one only:

    title                 text of the title bar, or None for a screen that draws all 240 rows
    overlay               True for a box drawn over the screen below (a dialog)
    softkeys()            {key: label} shown in the soft-key bar, e.g. {"a": "Play", "b": "Back"};
                          keys "a" "b" "x" "y" and "press" (joystick centre); every key the
                          screen answers to (besides the joystick's directions) has a label
    draw(canvas)          draw the screen area (between the bars, or everything if title is
                          None) on the framebuf canvas; the shell has cleared it to BACKGROUND
                          (only the band of rows in self.dirty_rows, when the screen marked
                          some: it may skip what lies outside them; once for each band)
    key(key, kind)        one key event: key "up" "down" "left" "right" "press" "a" "b" "x"
                          "y", kind PRESS, LONG or REPEAT (deckhw.buttons; RELEASE never
                          reaches a screen). May call app.push/pop/replace and self.changed()
    step()                one slice of background work (a bot thinking, a summary computed),
                          small enough that a key press still gets a visible answer within
                          100 ms on an RP2040; returns True while more work remains
    shown()               called when the screen becomes the top one again (after a pop)
    opening               None, or `opening(app)`: what the screen shows, read from flash (a
                          match: the table's, the scorekeeper's totals), which waits until
                          the screen that opened it has left memory (room for the log's
                          buffers). App.top hands it to opened(), which calls it, before
                          anything else reaches the screen: it is first drawn open, and a key
                          pressed meanwhile waits for it and goes to what it opened
    opened(opening)       the screen opens with `opening(app)` (its StoreError is the
                          screen's to say)

`self.app` is set by the shell before the screen is first shown; through it a screen reaches
app.push(screen), app.pop(), app.replace(screen), app.board, app.store, app.settings and
app.device_id.

`acts(key, kind)` says which key events the play screens act on.
"""

from deckhw.buttons import PRESS, REPEAT


TYPE_CHECKING = False
if TYPE_CHECKING:
    from deckapp.shell import App


class Screen:
    title = ""
    overlay = False  # True: drawn over the screen below it (a dialog), not on a cleared area
    app: "App"       # set by the shell when the screen is pushed
    module = None    # its class's module (app.open), unloaded when its last screen closes
    opening = None   # opening(app), until App.top has opened the screen with it (opened)

    def __init__(self):
        # the bands of rows to draw again and push, (first, end, first, end, ...) in order and
        # apart, None when clean; while the screen draws, the one band being drawn
        self.dirty_rows = None

    def softkeys(self):
        return {}

    def draw(self, canvas):
        pass

    def key(self, key, kind):
        pass

    def step(self):
        return False

    def shown(self):
        self.changed()

    def opened(self, opening):
        pass

    def changed(self, first=0, end=240):
        """Ask for a redraw; rows [first, end) are the ones that changed (default: all), so
        only they are drawn again and pushed to the panel. Bands of rows apart stay apart:
        the shell draws each (a value and the total that follows from it, not the rows
        between them); bands that meet or overlap join."""
        bands = self.dirty_rows or ()
        apart = []
        for at in range(0, len(bands), 2):
            if bands[at] > end or bands[at + 1] < first:
                apart.append((bands[at], bands[at + 1]))
            else:
                first, end = min(first, bands[at]), max(end, bands[at + 1])
        apart.append((first, end))
        apart.sort()
        self.dirty_rows = tuple(row for band in apart for row in band)


def acts(key, kind):
    """Whether a play screen acts on a key event: every key when pressed, the joystick's
    directions also when they repeat (held down); a long press adds nothing."""
    return kind == PRESS or (kind == REPEAT and key in ("up", "down", "left", "right"))
