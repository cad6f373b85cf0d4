"""A scorekept match kept on flash through the log store: begun, written hand by hand,
resumed after a power cut, finished or abandoned.

The log is the match (docs/log-format.md, scorekept games): every committed hand, undo and
correction is one line, written and flushed before the screen shows it as done. Beside it,
the state file `keep-draft` holds the hand being entered (the entry so far), so that a power
cut in the middle of an entry brings the form back as it was."""

import gc
import json

from micropython import const

from deckapp.store import StoreError
from deckcore.keep import Keeper, game_class, rules_of
from deckcore.games import hand_word

DRAFT = "keep-draft"
_FILE_ROOM = const(1200)  # what LittleFS allocates to open a file (as deckapp/shell.py's)


class KeptMatch:
    """The match being scored: its Keeper, the players' names and the open log."""

    def __init__(self, keeper, names, game_log, store):
        self.keeper = keeper
        self.game = keeper.game
        # The game's entry rules stay loaded while the match is scored (deckcore.keep.ask
        # would load them for each call, and the form asks at every key).
        self.rules = rules_of(self.game)
        self.hand_word = hand_word(self.game.NAME)
        self.hand_title = self.hand_word[:1].upper() + self.hand_word[1:]  # "Round", "Hand"
        self.names = names
        self.game_log = game_log
        self.store = store
        self.drafted = True  # a draft may be on flash (each look at it opens a file)
        self.room = None  # a piece of heap kept free for the next file the store opens
        self._keep_room()

    @property
    def match(self):
        return self.keeper.match

    def add(self, entry):
        """Commit the next hand; on a flash error nothing changes (StoreError is raised)."""
        self._write(self.keeper.add, entry)

    def correct(self, number, entry):
        self._write(self.keeper.correct, number, entry)

    def undo(self):
        self._write(self.keeper.undo)

    def _write(self, change, *args):
        """Make a change to the Keeper and log its line; if the line cannot be written the
        change is taken back and the error raised: the screen shows what the log holds. The
        change is made in the store's call, with the room for its file let go: a correction
        scores every hand again, and its line is the largest piece it makes."""
        self._on_flash(self._change, change, args)

    def _change(self, change, args):
        hands = list(self.keeper.hands)
        self._log(change(*args), hands)

    def _log(self, line, hands):
        """Append `line` (else put back `hands` and raise), then drop the draft it commits
        (its file removed: no file opened, Store.save_state), in one collected heap. A draft
        the flash keeps is a StoreError raised with the line committed (_drop)."""
        try:
            self.game_log.append(line)
        except Exception:
            self.keeper.count(hands)
            raise
        self._drop()

    def _on_flash(self, call, *args):
        """A store call that may open a file: LittleFS then needs _FILE_ROOM bytes in one
        piece, which a heap fragmented by the entry form may not have; the piece kept free
        for it is let go, with the heap collected, just before."""
        self.room = None
        gc.collect()
        try:
            return call(*args)
        finally:
            self._keep_room()

    def _keep_room(self):
        try:
            self.room = bytearray(_FILE_ROOM)
        except MemoryError:  # taken again at the next call when there is room
            self.room = None

    def close(self, reason):
        """Write the end record (`reason`: "completed", "stopped" or "abandoned"; a match
        over ends completed: deckcore.keep.Keeper.end) and close the log."""
        self._on_flash(self.game_log.append, self.keeper.end(reason))
        self._on_flash(self.game_log.close)
        self.drop_stale_draft()

    # The hand being entered -------------------------------------------------------------
    def save_draft(self, number, entry):
        """Keep the entry of hand `number` (a new hand, or one being corrected) on flash."""
        self._on_flash(self.store.save_state, DRAFT, {
            "game_id": self.game_log.game_id, "hand": number, "entry": entry})
        self.drafted = True

    def draft(self):
        """(hand number, entry) of the entry a power cut interrupted, or None."""
        saved = self._on_flash(self.store.load_state, DRAFT, None)
        if type(saved) != dict or saved.get("game_id") != self.game_log.game_id:
            self.drafted = saved is not None
            return None
        number = saved.get("hand")
        if type(number) != int or not 1 <= number <= len(self.keeper.hands) + 1:
            return None
        return number, saved.get("entry")

    def drop_draft(self):
        if self.drafted:
            self._on_flash(self._drop)

    def _drop(self):
        """Remove the draft; one the flash keeps would be offered again after a restart, as
        the hand it was: a StoreError that says so, and what to do then."""
        if self.drafted:
            try:
                self.store.save_state(DRAFT, None)
            except StoreError as error:
                raise StoreError("Draft not removed (%s): if a restart offers it, B drops "
                                 "it" % str(error).partition(" while ")[0])
            self.drafted = False

    def drop_stale_draft(self):
        """Drop a draft that no resume offers (of a closed match, or of an earlier match
        when one begins: draft() wants the open match's): one the flash keeps may stay."""
        try:
            self.drop_draft()
        except StoreError:
            pass


def new_match(game_name, options, names, first_dealer):
    """A new scorekept match as plain values (kept over the reset by App.start_after_reset)."""
    return {"game": game_name, "options": options, "names": names, "dealer": first_dealer}


def begin(store, spec, device):
    """The match `spec` (new_match) begun, with its log on flash (StoreFull when full)."""
    game = game_class(spec["game"])(spec["options"])
    keeper = Keeper(game, spec["dealer"])
    game_id = store.new_game_id()
    game_log = store.start_game(game_id, keeper.header(spec["names"], game_id, device))
    kept = KeptMatch(keeper, spec["names"], game_log, store)
    kept.drop_stale_draft()  # a draft of an earlier match is no longer wanted
    return kept


def resumed(app):
    """The totals' KeptMatch after a power cut (deckapp/resume.py): the score-kept match open
    on flash, as far as its log goes, or None."""
    return resume(app.store)


def resume(store):
    """The scorekept match whose log is open, as far as its log goes, or None; StoreError
    for a log that cannot be replayed (damaged, or not a scorekept match's), which says that
    the offer's X closes it as it is (deckapp/unresumable.py): nothing of it is lost."""
    game_log = store.open_game()
    if game_log is None:
        return None
    from deckapp import phases
    from deckcore.keep_replay import KeptReplay  # (8 KB of replay code: only for the resume)
    from deckcore.replay import LogError
    replay = KeptReplay(game_class)
    try:
        for line in game_log.lines():
            if line.strip():
                replay.feed(json.loads(line))
    except (LogError, ValueError) as error:  # (ValueError: a line that is not JSON)
        from deckapp.unresumable import unresumable
        raise unresumable(store, game_log.game_id, error)
    names = [player["name"] for player in replay.header["players"]]
    keeper = replay.keeper
    del replay, KeptReplay
    phases.resumed()
    return KeptMatch(keeper, names, game_log, store)


def is_kept(header):
    """Whether a log's header is a scorekept match's."""
    return header.get("mode") == "scorekeep"
