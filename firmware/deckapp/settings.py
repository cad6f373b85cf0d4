"""The user's settings: player names, brightness, bot pace and colours, kept in the store's
state file "settings" (store.save_state / load_state) so they survive a power cut.

    settings = settings_file.load(Settings(), store)   # (deckapp/settings_file.py: the
    settings.names[0] = "Ada"                          # defaults for anything missing or
    settings_file.save(settings, store)                # unreadable)

Reading and writing them is in deckapp/settings_file.py, loaded for the call (`with Visit()`).
"""

from deckui import theme

PLAYERS = 6  # names kept: the most seats a game has (Scioto with 6)
BRIGHTNESS_STEPS = (20, 40, 60, 80, 100)
# Bot pace: the pause after each bot move, so the table can follow the play.
BOT_PACES = (("fast", 0), ("normal", 700), ("slow", 1500))
NAME_LENGTH = 12


class Settings:
    def __init__(self):
        self.names = ["You"] + ["Player %d" % seat for seat in range(2, PLAYERS + 1)]
        self.brightness = 80
        self.bot_pace = "normal"
        self.scheme = theme.SCHEME_NAMES[0]
        self.four_colour = False

    def bot_pause_ms(self):
        for name, pause in BOT_PACES:
            if name == self.bot_pace:
                return pause
        return 0
