"""SCOUT hard's playout step in native code (deckcore/bots/scout_step_viper.py, as the image
ships it for the simulator) chooses what the plain-Python step chooses (`_normal_in` with one
place, which CPython runs): the same action and the same draws of the generator, and values
a position where a playout stops as `evaluate` does, in every position of many rounds at 2
to 5 players, with the Scout & Shows, the 2-player Show after a Scout and the long rounds'
draw among them; and so hard's decisions are the same on CPython, on the unix port as
bytecode and on the unix port with the native step. From the firmware's source the module
is bytecode, fails the probe, and the plain step serves."""

import json
import os
import subprocess

import pytest

from deckcore.bots import scout
from deckcore.games import scout as rules
from deckmate import image, runtime
from helpers import ROOT, firmware_constant

STEPS = """
import json, sys
sys.path[:0] = [%(image)r]
from deckcore.games import load
from deckcore.rng import Rng
from deckcore.bots.scout import LONG_ROUND, NativeStep, _normal_in, evaluate, strongest
from deckcore.games.scout import SCOUT_SHOW, values
native = NativeStep.load()
rows = []
for players in (2, 3, 4, 5):
    game = load("scout")({"players": players})
    deals, moves = Rng(players), Rng(100 + players)
    for deal in range(%(deals)d):
        state = game.new_hand(deal %% players, game.deal(deals, deal %% players))
        if players > 2 and deal %% 2:  # as in a round gone on for LONG_ROUND Scouts
            state.chips = [LONG_ROUND // 2] * players
        while not state.is_terminal():
            if state.phase == "play":
                seat = state.to_act
                powers = [strongest(values(hand)) for hand in state.hands]
                seed = moves.below(10000) + 1
                rng = Rng(seed)
                action = _normal_in(state, rng, 1, True, powers)
                row = [players, action, rng.state, powers, evaluate(state),
                       # what the position asks of the step: a Scout & Show through its
                       # place, a 2-player Scout (then a Show), a long round's draw
                       1 if state.active and state.scout_show[seat] else 0,
                       1 if players == 2 and state.active and state.chips[seat] else 0,
                       1 if sum(state.chips) >= LONG_ROUND else 0]
                if native is not None:
                    rng = Rng(seed)
                    native.deal(state)
                    row += [native.play(state, rng), rng.state,
                            [native.native.strongest(bytearray(hand)) for hand in state.hands],
                            native.evaluate(state)]
                rows.append(row)
                # on by the step's action, or, one time in three, by any legal action
                if moves.below(3) == 0:
                    action = moves.choice(state.legal_actions())
            else:
                action = moves.choice(state.legal_actions())
            state.apply(action)
print(json.dumps([native is not None, rows]))
"""

DECISIONS = """
import json, sys
sys.path[:0] = [%(image)r]
from deckcore.games import load
from deckcore.rng import Rng
from deckcore.bots import levels
from deckcore.bots.scout import NativeStep
out = [NativeStep.load() is not None]
for players in (3, 5):
    game = load("scout")({"players": players})
    hard, normal = levels.make("hard", game), levels.make("normal", game)
    deals, rng = Rng(players), Rng(7)
    for deal in range(%(deals)d):
        state = game.new_hand(deal %% players, game.deal(deals, deal %% players))
        while not state.is_terminal():
            seat = state.current_player()
            bot = hard if seat == deal %% players else normal
            action = bot.choose(state.view(seat), state.legal_actions(), rng)
            if bot is hard:
                out.append([players, action, rng.state])
            state.apply(action)
print(json.dumps(out))
"""


def run(script, folder, micropython, deals):
    code = script % {"image": folder, "deals": deals}
    if micropython:
        done = subprocess.run([runtime.micropython_path(), "-X", "heapsize=32M", "-c", code],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr
        return json.loads(done.stdout)
    import contextlib
    import io
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(code, {})
    return json.loads(printed.getvalue())


@pytest.fixture(scope="module")
def shipped():
    return image.build_image(runtime.SIM_TARGET)


def test_the_native_step_chooses_the_plain_steps_action_with_the_same_draws(shipped):
    native, rows = run(STEPS, shipped, True, 12)
    assert native
    assert len(rows) > 1000
    for row in rows:
        players, action, drawn, powers, outlook = row[:5]
        assert row[8:] == [action, drawn, powers, outlook], row
    # every kind of position the step meets was met
    for column in (5, 6, 7):
        assert sum(row[column] for row in rows) > 20, column
    # the plain step, the reference, is CPython's step
    plain = run(STEPS, os.path.join(ROOT, "firmware"), False, 12)
    assert plain == [False, [row[:8] for row in rows]]


def test_hards_decisions_are_the_same_on_cpython_bytecode_and_native_code(shipped):
    native = run(DECISIONS, shipped, True, 3)
    bytecode = run(DECISIONS, os.path.join(ROOT, "firmware"), True, 3)
    cpython = run(DECISIONS, os.path.join(ROOT, "firmware"), False, 3)
    assert native[0] and not bytecode[0] and not cpython[0]
    assert len(native) > 30  # 3 rounds at 3 and at 5 players: 38 decisions of hard at 14,000 nodes
    assert native[1:] == bytecode[1:] == cpython[1:]


def test_from_the_firmwares_source_the_plain_step_serves():
    """Run from the firmware's source (the tests' MicroPython runs), the module is bytecode:
    `probe` fails, it is let go, and the plain step serves."""
    code = """
import sys
sys.path.insert(0, %r)
from deckcore.bots.scout import NativeStep
print(NativeStep.load(), NativeStep.MODULE in sys.modules)
""" % os.path.join(ROOT, "firmware")
    done = subprocess.run([runtime.micropython_path(), "-c", code], capture_output=True,
                          text=True, timeout=60)
    assert done.stdout.split() == ["None", "False"], done.stdout + done.stderr


def test_the_native_module_reads_the_places_and_constants_the_python_writes():
    module = "deckcore/bots/scout_step_viper.py"
    step = scout.NativeStep
    for name in ("WORDS", "SECOND", "PIECE", "WEIGHTS", "SEATS", "CARDS", "OFFSET"):
        assert firmware_constant(module, "_" + name) == getattr(step, name), name
    assert len(scout.PIECE) <= firmware_constant(module, "_HAND") - step.PIECE
    assert step.WEIGHTS + len(scout.OUTLOOK[0]) <= step.SEATS
    assert step.SEATS + 5 == step.CARDS and step.CARDS + 5 == step.WORDS  # 5 seats at most
    for name in ("SCALE", "MATCHING", "SCOUT_SHOW_CHIP", "DENIED", "LONGER"):
        assert firmware_constant(module, "_" + name) == getattr(scout, name), name
    for name in ("SHOW", "SCOUT", "SCOUT_SHOW", "START_AT", "GAP_AT", "TURN_AT", "INDEX_AT"):
        assert firmware_constant(module, "_" + name) == getattr(rules, name), name
