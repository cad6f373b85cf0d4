"""The match menu on the play screen (key B): back, the scores so far, help, abandon."""

from micropython import const
from deckapp.screen import Screen, acts
from deckui import widgets

_ENTRIES = const(("Back to the table", "Scores so far", "Help", "Abandon the match"))


class MatchMenu(Screen):
    title = "Match"

    def __init__(self, table):
        Screen.__init__(self)
        self.table = table
        self.list = widgets.ListView(list(_ENTRIES))
        self.confirming = False

    def softkeys(self):
        if self.confirming:
            return {"a": "Abandon", "b": "Keep playing"}
        return {"press": "Choose", "b": "Back"}

    def draw(self, canvas):
        if self.confirming:
            widgets.dialog_box(canvas, "Abandon?", widgets.wrap(
                "The match ends here; its log is kept as abandoned.", 200))
        else:
            self.list.draw(canvas)

    def key(self, key, kind):
        if not acts(key, kind):
            return
        if self.confirming:
            if key == "a":
                self.table.session.abandon()
                self.app.pop()
                self.app.pop()  # the table
            elif key == "b":
                self.confirming = False
                self.changed()
            return
        if key in ("up", "down"):
            if self.list.move(-1 if key == "up" else 1):
                self.changed()
        elif key == "b":
            self.app.pop()
        elif key == "press":
            self._choose(_ENTRIES[self.list.cursor])

    def _choose(self, entry):
        session = self.table.session
        if entry == _ENTRIES[0]:
            self.app.pop()
        elif entry == _ENTRIES[1]:
            from deckapp.play.summary import totals_lines
            self.app.pop()
            self.app.open("deckapp.play.textpage", "TextPage", "Scores so far",
                          totals_lines(session))
        elif entry == _ENTRIES[2]:
            self.app.pop()
            self.app.open("deckapp.play.help", "HelpScreen", session.game)
        else:
            self.confirming = True
            self.changed()
