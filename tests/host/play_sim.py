"""Matches played on the simulated board from key scripts, and what they must give.

`setup_keys` walks the set-up screen (deckapp/play/setup.py) from the main menu to a match
with the given seats, options and deal number. `expected_match` plays the same match with
the session in CPython, the person taking the highlighted choice every time, and gives the
number of centre presses that finishes it and the log it must write.
"""

import json
import os

from deckapp.play.choices import Choices
from deckapp.play.session import BOT, HUMAN, Seat, Session
from deckcore.games import NAMES, load
from deckcore.games.options import options_of
from deckmate import runtime
from deckmate.sim import flash
from deckmate.sim.script import run_script
from deckmate.store_files import log_path
from helpers import deckmate

PEOPLE = ["You"] + ["Player %d" % seat for seat in range(2, 7)]  # Settings' default names


def seats_of(kinds, names=PEOPLE):
    """kinds: "human" or a bot level per seat, as the set-up makes them."""
    seats, people = [], 0
    for seat in range(len(kinds)):
        if kinds[seat] == HUMAN:
            seats.append(Seat(names[people], HUMAN))
            people += 1
        else:
            seats.append(Seat("Bot %d" % (seat + 1), BOT, kinds[seat]))
    return seats


def _steps(values, start, target):
    """Keys that step a row from `start` to `target` (right), through its list of values."""
    return ["right"] * ((values.index(target) - values.index(start)) % len(values))


def _option_values(option):
    if option.choices is not None:
        return list(option.choices)
    step = max(1, (option.hi - option.lo) // 100)
    return ([None] if option.default is None else []) + list(range(option.lo, option.hi + 1, step))


def setup_keys(game_name, kinds, options, deal):
    """From the main menu (on a fresh flash): Play, the rows set one by one, then Start."""
    game_class = load(game_name)
    keys = ["press"] + ["right"] * NAMES.index(game_name)
    for option in options_of(game_class.NAME).OPTIONS:
        if option.name == "players":
            keys += ["down"] + _steps(_option_values(option), option.default, len(kinds))
    for seat in range(len(kinds)):
        default = HUMAN if seat == 0 else "normal"
        keys += ["down"] + _steps([HUMAN, "easy", "normal", "hard"], default, kinds[seat])
    for option in options_of(game_class.NAME).OPTIONS:
        if option.name != "players":
            target = options.get(option.name, option.default)
            keys += ["down"] + _steps(_option_values(option), option.default, target)
    if "deals" not in [option.name for option in options_of(game_class.NAME).OPTIONS]:
        keys += ["down"]                  # Match: fixed by the rules
    keys += ["down"] + ["right"] * deal   # Deal: random, 1, 2, ...
    keys += ["down", "press"]             # Start
    return keys


def fast_bots_keys():
    """Settings: bot pace "fast" (no pause after a bot's play), back to the main menu."""
    return (["down"] * 3 + ["press"]     # Settings, under Play, Keep score and History
            + ["down"] * 7 + ["left"]    # past the six names and Brightness: normal -> fast
            + ["b"] + ["up"] * 3)        # saved; the main menu's cursor back on Play


def rename_first_player_keys():
    """Settings: the first name, "You", typed over as "Ada" on the keyboard; back to the main
    menu with its cursor on Play."""
    return (["down"] * 3 + ["press", "press"]         # Settings, the first name
            + ["b", "b", "b"]                          # "You" deleted
            + ["press", "right", "right", "right", "x", "press", "left", "left", "left",
               "press", "a"]                           # A, d (lower case), a; done
            + ["b"] + ["up"] * 3)


class Expected:
    """The centre presses that finish a match, when its hand summaries show (the number of
    presses made before each), and the log it writes."""

    def __init__(self):
        self.presses = 0
        self.summaries = []
        self.lines = []

    def text(self):
        return "".join(self.lines)


def make_game(game_name, kinds, options):
    game_class = load(game_name)
    if "players" in [option.name for option in options_of(game_class.NAME).OPTIONS]:
        options = dict(options, players=len(kinds))
    return game_class(options)


def expected_match(game_name, kinds, options, deal, device, game_id="1", undo_after=None,
                   watch=None, names=PEOPLE):
    """Play the match in CPython as the device does when only the centre key is pressed
    (and, with `undo_after`, A once the person is to act after that many presses).
    `watch(presses, choices)` sees each of the person's decisions."""
    expected = Expected()
    session = Session(make_game(game_name, kinds, options), seats_of(kinds, names), deal,
                      expected.lines.append, game_id, device)
    session.start()
    people = len([k for k in kinds if k == HUMAN])
    viewer = kinds.index(HUMAN)
    laid_together = 1  # an undo takes back the cards of one decision together
    while not session.is_over():
        if session.state is None:
            expected.summaries.append(expected.presses)
            expected.presses += 1
            session.next_hand()
        elif session.person_to_act():
            if expected.presses == undo_after:
                for _ in range(laid_together):
                    assert session.undo()
                undo_after = None
            seat = session.to_act()
            if seat != viewer:
                viewer = seat
                expected.presses += people > 1  # "pass to NAME"
            choices = Choices(session.state)
            if watch is not None:
                watch(expected.presses, choices)
            actions = None
            while actions is None:  # marking several cards takes a press each, then OK
                actions, _ = choices.take()
                expected.presses += 1
            laid_together = len(actions)
            for action in actions:
                session.play(action)
        else:
            session.play(session.bot_choice())
    expected.summaries.append(expected.presses)
    expected.presses += 2  # the last hand's summary, then the match summary
    return expected


# The set-ups the set-up screen allows that need the most memory, one or more per family of
# games, each a short match (game, people, bots, options, deal; the bots at each device level
# in the test, at --level in tools/match_heap.py): tests/host/test_play_heaviest.py plays them
# in HEAP, tools/match_heap.py --heaviest measures them (docs/budgets.md has the figures).
# Scioto: four players, 9 ranks, compounding and mandatory dismissal, the deal that crashed a
# device (issue 23); Chambery: its default five players; Droggn: the 78-card pack, one deal
# (8: the first with a play, 1-7 are passed out); SCOUT: five players, and three (the longest
# hands, 12 cards).
HEAVIEST = [
    ("scioto", 1, 3, {"ranks": 9, "compounding": True, "mandatory_dismissal": True}, 17),
    ("chambery", 1, 4, {}, 3),
    ("droggn", 1, 2, {"pack": 78, "deals": 1}, 8),
    ("scout", 1, 4, {}, 3),
    ("scout", 1, 2, {}, 3),
    ("scioto", 1, 1, {}, 3),  # the default set-up: the exact endgame's table, the estimate
]

# The device budget (docs/budgets.md, 208K of the 64-bit port): the tests' matches play in
# it; tests/host/test_play_heaviest.py is the gate (docs/budgets.md, "The gate: 208K").
HEAP = runtime.HEAP


def play(flash_path, keys, shots_dir=None, fresh=False, heapsize=HEAP, fault=None,
         text_boxes=False):
    """Run a key script on the simulated board (which is then switched off); `fault` and
    `text_boxes` as run_script's."""
    return run_script(keys, str(flash_path), str(shots_dir) if shots_dir else None,
                      heapsize=heapsize, fresh=fresh, fault=fault, text_boxes=text_boxes)


def crash_record(flash_path):
    """The crash the board recorded on the flash (state/crash.chk) as text, or None."""
    if "crash.chk" not in flash.list_files(str(flash_path), "state"):
        return None
    return flash.read_file(str(flash_path), "state/crash.chk").decode()


def device_log(flash_path, game_id="1", crashed=False):
    """The text of game `game_id`'s log on the flash. Unless the test brought a fault about
    (`crashed`), the board must have met none: a match that ran out of memory and recovered
    through the crash screen may still end whole, and would pass unseen."""
    if not crashed:
        record = crash_record(flash_path)
        assert record is None, "the board recorded a crash: " + record
    return flash.read_file(str(flash_path), log_path(game_id)).decode()


def header(log_text):
    return json.loads(log_text.splitlines()[0])


def check_replay(tmp_path, log_text, name="device.jsonl"):
    path = os.path.join(str(tmp_path), name)
    with open(path, "w") as handle:
        handle.write(log_text)
    checked = deckmate("replay", "--check", path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
