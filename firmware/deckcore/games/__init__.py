"""The registry of games. Modules are imported on first use to keep the device heap small."""

NAMES = ("scioto", "scarto", "scout", "droggn", "chambery")
TITLES = {"scioto": "Scioto", "scarto": "Scarto", "scout": "SCOUT", "droggn": "Droggn",
          "chambery": "Chamb\u00e9ry Tarot"}  # the names people read


def load(name):
    """The Game class of the game called `name`, or None if there is no such game."""
    if name not in NAMES:
        return None
    module = __import__("deckcore.games." + name, None, None, ["GAME_CLASS"])
    return module.GAME_CLASS
