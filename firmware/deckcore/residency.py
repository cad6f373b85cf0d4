"""What is loaded when: the one place that decides which modules stay in memory.

On the device the heap of a whole match is 192 KB (docs/budgets.md), so code is loaded for
the phase that needs it and unloaded after it. The phases of the app and what each keeps:

    menu           the modules loaded when the boot screen opened (`mark_booted`);
                   `unload_since_boot` unloads every other (a match's, a screen's)
    a person's     the table, its drawing (TABLE_DRAWING, GAME_DRAWING) and the game's
      turn         rules; no bot's module: a bot's code is loaded for its decision only
    a bot's think  the table and the rules without their drawing (`release_table_drawing`),
                   with the bot's modules for the decision (`Think`); what the app's service
                   loads meanwhile (a screen opened over the table) is not the think's
    a sync         SYNC: the requests' modules, for one request or one answer's frames

    call_unloaded(module, name, *args)   import for this call: loaded for the call only
    unload(module)                       forget one module

On the host (CPython) nothing is unloaded within a think or after a call: the heap does not
matter there, and importing again for every call made the bots several times slower. The
behaviour (what is called, what it returns) is the same on both.
"""

import sys

_DEVICE = sys.implementation.name == "micropython"

# The code no bot's think needs: the table's drawing (with the cards' pictures, which the boot
# screen loaded), the person's choices, the hand's summary, the saved state and the log's lines
# (the Session loads deckcore.log for each line it writes). Each is imported when used and
# released before every think (the heap's peak). A module the play screens import late
# belongs here.
TABLE_DRAWING = ("deckapp.play.layout", "deckapp.play.choices", "deckapp.play.summary",
                 "deckcore.explain", "deckapp.play.textpage", "deckapp.play.stored",
                 "deckcore.log", "deckui.cards")
# Loaded for one game only (its names are not interned in the others'); released too:
# SCOUT's picker imports SCOUT's rules, the contract's pictures are Chambéry's and Droggn's.
GAME_DRAWING = (("scout", "deckapp.play.scout_pick"), ("chambery", "deckapp.play.contract"),
                ("droggn", "deckapp.play.contract"))
# A sync's request: its answers, and the frames of a streamed answer.
SYNC = ("deckapp.sync_requests", "decklink.frame", "deckapp.crash")  # (hello: the last error)

_booted = []  # the menu's modules: those loaded when the boot screen opened
_thinks = []  # the modules loaded when each Think began, the innermost last (None on the host)


def unload(module):
    """Forget the module named `module` (dotted), so that its code leaves memory once nothing
    else refers to it; the next import loads it again."""
    package, _, child = module.rpartition(".")
    sys.modules.pop(module, None)
    parent = sys.modules.get(package)
    if parent is not None and hasattr(parent, child):
        delattr(parent, child)


def _unload_since(loaded):
    """Forget every module whose name is not in `loaded`."""
    for module in [name for name in sys.modules if name not in loaded]:
        unload(module)


def call_unloaded(module, name, *args):
    """Call the function `name` of `module` with `args`, the module imported for the call. On
    the device it is unloaded after it with every module it imported: code needed at one
    moment (options at set-up, a refused action's reason, a logged deal's check, a bot's
    bidding rules or its worlds) takes no heap the rest of the time. Within a Think it stays
    loaded until the think ends."""
    if not _DEVICE or _thinks:
        return getattr(__import__(module, None, None, [name]), name)(*args)
    loaded = list(sys.modules)
    try:
        return getattr(__import__(module, None, None, [name]), name)(*args)
    finally:
        _unload_since(loaded)


class Think:
    """`with Think():` a bot's decision, whose modules (and those call_unloaded imports) are
    loaded once for the whole of it, not once per call, and on the device unloaded when it
    ends: the modules the think imported, not those the app's service loaded meanwhile
    (`serve_beside`)."""

    def __enter__(self):
        _thinks.append(list(sys.modules) if _DEVICE else None)

    def __exit__(self, *exception):
        loaded = _thinks.pop()
        if loaded is not None:
            _unload_since(loaded)


def serve_beside(service, *args):
    """Call `service(*args)` (the app's keys, drawing and serial link) during a think as if
    outside it: the modules it loads (a screen opened over the table) stay after the think."""
    if not _thinks or _thinks[-1] is None:
        return service(*args)
    before = list(sys.modules)
    try:
        return service(*args)
    finally:
        for name in sys.modules:
            if name not in before:
                for loaded in _thinks:
                    loaded.append(name)


def mark_booted():
    """The modules loaded now (the boot screen's, the shell's) are the menu's."""
    _booted[:] = list(sys.modules)


def unload_since_boot():
    """Every module loaded since `mark_booted` leaves memory (a match's rules, bots and
    screens; the resume offer's): before the main menu opens, it comes back to the heap it
    had after the boot."""
    _unload_since(_booted)


def release_table_drawing():
    """Before a bot's think (the heap's peak), and when the table is on top again (what the
    screens over it loaded goes too): the table's drawing leaves memory; it is imported
    again when the table is drawn."""
    for module in TABLE_DRAWING:
        unload(module)
    for _, module in GAME_DRAWING:
        unload(module)
