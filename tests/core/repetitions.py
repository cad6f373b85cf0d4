"""Which Python runs the core tests, and how many repetitions a long test gets there."""

import sys

ON_MICROPYTHON = sys.implementation.name == "micropython"


def scaled(count, micropython=None):
    """`count` repetitions under CPython; under MicroPython, which runs the same code about
    ten times slower, `micropython` of them (by default a tenth, at least one)."""
    if not ON_MICROPYTHON:
        return count
    return max(1, count // 10) if micropython is None else micropython
