"""The device's app: the shell, its screens and the play screens (docs/architecture.md)."""

import sys


def unload(module):
    """Forget the module named `module` (dotted), so that its code leaves memory once nothing
    else refers to it; the next import loads it again."""
    package, _, child = module.rpartition(".")
    sys.modules.pop(module, None)
    parent = sys.modules.get(package)
    if parent is not None and hasattr(parent, child):
        delattr(parent, child)
