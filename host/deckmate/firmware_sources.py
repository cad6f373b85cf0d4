"""Where the firmware's sources are, for everything on the host that builds, reads or runs
them (the image of `sim` and `deploy`, the board definitions, the report's card pictures, the
rules core under MicroPython): the `firmware/` folder of the clone deckmate runs from, else
the copy an installed deckmate carries as package data (`deckmate/firmware/`, the same files,
pyproject.toml's package-data).

    firmware_dir() -> the folder holding manifest.txt, main.py, boards/, deckcore/, ...
"""

import os

import deckcore

MANIFEST_NAME = "manifest.txt"
# the clone's firmware/ (deckcore is imported from there in a clone, editable or not)
CLONE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(deckcore.__file__)))
# the copy in an installed package (a wheel, pipx): deckmate/firmware/
PACKAGED_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "firmware")


def firmware_dir():
    """The folder of the firmware's sources: the clone's when deckmate runs from one, else the
    installed package's copy."""
    if os.path.isfile(os.path.join(CLONE_DIR, MANIFEST_NAME)):
        return CLONE_DIR
    return PACKAGED_DIR
