"""The store's boot check and prune live in deckapp.store_repair, which leaves memory after
each call: during a match its code takes no heap (docs/budgets.md, the heap)."""

import sys

import deckapp
from deckapp.store import Store


def repair_module_loaded():
    return "deckapp.store_repair" in sys.modules or hasattr(deckapp, "store_repair")


def test_boot_and_prune_do_their_work_and_unload_the_repair_code(tmp_path):
    store = Store(str(tmp_path))
    assert store.boot() == []
    assert not repair_module_loaded()
    log = store.start_game(store.new_game_id(), '{"t": "header", "game": "scioto"}\n')
    log.append('{"t": "end"}\n')
    log.close()
    entry = store.entry("1")
    store.acknowledge("1", entry["sha256"])
    with open(store.logs_dir + "/stray.tmp", "w") as handle:
        handle.write("cut")
    assert store.boot() == ["removed the unfinished file stray.tmp"]
    assert not repair_module_loaded()
    assert store.prune() == ["1"]
    assert not repair_module_loaded()
    assert list(store.games()) == []
