"""The main menu: Play, Keep score, History, Settings, About. Each entry's screen is imported
when it is chosen, so only the screens in use take memory. Play takes the menu off the app's
stack: the set-up and the table run without it, and the shell opens the menu again when they
have gone (App.top). While a match is left open for later (the start-up's offer, B), Play
and Keep score offer it again instead. Keep score is the scorekeeper of a table that plays with real cards
(deckapp/keep/)."""

from micropython import const
from deckapp.form import FormScreen, Row
from deckui import font, widgets

_ENTRIES = const(("Play", "Keep score", "History", "Settings", "About"))
SCREENS = {"Keep score": ("keep.setup", "KeepSetupScreen"),
           "History": ("history", "HistoryScreen"),
           "Settings": ("settings_screen", "SettingsScreen"),
           "About": ("about", "AboutScreen")}


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
        if row.label in ("Play", "Keep score") and self.app.store.open_id is not None:
            offer_open_match(self.app)  # one match open at a time: it comes first
        elif row.label == "Play":
            self.app.pop()  # the menu leaves memory while a match is set up and played
            open_play_setup(self.app)
        else:
            module, name = SCREENS[row.label]
            self.app.open("deckapp." + module, name)


def offer_open_match(app):
    """The offer of the match left open for later (deckapp/play/resume.py), instead of the menu
    (which leaves memory as for Play); a dialog when this image has no game screens."""
    try:
        resume = __import__("deckapp.play.resume", None, None, ["push_offer"])
    except ImportError as error:
        if "resume" not in str(error):
            raise
        from deckapp.dialog import Dialog
        app.push(Dialog("Match in progress", "The game screens are not part of this "
                        "firmware image."))
        return
    app.pop()
    if not resume.push_offer(app):
        app.open("deckapp.menu", "MainMenu")


def open_play_setup(app):
    """The match set-up screen of the game screens (deckapp/play/setup.py, `SetupScreen`)."""
    try:
        app.open("deckapp.play.setup", "SetupScreen")
    except ImportError as error:
        if "setup" not in str(error):
            raise
        from deckapp.dialog import Dialog
        app.push(Dialog("Play", "The game screens are not part of this firmware image."))
