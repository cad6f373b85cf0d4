"""The store's modules (docs/device.md, the store): deckapp.store and deckapp.store_base stay
loaded; the checked files, the games and the repairs are loaded for a call and leave memory
after it (during a match their code takes no heap: docs/budgets.md, the heap), unless a
caller holds them for a session of calls. The modules import the store's shared helpers from
deckapp.store_base, never deckapp.store back."""

import ast
import os
import sys

import deckapp
from deckapp.phases import _STORE_CALLS as CALL_MODULES  # (the store's calls' phase)
from deckapp.store import Store
from helpers import FIRMWARE

HELPER_MODULES = ("store_base", "store_games", "store_acks", "store_repair", "checked_file")


def loaded(module):
    package, _, child = module.rpartition(".")
    return module in sys.modules or hasattr(sys.modules.get(package), child)


def loaded_modules():
    return [module for module in CALL_MODULES if loaded(module)]


def imported_names(module):
    """[(module imported from, name)] of every import in firmware/deckapp/<module>.py."""
    with open(os.path.join(FIRMWARE, "deckapp", module + ".py")) as handle:
        tree = ast.parse(handle.read())
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names += [(node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            names += [(alias.name, None) for alias in node.names]
    return names


def test_no_store_module_imports_the_store_back_nor_a_private_name():
    for module in HELPER_MODULES:
        names = imported_names(module)
        assert [source for source, _ in names if source == "deckapp.store"] == [], module
        assert [name for _, name in names if name and name.startswith("_")] == [], module


def test_the_store_names_each_of_its_methods():
    assert "__getattr__" not in vars(Store)
    for name in ("boot", "prune", "free_bytes", "new_game_id", "start_game", "open_game",
                 "close_entry", "entry", "games", "read_lines", "acknowledge", "acked",
                 "save_state", "load_state", "hold", "release"):
        assert callable(vars(Store)[name]), name


def play_a_short_game(store):
    log = store.start_game(store.new_game_id(), '{"t": "header", "game": "scioto"}\n')
    log.append('{"t": "end"}\n')
    log.close()
    store.acknowledge("1", store.entry("1")["sha256"])


def test_boot_and_prune_do_their_work_and_unload_the_store_modules(tmp_path):
    store = Store(str(tmp_path))
    assert store.boot() == []
    assert loaded_modules() == []
    play_a_short_game(store)
    assert loaded_modules() == []
    with open(store.logs_dir + "/stray.tmp", "w") as handle:
        handle.write("cut")
    assert store.boot() == ["removed the unfinished file stray.tmp"]
    assert loaded_modules() == []
    assert store.prune() == ["1"]
    assert loaded_modules() == []
    assert list(store.games()) == []
    assert loaded_modules() == []


def test_held_modules_stay_loaded_across_calls_until_released(tmp_path):
    store = Store(str(tmp_path))
    store.boot()
    store.hold()
    play_a_short_game(store)
    games_module = sys.modules["deckapp.store_games"]
    assert [listed["id"] for listed in store.games()] == ["1"]
    assert store.free_bytes() > 0
    assert sys.modules["deckapp.store_games"] is games_module  # not read again
    assert store.prune() == ["1"]
    assert loaded_modules() == list(CALL_MODULES)
    store.release()
    assert loaded_modules() == []
    assert not hasattr(deckapp, "store_games")
    store.save_state("settings", {"sound": 1})
    assert loaded_modules() == []
