"""The main menu: Play, History, Settings, About. Each entry's screen is imported when it is
chosen, so only the screens in use take memory. Play takes the menu off the app's stack: the
set-up and the table run without it, and the shell opens the menu again when they have gone
(App.top). (Keeping score for a table that plays with real cards is a later issue: it gets
its entry when it exists.)"""

from micropython import const
from deckapp.form import FormScreen, Row
from deckui import font, widgets

_ENTRIES = const(("Play", "History", "Settings", "About"))
SCREENS = {"History": "history", "Settings": "settings_screen", "About": "about"}


class MainMenu(FormScreen):
    title = "Deckmate"
    back_label = None  # the first screen: nothing to go back to

    def __init__(self):
        FormScreen.__init__(self, [Row(entry, press="Open") for entry in _ENTRIES], font.LARGE,
                            36, widgets.TOP + 8)

    def softkeys(self):
        return {"press": "Open", "a": "Open"}

    def other_key(self, key):
        if key == "a":
            self.choose(self.row())

    def choose(self, row):
        if row.label == "Play":
            self.app.pop()  # the menu leaves memory while a match is set up and played
            open_play_setup(self.app)
        else:
            self.app.open("deckapp." + SCREENS[row.label], row.label + "Screen")


def open_play_setup(app):
    """The match set-up screen of the game screens (deckapp/play/setup.py, `SetupScreen`)."""
    try:
        app.open("deckapp.play.setup", "SetupScreen")
    except ImportError as error:
        if "setup" not in str(error):
            raise
        from deckapp.dialog import Dialog
        app.push(Dialog("Play", "The game screens are not part of this firmware image."))
