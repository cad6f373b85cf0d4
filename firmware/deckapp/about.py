"""About: the firmware version, the device id, free flash and free heap, and the last error
the app met (deckapp/crash.py), if any; X opens the card test screen (every game's cards
drawn, to check them on a real panel)."""

import gc

from deckcore.residency import Visit
from deckapp.screen import Screen
from deckapp import VERSION
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

    def last_error(self):
        """The record of the last error (deckapp/crash.py, loaded for the read), or None."""
        store = self.app.store
        if not store:
            return None
        with Visit():
            from deckapp.crash import last
            return last(store)

    def draw(self, canvas):
        crash = self.last_error()
        y = widgets.TOP + 12
        for label, value in self.facts():
            font.text(canvas, label, 10, y, theme.MUTED)
            font.text(canvas, value, 10, y + 15, theme.TEXT, font.LARGE)
            y += 42 if crash is None else 36
        if crash is not None:  # its time and one line: the host reads the whole record
            font.text(canvas, "Last error" + (", " + crash["time"] if crash["time"] else ""),
                      10, y, theme.MUTED)
            font.text(canvas, font.fit(crash["error"], widgets.SIZE - 20), 10, y + 15,
                      theme.TEXT)

    def key(self, key, kind):
        if kind != PRESS:
            return
        if key == "b":
            self.app.pop()
        elif key == "x":
            from deckapp.card_test import CardTestScreen
            self.app.open(CardTestScreen)
