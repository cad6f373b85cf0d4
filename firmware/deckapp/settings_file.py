"""The settings on flash: read from and written to the store's state file "settings". The app
imports this module for the call (at start, deckapp/shell.py; when the Settings screen is left)
within `with Visit():`, so it takes no heap while a game is played.

A value read from flash is kept only if it is of the kind a setting takes, so an old or
damaged file never puts the app in a state its screens cannot show."""

from micropython import const
from deckapp.settings import BOT_PACES, BRIGHTNESS_STEPS, NAME_LENGTH, PLAYERS
from deckui import theme

_STATE_NAME = const("settings")


def load(settings, store):
    """Put on `settings` (the defaults) what the store holds of the right kind."""
    saved = store.load_state(_STATE_NAME, None) if store else None
    if not isinstance(saved, dict):
        return settings
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


def save(settings, store):
    if store:
        store.save_state(_STATE_NAME, {"names": settings.names, "brightness": settings.brightness,
                                      "bot_pace": settings.bot_pace, "scheme": settings.scheme,
                                      "four_colour": settings.four_colour})
