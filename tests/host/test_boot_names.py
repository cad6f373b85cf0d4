"""What the store's boot interns (docs/notes/2026-12-07-boot-room.md): every session of the
device boots the store before its match, and each name a module loaded holds is interned for
good. The match played over the REPL on the simulated board (tests/host/test_store_sim.py)
ended at 648 names with the repairs and the journal's code loaded at every boot, past the 620
the first five pools hold: a sixth pool of 640 entries took 8 KB at once, and the match did
not play in 207K. A boot of an intact store loads the check (deckapp/store_check.py) and what
a match loads anyway, the games' and the checked files' modules."""

import sys

from deckapp.store import Store
from deckmate import image, runtime

GAME = '{"t": "header", "game": "scioto", "players": [{"name": "Ann"}]}\n'
CODE = """
import sys, micropython
sys.path.insert(0, %r)
from deckapp.store import Store
store = Store(%r)
micropython.qstr_info(1)
print("-- boot --")
print("report", store.boot())
micropython.qstr_info(1)
"""
# The names the boot of such a store interns, measured: 96 (132 when every boot loaded the
# repairs and the journal's code), with those of the modules that unload the store's after
# the call (deckapp/phases.py, deckcore/residency.py); a few more for code that reads well,
# before the match over the REPL, 5 names under a sixth pool, pays for them.
BOOT_NAMES = 100


def synced_store(root):
    """A store as a sync leaves it: a closed log acknowledged (the journal is read at every
    boot), another open."""
    store = Store(root)
    store.boot()
    for game_id in (store.new_game_id(), store.new_game_id()):
        log = store.start_game(game_id, GAME)
        if game_id == "1":
            log.append('{"t": "end"}\n')
            log.close()
    store.acknowledge("1", store.entry("1")["sha256"])
    return store


def names(text):
    return set(line[2:-1] for line in text.splitlines() if line.startswith("Q("))


def test_the_boot_of_an_intact_store_interns_few_names(tmp_path):
    synced_store(str(tmp_path))
    code, out, err = runtime._run(["-c", CODE % (image.build_image("sim"), str(tmp_path))],
                                  "1M", 60)
    assert code == 0, err + out
    before, after = out.split("-- boot --\n")
    assert "report []" in after
    interned = sorted(names(after) - names(before))
    assert len(interned) <= BOOT_NAMES, interned


def test_the_boot_of_an_intact_store_loads_neither_the_repairs_nor_the_journal(tmp_path):
    store = synced_store(str(tmp_path))
    store.hold()  # (the modules the calls load stay, to be seen)
    try:
        assert store.boot() == []
        assert "deckapp.store_repair" not in sys.modules
        assert "deckapp.store_acks" not in sys.modules
        assert "deckapp.store_check" in sys.modules
    finally:
        store.release()
    with open(store.state_dir + "/stray.tmp", "w") as handle:
        handle.write("cut")
    assert store.boot() == ["removed the unfinished file stray.tmp"]
