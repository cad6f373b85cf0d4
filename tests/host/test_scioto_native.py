"""The search of 2-player Scioto in native code (deckcore/bots/scioto_search_viper.py, as the
image ships it for the simulator), exact and with the estimate a few tricks ahead, finds the
values and moves of the plain-Python search (BitmaskSearch, which CPython runs) by the same
positions: the same node counts, so the same proofs given up on the same budget, and so the
same decisions on every runtime. It is used only where the rules allow it, and stays loaded
for the match once loaded."""

import json
import os
import subprocess

import pytest

from deckmate import image, runtime
from helpers import ROOT

SCRIPT = """
import json, sys
sys.path[:0] = [%(image)r, %(tests)r]
from deckcore.bots.scioto_endgame import Endgame
from scioto_endgames import endgame_positions
out = []
for options in %(options)s:
    game, positions = endgame_positions(options, 6, 8, 11)
    for state in positions:
        endgame = Endgame(game, 128)
        row = [type(endgame.exact_search()).__name__, endgame.final_points(state, 0)]
        row.append(endgame.nodes)
        ticks = []
        row.append(endgame.best_action(state, None, 0, lambda: ticks.append(endgame.nodes)))
        row += [endgame.nodes, ticks]
        row.append(endgame.best_action(state, None, 40))  # a proof given up: None
        row.append(endgame.nodes)
        search = endgame.exact_search()  # its stack empty again (the native one's top)
        row.append(search.words[search.TOP] if hasattr(search, "words") else 0)
        out.append(row)
game, positions = endgame_positions({}, 10, 8, 12)
for state in positions:  # the search 1 and 2 tricks ahead with the estimate
    endgame = Endgame(game, 128, estimated=True)
    for tricks in (1, 2):
        ticks = []
        action = endgame.searched_action(state, state.legal_actions(), tricks,
                                         lambda: ticks.append(endgame.rough.nodes))
        out.append([type(endgame.rough).__name__, action, endgame.rough.nodes, ticks])
print(json.dumps(out))
"""
OPTIONS = [{}, {"compounding": True}, {"mandatory_dismissal": True}, {"ranks": 6}]


def rows(run, folder):
    code = SCRIPT % {"image": folder, "tests": os.path.join(ROOT, "tests", "core"),
                     "options": repr(OPTIONS)}
    return json.loads(run(code))


def on_micropython(port, folder):
    def run(code):
        done = subprocess.run([port, "-X", "heapsize=4M", "-c", code], capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout
    return rows(run, folder)


def on_cpython():
    def run(code):
        import contextlib
        import io
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(code, {})
        return printed.getvalue()
    return rows(run, os.path.join(ROOT, "firmware"))


@pytest.fixture(scope="module")
def plain():
    return on_cpython()


def test_the_native_search_makes_the_plain_searchs_values_positions_and_moves(plain):
    native = on_micropython(runtime.micropython_path(), image.build_image(runtime.SIM_TARGET))
    assert [row[0] for row in plain] == ["BitmaskSearch"] * len(plain)
    # Only the games without compounding or mandatory dismissal search natively.
    assert [row[0] for row in native] == (["ViperSearch"] * 8 + ["BitmaskSearch"] * 16
                                          + ["ViperSearch"] * (8 + 16))
    assert [row[1:] for row in native] == [row[1:] for row in plain]
    assert all(row[8] == 0 for row in native[:32])
    assert any(row[6] is None for row in plain[:32])
    assert sum(len(row[5]) for row in plain[:32]) > 0  # the tick was called, at the same counts
    assert sum(len(row[3]) for row in plain[32:]) > 0


def test_from_the_firmwares_source_the_plain_search_serves():
    """Run from the firmware's source (the tests' MicroPython runs), the module is bytecode:
    `probe` fails and the plain search serves."""
    code = """
import sys
sys.path.insert(0, %r)
from deckcore.bots import scioto_endgame
print(scioto_endgame._load_native(), "deckcore.bots.scioto_search_viper" in sys.modules)
""" % os.path.join(ROOT, "firmware")
    done = subprocess.run([runtime.micropython_path(), "-c", code], capture_output=True,
                          text=True, timeout=60)
    assert done.stdout.split() == ["None", "False"], done.stdout + done.stderr


def test_the_native_module_stays_loaded_after_a_think_that_loaded_it():
    """Each load of native code takes heap MicroPython does not give back: the module a
    think loads is kept when the think's other modules are unloaded, and serves the next
    think's search (whose proof given up is its own module's OverBudget)."""
    code = """
import sys
sys.path[:0] = [%r, %r]
from deckcore.residency import Think
from scioto_endgames import endgame_positions
game, positions = endgame_positions({}, 7, 1, 5)
with Think():
    from deckcore.bots import scioto_endgame
    first = scioto_endgame._load_native()
print("deckcore.bots.scioto_endgame" in sys.modules,
      sys.modules.get(scioto_endgame.NATIVE) is first)
with Think():
    from deckcore.bots import scioto_endgame
    endgame = scioto_endgame.Endgame(game, 128)
    print(endgame.native is first, endgame.best_action(positions[0], None, 30))
""" % (image.build_image(runtime.SIM_TARGET), os.path.join(ROOT, "tests", "core"))
    done = subprocess.run([runtime.micropython_path(), "-c", code], capture_output=True,
                          text=True, timeout=60)
    assert done.stdout.split() == ["False", "True", "True", "None"], done.stdout + done.stderr
