"""The boot screen: the name and version while the store checks the flash, then what comes
first: the match a set-up asked for before the reset (begun here, `open_requested`), the offer
to resume the match left open, played or score-kept (deckapp/resume.py), or the main menu. If
the check repaired something (a power cut may have cut a log short or left a half-written
file), the boot screen says what, and waits for A."""

from deckapp.screen import Screen
from deckapp.shell import START
from deckapp import VERSION
from deckhw.buttons import PRESS
from deckui import cards, font, theme, widgets


class BootScreen(Screen):
    title = None

    def __init__(self):
        super().__init__()
        self.report = None  # the store's sentences, once checked

    def draw(self, canvas):
        for index, token in enumerate(("AS", "AH", "AC", "AD")):
            cards.draw(canvas, token, 62 + index * 24, 30, 44, 62)
        font.centred(canvas, "Deckmate", 0, 104, widgets.SIZE, theme.TEXT, font.LARGE)
        font.centred(canvas, "version " + VERSION, 0, 126, widgets.SIZE, theme.MUTED)
        if self.report is None:
            font.centred(canvas, "Checking the flash", 0, 170, widgets.SIZE, theme.MUTED)
            return
        y = 150
        for line in widgets.wrap("The flash was checked: " + "; ".join(self.report) + ".",
                                 widgets.SIZE - 16)[:4]:
            font.text(canvas, line, 8, y, theme.TEXT)
            y += 16
        widgets.softkey_bar(canvas, {"a": "Continue"})

    def step(self):
        """The store's boot check, once, after the first draw."""
        if self.report is not None:
            return False
        from deckapp.store import StoreError
        try:
            self.report = self.app.store.boot()
        except StoreError as error:  # the flash cannot be read: say so, go on without logs
            self.report = [str(error)]
        if self.report:
            self.changed()
        else:
            self.main_menu()
        return False

    def key(self, key, kind):
        if self.report and key == "a" and kind == PRESS:
            self.main_menu()

    def main_menu(self):
        """The boot screen gives way to the match asked for before a reset (open_requested),
        or to the offer to resume a match a power cut left open (deckapp/resume.py, not
        imported when no match is open: its names would be interned for good), or to the
        main menu."""
        app = self.app
        app.pop()
        if open_requested(app):
            return
        if app.store.open_id is not None:
            from deckapp.resume import offer
            screen = offer(app)
            if screen is not None:
                app.push(screen)
                return
        app.menu(app)


def open_requested(app):
    """Begin the match App.start_after_reset asked for: its table, or the scorekeeper's
    totals; False when none was asked for. The request is dropped first, so it is carried out
    once at most (a power cut while the match starts, or a screen that fails, does not bring
    it back at every boot). While a match is open on flash the request is dropped unopened:
    the open match comes first (the boot offers to resume it)."""
    store = app.store
    request = store.load_state(START, None)
    if request is None:
        return False
    store.save_state(START, None)
    if store.open_id is not None:
        return False
    kind, match = request

    def begin(app):  # the match begun on flash: a KeptMatch, or the table's Session
        if kind == "keep":
            from deckapp.keep.stored import begin
        else:
            from deckapp.play.stored import begin
        return begin(app.store, match, app.device_id)

    if kind == "keep":  # the scorekeeper's totals
        from deckapp.keep.totals import TotalsScreen as screen
    else:
        from deckapp.play.table import TableScreen as screen
    app.open(screen, begin)
    return True
