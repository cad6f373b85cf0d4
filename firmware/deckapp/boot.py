"""The boot screen: the name and version while the store checks the flash, then the main menu
(and the offer to resume a match left open). If the check repaired something (a power cut may
have cut a log short or left a half-written file), the boot screen says what, and waits for A."""

from deckapp.screen import Screen
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
        """The boot screen gives way to the screen asked for before a reset (App.open_requested:
        the match the set-up started), or to the offer to resume a match a power cut left
        open (the game screens' deckapp/play/resume.py, when the image has them; not imported
        when no game is open: its names would be interned for good), or to the main menu."""
        app = self.app
        app.pop()
        if app.open_requested():
            return
        if app.store.open_id is not None:
            try:
                resume = __import__("deckapp.play.resume", None, None, ["offer"])
            except ImportError as error:
                if "resume" not in str(error):
                    raise
            else:
                if resume.push_offer(app):
                    return
        app.open("deckapp.menu", "MainMenu")
