"""What is loaded when: the one place that decides which modules stay in memory.

On the device a whole match has 192 KB of heap (docs/budgets.md), so code is loaded for the
phase that needs it and unloaded after it. The phases of the app and what each holds:

    the menu        what the boot left loaded (the shell's App.kept: the shell, the boot
                    screen, the cards' pictures); a match ends with a soft reset back to
                    it, a fault unloads everything else (`unload_since`)
    a person's turn the table, its drawing (`_table_drawing`: the table's and the game's
                    own) and the game's rules; no bot's code
    a bot's think   the table and the rules without their drawing (`release_table_drawing`),
                    and the bot's modules for the decision (`Think`); a screen the app's
                    service opens meanwhile stays loaded after it (`serve_beside`)
    a sync          the link's requests, loaded for one request and its answer
                    (`release_sync`)

and the helpers every phase uses:

    with Visit(): ...                    the imports of a block loaded for it only
    call_unloaded(module, name, *args)   the same for one call named by strings (being replaced
                                         by Visit: issue 44)
    unload(module)                       forget one module
    keep_loaded(module)                  past the think: a native module, loaded once a match

On the host (CPython) nothing is unloaded within a think or after a call: the heap does not
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


def unload_since(loaded):
    """Forget every module whose name is not in `loaded` (names)."""
    for module in [name for name in sys.modules if name not in loaded]:
        unload(module)


def call_unloaded(module, name, *args):
    """Call the function `name` of `module` with `args`, the module imported for the call. On
    the device it is unloaded after it with every module it imported: code needed at one
    moment (options at set-up, a refused action's reason, a logged deal's check, a bot's
    bidding rules or its worlds) takes no heap the rest of the time. Within a Think it stays
    loaded until the think ends."""
    if sys.implementation.name != "micropython" or _thinks:
        return getattr(__import__(module, None, None, [name]), name)(*args)
    loaded = list(sys.modules)
    try:
        return getattr(__import__(module, None, None, [name]), name)(*args)
    finally:
        unload_since(loaded)


class Visit:
    """`with Visit():` the modules imported in the block are loaded for it only: on the device
    they (and every module they imported) are unloaded when it ends, as `call_unloaded` does,
    but with imports that tools can follow:

        with Visit():
            from deckcore.games import droggn_worlds
            return droggn_worlds.determinize(view, rng)

    Within a Think they stay loaded until the think ends; on the host nothing is unloaded."""

    def __enter__(self):
        self.loaded = (list(sys.modules) if sys.implementation.name == "micropython"
                       and not _thinks else None)

    def __exit__(self, *exception):
        if self.loaded is not None:
            unload_since(self.loaded)


class Think:
    """`with Think():` a bot's decision, whose modules (and those call_unloaded imports) are
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


def serve_beside(service, *args):
    """Call `service(*args)` (the app's keys, drawing and serial link) during a think as if
    outside it: the modules it loads (a screen opened over the table) stay after the think,
    so that the screen keeps the one class its module has. It runs every few milliseconds
    of a think, at the search's peak of heap: it notes the modules the think itself loaded
    only when the loaded modules have changed since it last did (a copy of every name at
    each call, about 500 bytes, cut the search's room into pieces: docs/budgets.md)."""
    if not _thinks or _thinks[-1] is None:
        return service(*args)
    started = _thinks[-1]
    names_sum = _names_sum()
    if _served[0] != names_sum:
        _served[0] = names_sum
        _served[1] = [name for name in sys.modules if name not in started]
    try:
        return service(*args)
    finally:
        if _served[0] != _names_sum():
            for name in sys.modules:
                if name not in started and name not in _served[1]:
                    for loaded in _thinks:
                        loaded.append(name)


_served = [0, []]  # serve_beside's note: (_names_sum() then, the modules the think loaded)


def _names_sum():
    """A sum over the names of the loaded modules that changes when one comes or goes
    (allocates nothing: the hashes of interned names are small ints; never 0)."""
    total = len(sys.modules)
    for name in sys.modules:
        total += hash(name)
    return total


def _table_drawing(game=None):
    """The code no bot's think needs: the table's drawing (with the cards' pictures, which the
    boot screen loaded), the person's choices and their words, the hand's summary, the saved
    state and the log's lines (the Session loads deckcore.log for each line it writes); with
    the game's show module (Game.show(): games/<game>_show.py) for one game only (its names
    are not interned in the others'), the game called `game`, or every game's with what they
    import (the tarot games' shared part, SCOUT's picker). A module the play screens import
    late belongs here."""
    from deckcore.games import NAMES
    modules = ["deckapp.play.layout", "deckapp.play.choices", "deckapp.play.words",
               "deckapp.play.summary", "deckcore.explain", "deckapp.play.textpage",
               "deckapp.play.stored", "deckcore.log", "deckui.cards"]
    if game is None:
        modules += ["deckcore.games.tarot_show", "deckcore.games.scout_pick"]
    for name in NAMES:
        if game in (None, name):
            modules.append("deckcore.games.%s_show" % name)
    return modules


def release_table_drawing():
    """Before a bot's think (the heap's peak), and when the table is on top again (what the
    screens over it loaded goes too): the table's drawing leaves memory; it is imported
    again when the table is drawn."""
    for module in _table_drawing():
        unload(module)


def intern_table_drawing(game):
    """At the start of a match of `game`: each module of the table's drawing is imported once
    and let go at once, one at a time (not all held together). An import interns the
    module's names, and when the pool of names is full the next pool is one block twice the
    size of the last (1280 names, about 14 KB on the 64-bit port), which a heap fragmented by
    a bot's think may not have in one piece. Imported again later, a module needs only room
    for its code."""
    for module in _table_drawing(game):
        __import__(module)
        unload(module)


def release_sync():
    """After a sync's session: the link's requests, the frames of a streamed answer and the
    crash record it read leave memory."""
    for module in ("deckapp.sync_requests", "decklink.frame", "deckapp.crash"):
        unload(module)
