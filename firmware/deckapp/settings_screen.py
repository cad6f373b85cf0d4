"""Settings: the players' names (typed on the on-screen keyboard), brightness, the bots' pace
and the colours. Left and right change the value of the row under the cursor; the settings
are saved to flash when the screen is left."""

from deckapp.screen import Screen
from deckapp.settings import BOT_PACES, BRIGHTNESS_STEPS, NAME_LENGTH, PLAYERS
from deckhw.buttons import PRESS, REPEAT
from deckui import theme, widgets

# The rows after the names: (label, setting name, choices)
_CHOICES = (
    ("Brightness", "brightness", BRIGHTNESS_STEPS),
    ("Bot pace", "bot_pace", tuple(name for name, _ in BOT_PACES)),
    ("Colours", "scheme", theme.SCHEME_NAMES),
    ("Four-colour suits", "four_colour", (False, True)),
)


def _shown(value):
    if value is True:
        return "on"
    if value is False:
        return "off"
    if isinstance(value, int):
        return "%d%%" % value
    return value


class SettingsScreen(Screen):
    title = "Settings"

    def __init__(self):
        super().__init__()
        self.list = widgets.ListView([None] * (PLAYERS + len(_CHOICES)))
        self.edited = False

    def softkeys(self):
        if self.list.cursor < PLAYERS:
            return {"press": "Edit name", "b": "Back"}
        return {"press": "Change", "b": "Back"}

    def draw(self, canvas):
        settings = self.app.settings
        rows = [("Player %d" % (seat + 1), name) for seat, name in enumerate(settings.names)]
        for label, name, _ in _CHOICES:
            value = _shown(getattr(settings, name))
            if len(rows) == self.list.cursor:  # left and right change it
                value = "\u2190 " + value + " \u2192"
            rows.append((label, value))
        self.list.rows = rows
        self.list.draw(canvas)

    def key(self, key, kind):
        if kind not in (PRESS, REPEAT):
            return
        if self.list.answer(key, self):
            return
        if key == "b" and kind == PRESS:
            self.leave()
        elif self.list.cursor < PLAYERS:
            if key == "press" and kind == PRESS:
                self.edit_name(self.list.cursor)
        elif key in ("left", "right"):
            self.change(self.list.cursor - PLAYERS, -1 if key == "left" else 1, False)
        elif key == "press" and kind == PRESS:
            self.change(self.list.cursor - PLAYERS, 1, True)

    def leave(self):
        """Save what was changed, and go back; if the flash refuses, say so (the settings
        stay in use until the device is switched off)."""
        app = self.app
        app.pop()
        if self.edited:
            from deckapp.store import StoreError
            try:
                app.settings.save(app.store)
            except StoreError as error:
                from deckapp.dialog import Dialog
                app.push(Dialog("Settings not saved", str(error)))

    def edit_name(self, seat):
        def done(name):
            self.app.settings.names[seat] = name
            self.edited = True

        self.app.open("deckapp.text_entry", "TextEntry", "Player %d" % (seat + 1),
                      self.app.settings.names[seat], NAME_LENGTH, done)

    def change(self, row, step, wrap):
        """The next (step 1) or previous (-1) choice of a setting; at the ends it stops, or
        with `wrap` goes round to the other end."""
        _, name, choices = _CHOICES[row]
        settings = self.app.settings
        index = choices.index(getattr(settings, name)) + step
        if wrap:
            index %= len(choices)
        elif not 0 <= index < len(choices):
            return
        setattr(settings, name, choices[index])
        self.edited = True
        if name in ("brightness", "scheme", "four_colour"):
            self.app.apply_settings()
        self.changed()
