"""At boot: the match left open by a power cut, offered for resuming at its exact position."""

from deckapp.play import keys
from deckapp.screen import Screen
from deckui import font, theme, widgets


def offer(app):
    """A screen offering to resume the open match, or None when there is none."""
    from deckapp.play import stored
    session = stored.resume(app.store)
    return None if session is None else ResumeScreen(session)


class ResumeScreen(Screen):
    title = "Match in progress"

    def __init__(self, session):
        Screen.__init__(self)
        self.session = session

    def softkeys(self):
        return {"press": "Resume", "x": "Abandon"}

    def draw(self, canvas):
        session = self.session
        lines = ["%s, hand %d" % (session.game.TITLE, len(session.match.results) + 1),
                 ", ".join(seat.name for seat in session.seats),
                 "Totals: " + " ".join(str(t) for t in session.match.totals)]
        y = widgets.TOP + 30
        for line in lines:
            for part in widgets.wrap(line, 224):
                font.text(canvas, part, 8, y, theme.TEXT)
                y += 18
        font.text(canvas, "It resumes where it stopped.", 8, y + 10, theme.MUTED)

    def key(self, key, kind):
        if not keys.acts(key, kind):
            return
        if key == "press":
            self.app.pop()
            self.app.open("deckapp.play.table", "TableScreen", self.session)
        elif key == "x":
            self.session.abandon()
            self.app.pop()
