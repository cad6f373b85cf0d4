"""The card test screen: each game's cards as the game screens draw them, large and small,
with the cursor, a dimmed (unplayable) card and a selected one; left and right turn the page
to the next game. Reached from About (X); it is there to check the cards on a real panel."""

from deckapp.screen import Screen
from deckhw.buttons import PRESS
from deckui import cards, font, theme, widgets

# (game, cards drawn large, a hand drawn small and overlapped); tokens as text, split when
# drawn, to keep the module small in memory
PAGES = (
    ("Scioto", "AC 5S 10H 13D 11C 12S 9H JS QD KC 10D AH", "AC 3C 7S 10S 2H 8H 13H 4D 9D 12D 13D"),
    ("Scarto", "1S 10C JH NH QD KS T1 T11 T20 T21 Fool",
     "2S 7S KS 1C NC 4H QH 9D T3 T15 Fool T21"),
    ("Chamb\u00e9ry Tarot", "1H 6D 10S JC NC QH KD T1 T21 Fool",
     "1S 8S QS 6C KC 1H NH 7D T2 T19 Fool"),
    ("Droggn", "4S 10C 1H 7D NS KH JD QC T1 T21 Fool", "5S 9S KS 4C QC 2H JH 3D T7 T13 T21"),
    ("SCOUT", "1/2 3/7 10/4 9/5 6/8 2/10 7/3 5/1", "1/5 2/6 3/9 4/8 10/7 6/1 8/2 9/4 7/5"),
)
LARGE = (32, 48)
SMALL = (24, 36)
PER_ROW = widgets.SIZE // (LARGE[0] + 2)  # large cards a row


class CardTestScreen(Screen):
    def __init__(self):
        super().__init__()
        self.page = 0

    @property
    def title(self):
        return "Cards: " + PAGES[self.page][0]

    def softkeys(self):
        return {"b": "Back", "x": "Next game"}

    def _hand_top(self):
        """The y of this page's hand: under the rows of its large cards and the line on it."""
        rows = -(-(PAGES[self.page][1].count(" ") + 1) // PER_ROW)
        return widgets.TOP + 6 + rows * (LARGE[1] + 4) + 22

    def draw(self, canvas):
        first, end = self.dirty_rows or (0, widgets.SIZE)  # (a page turn: the cards' rows)
        y = widgets.TOP + 6
        if first < self._hand_top() - 22:
            large = PAGES[self.page][1].split()
            for start in range(0, len(large), PER_ROW):
                for index, token in enumerate(large[start:start + PER_ROW]):
                    cards.draw(canvas, token, 3 + index * (LARGE[0] + 2), y, LARGE[0],
                               LARGE[1])
                y += LARGE[1] + 4
        y = self._hand_top()
        if y - 22 < end and y - 22 + font.height() > first:
            font.text(canvas, "a hand: cursor, unplayable, picked", 4, y - 22, theme.MUTED)
        if y + SMALL[1] <= first or y - 6 >= end:
            return
        step = cards.INDEX_WIDTH[font.SMALL] + 2
        for index, token in enumerate(PAGES[self.page][2].split()):
            state = cards.NORMAL
            if index == 2:
                state = cards.CURSOR
            elif index in (4, 5):
                state = cards.DIMMED
            elif index == 7:
                state = cards.SELECTED
            top = y - 6 if state == cards.SELECTED else y
            cards.draw(canvas, token, 4 + index * step, top, SMALL[0], SMALL[1], state)

    def key(self, key, kind):
        if kind != PRESS:
            return
        if key == "b":
            self.app.pop()
        elif key in ("x", "right", "left"):
            y = self._hand_top()
            self.page = (self.page + (-1 if key == "left" else 1)) % len(PAGES)
            if self._hand_top() != y:  # the line on the hand moves: every row down to the hands
                self.changed(widgets.TOP, max(y, self._hand_top()) + SMALL[1])
            else:  # the large cards' rows and the hand's (a picked card stands 6 rows
                # higher), not the empty rows around them nor the line on the hand
                self.changed(widgets.TOP + 6, y - 22 - 4)
                self.changed(y - 6, y + SMALL[1])
            # (and the title: the shell sees it)
