"""The match menu on the play screen (key B): back, the scores so far, help, abandon."""

from micropython import const
from deckapp.form import FormScreen, Row
from deckapp.screen import acts
from deckui import widgets

_ENTRIES = const(("Back to the table", "Scores so far", "Help", "Abandon the match"))


class MatchMenu(FormScreen):
    title = "Match"

    def __init__(self, table):
        FormScreen.__init__(self, [Row(entry, press="Choose") for entry in _ENTRIES])
        self.table = table
        self.confirming = False

    def softkeys(self):
        if self.confirming:
            return {"a": "Abandon", "b": "Keep playing"}
        return FormScreen.softkeys(self)

    def draw(self, canvas):
        if self.confirming:
            widgets.dialog_box(canvas, "Abandon?", widgets.wrap(
                "The match ends here; its log is kept as abandoned.", 200))
        else:
            FormScreen.draw(self, canvas)

    def key(self, key, kind):
        if not self.confirming:
            FormScreen.key(self, key, kind)
        elif not acts(key, kind):
            return
        elif key == "a":
            self.table.session.abandon()
            self.app.pop()
            self.app.pop()  # the table
        elif key == "b":
            self.confirming = False
            self.changed()

    def choose(self, row):
        session = self.table.session
        entry = row.label
        if entry == _ENTRIES[0]:
            self.app.pop()
        elif entry == _ENTRIES[1]:  # over the menu: B comes back to it
            from deckapp.play.summary import totals_lines
            from deckapp.play.textpage import TextPage
            self.app.open(TextPage, "Scores so far", totals_lines(session))
        elif entry == _ENTRIES[2]:
            self.app.pop()
            from deckapp.play.help import HelpScreen
            self.app.open(HelpScreen, session.game)
        else:
            self.confirming = True
            self.changed()
