"""What is loaded when: the app's phases and what each keeps, the one table (the mechanism,
Visit, Think and unloading, is deckcore/residency.py). On the device a whole match has 192 KB
of heap (docs/budgets.md): code is loaded for the phase that needs it and let go after it.

    phase             keeps                                     lets go when it ends
    the menu          what the boot left loaded (App.kept: the  every module since (a match
                      shell, the store, the settings, the boot  ends with a soft reset; a
                      screen's cards); a screen opened from it  fault: unload_since); a screen's
                      while it is open                          module when it closes (close)
    a person's turn   the table, its drawing (_TABLE_DRAWING    the drawing, at a bot's think
                      and the game's show module) and the       and when the table is on top
                      game's rules                              again (release_table_drawing)
    a bot's think     the table and the rules, the bot's        the bot's modules (Think); a
                      modules (residency.Think)                 screen the service opened
                                                                stays (serve_beside)
    a sync            the link's requests (_SYNC) and the       all of them, when the link is
                      store's modules (_STORE_CALLS), for a     quiet or a bot thinks
                      session of requests                       (release_sync)
    the scorekeeper   the totals, the game's entry rules; the   the replay, once the match is
                      replay only while it resumes              resumed (resumed)
    a store's call    _STORE_CALLS, for the call                them, unless a sync holds
                                                                them (release)
    a set-up          one game's options at a time              the others (forget_games)
    a resume          the offer (deckapp/resume.py)             all but App.kept, before the
                                                                replay (unload_since)
    a screen opened   the screen, what it loaded (a set-up:     all but the menu's (and a
    from the menu     the game's rules and options)             sync's), at the menu (left)

(The function names are short or shared with others': on a match's path every name this
module holds is interned, and a Droggn match is a few names under a new pool, docs/budgets.md.)
Every other module a moment needs is loaded for it only, with `with Visit():` around its
import at the place that needs it (settings_file, crash, checks, a game's options for the
help page).
This is the only module of the app that unloads modules by name.
"""

import sys

from deckcore import const
from deckcore.residency import unload

# The code no bot's think needs: the table's drawing (with the cards' pictures, which the boot
# screen loaded), the person's choices in words, the hand's summary, the saved state
# and the log's lines (the Session loads deckcore.log for each line it writes); and the game's
# show module (deckcore.games.show_of: games/<game>_show.py) for one game only (its names are not
# interned in the others'), or every game's with what they import (SCOUT's picker; the tarot
# games' take theirs from the rules, games/tarot.py). A module the play screens import late
# belongs here.
_TABLE_DRAWING = const(("deckapp.play.layout", "deckapp.play.choices", "deckapp.play.summary",
                        "deckcore.explain", "deckapp.play.textpage", "deckapp.play.stored",
                        "deckcore.log", "deckui.cards"))
_SHOWS_IMPORT = const(("deckcore.games.scout_pick",))
# A sync's session: the link's requests, the frames of a streamed answer
_SYNC = const(("deckapp.sync_requests", "decklink.frame"))
# What a store's call loads (deckapp.store_base stays, with the store)
_STORE_CALLS = const(("deckapp.store_games", "deckapp.store_acks", "deckapp.store_repair",
                     "deckapp.checked_file", "decklink.checked"))
# What a resume's replay loads (8 KB of code the match needs no more once it is resumed)
_REPLAY = const(("deckcore.keep_replay", "deckcore.replay"))


def _table_drawing(game=None):
    """The modules of the table's drawing for the game called `game`, or for every game."""
    from deckcore.games import NAMES
    modules = list(_TABLE_DRAWING)
    if game is None:
        modules += _SHOWS_IMPORT
    for name in NAMES:
        if game in (None, name):
            modules.append("deckcore.games.%s_show" % name)
    return modules


def release_table_drawing():
    """A person's turn ends: before a bot's think (the heap's peak), and when the table is on
    top again (what the screens over it loaded goes too), the table's drawing leaves memory;
    it is imported again when the table is drawn."""
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
    """After a sync's session: the link's requests and the frames of a streamed answer leave
    memory (the store's too: the link's Store.release)."""
    for module in _SYNC:
        unload(module)


def release():
    """After a store's call (or a session of them, Store.release): the modules it loaded
    leave memory."""
    for module in _STORE_CALLS:
        unload(module)


def resumed():
    """A match resumed (played or score-kept): the replay's code leaves memory."""
    for module in _REPLAY:
        unload(module)


def forget_games(games):
    """A set-up: the rules and options of the games named leave memory (the next `load` or
    `options_of` imports the one needed; the scorekeeper's checks a match's options with the
    game it keeps, deckcore.keep.game_class: Droggn's is deckcore.games.droggn_game)."""
    for game in games:
        unload("deckcore.games." + game)
        unload("deckcore.games.%s_game" % game)
        unload("deckcore.games.%s_options" % game)


def left(kept):
    """The main menu again without a reset (a screen opened from it closed, the match
    set-up's Back): what that screen loaded (a game's rules and options, the session's
    seats, the match: 20 KB on a board) leaves memory as a reset would let it go, every
    module not in `kept` (App.kept, the boot's, or the menu's own) but a sync's and the
    store's calls, which a session in progress holds (release_sync, release)."""
    for module in [name for name in sys.modules if name not in kept and name not in _SYNC
                   and name not in _STORE_CALLS]:
        unload(module)


def close(module):
    """The last screen opened from `module` (its name) has closed: it leaves memory."""
    unload(module)
