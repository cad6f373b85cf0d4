"""Entering a hand's result in the game's own terms, then its confirmation.

The form's rows are the game's fields (deckcore/keep.py, games/<game>_keep.py), a row per
player for a per-player field; left and right change a value by one (held: it runs on, then
to each round ten: deckapp/form.py), X and Y by five (on a row with a joined number beside
its own, the Scout chips beside the cards captured of an older log, X and Y change that one
by one); up and down pass over the rows that follow from others, which are filled in as the
person goes (the last player's points, the defenders'), and rows come and go with the
contract. A starts the check: an entry that cannot happen is refused with a one-line reason
and the cursor goes to the field to fix; otherwise the confirmation shows what the hand gives
each player and the totals after it, and only A there commits it (B goes back to the form).
The entry so far is kept on flash whenever the cursor leaves a changed row, so a power cut
loses at most the row being changed.
"""

import gc

from deckapp.form import Choice, FormScreen, Number, Row
from deckapp.screen import Screen, acts
from deckcore import keep
from deckcore.games import show_of
from deckcore.keep import CHOICE, FLAG, NUMBER, SEAT
from deckui import font, theme, widgets
from micropython import const

FIVE = const(5)  # what X and Y take off a number or add to it


def _yes_no(value):
    return "yes" if value else "no"


def _doubled(value):
    return "x%d" % (1 << value)


class Pair(Number):
    """A seat's number (left and right change it) with the seat's value of the `other` field,
    a joined one, beside it: X and Y, which step any other number by FIVE, change that one by
    one (the Scout chips beside the cards captured)."""

    def __init__(self, label, value, field, other, seat, entry, name):
        Number.__init__(self, label, value, field.lo, field.hi, name=name)
        self.other = other
        self.seat = seat
        self.entry = entry

    def text(self):
        count = self.entry[self.other.name][self.seat]
        word = self.other.label.lower()  # "chips", "chips left"
        return "%d, %d %s" % (self.value, count, word.replace("chips", "chip") if count == 1
                              else word)

    def change(self, delta, wrap):
        if abs(delta) != FIVE:
            return Number.change(self, delta, wrap)
        values = self.entry[self.other.name]  # X or Y: the joined value, by one
        value = min(self.other.hi, max(self.other.lo, values[self.seat] + delta // FIVE))
        if value == values[self.seat]:
            return False
        values[self.seat] = value
        return True


class EntryScreen(FormScreen):
    back_label = "Cancel"
    arrows = True

    def __init__(self, kept, number, entry=None):
        """Hand `number` of the KeptMatch `kept`: the next hand, or an earlier one to
        correct; `entry`: where to start (a draft, the hand's entry), else the game's start."""
        self.kept = kept
        self.number = number
        self.correcting = number <= len(kept.keeper.hands)
        hands = kept.keeper.hands
        self.dealer = hands[number - 1][0] if self.correcting else kept.match.dealer
        game = kept.game
        self.entry = entry if entry is not None else keep.ask(game, "start", self.dealer)
        self.fields = []
        self.unsaved = False
        hint = "%s dealt. A: score it" % kept.names[self.dealer]
        hint = show_of(game.NAME).ENTRY_HINT + hint  # what the fields do not say (SCOUT: 5.4)
        FormScreen.__init__(self, [], row_height=18, hint=hint)
        word = kept.hand_word
        self.title = "%s %d" % ("Fix " + word if self.correcting else kept.hand_title, number)
        self._build()

    # The rows of the fields ----------------------------------------------------------------
    def _build(self):
        """The rows of the entry's fields now (the cursor stays on the row it was on)."""
        game = self.kept.game
        keep.ask(game, "derive", self.dealer, self.entry)
        here = self.row().name if self.rows and self.row() else None
        self.fields = keep.ask(game, "fields", self.dealer, self.entry)
        rows = []
        fields = self.fields
        for index, field in enumerate(fields):
            if field.joined:
                continue
            joined = fields[index + 1] if index + 1 < len(fields) and fields[index + 1].joined \
                else None
            if field.per_seat:
                for seat in range(game.num_players):
                    label = "%s %s" % (field.label, self.kept.names[seat])
                    name = "%s.%d" % (field.name, seat)
                    value = self.entry[field.name][seat]
                    if joined:
                        rows.append(Pair(label, value, field, joined, seat, self.entry, name))
                    else:
                        rows.append(self._row(field, label, value, name,
                                              field.follows(seat, game.num_players)))
            else:
                rows.append(self._row(field, field.label, self.entry[field.name], field.name,
                                      field.derived))
        self.rows = rows
        self.list.rows = rows
        if here is not None and self.find(here) is not None:
            self.go_to(here)
        self.changed()

    def _row(self, field, label, value, name, derived):
        names = self.kept.names
        if derived:
            return Row(label, str(value), name=name)
        if field.kind == NUMBER:
            return Number(label, value, field.lo, field.hi, name=name,
                          shown=_doubled if field.name == "doubled" else None)
        if field.kind == SEAT:
            return Choice(label, list(field.choices), value, name=name,
                          shown=lambda seat: names[seat])
        if field.kind == FLAG:
            return Choice(label, [False, True], value, name=name, shown=_yes_no)
        return Choice(label, list(field.choices), value, name=name)

    # Keys ----------------------------------------------------------------------------------
    def edited(self, row):
        name, _, seat = row.name.partition(".")
        if seat:
            self.entry[name][int(seat)] = row.value
        else:
            self.entry[name] = row.value
        self.unsaved = True
        self._build()

    def refused(self, row):
        if not row.steps:
            self.say("%s follows from the others" % row.label)

    def key(self, key, kind):
        cursor = self.list.cursor
        FormScreen.key(self, key, kind)
        if key in ("up", "down"):  # the cursor passes over the rows that follow from others
            row = self.row()
            while row is not None and not row.steps and self.list.cursor != cursor:
                self.list.answer(key, self)
                row = self.row()
        if self.list.cursor != cursor and self.unsaved:
            self.save()

    def other_key(self, key):
        if key == "a":
            self.score()
        elif key in ("x", "y") and isinstance(self.row(), Number):  # (a Pair's: Pair.change)
            self.change(self.list.cursor, -FIVE if key == "x" else FIVE)

    def softkeys(self):
        keys = {"a": "Score", "b": "Cancel"}
        row = self.row()
        if isinstance(row, Pair):
            word = row.other.label[:4].lower()  # "chip"
            keys["x"] = "-" + word
            keys["y"] = "+" + word
        elif isinstance(row, Number):
            keys["x"] = "-5"
            keys["y"] = "+5"
        return keys

    def back(self):
        """Leave the entry and drop its draft; a draft the flash keeps is said first (a
        second B leaves all the same)."""
        from deckapp.store import StoreError
        try:
            self.kept.drop_draft()
        except StoreError as error:
            if self.message != str(error):
                self.say(str(error))
                return
        self.app.pop()

    def save(self):
        """Keep the entry so far on flash; without the heap for it now (a long match's heap in
        pieces), at the next row instead: the draft only spares retyping after a power cut."""
        try:
            self.kept.save_draft(self.number, self.entry)
        except MemoryError:
            gc.collect()
            return
        self.unsaved = False

    def score(self):
        """Refuse the entry with its reason, or show what it gives for confirmation."""
        game = self.kept.game
        refused = keep.refusal(game, self.dealer, self.entry)
        if refused is not None:
            field, seat, reason = refused
            self.go_to(self._row_of(field, seat))
            self.say(reason)
            return
        self.save()
        self.app.push(ConfirmScreen(self))

    def _row_of(self, field, seat):
        """The row to fix for a refusal of `field` (`seat`: which player's, -1: the field's
        first row that can be changed; a joined field's: the rows it is shown in)."""
        fields = self.fields
        for index in range(1, len(fields)):
            if fields[index].name == field and fields[index].joined:
                field = fields[index - 1].name
        if seat >= 0 and self.find("%s.%d" % (field, seat)) is not None:
            row = self.find("%s.%d" % (field, seat))
            if row.steps:
                return row.name
        for row in self.rows:
            if row.name.partition(".")[0] == field and row.steps:
                return row.name
        return field

    def commit(self):
        """Write the hand (StoreError when the flash refuses it: nothing changed)."""
        if self.correcting:
            self.kept.correct(self.number, self.entry)
        else:
            self.kept.add(self.entry)


class ConfirmScreen(Screen):
    """What the entered hand gives each player, and the totals after it: A commits."""

    def __init__(self, form):
        Screen.__init__(self)
        self.form = form
        kept = form.kept
        self.title = form.title
        self.hand = keep.scored(kept.game, form.dealer, form.entry)
        totals = list(kept.match.totals)
        if form.correcting:
            before = kept.match.results[form.number - 1][1]
            totals = [totals[seat] - before[seat] for seat in range(len(totals))]
        scores = self.hand.scores()
        self.totals = [totals[seat] + scores[seat] for seat in range(len(totals))]
        self.message = ""
        self.saved = False  # the hand is in the log (its draft stayed: self.message says)

    def softkeys(self):
        if self.saved:
            return {"a": "Done"}
        return {"a": "Commit", "b": "Edit"}

    def draw(self, canvas):
        form = self.form
        names = form.kept.names
        scores = self.hand.scores()
        y = widgets.TOP + 6
        said = "The %s is in the log." if self.saved else "Check it; A commits the %s."
        font.text(canvas, said % form.kept.hand_word, 8, y, theme.MUTED)
        y += 20
        font.text(canvas, form.kept.hand_word, 120, y, theme.MUTED)
        font.text(canvas, "total", 178, y, theme.MUTED)
        y += 16
        row = min(26, (widgets.BOTTOM - 40 - y) // len(names))
        for seat in range(len(names)):
            font.text(canvas, font.fit(names[seat], 104, font.LARGE), 8, y, theme.TEXT,
                      font.LARGE)
            _right(canvas, "%+d" % scores[seat], 160, y, theme.TEXT)
            _right(canvas, str(self.totals[seat]), 226, y, theme.TEXT)
            y += row
        if self.message:
            y = widgets.BOTTOM - 34
            for line in widgets.wrap(self.message, 224)[:2]:
                font.text(canvas, line, 8, y, theme.HEARTS)
                y += 16

    def key(self, key, kind):
        if not acts(key, kind):
            return
        if key == "b" and not self.saved:
            self.app.pop()
        elif key == "a":
            from deckapp.store import StoreError
            hands = list(self.form.kept.keeper.hands)
            try:
                if not self.saved:
                    self.form.commit()
            except StoreError as error:
                self.message = str(error)
                self.saved = self.form.kept.keeper.hands != hands  # A commits it only once
                self.changed()
                return
            self.app.pop()
            self.app.pop()  # the form too: back to the totals


def _right(canvas, text, right, y, colour):
    font.text(canvas, text, right - font.width(text, font.LARGE), y, colour, font.LARGE)
