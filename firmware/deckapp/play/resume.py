"""At boot: the match left open by a power cut, offered for resuming at its exact position.
The centre key resumes it; X abandons it once A confirms; B leaves it open for later and goes
to the main menu, where Play and Keep score offer it again (History, Settings and About are
free to use meanwhile: one match is open at a time).

The offer reads only the log's header; the match is replayed when it is resumed (by the
table) or abandoned, so the boot needs no more memory than the main menu."""

from deckapp.screen import Screen, acts
from deckcore.games import TITLES, hand_word
from deckui import font, theme, widgets


def offer(app):
    """A screen offering to resume the open match, or None when there is none."""
    from deckapp.play import stored
    found = stored.open_match(app.store)
    if found is not None and "mode" in found[0]:  # scored at a table: deckapp/keep/resume.py
        return __import__("deckapp.keep.resume", None, None, ["offer"]).offer(app, found[0])
    return None if found is None else ResumeScreen(found[0], found[1])


def push_offer(app):
    """Push the offer of the open match; False when there is none."""
    screen = offer(app)
    if screen is None:
        return False
    app.push(screen)
    return True


class ResumeScreen(Screen):
    title = "Match in progress"

    def __init__(self, header, finished):
        Screen.__init__(self)
        self.header = header
        self.finished = finished

    def softkeys(self):
        return {"press": "Resume", "x": "Abandon", "b": "Later"}

    def lines(self):
        """The game by its title, the hand to resume and the players."""
        header = self.header
        name = header["game"]
        return ["%s, %s %d" % (TITLES.get(name, name), hand_word(name), self.finished + 1),
                ", ".join(seat["name"] for seat in header["players"])]

    def draw(self, canvas):
        y = widgets.TOP + 30
        for line in self.lines():
            for part in widgets.wrap(line, 224):
                font.text(canvas, part, 8, y, theme.TEXT)
                y += 18
        font.text(canvas, "It resumes where it stopped.", 8, y + 10, theme.MUTED)

    def key(self, key, kind):
        if not acts(key, kind):
            return
        app = self.app
        if key == "press":
            app.pop()
            self.resume()
        elif key == "x":
            from deckapp.dialog import Dialog
            app.push(Dialog("Abandon?", "The match ends here; its log is kept as "
                            "abandoned.", self._abandon, {"a": "Abandon", "b": "Keep it"}))
        elif key == "b":  # the match stays open; the menu, not a reset that offers it again
            app.pop()
            if not app.stack:
                app.open("deckapp.menu", "MainMenu")

    def _abandon(self, key):
        if key == "a":
            self.abandon()
            self.app.pop()

    def resume(self, module="deckapp.play.table", name="TableScreen"):
        """Open the screen that resumes the match, once the modules of this offer (and of
        the header's reading) have left memory: the match's replay wants the room."""
        app = self.app
        from deckcore.residency import unload_since
        unload_since(app.kept)
        app.open(module, name)

    def abandon(self):
        from deckapp.play import stored
        stored.resume(self.app.store).abandon()
