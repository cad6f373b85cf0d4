"""What a new user tripped on at the device (issue 43), each from a key script on the simulated
board, read from its screens' text boxes (tests/host/text_boxes.py) and its log:

- 5: the start-up's offer of a match left open: X asks before abandoning it; B leaves it open
  and reaches the main menu (History is free to use), where Keep score offers it again.
- 3: the keyboard has the accented letters of the names at the games' tables, a press or two
  from their letters: Zo\u00e9 takes 16 presses (Zoe 15), J\u00fcrgen 24 (Jurgen 22).
- 4: Undo brings the form back with the entry taken back; the set-up's red line goes once
  the row is fixed (a name typed for the one that was there twice).
- 6: keys pressed while a screen changes are never lost: presses that reach the board
  while the firmware is busy (a key script's `quick`: all of them before it reads its keys
  again) land as the same presses one at a time do, from the main menu (Down, centre, Down,
  Down; B from the set-up then Down Down at 0.15 s) and inside a match (B, Down, centre);
  and no black panel between two screens: a soft reset (a match begins, a match ends) leaves
  the panel as it was, showing the last screen until the next replaces it.
- 8: after a resume X shows the last trick as before it; B from "Scores so far" comes back to
  the match menu; marking the scart says where the cursor went after each mark.
- 9: the scores so far keep a name ending in a digit apart from its total; a hand's lines (the
  summary's, as `deckmate replay` prints them) say one of a thing in the singular, a called
  card in words (the King of spades, not KS), an option's value in words.
- 7: SCOUT's turn picker, where the other kinds are illegal: Up and Down keep the kind, which
  stays in view, with the rule whole in red over it.
"""

import json
import re

from play_sim import device_log, fast_bots_keys, play, setup_keys
from text_boxes import faults_of_shots, read_boxes

KEEP_SCORE = ["down", "press"]  # from the main menu: Keep score's set-up


def texts(shot):
    return " ".join(box.text for box in read_boxes(shot) if box.kind == "text")


def kinds(flash):
    return [json.loads(line)["t"] for line in device_log(flash).splitlines()]


def test_5_the_offer_of_an_open_match_confirms_abandon_and_b_keeps_it_for_later(tmp_path):
    flash = tmp_path / "flash.img"
    play(flash, KEEP_SCORE + ["up", "press"], fresh=True)  # Start: a scorekept match is open
    keys = ["shot offer", "x", "shot confirm", "b", "b", "shot menu",
            "down", "down", "press", "shot history", "b",   # History, while the match waits
            "up", "press", "shot again"]                     # Keep score: the offer again
    shots = play(flash, keys, tmp_path / "shots", text_boxes=True)
    offer, confirm, menu, history, again = [texts(shot) for shot in shots]
    assert "Match in progress" in offer and "Later" in offer
    assert "Abandon?" in confirm and "Keep it" in confirm
    assert "The match ends here and stays saved: as abandoned (finished if its last hand was " \
        "played)" in confirm  # (a log that cannot be resumed: test_shell)
    assert "Play" in menu and "Keep score" in menu and "History" in menu
    assert "History" in history
    assert "Match in progress" in again
    assert kinds(flash) == ["header"]  # still open
    assert faults_of_shots(shots) == []
    play(flash, ["x", "a"], tmp_path / "after")
    assert kinds(flash)[-1] == "end"


def pixels(shot):
    from PIL import Image
    with Image.open(shot) as picture:
        return picture.tobytes()


def test_6_keys_pressed_while_screens_change_land_as_if_pressed_one_at_a_time(tmp_path):
    quick = play(tmp_path / "quick.img", [
        "quick down press down down", "shot keep-score",   # Keep score's set-up, on Seat 1
        "b", "press", "quick 150 b down down", "shot menu"], tmp_path / "quick", fresh=True,
        text_boxes=True)                                    # the menu, on History
    one_at_a_time = play(tmp_path / "taps.img", [
        "down", "press", "down", "down", "shot keep-score",
        "b", "press", "b", "down", "down", "shot menu"], tmp_path / "taps", fresh=True)
    assert texts(quick[0]).startswith("Keep score") and texts(quick[1]).startswith("Deckmate")
    assert [pixels(shot) for shot in quick] == [pixels(shot) for shot in one_at_a_time]
    # a match (Scioto, You and a normal bot): at your turn B, Down, centre at once
    keys = fast_bots_keys() + setup_keys("scioto", ["human", "normal"], {}, 3)
    shots = play(tmp_path / "match.img", keys + ["quick b down press", "shot scores"],
                 tmp_path / "match", fresh=True, text_boxes=True)
    assert texts(shots[0]).startswith("Scores so far")


def test_6_a_soft_reset_leaves_the_last_screen_on_the_panel_until_the_next_replaces_it(
        tmp_path, monkeypatch):
    from deckmate.sim.panel import DISPOFF, DISPON, SLPIN, SWRESET, Panel
    seen = []  # what blanks a panel (its reset, SWRESET, SLPIN, DISPOFF), and each DISPON
    # with whether the panel then shows anything but black (what it had: the last screen)
    reset, start_command = Panel.reset, Panel.start_command

    def watched_reset(panel):
        seen.append("reset")
        reset(panel)

    def watched_command(panel, code):
        if code in (SWRESET, SLPIN, DISPOFF):
            seen.append(code)
        start_command(panel, code)
        if code == DISPON:
            seen.append(("on", any(panel.picture())))
    monkeypatch.setattr(Panel, "reset", watched_reset)
    monkeypatch.setattr(Panel, "start_command", watched_command)
    # Keep score's Start (the match begins after a reset), X, A: stopped; Done (a reset: the menu)
    shots = play(tmp_path / "flash.img", KEEP_SCORE + ["up", "press", "x", "a", "press",
                                                       "shot menu"], tmp_path, fresh=True,
                 text_boxes=True)
    power_on = ["reset", "reset", SWRESET, "reset", ("on", False)]  # made, RST, SWRESET: black
    assert seen == power_on + [("on", True), ("on", True)]  # two starts after a soft reset
    assert texts(shots[0]).startswith("Deckmate")


def test_4_undo_brings_back_the_undone_entry_and_a_fixed_row_clears_the_error(tmp_path):
    flash = tmp_path / "flash.img"
    # Keep score, Scioto for two: Seat 2 made "You" as well; Start refuses it
    keys = KEEP_SCORE + ["down", "down", "down", "left", "up", "up", "up", "up", "press",
                         "shot refused"]
    # X types Ada for it (on an empty line): the red line goes
    keys += ["x", "press", "right", "right", "right", "x", "press", "left", "left", "left",
             "press", "a", "shot fixed"]
    # Start; hand 1 entered as You 59 (Ada 53; each starts at 56), committed, taken back: the
    # form has it again
    keys += ["up"] * 4 + ["press", "press", "right", "right", "right", "a", "a", "y", "a",
                          "press", "shot again"]
    shots = play(flash, keys, tmp_path / "shots", fresh=True, text_boxes=True)
    refused, fixed, again = [texts(shot) for shot in shots]
    assert "Seat 2: You sits at seat 1 already" in refused
    assert "sits at seat" not in fixed and "Ada" in fixed
    assert "Points You \u2190 59 \u2192" in again and "Points Ada 53" in again, again


def test_7_a_kind_the_scout_picker_refuses_leaves_the_kind_in_view_and_the_rule_whole(tmp_path):
    # SCOUT, You and two normal bots, deal 3: after the flip and two bots' turns, You face
    # a run of four that no show of yours beats, and no Scout & Show either: a Scout it is
    keys = fast_bots_keys() + setup_keys("scout", ["human", "normal", "normal"], {}, 3)
    shots = play(tmp_path / "flash.img", keys + ["press"] * 3 + [
        "shot scout", "up", "shot show", "down", "shot scout-and-show"], tmp_path / "shots",
        fresh=True, text_boxes=True)
    assert faults_of_shots(shots) == []  # each text whole, in its room, over no card
    scout, show, scout_and_show = [[box.text for box in read_boxes(shot) if box.kind == "text"]
                                   for shot in shots]
    kind = "\u2191\u2193 scout left to place 1"
    assert scout[-1] == kind and show[-1] == kind and scout_and_show[-1] == kind
    assert " ".join(show[-3:-1]) == \
        "section 5.2.A.3: no show of your hand beats the active set"
    assert " ".join(scout_and_show[-3:-1]) == "no Scout & Show beats the active set"


ZOE = (["down", "down", "right", "right", "right", "right", "right", "press"]  # Z
       + ["x"]                                                              # lower case
       + ["up", "left", "press"]                                            # o
       + ["up", "up", "press"]                                              # \u00e9, Up from e
       + ["a"])
JURGEN = (["left", "press"]                                                 # J
          + ["x"]
          + ["up", "up", "right", "press"]                                  # \u00fc, under u
          + ["down", "down", "down", "left", "left", "left", "press"]       # r
          + ["up", "left", "press", "left", "left", "press"]                # g e
          + ["down", "left", "press"]                                       # n
          + ["a"])


def test_3_names_with_accents_are_typed_in_a_few_presses_more_than_without(tmp_path):
    flash = tmp_path / "flash.img"
    # Keep score, Scioto: seats 1 and 2 typed (X on the seat's row: an empty line)
    keys = KEEP_SCORE + ["down", "down", "x", "shot keyboard"] + ZOE[:-1] + ["shot typed"] + \
        ZOE[-1:] + ["down", "x"] + JURGEN + ["shot seats"] + ["up"] * 4 + ["press"]
    shots = play(flash, keys, tmp_path / "shots", fresh=True, text_boxes=True)
    assert faults_of_shots(shots) == []
    keyboard, typed, seats = [texts(shot) for shot in shots]
    for letters in ("\u00c9 \u00c8 \u00ca \u00cb \u00c0 \u00c2 \u00c7 \u00c6 \u00cf \u00ce",
                    "\u00dc \u00d9 \u00db \u00c4 \u00d6 \u00d4 \u00d8 \u00c5 \u00df \u00d2"):
        assert all(letter in keyboard.split() for letter in letters.split())
    assert typed.split()[typed.split().index("Cancel") + 1] == "Zo\u00e9"
    assert "3 of 12 letters" in typed
    assert "Zo\u00e9" in seats and "J\u00fcrgen" in seats
    header = json.loads(device_log(flash).splitlines()[0])
    assert [player["name"] for player in header["players"]][:2] == ["Zo\u00e9", "J\u00fcrgen"]
    assert (len(ZOE), len(JURGEN)) == (16, 24)


def test_8_the_last_trick_after_a_resume_scores_so_far_and_the_scart_marks(tmp_path):
    flash = tmp_path / "flash.img"
    # Scarto, You and two normal bots, deal 1: You deal, and lay the scart first
    keys = fast_bots_keys() + setup_keys("scarto", ["human", "normal", "normal"], {}, 1)
    keys += ["shot scart", "press", "shot marked", "press", "press", "press"]  # 3 marks, OK
    keys += ["press"] * 3 + ["x", "shot last"]  # three tricks played
    shots = play(flash, keys, tmp_path / "shots", fresh=True, text_boxes=True)
    # the power goes; at the boot, Resume; X; the match menu's Scores so far, then B
    shots += play(flash, ["press", "x", "shot resumed", "x", "b", "down", "press",
                          "shot scores", "b", "shot back"], tmp_path / "shots", text_boxes=True)
    assert faults_of_shots(shots) == []
    scart, marked, last, resumed, scores, back = [texts(shot) for shot in shots]
    assert "Your turn: mark 3 more, then OK" in scart
    assert "Mark 2 more; cursor on trump" in marked  # the first card was a trump, the next too
    assert "Table" in last.split() and "Table" in resumed.split()  # X: back to the table

    def cards(shot):
        return [(box.left, box.top) for box in read_boxes(shot) if box.kind == "card"]
    assert cards(shots[3]) == cards(shots[2]) and cards(shots[2])
    assert scores.startswith("Scores so far") and "2. Bot 2: 0" in scores  # (9: not "Bot 2 0")
    assert back.startswith("Match") and "Back to the table" in back


def test_9_the_lines_of_a_hand_read_as_words():
    from deckcore.explain import hand_lines
    from deckcore.games import load
    from deckcore.rng import Rng
    game = load("chambery")({})
    names = ["You", "Bot 2", "Bot 3", "Bot 4", "Bot 5"]
    lines = []
    for seed in range(8):  # first bids (a called King), or the last; random cards
        state = game.new_hand(0, game.deal(Rng(seed), 0))
        cards = Rng(seed + 1000)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[cards.below(len(legal))] if state.phase == "play"
                        else legal[-(seed % 2)])
        lines += hand_lines(state, names)
    assert "  Bot 3: 1 point, -3" in lines
    assert not [l for l in lines if re.search(r"\b1 points", l)]
    assert "Contract: You + Bot 2 (called the King of spades)" in lines
    assert not [l for l in lines if re.search(r"called [0-9A-Z]+[SHDC]\\b", l)]
    assert "Settlement: standard" in lines and "Settlement: seed" not in lines
