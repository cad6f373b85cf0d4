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
  are drawn again; the shell's App._draw_area starts the screen area's boxes afresh;
- widgets.dialog_box: the box covers what was drawn under it (an overlay on its screen).
The boxes are printed as they are drawn, one line each, and so are the moments a layer starts
afresh: the firmware's heap keeps none of them, and printing them allocates next to nothing
(the recorder runs beside the device's budget, with a room of its own, deckmate.sim.firmware).
deckmate.sim.script reads the lines into the boxes on the panel at a shot; fields apart by
tabs:

    text-box LAYER KIND X Y WIDTH HEIGHT LEFT RIGHT SHORTENED TEXT WHOLE
    text-boxes afresh LAYER       (LAYER "bars", "area", or "all": the panel drawn anew)
    text-boxes covered X Y WIDTH HEIGHT
                                  (a dialog's box over the screen: the boxes under it are
                                  gone, its own, of layer "dialog", join the area's)

LAYER "bars", "area" or "dialog"; KIND "text" or "card"; LEFT and RIGHT the room, "-" when
there is none; SHORTENED 1 when TEXT is WHOLE shortened (else WHOLE is empty); a card's
TEXT is empty.
"""

import builtins
import sys

# the layer drawn in, how deep in a card, and what font.fit and font.centred said of the text
# drawn next
_state = {"layer": "area", "inside_card": 0, "fitted": None, "whole": None, "left": None,
          "right": None}


def _record(kind, x, y, width, height, text="", whole="", left=None, right=None):
    print("text-box", _state["layer"], kind, x, y, width, height, sep="\t", end="\t")
    if left is None:
        print("-\t-", end="\t")
    else:
        print(left, right, sep="\t", end="\t")
    print(1 if whole else 0, text, whole, sep="\t")


def _afresh(layer):
    print("text-boxes afresh", layer, sep="\t")


def _record_font(font):
    text, fit, centred = font.text, font.fit, font.centred

    def recorded_text(canvas, string, x, y, colour, size=font.SMALL):
        end = text(canvas, string, x, y, colour, size)
        state = _state
        fitted, whole, left, right = state["fitted"], state["whole"], state["left"], state["right"]
        state["fitted"] = state["whole"] = state["left"] = state["right"] = None
        if not state["inside_card"]:
            if fitted is not None and fitted == string:
                if left is None:  # font.fit's room, from where the text is drawn
                    left, right = x, x + right
                whole = whole if whole != string else ""
            else:
                whole = ""
            _record("text", x, y, end - x, font.height(size), string, whole, left, right)
        return end

    def recorded_fit(string, room, size=font.SMALL):
        fitted = fit(string, room, size)
        _state["fitted"], _state["whole"] = fitted, string
        if _state["left"] is None:
            _state["right"] = room
        return fitted

    def recorded_centred(canvas, string, x, y, room, colour, size=font.SMALL):
        _state["left"], _state["right"] = x, x + room
        return centred(canvas, string, x, y, room, colour, size)

    font.text, font.fit, font.centred = recorded_text, recorded_fit, recorded_centred


def _record_cards(cards):
    draw, chip, draw_back = cards.draw, cards.chip, cards.draw_back

    def recorded_draw(canvas, token, x, y, width, height, state=cards.NORMAL):
        _state["inside_card"] += 1  # a card's own text unrecorded
        try:
            draw(canvas, token, x, y, width, height, state)
        finally:
            _state["inside_card"] -= 1
        _record("card", x, y, width, height)

    def recorded_chip(canvas, token, x, y, height):
        _state["inside_card"] += 1
        try:
            end = chip(canvas, token, x, y, height)
        finally:
            _state["inside_card"] -= 1
        _record("card", x, y, end - x, height)
        return end

    def recorded_back(canvas, x, y, width, height):
        _state["inside_card"] += 1
        try:
            draw_back(canvas, x, y, width, height)
        finally:
            _state["inside_card"] -= 1
        _record("card", x, y, width, height)

    cards.draw, cards.chip, cards.draw_back = recorded_draw, recorded_chip, recorded_back


def _record_bars(widgets):
    def in_bars(draw, fresh):
        def recorded(canvas, content):
            if fresh:
                _afresh("bars")
            _state["layer"] = "bars"
            try:
                draw(canvas, content)
            finally:
                _state["layer"] = "area"
        return recorded

    widgets.title_bar = in_bars(widgets.title_bar, True)
    widgets.softkey_bar = in_bars(widgets.softkey_bar, False)
    dialog_box = widgets.dialog_box

    def recorded_dialog_box(canvas, title, lines):
        _state["layer"] = "dialog"
        try:
            box = dialog_box(canvas, title, lines)
        finally:
            _state["layer"] = "area"
        print("text-boxes covered", box[0], box[1], box[2], box[3], sep="\t")
        return box

    widgets.dialog_box = recorded_dialog_box


def _record_shell(shell):
    """The screen's area starts afresh at each draw; the import hook stays under the one the
    shell installs (which takes the builtin __import__, not the one installed over it)."""
    with_room = shell.import_with_room
    shell.import_with_room = lambda plain_import: with_room(_wrapping_import)
    draw_area = shell.App._draw_area
    depth = [0]

    def recorded_draw_area(app, display, screen):
        if not depth[0]:
            _wrap_loaded()  # a module loaded again since the last import (below)
            _afresh("all" if screen.title is None else "area")  # all: a screen with no bars
        depth[0] += 1
        try:
            draw_area(app, display, screen)
        finally:
            depth[0] -= 1

    shell.App._draw_area = recorded_draw_area


# (module, the names its recorder wraps, the recorder)
_RECORDERS = (("deckui.font", ("text", "fit", "centred"), _record_font),
              ("deckui.cards", ("draw", "chip", "draw_back"), _record_cards),
              ("deckui.widgets", ("title_bar", "softkey_bar", "dialog_box"), _record_bars),
              ("deckapp.shell", ("App", "import_with_room"), _record_shell))


def _wrap_loaded():
    """Wrap the drawing functions of the modules loaded since the last call (the app unloads
    some and loads them again, e.g. the cards' drawing around a match) once the functions are
    defined (an import returns also within the import of the module that asked for it). At
    each import and each screen drawn: `from deckui import cards` loads the submodule after
    __import__ returns."""
    for name, names, record in _RECORDERS:
        module = sys.modules.get(name)
        if module is None or hasattr(module, "_text_boxes"):
            continue
        for wrapped in names:
            if not hasattr(module, wrapped):
                break
        else:
            record(module)
            module._text_boxes = True


_plain_import = [builtins.__import__]  # what the recorder's import calls (import_under)


def import_under(plain_import):
    """Call `plain_import` (a test's fault, sim_fault.py) under the recorder's import, not the
    built-in one (which is what builtins.__import__ reads back as in MicroPython)."""
    _plain_import[0] = plain_import


def _wrapping_import(name, globals=None, locals=None, fromlist=None, level=0):
    module = _plain_import[0](name, globals, locals, fromlist, level)
    _wrap_loaded()
    return module


def install():
    """Wrap the drawing functions of every module that loads from now on."""
    builtins.__import__ = _wrapping_import
