"""A state file removed (`Store.save_state(name, None)`) that the flash keeps is a flash
error, as a failed write is: the scorekeeper's draft of a hand already committed, left on
flash unsaid, was offered again as a draft after the next power cut. No file there is no
error, and the boot's repairs (checked_file.remove_if_there) still try again at the next
boot, unsaid."""

import errno
import os

import pytest

from deckapp import checked_file
from deckapp.store import Store, StoreError
from test_shell import run


def store_at(root):
    store = Store(str(root))
    store.boot()
    return store


@pytest.fixture
def remove_fails(monkeypatch):
    """The flash refuses every removal (EIO), and the files stay."""
    def refuse(path):
        raise OSError(errno.EIO, "I/O error")
    monkeypatch.setattr(os, "remove", refuse)


def test_a_state_the_flash_does_not_remove_is_a_flash_error_and_stays_readable(
        tmp_path, remove_fails):
    store = store_at(tmp_path)
    store.save_state("keep-draft", {"hand": 1})
    with pytest.raises(StoreError, match="flash error 5 while removing a saved state"):
        store.save_state("keep-draft", None)
    assert store.load_state("keep-draft", None) == {"hand": 1}
    store.save_state("never-saved", None)  # none there: nothing to say
    path = store.state_path("keep-draft")
    checked_file.remove_if_there(path)  # the boot's repairs: tried again at the next boot
    assert os.path.exists(path)


# A scorekept Droggn match in the MicroPython port (deckapp.keep is firmware): the store's
# modules held loaded (Store.hold), the checked files' os refuses every removal (EIO).
KEPT_DROGGN_REFUSING_REMOVAL = """
import os
from deckapp.keep import stored
from deckapp.store import Store, StoreError
from deckcore.games.options import options_of


class RefusingRemoval:
    def remove(self, path):
        raise OSError(5)

    def __getattr__(self, name):
        return getattr(os, name)


store = Store(%r)
store.boot()
store.hold()  # (the boot unloaded the modules: imported now, they stay)
from deckapp import checked_file
checked_file.os = RefusingRemoval()
options = {option.name: option.default for option in options_of("droggn").OPTIONS}
names = ["P%%d" %% seat for seat in range(options["players"])]
kept = stored.begin(store, stored.new_match("droggn", options, names, 0), "t")
"""

KEPT_DRAFT_STAYS = """
import sys
sys.path.append(%r)
%s
entry = {"contract": "thrown in"}
kept.save_draft(1, entry)
try:
    kept.add(entry)
except StoreError as error:
    print(error)
print(len(kept.keeper.hands), len(list(store.read_lines(kept.game_log.game_id))),
      kept.draft() == (1, entry))
"""


def test_a_hand_committed_whose_draft_stays_is_in_the_log_and_said_with_the_fix(tmp_path):
    """The hand is committed once (the confirmation's A then only leaves: deckapp/keep/
    entry.py), and the person is told what a restart would offer and what to do."""
    from deckmate.runtime import run_core
    from helpers import FIRMWARE
    status, out, err = run_core(KEPT_DRAFT_STAYS % (FIRMWARE, KEPT_DROGGN_REFUSING_REMOVAL % str(tmp_path)),
                                heap="512K")
    assert status == 0, out + err
    assert out.splitlines() == [
        "Draft not removed (flash error 5): if a restart offers it, B drops it",
        "1 2 True"]  # the hand once; the log's header and the hand; the draft still there


def test_the_confirmation_commits_a_hand_once_when_its_draft_stays_then_leaves(tmp_path):
    """On the scorekeeper's screens: A on the confirmation commits the hand and says that its
    draft stays; its keys are then Done only, and A goes back to the totals without
    committing the hand again."""
    seen = run(KEPT_DROGGN_REFUSING_REMOVAL % str(tmp_path) + '''
from deckapp.keep.entry import ConfirmScreen
from deckapp.keep.totals import TotalsScreen
app = App(ScriptedBoard([]), store, Settings())
totals = TotalsScreen(lambda app: kept)
app.push(totals)
totals.opened(totals.opening)
totals.enter(1)
form = app.stack[-1]
form.save()
app.push(ConfirmScreen(form))
confirm = app.stack[-1]
seen = []
for key in ("a", "b", "a"):
    confirm.key(key, PRESS)
    seen.append([confirm.message, sorted(confirm.softkeys().values()), len(kept.keeper.hands),
                 app.stack[-1] is totals])
print(__import__("json").dumps(seen))
''')
    said = "Draft not removed (flash error 5): if a restart offers it, B drops it"
    assert seen == [[said, ["Done"], 1, False],  # committed; the screen stays to say so
                    [said, ["Done"], 1, False],  # B: not back to the form (A there commits)
                    [said, ["Done"], 1, True]]   # A: the totals, the hand committed once
