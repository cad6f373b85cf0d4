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
afresh: the firmware's heap keeps none of them (the recorder runs in the device's budget,
beside the tests' checks of it). deckmate.sim.script reads the lines into the boxes on the
panel at a shot:

    text-box [layer, kind, x, y, width, height, text, whole, room]
    text-boxes afresh LAYER       (LAYER "bars", "area", or "all": the panel drawn anew)
    text-boxes covered [x, y, width, height]
                                  (a dialog's box over the screen: the boxes under it are
                                  gone, its own, of layer "dialog", join the area's)

layer "bars" or "area"; kind "text" or "card"; text, whole and room null where they do not
apply (whole is null too when the text was not shortened).
"""

import builtins
import json
import sys

_state = {"layer": "area", "inside_card": 0, "fitted": None, "room": None}


def _record(kind, x, y, width, height, text=None, whole=None, room=None):
    print("text-box", json.dumps([_state["layer"], kind, x, y, width, height, text, whole,
                                  room]))


def _afresh(layer):
    print("text-boxes afresh", layer)


def _record_font(font):
    text, fit, centred = font.text, font.fit, font.centred

    def recorded_text(canvas, string, x, y, colour, size=font.SMALL):
        end = text(canvas, string, x, y, colour, size)
        fitted, room = _state["fitted"], _state["room"]
        _state["fitted"] = _state["room"] = None
        if not _state["inside_card"]:
            whole = None
            if fitted is not None and fitted[0] == string:
                whole = fitted[1] if fitted[1] != string else None
                room = room or [x, x + fitted[2]]
            _record("text", x, y, end - x, font.height(size), string, whole, room)
        return end

    def recorded_fit(string, room, size=font.SMALL):
        fitted = fit(string, room, size)
        _state["fitted"] = (fitted, string, room)
        return fitted

    def recorded_centred(canvas, string, x, y, room, colour, size=font.SMALL):
        _state["room"] = [x, x + room]
        return centred(canvas, string, x, y, room, colour, size)

    font.text, font.fit, font.centred = recorded_text, recorded_fit, recorded_centred


def _record_cards(cards):
    draw, chip, draw_back = cards.draw, cards.chip, cards.draw_back

    def as_card(drawing, x, y, width, height):
        """Run `drawing` (a card's own text unrecorded), then record the card's box."""
        _state["inside_card"] += 1
        try:
            end = drawing()
        finally:
            _state["inside_card"] -= 1
        _record("card", x, y, width if width is not None else end - x, height)
        return end

    def recorded_draw(canvas, token, x, y, width, height, state=cards.NORMAL):
        as_card(lambda: draw(canvas, token, x, y, width, height, state), x, y, width, height)

    def recorded_chip(canvas, token, x, y, height):
        return as_card(lambda: chip(canvas, token, x, y, height), x, y, None, height)

    def recorded_back(canvas, x, y, width, height):
        as_card(lambda: draw_back(canvas, x, y, width, height), x, y, width, height)

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
        print("text-boxes covered", json.dumps(box))
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
            _afresh("all" if screen.title is None else "area")  # all: a screen with no bars
        depth[0] += 1
        try:
            draw_area(app, display, screen)
        finally:
            depth[0] -= 1

    shell.App._draw_area = recorded_draw_area


def _keep_recorded(deckapp):
    """The app unloads modules to save heap, the cards' drawing among them, and imports them
    again where the import hook does not see it (`from deckui import cards` loads the
    submodule after __import__ returns): the recorded modules stay loaded instead."""
    unload = deckapp.unload

    def unload_unless_recorded(module):
        if module not in [name for name, _, _ in _RECORDERS]:
            unload(module)

    deckapp.unload = unload_unless_recorded


# (module, the names its recorder wraps, the recorder)
_RECORDERS = (("deckapp", ("unload",), _keep_recorded),
              ("deckui.font", ("text", "fit", "centred"), _record_font),
              ("deckui.cards", ("draw", "chip", "draw_back"), _record_cards),
              ("deckui.widgets", ("title_bar", "softkey_bar", "dialog_box"), _record_bars),
              ("deckapp.shell", ("App", "import_with_room"), _record_shell))


def _wrap_loaded():
    """Wrap the drawing functions of the modules loaded since the last call (the app unloads
    some and loads them again, e.g. the cards' drawing around a match) once the functions are
    defined (an import returns also within the import of the module that asked for it)."""
    for name, names, record in _RECORDERS:
        module = sys.modules.get(name)
        if module is None or hasattr(module, "_text_boxes"):
            continue
        if not [missing for missing in names if not hasattr(module, missing)]:
            record(module)
            module._text_boxes = True


_plain_import = builtins.__import__


def _wrapping_import(name, *rest):
    module = _plain_import(name, *rest)
    _wrap_loaded()
    return module


def install():
    """Wrap the drawing functions of every module that loads from now on."""
    builtins.__import__ = _wrapping_import
