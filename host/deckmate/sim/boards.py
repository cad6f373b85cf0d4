"""What the host needs to know of a board definition (firmware/boards/NAME.py): its panel,
the wires the panel listens on, and which GPIO each key pulls low. Read from the module's
source, where these are plain literals (boards/__init__.py), so the host never imports it."""

import ast
import os

from deckmate.firmware_sources import firmware_dir

BOARDS_DIR = os.path.join(firmware_dir(), "boards")
FIELDS = ("NAME", "TITLE", "PANEL", "MADCTL", "COLUMN_OFFSET", "ROW_OFFSET",
          "SPI_ID", "SCK", "MOSI", "CS", "DC", "RST", "BACKLIGHT", "KEYS")


class BoardDefinition:
    def __init__(self, fields):
        for name in FIELDS:
            setattr(self, name.lower(), fields[name])


PAGE_BOARDS = ("browser",)  # boards with no pins: a web page is their hardware (deckmate web)


def board_names():
    """The board definitions of boards with pins beside the firmware, which the simulator
    runs and a deploy writes (none where only deckcore is installed)."""
    if not os.path.isdir(BOARDS_DIR):
        return []
    return sorted(name[:-3] for name in os.listdir(BOARDS_DIR)
                  if name.endswith(".py") and name != "__init__.py"
                  and name[:-3] not in PAGE_BOARDS)


def checked_board(name):
    """`name` if it is one of board_names(), else UsageError listing them (with "did you
    mean")."""
    from deckmate.errors import UsageError
    from deckmate.names import did_you_mean
    names = board_names()
    if name not in names:
        raise UsageError("no board definition %r; the boards are %s%s" % (
            name, ", ".join(names) or "none (reinstall deckmate)", did_you_mean(name, names)))
    return name


def read_board(name):
    path = os.path.join(BOARDS_DIR, name + ".py")
    with open(path) as handle:
        tree = ast.parse(handle.read(), path)
    fields = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id in FIELDS:
            fields[node.targets[0].id] = ast.literal_eval(node.value)
    missing = [name for name in FIELDS if name not in fields]
    if missing:
        raise ValueError("%s lacks %s" % (path, ", ".join(missing)))
    return BoardDefinition(fields)
