"""What every screen and every log line does interns no name (docs/budgets.md, "The gate:
208K"): MicroPython makes each character of a str it iterates or indexes an interned name, kept
for good, and a match that passes 1,260 names allocates a pool of 14 KB more. Text is drawn
and card tokens are read from the str's bytes and slices, and a log line writes printable
ASCII as it is."""

import os
import sys

from deckmate import image, runtime

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "tools"))
import recorder_heap  # noqa: E402  (tools/recorder_heap.py)

CODE = r"""
import sys
sys.path.insert(0, %r)
import framebuf, micropython
from deckcore import log
from deckui import cards, font, font_data
canvas = framebuf.FrameBuffer(bytearray(240 * 40 * 2), 240, 40, framebuf.RGB565)
micropython.qstr_info()
for text in ("Zqx Wvj 7%% K\u2665 \u00e9\u2192", "Bot 9: kvw QJ 10\u2660"):
    font.text(canvas, text, 0, 0, 1, font.LARGE)
    font.width(text)
    font.fit(text, 30)
for token in ("10H", "QS", "T21", "Fool", "9D"):
    cards.draw(canvas, token, 0, 0, 40, 40)
print(log.record("act", [("hand", 1), ("a", "Zqx kvw QJ 10H"), ("name", "Bot 9")]))
micropython.qstr_info()
# each character of the font and some it lacks: the glyph CHARS.find gives ("?" if none),
# as its code (the index plus 32), in a string of more than ASCII and one character a string
every = font_data.CHARS + "\x7f\u00ff\u20ac\U0001F600\t"
found = [32 + (31 if i < 0 else i) for i in [font_data.CHARS.find(c) for c in every]]
print("glyphs", list(font._indices(every)) == found,
      [list(font._indices(every[i:i + 1])) for i in range(len(every))] == [[i] for i in found])
print(log.record("act", [("name", "W\\ \"7\" \u00e9")]))
"""


def test_drawing_text_and_cards_and_writing_a_log_line_intern_no_names():
    code, out, err = runtime._run(["-c", CODE % image.build_image("sim")], "1M", 60)
    assert code == 0, err + out
    counts = [int(line.split("n_qstr=")[1].split(",")[0]) for line in out.splitlines()
              if line.startswith("qstr pool:")]
    assert len(counts) == 2 and counts[1] == counts[0], out
    assert '{"t":"act","hand":1,"a":"Zqx kvw QJ 10H","name":"Bot 9"}' in out
    assert "glyphs True True" in out
    assert r'{"t":"act","name":"W\\ \"7\" \u00e9"}' in out


def test_the_recorder_of_text_boxes_interns_next_to_no_names_of_its_own():
    """A recorded run (the simulated board's recorder of text boxes) interns the firmware's
    names and the recorder's: a recorder of 39 names pushed a Chambery Tarot match over the
    pool boundary, 14 KB more than its room (docs/notes/2026-12-06-recorder-heap.md). Its
    state lives in closures' cells, its wrappers take the wrapped functions' names."""
    names = recorder_heap.recorder_names()
    assert len(names) <= 12, names
