"""The match table: every hand of a scorekept match, one row each (its number, who dealt,
what it gave each player), then the totals; it scrolls. The centre key on a hand opens it
for correction: the corrected hand is written as a new record, and every total after it is
worked out again."""

from micropython import const

from deckapp.screen import Screen, acts
from deckcore import keep
from deckcore.games import show_of
from deckhw.buttons import PRESS
from deckui import font, theme, widgets

_ROW = const(17)
_FIRST_COLUMN = const(36)  # the hand's number
_CONTRACT_COLUMN = const(72)  # the hand's number and contract ("4. 1 card"), where there is one


class SheetScreen(Screen):
    def __init__(self, kept, enter):
        """`enter(number, entry)` opens the entry form of hand `number` (the totals screen's)."""
        Screen.__init__(self)
        self.kept = kept
        self.enter = enter
        self.title = "All %ss" % kept.hand_word
        self.list = widgets.ListView([], top=widgets.TOP + _ROW + 2, row_height=_ROW)

    def shown(self):
        self.list.rows = [str(number) for number in range(len(self.kept.keeper.hands) + 1)]
        self.list.move(0)
        Screen.shown(self)

    def softkeys(self):
        if self.list.cursor < len(self.kept.keeper.hands):
            return {"press": "Fix", "b": "Back"}
        return {"b": "Back"}

    def key(self, key, kind):
        if not acts(key, kind):
            return
        if self.list.answer(key, self):
            self.changed()  # the soft keys follow the cursor
            return
        if kind != PRESS:
            return
        if key == "b":
            self.app.pop()
        elif key == "press" and self.list.cursor < len(self.kept.keeper.hands):
            number = self.list.cursor + 1
            dealer, entry = self.kept.keeper.hands[number - 1]
            entry = _to_correct(self.kept.game, dealer, entry)
            self.app.pop()
            self.enter(number, entry)

    def draw(self, canvas):
        kept = self.kept
        names = kept.names
        players = len(names)
        contract = show_of(kept.game.NAME).contract  # None: the game has no contracts
        first = _CONTRACT_COLUMN if contract is not None else _FIRST_COLUMN
        column = (widgets.SIZE - first - 4) // players
        y = widgets.TOP + 2
        font.text(canvas, "#", 4, y, theme.MUTED)
        for seat in range(players):
            _right(canvas, _short(names[seat], column - 2), first + (seat + 1) * column,
                   y, theme.MUTED)
        listing = self.list
        hands = kept.keeper.hands
        for index in range(listing.first, min(len(listing.rows), listing.first + listing.visible)):
            y = listing.top + (index - listing.first) * _ROW
            colour = theme.TEXT
            if index == listing.cursor:
                canvas.fill_rect(0, y, widgets.SIZE, _ROW, theme.CURSOR)
                colour = theme.CURSOR_TEXT
            if index < len(hands):
                entry = hands[index][1]
                what = keep.ask(kept.game, "summary", entry)
                label = font.fit("%d. %s" % (index + 1, what) if what else str(index + 1),
                                 first - 4)
                values = kept.match.results[index][1]
                shown = ["%+d" % value for value in values]
            else:
                label, shown = "Total", [str(total) for total in kept.match.totals]
            font.text(canvas, label, 4, y + 1, colour)
            for seat in range(players):
                _right(canvas, shown[seat], first + (seat + 1) * column, y + 1, colour)
        if len(listing.rows) > listing.visible:
            listing._scrollbar(canvas)


def _right(canvas, text, right, y, colour):
    font.text(canvas, text, right - font.width(text) - 2, y, colour)


def _short(name, width):
    """A column's heading: the name, or if it is too wide its words' initials ("Player 3":
    "P3"), or as much of one word as fits."""
    if font.width(name) <= width:
        return name
    words = name.split()
    text = "".join(word[0] for word in words) if len(words) > 1 else name
    while font.width(text) > width:
        text = text[:-1]
    return text


def _to_correct(game, dealer, entry):
    """The form's own copy of a hand's entry (its per-player lists too: the form changes it
    in place), over the game's starting values: a hand read back from the log after a power
    cut holds only the fields logged for it (a Droggn throw-in only its contract, a Chambery
    Solo no partner), and the form shows and derives the others as the person changes it."""
    full = keep.ask(game, "start", dealer)
    for name, value in entry.items():
        full[name] = list(value) if type(value) == list else value
    return full
