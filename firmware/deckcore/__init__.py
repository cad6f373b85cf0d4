"""Deckmate rules core: the card games, their match bookkeeping and the log format.

Imported unchanged by CPython (the host tool) and MicroPython (the device), so it keeps to
the subset both share: no typing at run time, no dataclasses, no dict or set iteration where
order matters, no floats in rules or scores, no reliance on a stable sort.
"""

RULES_VERSION = "1.0"


def unload(name):
    """Take the module called `name` out of memory: out of sys.modules and of its package.
    (On MicroPython a loaded module keeps every constant of its code, such as the bytes a
    table was made from, for as long as it stays loaded; what it made lives on where kept.)"""
    import sys
    sys.modules.pop(name, None)
    package, _, child = name.rpartition(".")
    if package in sys.modules and hasattr(sys.modules[package], child):
        delattr(sys.modules[package], child)
