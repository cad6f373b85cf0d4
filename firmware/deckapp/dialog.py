"""A message box over the current screen: a title, a few wrapped lines, and the keys that
close it. `Dialog(title, text, on_answer, answers)`: answers maps keys to labels, e.g.
{"a": "Delete", "b": "Keep"}; the pressed key is passed to on_answer (if given) after the
dialog is closed. The default is one key, B, labelled "Close"."""

from deckapp.screen import Screen
from deckhw.buttons import PRESS
from deckui import widgets


class Dialog(Screen):
    overlay = True

    def __init__(self, title, text, on_answer=None, answers=None):
        super().__init__()
        self.heading = title
        self.lines = widgets.wrap(text, widgets.SIZE - 40)
        self.on_answer = on_answer
        self.answers = answers or {"b": "Close"}

    def shown(self):
        # keep the title bar of the screen below
        self.title = self.app.stack[-2].title if len(self.app.stack) > 1 else ""
        self.changed()

    def softkeys(self):
        return self.answers

    def draw(self, canvas):
        widgets.dialog_box(canvas, self.heading, self.lines)

    def key(self, key, kind):
        if kind == PRESS and key in self.answers:
            app = self.app
            app.pop()
            if self.on_answer:
                self.on_answer(key)
