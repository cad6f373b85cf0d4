"""The user's settings: player names, brightness, bot pace and colours, kept in the store's
state file "settings" (store.save_state / load_state) so they survive a power cut.

    settings = Settings.load(store)     # defaults for anything missing or unreadable
    settings.names[0] = "Ada"; settings.save(store)

A value read from flash is kept only if it is of the kind a setting takes, so an old or
damaged file never puts the app in a state its screens cannot show.
"""

from deckui import theme

PLAYERS = 6  # names kept: the most seats a game has (Scioto with 6)
BRIGHTNESS_STEPS = (20, 40, 60, 80, 100)
# Bot pace: the pause after each bot move, so the table can follow the play.
BOT_PACES = (("fast", 0), ("normal", 700), ("slow", 1500))
NAME_LENGTH = 12
STATE_NAME = "settings"


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

    def to_dict(self):
        return {"names": self.names, "brightness": self.brightness, "bot_pace": self.bot_pace,
                "scheme": self.scheme, "four_colour": self.four_colour}

    @classmethod
    def from_dict(cls, saved):
        settings = cls()
        names = saved.get("names")
        if isinstance(names, list) and len(names) == PLAYERS and all(
                isinstance(name, str) and 0 < len(name) <= NAME_LENGTH for name in names):
            settings.names = names
        if saved.get("brightness") in BRIGHTNESS_STEPS:
            settings.brightness = saved["brightness"]
        if saved.get("bot_pace") in [name for name, _ in BOT_PACES]:
            settings.bot_pace = saved["bot_pace"]
        if saved.get("scheme") in theme.SCHEME_NAMES:
            settings.scheme = saved["scheme"]
        if isinstance(saved.get("four_colour"), bool):
            settings.four_colour = saved["four_colour"]
        return settings

    @classmethod
    def load(cls, store):
        saved = store.load_state(STATE_NAME, None) if store else None
        return cls.from_dict(saved if isinstance(saved, dict) else {})

    def save(self, store):
        if store:
            store.save_state(STATE_NAME, self.to_dict())
