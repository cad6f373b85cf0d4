"""A native module (viper code compiled for the board's architecture) loaded for a bot: the
loader that SCOUT's playout step (bots/scout.py, NativeStep) and 2-player Scioto's search
(bots/scioto_endgame.py) share. It is a module of its own, not a part of deckcore.residency,
which every screen keeps loaded: its code is in the heap only while a bot that may use
native code is.
"""

import sys

from deckcore.residency import keep_loaded, let_go


def load(name, importer):
    """The module named `name` as native code, kept loaded for the rest of the match
    (residency.keep_loaded), or None where the image has no native module for this
    architecture or runs its source as bytecode (CPython too: its `probe()` raises there,
    and it is let go). `importer()` imports it, an import tools can follow. Once loaded it
    stays: each load of native code takes heap for good."""
    module = sys.modules.get(name)
    if module is None:
        try:
            importer()
            module = sys.modules[name]
            module.probe()
        except (ImportError, ValueError, NameError):
            module = sys.modules.get(name)
            if module is not None:  # (loaded, but not native code here)
                let_go(module)
            return None
        keep_loaded(name)
    return module
