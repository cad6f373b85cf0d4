"""What is loaded when: the mechanism. On the device a whole match has 192 KB of heap
(docs/budgets.md), so code is loaded for the moment that needs it and unloaded after it. The
app's phases (the menu, a person's turn, a bot's think, a sync, the scorekeeper) and what each
keeps are one table in the app (its `phases` module); the core names no module of the app.

    with Visit(): ...                    the imports of a block loaded for it only
    with Think(): ...                    a bot's decision: what it imports, loaded once for it
    keep_loaded(module)                  past the think: a native module, loaded once a match
    let_go(module)                       forget a module the caller imported (an object)
    serve_beside(service, now_ms)        the app's service during a think, as if outside it
    unload_since(loaded)                 forget every module loaded since (the app's phases)

On the host (CPython) nothing is unloaded within a think or after a block: the heap does not
matter there, and importing again for every call made the bots several times slower. What is
called and what it returns are the same on both.
"""

import sys

_thinks = []  # the modules loaded when each Think began, the innermost last (None on the host)


def unload(module):
    """Forget the module named `module` (dotted), so that its code leaves memory once nothing
    else refers to it; the next import loads it again."""
    package, _, child = module.rpartition(".")
    sys.modules.pop(module, None)
    parent = sys.modules.get(package)
    if parent is not None and child in parent.__dict__:  # (hasattr would intern the name)
        delattr(parent, child)


def let_go(module):
    """Forget `module`, a module the caller imported and needs no more (its objects keep
    what they use of it)."""
    unload(module.__name__)


def unload_since(loaded):
    """Forget every module whose name is not in `loaded` (names)."""
    for module in [name for name in sys.modules if name not in loaded]:
        unload(module)


class Visit:
    """`with Visit():` the modules imported in the block are loaded for it only: on the device
    they (and every module they imported) are unloaded when it ends, with imports that tools
    can follow:

        with Visit():
            from deckcore.games import droggn_worlds
            return droggn_worlds.determinize(view, rng)

    Within a Think they stay loaded until the think ends (but not within the app's service
    during it, serve_beside); on the host nothing is unloaded."""

    def __enter__(self):
        self.loaded = (list(sys.modules) if sys.implementation.name == "micropython"
                       and (not _thinks or _served[2]) else None)

    def __exit__(self, *exception):
        if self.loaded is not None:
            unload_since(self.loaded)


class Think:
    """`with Think():` a bot's decision, whose modules (and those its Visits import) are
    loaded once for the whole of it, not once per call, and on the device unloaded when it
    ends: the modules the think imported, not those the app's service loaded meanwhile
    (`serve_beside`)."""

    def __enter__(self):
        _thinks.append(list(sys.modules) if sys.implementation.name == "micropython" else None)
        _served[0] = 0  # (serve_beside notes this think's own modules afresh)

    def __exit__(self, *exception):
        loaded = _thinks.pop()
        if loaded is not None:
            unload_since(loaded)


def keep_loaded(module):
    """Keep the module named `module` (loaded) after the thinks now running end, for the rest
    of the match: a native module, whose every load takes heap MicroPython does not give back
    (on the unix port a little; on a board likely its code)."""
    for loaded in _thinks:
        if loaded is not None and module not in loaded:
            loaded.append(module)


def serve_beside(service, now_ms):
    """Call `service(now_ms)` (the app's keys, drawing and serial link) during a think as if
    outside it: the modules it loads (a screen opened over the table) stay after the think,
    so that the screen keeps the one class its module has. It runs every few milliseconds
    of a think, at the search's peak of heap: it notes the modules the think itself loaded
    only when the loaded modules have changed since it last did (a copy of every name at
    each call, about 500 bytes, cut the search's room into pieces: docs/budgets.md), and
    takes no tuple of arguments: how many times it runs hangs on the clock, and so would
    the think's heap on the garbage it leaves."""
    if not _thinks or _thinks[-1] is None:
        return service(now_ms)
    started = _thinks[-1]
    names_sum = _names_sum()
    if _served[0] != names_sum:
        _served[0] = names_sum
        _served[1] = [name for name in sys.modules if name not in started]
    _served[2] = True
    try:
        return service(now_ms)
    finally:
        _served[2] = False
        if _served[0] != _names_sum():
            for name in sys.modules:
                if name not in started and name not in _served[1]:
                    for loaded in _thinks:
                        loaded.append(name)


# serve_beside's note: (_names_sum() then, the modules the think loaded, whether it is serving)
_served = [0, [], False]


def _names_sum():
    """A sum over the names of the loaded modules that changes when one comes or goes
    (allocates nothing: the hashes of interned names are small ints; never 0)."""
    total = len(sys.modules)
    for name in sys.modules:
        total += hash(name)
    return total
