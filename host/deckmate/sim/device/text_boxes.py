"""The boxes a screen draws, recorded on the simulated board (MicroPython, host side, never
deployed): sim_boot.py installs the recorder when DECKMATE_SIM_TEXT_BOXES is set, so the
firmware itself carries nothing for it.

The recorder wraps the drawing functions of the firmware's modules as they are loaded:
- deckui.font.text: each string drawn is a text box [x, y, width, height], with the whole
  string when font.fit shortened it with "..", and its room [left, right] when font.fit or
  font.centred gave it one;
- deckui.cards.draw, chip and draw_back: each card is a box of its own (the indices drawn
  inside it belong to the card and are not recorded);
- widgets.title_bar and softkey_bar: the boxes they draw are the bars', kept until the bars
  are drawn again (the title bar's and the soft-key bar's each); the shell's App._draw_area
  starts afresh the screen area's boxes in the rows it draws again;
- widgets.dialog_box: the box covers what was drawn under it (an overlay on its screen).
The boxes are printed as they are drawn, one line each, and so are the moments a layer starts
afresh: the firmware's heap keeps none of them, and printing them allocates next to nothing
(the recorder runs beside the device's budget, with a room of its own, deckmate.sim.firmware).
The recorder interns next to no names of its own: each name a module holds (its globals, its
functions' and their arguments' names, its strings of up to 10 characters) is interned for
good, and a recorder of some 40 names pushed a match over MicroPython's pool boundary (a pool
of 14 KB more, docs/budgets.md). So its state lives in the cells of install's closures, each
wrapper is named after the function it wraps and takes that function's arguments, and what
it prints is in strings of more than 10 characters (tools/recorder_heap.py measures both).
deckmate.sim.script reads the lines into the boxes on the panel at a shot; fields apart by
tabs:

    text-box LAYER KIND X Y WIDTH HEIGHT LEFT RIGHT SHORTENED TEXT WHOLE
    text-boxes afresh LAYER       (LAYER "bars", "area", or "all": the panel drawn anew)
    text-boxes rows LAYER FIRST END
                                  (the boxes of LAYER in rows [FIRST, END) drawn anew)
    text-boxes covered X Y WIDTH HEIGHT
                                  (a dialog's box over the screen: the boxes under it are
                                  gone, its own, of layer "dialog", join the area's)

LAYER "bars", "area" or "dialog"; KIND "text" or "card"; LEFT and RIGHT the room, "-" when
there is none; SHORTENED 1 when TEXT is WHOLE shortened (else WHOLE is empty); a card's
TEXT is empty.
"""

import builtins
import sys

_plain_import = [builtins.__import__]  # what the recorder's import calls (import_under)


def import_under(plain_import):
    """Call `plain_import` (a test's fault, sim_fault.py) under the recorder's import, not the
    built-in one (which is what builtins.__import__ reads back as in MicroPython)."""
    _plain_import[0] = plain_import


def install():
    """Wrap the drawing functions of every module that loads from now on."""
    # The start of a box's line, by the layer drawn in; how deep in a card; what font.fit and
    # font.centred said of the text drawn next; how deep in the shell's _draw_area
    layer = "text-box\tarea"
    inside = 0
    fitted = whole = left = right = None
    depth = 0

    def font_recorder(font):
        plain_text, plain_fit, plain_centred = font.text, font.fit, font.centred

        def text(canvas, string, x, y, colour, size=font.SMALL):
            nonlocal fitted, whole, left, right
            end = plain_text(canvas, string, x, y, colour, size)
            was_fitted, shortened, room_left, room_right = fitted, whole, left, right
            fitted = whole = left = right = None
            if not inside:
                if was_fitted is not None and was_fitted == string:
                    if room_left is None:  # font.fit's room, from where the text is drawn
                        room_left, room_right = x, x + room_right
                    if shortened == string:
                        shortened = ""
                else:
                    shortened = ""
                print(layer, "text", x, y, end - x, font.height(size), sep="\t", end="\t")
                if room_left is None:
                    print("-\t-", end="\t")
                else:
                    print(room_left, room_right, sep="\t", end="\t")
                print(1 if shortened else 0, string, shortened, sep="\t")
            return end

        def fit(string, room, size=font.SMALL):
            nonlocal fitted, whole, right
            fitted, whole = plain_fit(string, room, size), string
            if left is None:
                right = room
            return fitted

        def centred(canvas, string, x, y, room, colour, size=font.SMALL):
            nonlocal left, right
            left, right = x, x + room
            return plain_centred(canvas, string, x, y, room, colour, size)

        font.text, font.fit, font.centred = text, fit, centred

    def cards_recorder(cards):
        plain_draw, plain_chip, plain_draw_back = cards.draw, cards.chip, cards.draw_back

        def draw(canvas, token, x, y, width, height, state=cards.NORMAL):
            nonlocal inside
            inside += 1  # a card's own text unrecorded
            try:
                plain_draw(canvas, token, x, y, width, height, state)
            finally:
                inside -= 1
            print(layer, "card", x, y, width, height, "-\t-\t0\t\t", sep="\t")

        def chip(canvas, token, x, y, height):
            nonlocal inside
            inside += 1
            try:
                end = plain_chip(canvas, token, x, y, height)
            finally:
                inside -= 1
            print(layer, "card", x, y, end - x, height, "-\t-\t0\t\t", sep="\t")
            return end

        def draw_back(canvas, x, y, width, height):
            nonlocal inside
            inside += 1
            try:
                plain_draw_back(canvas, x, y, width, height)
            finally:
                inside -= 1
            print(layer, "card", x, y, width, height, "-\t-\t0\t\t", sep="\t")

        cards.draw, cards.chip, cards.draw_back = draw, chip, draw_back

    def widgets_recorder(widgets):
        plain_title_bar, plain_softkey_bar = widgets.title_bar, widgets.softkey_bar
        plain_dialog_box = widgets.dialog_box

        def title_bar(canvas, content):
            nonlocal layer
            print("text-boxes rows\tbars", 0, widgets.TOP, sep="\t")
            layer = "text-box\tbars"
            try:
                plain_title_bar(canvas, content)
            finally:
                layer = "text-box\tarea"

        def softkey_bar(canvas, content):
            nonlocal layer
            print("text-boxes rows\tbars", widgets.BOTTOM, widgets.SIZE, sep="\t")
            layer = "text-box\tbars"
            try:
                plain_softkey_bar(canvas, content)
            finally:
                layer = "text-box\tarea"

        def dialog_box(canvas, title, lines):
            nonlocal layer
            layer = "text-box\tdialog"
            try:
                box = plain_dialog_box(canvas, title, lines)
            finally:
                layer = "text-box\tarea"
            print("text-boxes covered", box[0], box[1], box[2], box[3], sep="\t")
            return box

        widgets.title_bar, widgets.softkey_bar = title_bar, softkey_bar
        widgets.dialog_box = dialog_box

    def shell_recorder(shell):
        """The screen's area starts afresh at each draw; the import hook stays under the one
        the shell installs (which takes the builtin __import__, not the one installed over
        it)."""
        with_room = shell.import_with_room
        shell.import_with_room = lambda plain_import: with_room(imported)
        plain_draw_area = shell.App._draw_area

        def _draw_area(app, display, screen, first, end):
            nonlocal depth
            if not depth:
                wrap_loaded()  # a module loaded again since the last import (below)
                if screen.title is None and first == 0 and end == 240:  # the panel anew
                    print("text-boxes afresh\tall")
                else:  # the rows drawn again
                    print("text-boxes rows\tarea", first, end, sep="\t")
            depth += 1
            try:
                plain_draw_area(app, display, screen, first, end)
            finally:
                depth -= 1

        shell.App._draw_area = _draw_area

    # (module, the names its recorder wraps, the recorder)
    recorders = (("deckui.font", ("text", "fit", "centred"), font_recorder),
                 ("deckui.cards", ("draw", "chip", "draw_back"), cards_recorder),
                 ("deckui.widgets", ("title_bar", "softkey_bar", "dialog_box"),
                  widgets_recorder),
                 ("deckapp.shell", ("App", "import_with_room"), shell_recorder))

    def wrap_loaded():
        """Wrap the drawing functions of the modules loaded since the last call (the app
        unloads some and loads them again, e.g. the cards' drawing around a match) once the
        functions are defined (an import returns also within the import of the module that
        asked for it). At each import and each screen drawn: `from deckui import cards` loads
        the submodule after __import__ returns. A module wrapped has its attribute text_boxes
        (the name of this module: no name more)."""
        for name, names, recorder in recorders:
            module = sys.modules.get(name)
            if module is None or hasattr(module, "text_boxes"):
                continue
            for wrapped in names:
                if not hasattr(module, wrapped):
                    break
            else:
                recorder(module)
                module.text_boxes = True

    def imported(name, *rest):
        module = _plain_import[0](name, *rest)
        wrap_loaded()
        return module

    builtins.__import__ = imported
