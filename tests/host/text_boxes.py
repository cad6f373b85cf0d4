"""What a reader would stumble on in a screen, found in the boxes it drew (the simulated
board's NAME.boxes.json beside a shot, host/deckmate/sim/device/text_boxes.py): text off the
panel or across the edge of a bar, text wider than the room its widget gave it, text
shortened with ".." (unless the whole of it is on the screen too: a player's name under a
card, whole in the list of seats), and text overlapping other text or a card."""

import json
import os

SIZE, TOP, BOTTOM = 240, 24, 220  # the panel and the bars' edges (deckui/widgets.py)


class Box:
    def __init__(self, layer, kind, x, y, width, height, text, whole, room):
        self.layer, self.kind, self.text, self.whole, self.room = layer, kind, text, whole, room
        self.left, self.top, self.right, self.bottom = x, y, x + width, y + height

    def __repr__(self):
        what = repr(self.text) if self.kind == "text" else "a card"
        return "%s at (%d, %d)-(%d, %d)" % (what, self.left, self.top, self.right, self.bottom)

    def overlaps(self, other):
        return (self.left < other.right and other.left < self.right
                and self.top < other.bottom and other.top < self.bottom)


def read_boxes(shot):
    """The boxes of the shot NAME.png (taken with run_script's text_boxes)."""
    with open(shot[:-len(".png")] + ".boxes.json") as boxes:
        return [Box(*box) for box in json.load(boxes)]


def band(box, bars_shown):
    """The rows a box must keep to: the title bar's or the soft-key bar's, the area between
    them, or the whole panel on a screen without bars."""
    if not bars_shown:
        return 0, SIZE
    if box.layer == "bars":
        return (0, TOP) if box.top < TOP else (BOTTOM, SIZE)
    return TOP, BOTTOM


def faults(boxes):
    """What is wrong with a screen's boxes, one sentence each (none: the screen reads well)."""
    found = []
    bars_shown = any(box.layer == "bars" for box in boxes)
    texts = [box for box in boxes if box.kind == "text" and box.right > box.left]
    whole_texts = set(box.text for box in texts)
    for box in texts:
        first, end = band(box, bars_shown)
        if box.left < 0 or box.right > SIZE or box.top < first or box.bottom > end:
            found.append("%r is outside rows %d-%d of the panel" % (box, first, end))
        if box.room is not None and not box.room[0] <= box.left <= box.right <= box.room[1]:
            found.append("%r is outside its room, x %d-%d" % (box, box.room[0], box.room[1]))
        if box.whole is not None and box.whole not in whole_texts:
            found.append("%r is shortened from %r" % (box, box.whole))
    for index, box in enumerate(texts):
        for other in texts[index + 1:] + [card for card in boxes if card.kind == "card"]:
            if box.overlaps(other):
                found.append("%r overlaps %r" % (box, other))
    return found


def faults_of_shots(shots):
    """The faults of every shot (taken with run_script's text_boxes), each named by its shot."""
    return ["%s: %s" % (os.path.basename(shot), fault) for shot in shots
            for fault in faults(read_boxes(shot))]
