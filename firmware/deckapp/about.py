"""About: the firmware version, the device id, free flash and free heap; X opens the card test
screen (every game's cards drawn, to check them on a real panel)."""

import gc

from deckapp.screen import Screen
from deckapp.version import VERSION
from deckhw.buttons import PRESS
from deckui import font, theme, widgets


def _kilobytes(count):
    return "%d KB" % (count // 1024)


class AboutScreen(Screen):
    title = "About"

    def softkeys(self):
        return {"b": "Back", "x": "Cards"}

    def facts(self):
        gc.collect()
        store = self.app.store
        return (("Firmware", VERSION), ("Device id", self.app.device_id),
                ("Free flash", _kilobytes(store.free_bytes()) if store else "no store"),
                ("Free heap", _kilobytes(gc.mem_free())))

    def draw(self, canvas):
        y = widgets.TOP + 12
        for label, value in self.facts():
            font.text(canvas, label, 10, y, theme.MUTED)
            font.text(canvas, value, 10, y + 15, theme.TEXT, font.LARGE)
            y += 42

    def key(self, key, kind):
        if kind != PRESS:
            return
        if key == "b":
            self.app.pop()
        elif key == "x":
            self.app.open("deckapp.card_test", "CardTestScreen")
