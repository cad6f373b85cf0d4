"""Settings: the players' names (typed on the on-screen keyboard), brightness, the bots' pace
and the colours. Left and right change the value of the row under the cursor (the centre
key steps it round); the settings are saved to flash when the screen is left."""

from deckapp.form import Choice, FormScreen, Row
from deckapp.settings import BOT_PACES, BRIGHTNESS_STEPS, NAME_LENGTH, PLAYERS
from deckcore.residency import Visit
from deckui import theme

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


class SettingsScreen(FormScreen):
    title = "Settings"
    arrows = True

    def __init__(self):
        FormScreen.__init__(self, [])
        self.edited_any = False

    def shown(self):
        if not self.rows:  # first shown: the app's settings are known
            settings = self.app.settings
            self.rows = [Row("Player %d" % (seat + 1), name, press="Edit name", name=seat)
                         for seat, name in enumerate(settings.names)]
            for label, name, choices in _CHOICES:
                self.rows.append(Choice(label, choices, getattr(settings, name), _shown,
                                        False, "Change", name))
        FormScreen.shown(self)

    def choose(self, row):
        if isinstance(row, Choice):
            self.change(self.list.cursor, 1, True)
        else:
            self.edit_name(row.name)

    def edited(self, row):
        setattr(self.app.settings, row.name, row.value)
        self.edited_any = True
        if row.name in ("brightness", "scheme", "four_colour"):
            self.app.apply_settings()

    def back(self):
        """Save what was changed, and go back; if the flash refuses, say so (the settings
        stay in use until the device is switched off)."""
        app = self.app
        app.pop()
        if self.edited_any:
            from deckapp.store import StoreError
            try:
                with Visit():
                    from deckapp import settings_file
                    settings_file.save(app.settings, app.store)
            except StoreError as error:
                from deckapp.dialog import Dialog
                app.push(Dialog("Settings not saved", str(error)))

    def edit_name(self, seat):
        def done(name):
            self.app.settings.names[seat] = name
            self.rows[seat].value = name
            self.edited_any = True
            self.changed()

        from deckapp.text_entry import TextEntry
        self.app.open(TextEntry, "Player %d" % (seat + 1), self.app.settings.names[seat],
                      NAME_LENGTH, done)
