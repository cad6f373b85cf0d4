"""At boot: the match a power cut left open, played or score-kept, offered for resuming at its
exact position (the boot's, deckapp/boot.py; the menu's Play and Keep score offer it again).
The centre key resumes it; X abandons it once A confirms; B leaves it open for later and goes
to the main menu (History, Settings and About are free to use meanwhile: one match is open at
a time).

    offer(app)        the screen offering the open match, or None when none is open

An open log whose resume the rules core refused (deckapp/unresumable.py) is offered with what
is wrong with it instead, and its X closes it as it is.

The offer reads only the log's lines as text (its header, and what counts the hands); the
match is replayed when it is resumed (by the table, or the scorekeeper's totals) or abandoned,
so the boot needs no more memory than the main menu. An image without the screens of the
match's kind (the game screens, or the scorekeeper's) says so instead of resuming it."""

import json

from deckapp.screen import Screen, acts
from deckcore import residency
from deckcore.games import TITLES, hand_word
from deckui import font, theme, widgets


def open_match(store):
    """What the offer says of the open match, read without replaying it: (header, hands
    finished), or None when no match is open; the header is {} when the log's first line is
    not a match's (a damaged log, or a file put on the flash). A log the power cut off after
    its end line, before it was closed, is closed here."""
    game_log = store.open_game()
    if game_log is None:
        return None
    header, finished, last = None, 0, ""
    for line in game_log.lines():
        if header is None:
            header = match_header(line)
        finished += line.startswith('{"t":"result"') or line.startswith('{"t":"entry"')
        if "mode" in header:  # score-kept: an undo takes an entered hand back
            finished -= line.startswith('{"t":"undo"')
        last = line
    if last.startswith('{"t":"end"'):
        game_log.close()
        return None
    return None if header is None else (header, finished)


def match_header(line):
    """The header record on a log's first line, or {} when it is not a match's header (what
    the offer reads of it: the game's name, the players' names)."""
    try:
        header = json.loads(line)
    except ValueError:
        return {}
    if type(header) != dict or type(header.get("game")) != str or \
            type(header.get("players")) != list:
        return {}
    for seat in header["players"]:
        if type(seat) != dict or type(seat.get("name")) != str:
            return {}
    return header


def offer(app):
    """A screen offering to resume the open match, or None when there is none."""
    store = app.store
    found = open_match(store)
    if found is None:
        return None
    from deckapp.unresumable import wrong
    header, finished = found
    return ResumeScreen(header, finished,
                        wrong(store) if header else "the first line is not a match's header")


class ResumeScreen(Screen):
    def __init__(self, header, finished, wrong=None):
        """The offer of the open match of `header` with `finished` hands; `wrong` says what
        is wrong with its log when a resume found that the rules core cannot replay it."""
        Screen.__init__(self)
        self.header = header
        self.finished = finished
        self.kept = "mode" in header  # score-kept at a table (deckapp/keep/)
        self.wrong = wrong
        self.resuming = False  # its centre key pressed: said at once, until the match shows

    @property
    def title(self):
        return "Resuming" if self.resuming else "Match in progress"

    def softkeys(self):
        if self.resuming:
            return {}
        if self.wrong is not None:
            return {"x": "Abandon", "b": "Later"}
        return {"press": "Resume", "x": "Abandon", "b": "Later"}

    def lines(self):
        """The game by its title, the hand to resume and the players."""
        header = self.header
        if not header:  # (not a match's: its outlook says so)
            return ["The open match's log"]
        name = header["game"]
        return ["%s, %s %d" % (TITLES.get(name, name), hand_word(name), self.finished + 1),
                ", ".join(seat["name"] for seat in header["players"])]

    def draw(self, canvas):
        y = widgets.TOP + 30
        for line in self.lines():
            for part in widgets.wrap(line, 224):
                font.text(canvas, part, 8, y, theme.TEXT)
                y += 18
        y += 10
        for part in widgets.wrap(self.outlook(), 224)[:6]:
            font.text(canvas, part, 8, y, theme.MUTED)
            y += 16

    def outlook(self):
        """Whether the match resumes, and if not, why and what closes its log."""
        if self.wrong is None:
            return "It resumes where it stopped."
        return ("It cannot be resumed (its log: %s). Abandon (X) closes the log as it is, "
                "every line kept." % self.wrong)

    def key(self, key, kind):
        if not acts(key, kind):
            return
        app = self.app
        if key == "press" and self.wrong is None:  # said at once: a late hand's replay takes
            self.resuming = True                    # seconds on a board
            self.changed()
            app.render()
            app.pop()
            self.resume()
        elif key == "x":
            from deckapp.dialog import Dialog
            # what abandon() does: the log closed with its end line, or as it is where the
            # rules core cannot replay it (the resume said so)
            if self.wrong is None:
                said = ("The match ends here and stays saved: as abandoned (finished if its "
                        "last hand was played), or unchanged if it cannot be resumed.")
            else:
                said = "Its log is closed as it is, every line kept."
            app.push(Dialog("Abandon?", said, self._abandon, {"a": "Abandon", "b": "Keep it"}))
        elif key == "b":  # the match stays open; the menu, not a reset that offers it again
            app.pop()
            if not app.stack:
                app.menu(app)

    def _abandon(self, key):
        if key == "a":
            try:
                self.abandon()
            except ImportError as error:
                self.missing(error)
                return
            self.app.pop()

    def resume(self):
        """Open the screen that resumes the match, once the modules of this offer (and of the
        header's reading) have left memory: the match's replay wants the room. The table and
        the totals replay the log as App.top opens them (Screen.opening), before any draw."""
        app = self.app
        residency.unload_since(app.kept)
        try:
            if self.kept:
                from deckapp.keep.stored import resumed
                from deckapp.keep.totals import TotalsScreen
                app.open(TotalsScreen, resumed)  # (nothing of this module held by the totals)
            else:
                from deckapp.play.stored import resumed
                from deckapp.play.table import TableScreen
                app.open(TableScreen, resumed)
        except ImportError as error:
            self.missing(error)

    def abandon(self):
        """The match's log closed as abandoned (completed if its last hand was played); a
        log that cannot be replayed (damaged, or not a match's: the resume said so) or whose
        end line the flash refuses (StoreError) is closed as it is, every line kept for the
        PC."""
        from deckapp.store import StoreError
        store = self.app.store
        if self.wrong is not None:  # its replay refused it already: not tried again
            store.open_game().close()
            return
        try:
            if self.kept:
                from deckapp.keep import stored
                stored.resume(store).close("abandoned")
            else:
                from deckapp.play import stored
                stored.resume(store).abandon()
        except StoreError:
            store.open_game().close()

    def missing(self, error):
        """The screens of this match's kind are not in the firmware image: said in a dialog
        over the main menu (the match stays open)."""
        if "deckapp" not in str(error):
            raise error
        app = self.app
        from deckapp.dialog import Dialog
        while app.stack:
            app.pop()
        app.menu(app)
        app.push(Dialog("Match in progress", "The %s screens are not part of this firmware "
                        "image." % ("scorekeeper's" if self.kept else "game")))

