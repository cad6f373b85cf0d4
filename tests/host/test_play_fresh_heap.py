"""Every match begins on a fresh heap: Start on the set-up saves the match as asked and
soft-resets the board, and the boot opens the table that begins it (App.start_after_reset);
when the match is over the board soft-resets again and the boot opens the main menu (App.top).
MicroPython never frees an interned name, so without the restart a second match would carry
the names of the menu, the set-up and the first match, and need more heap than the first."""

import json

from deckmate.sim.script import run_script
from play_sim import HEAP, HEAVIEST, device_log, expected_match, fast_bots_keys, setup_keys

DEAL = 3
FIRST = ("scioto", ["human", "easy"], {})
SECOND = ("scout", ["human", "easy"], {})
# MicroPython's pools of names hold 1,260 names; the 1,261st allocates a pool of 1,280 entries
# (14 KB of the 64-bit port) at once (docs/budgets.md, "Names"). The heaviest Droggn match
# interned 1,259 (docs/notes/2026-12-07-names-room.md): this ceiling keeps 8 names of room.
DROGGN_NAMES = 1252


def names_per_start(flash, keys, monkeypatch):
    """The most names interned in each start of the firmware (the stand-in machine traces
    them at every idle and at the app's reset: a start's last key, the set-up's Start, may
    reset the board before it idles or after, as the key's let-go falls), in order."""
    monkeypatch.setenv("DECKMATE_SIM_TRACE_HEAP", "1")
    printed = []
    run_script(keys, str(flash), None, heapsize=HEAP, fresh=True, output=printed.append)
    starts = []
    for line in printed[0].splitlines():
        if line == "start":  # the stand-in machine's mark of a start of the firmware
            starts.append(0)
        elif line.startswith("qstr pool:"):
            starts[-1] = max(starts[-1], int(line.split("n_qstr=")[1].split(",")[0]))
    return starts


def match_keys(game, kinds, options):
    return setup_keys(game, kinds, options, DEAL) + \
        ["press"] * expected_match(game, kinds, options, DEAL, "sim").presses


def test_a_second_match_needs_no_more_names_than_the_same_match_first(tmp_path, monkeypatch):
    alone = names_per_start(tmp_path / "alone.img", fast_bots_keys() + match_keys(*SECOND),
                            monkeypatch)
    after = names_per_start(tmp_path / "after.img", fast_bots_keys() + match_keys(*FIRST)
                            + match_keys(*SECOND), monkeypatch)
    # the menu and set-up, a match, the menu and set-up again, a match, the menu again
    assert len(alone) == 3 and len(after) == 5
    # the second match as if it were the first, but for its number: game 2's digit is a name
    # that game 1 never interns (seen with micropython.qstr_info(1): the one name apart)
    assert alone[1] <= after[3] <= alone[1] + 1
    assert after[2] <= alone[0]  # the menu and set-up after a match: no more than at first
    assert json.loads(device_log(tmp_path / "after.img", "2").splitlines()[0])["game"] == "scout"


def test_the_heaviest_droggn_match_keeps_room_under_the_pools_of_names(tmp_path, monkeypatch):
    game, people, bots, options, deal = [plan for plan in HEAVIEST if plan[0] == "droggn"][0]
    kinds = ["human"] * people + ["normal"] * bots
    keys = fast_bots_keys() + setup_keys(game, kinds, options, deal) + \
        ["press"] * expected_match(game, kinds, options, deal, "sim").presses
    starts = names_per_start(tmp_path / "droggn.img", keys, monkeypatch)
    assert len(starts) == 3 and starts[1] <= DROGGN_NAMES, starts  # the match's start
