"""The main menu: Play, Keep score, History, Settings, About. Each entry's screen is imported
when it is chosen, so only the screens in use take memory. Play takes the menu off the app's
stack: the set-up and the table run without it, and the shell opens the menu again when they
have gone (App.top). While a match is left open for later (the start-up's offer, B), Play
and Keep score offer it again instead. Keep score is the scorekeeper of a table that plays
with real cards (deckapp/keep/). When a screen opened from the menu closes, what it loaded
leaves memory with it (phases.left)."""

import sys

from micropython import const
from deckapp.form import FormScreen, Row
from deckui import font, widgets

_ENTRIES = const(("Play", "Keep score", "History", "Settings", "About"))


class MainMenu(FormScreen):
    title = "Deckmate"
    back_label = None  # the first screen: nothing to go back to

    def __init__(self):
        FormScreen.__init__(self, [Row(entry, press="Open") for entry in _ENTRIES], font.LARGE,
                            36, widgets.TOP + 8)
        self.loaded = list(sys.modules)  # what the menu needs

    def shown(self):
        """On top again: the screen opened from it has closed, and what it loaded (a set-up's
        game rules and options: 14 KB of Keep score's) goes too."""
        from deckapp import phases
        phases.left(self.loaded)
        FormScreen.shown(self)

    def softkeys(self):
        return {"press": "Open", "a": "Open"}

    def other_key(self, key):
        if key == "a":
            self.choose(self.row())

    def choose(self, row):
        if row.label in ("Play", "Keep score") and self.app.store.open_id is not None:
            offer_open_match(self.app)  # one match open at a time: it comes first
        elif row.label == "Play":
            self.app.pop()  # the menu leaves memory while a match is set up and played
            open_play_setup(self.app)
        elif row.label == "Keep score":
            from deckapp.keep.setup import KeepSetupScreen
            self.app.open(KeepSetupScreen)
        elif row.label == "History":
            from deckapp.history import HistoryScreen
            self.app.open(HistoryScreen)
        elif row.label == "Settings":
            from deckapp.settings_screen import SettingsScreen
            self.app.open(SettingsScreen)
        else:
            from deckapp.about import AboutScreen
            self.app.open(AboutScreen)


def offer_open_match(app):
    """The offer of the match left open for later (the boot's, deckapp/resume.py), instead of
    the menu (which leaves memory as for Play)."""
    from deckapp.resume import offer
    app.pop()
    screen = offer(app)
    if screen is None:
        app.open(MainMenu)
    else:
        app.push(screen)


def open_play_setup(app):
    """The match set-up screen of the game screens (deckapp/play/setup.py, `SetupScreen`)."""
    try:
        from deckapp.play.setup import SetupScreen
    except ImportError as error:
        if "setup" not in str(error):
            raise
        from deckapp.dialog import Dialog
        app.push(Dialog("Play", "The game screens are not part of this firmware image."))
        return
    app.open(SetupScreen)
