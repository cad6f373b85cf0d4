"""The scorekept match's own screen: the running totals in large digits, for a table to read,
the leader marked, who deals this hand and who deals next; from here the next hand is
entered, the last one taken back, the match table opened (to correct any hand), and at the
end the winner shown and the match finished. A match stopped early (X, confirmed) ends with
the standings of the hands played (docs/rules.md, "Keeping score"): they stay on the screen,
the leaders starred and named, until the centre key.

Opened by the boot (deckapp/boot.py, deckapp/resume.py) as the table is, with `start(app)`,
which gives the KeptMatch: the new match the set-up asked for before its reset
(deckapp/keep/stored.py, begin), or the match a power cut left open, resumed with the hand
being entered (stored.resume).
"""

from micropython import const

from deckapp.keep import digits, stored
from deckapp.screen import Screen
from deckhw.buttons import PRESS
from deckui import font, theme, widgets

_LINE = const(18)  # the line over the totals (the hand, the dealers) and the one under them


class TotalsScreen(Screen):
    def __init__(self, start):
        """The totals of the KeptMatch `start(app)` gives, opened by the shell
        (Screen.opening) once the set-up or resume screen has left memory."""
        Screen.__init__(self)
        self.opening = start
        self.kept = None
        self.problem = ""
        self.stopped = False  # the match was stopped: its standings shown until Done
        self.undone = None  # (number, entry) of the hand last taken back: the form's start

    @property
    def title(self):
        if self.kept is None:
            return "Keep score"
        return self.kept.game.TITLE

    def opened(self, start):
        from deckapp.store import StoreError
        app = self.app
        self.changed()
        try:
            self.kept = start(app)
        except StoreError as error:
            self.problem = str(error)
            return
        if self.kept is None:
            self.problem = "No scorekept match is open."
            return
        draft = self.kept.draft()
        if draft is not None:  # a power cut came in the middle of an entry
            self.enter(draft[0], draft[1])

    # Actions -------------------------------------------------------------------------------
    def enter(self, number, entry=None):
        """The entry form of hand `number` (its module leaves memory with it)."""
        from deckapp.keep.entry import EntryScreen
        self.app.open(EntryScreen, self.kept, number, entry)

    def ask_undo(self):
        from deckapp.dialog import Dialog  # (for the dialogs only: 1.2 KB the entry form needs)
        kept = self.kept
        number = len(kept.keeper.hands)
        scores = kept.match.results[-1][1]
        said = ", ".join("%s %+d" % (kept.names[seat], scores[seat])
                         for seat in range(len(scores)))
        self.app.push(Dialog("Undo %s %d?" % (kept.hand_word, number), said, self._undo,
                             {"a": "Undo", "b": "Keep"}))

    def _undo(self, key):
        if key == "a":
            hands = self.kept.keeper.hands
            undone = (len(hands), hands[-1][1])
            if self._write(self.kept.undo):
                self.undone = undone  # the next entry starts from it, to change what was wrong

    def ask_stop(self):
        from deckapp.dialog import Dialog
        self.app.push(Dialog("Stop the match?", "It ends with the totals so far: they decide "
                             "who wins.", self._stop, {"a": "Stop", "b": "Go on"}))

    def _stop(self, key):
        if key == "a" and self._write(self.kept.close, "stopped"):
            self.stopped = True

    def finish(self):
        if self._write(self.kept.close, "completed"):
            self.app.pop()

    def _write(self, change, *args):
        from deckapp.store import StoreError
        try:
            change(*args)
        except StoreError as error:
            self.problem = str(error)
            self.changed()
            return False
        self.problem = ""
        self.changed()
        return True

    # Screen --------------------------------------------------------------------------------
    def softkeys(self):
        if self.kept is None:  # the match could not start or resume
            return {"b": "Back"}
        if self.stopped:
            return {"press": "Done"}
        keys = {"press": "Finish" if self.kept.match.is_over() else "Enter", "a": "Table",
                "x": "Stop"}
        if self.kept.keeper.hands:
            keys["y"] = "Undo"
        return keys

    def key(self, key, kind):
        if kind != PRESS:
            return
        kept = self.kept
        if kept is None:  # the match could not start or resume
            if key == "b":
                self.app.pop()
            return
        if self.stopped:
            if key == "press":
                self.app.pop()
            return
        if key == "press":
            if kept.match.is_over():
                self.finish()
            else:
                number = len(kept.keeper.hands) + 1
                undone = self.undone
                self.undone = None
                self.enter(number, undone[1] if undone and undone[0] == number else None)
        elif key == "a":
            from deckapp.keep.sheet import SheetScreen
            self.app.open(SheetScreen, kept, self.enter)
        elif key == "y" and kept.keeper.hands:
            self.ask_undo()
        elif key == "x":
            self.ask_stop()

    def draw(self, canvas):
        kept = self.kept
        if kept is None:
            for number, line in enumerate(widgets.wrap(self.problem, 224)):
                font.text(canvas, line, 8, widgets.TOP + 20 + 18 * number, theme.HEARTS)
            return
        match, names = kept.match, kept.names
        over = match.is_over() or self.stopped
        top = widgets.TOP + 3
        font.text(canvas, font.fit(self._heading(), 232), 4, top, theme.MUTED)
        bottom = widgets.BOTTOM - (_LINE if over or self.problem else 0)
        players = len(names)
        row = (bottom - top - _LINE) // players
        height = min(44, row - 8)
        best = max(match.totals)
        y = top + _LINE
        for seat in range(players):
            leader = bool(match.results) and match.totals[seat] == best
            colour = theme.TEXT
            if leader:
                canvas.fill_rect(0, y, widgets.SIZE, row - 2, theme.CURSOR)
                colour = theme.CURSOR_TEXT
            text = str(match.totals[seat])
            room = 220 - digits.width(text, height)
            name = ("\u2605 " if leader else "") + names[seat]
            tag = "" if over else "dealer" if seat == match.dealer else \
                "next to deal" if seat == self._next_dealer() else ""
            below = row >= 38  # room for the tag under the name, else beside it
            name_y = y + (row - 2 - font.height(font.LARGE) - (14 if tag and below else 0)) // 2
            end = font.text(canvas, font.fit(name, room - (0 if below or not tag else 62),
                                             font.LARGE), 6, name_y, colour, font.LARGE)
            if tag:
                font.text(canvas, tag, 6 if below else end + 6, name_y + (19 if below else 4),
                          colour)
            digits.number(canvas, text, 232 - digits.width(text, height),
                          y + (row - 2 - height) // 2, height, colour)
            y += row
        if self.problem:
            font.text(canvas, font.fit(self.problem, 232), 4, bottom + 2, theme.HEARTS)
        elif over:
            font.text(canvas, font.fit(self._result(), 232), 4, bottom + 2, theme.TEXT)

    def _heading(self):
        kept = self.kept
        match = kept.match
        played = len(match.results)
        if match.is_over():
            return "Match over after %d %ss" % (played, kept.hand_word)
        if self.stopped:
            return "Stopped after %d %s%s" % (played, kept.hand_word, "" if played == 1 else "s")
        target = kept.game.target_points()
        length = "first to %d" % target if target else "of %d" % kept.game.deals_in_match()
        heading = "%s %d %s" % (kept.hand_title, played + 1, length)
        if self._next_dealer() < 0:
            heading += "; declarer deals next"
        return heading

    def _next_dealer(self):
        """Who deals after this hand, as the game's rules say before it is played: a seat,
        or -1 where the hand decides (Droggn's declarer, section 4.2.4)."""
        return self.kept.game.next_dealer(self.kept.match.dealer, None)

    def _result(self):
        kept = self.kept
        if not kept.match.results:
            return "No %s was entered" % kept.hand_word
        losers = kept.game.match_losers(kept.match)  # where the rules name losers (Scarto)
        if losers is not None:
            losers = [kept.names[seat] for seat in losers]
            return "Loser%s: %s" % ("s" if len(losers) > 1 else "", ", ".join(losers))
        winners = [kept.names[seat] for seat in kept.match.winners()]
        return "Winner%s: %s" % ("s" if len(winners) > 1 else "", ", ".join(winners))
