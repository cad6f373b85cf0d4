"""Deckmate rules core: the card games, their match bookkeeping and the log format.

Imported unchanged by CPython (the host tool) and MicroPython (the device), so it keeps to
the subset both share: no typing at run time, no dataclasses, no dict or set iteration where
order matters, no floats in rules or scores, no reliance on a stable sort.
"""

RULES_VERSION = "1.0"


class RulesError(Exception):
    """An illegal action or an invalid option. The message names the rule that is broken.
    (Here, not in game.py, so that the options and the checks raise it without the Game.)"""


try:  # `_NAME = const(...)`: the device's compiled modules hold no name for a private constant
    from micropython import const
except ImportError:  # CPython: the value itself
    def const(__value):  # (positional only, as MicroPython's)
        return __value

