"""Adding a game takes the files docs/architecture.md lists ("Adding a game") and nothing
else: High Card, a toy trick game whose files are the test's own (tests/host/adding_a_game/,
laid out as in firmware/), is added by that recipe to a copy of the firmware, then played
against a bot through the device's screens on the simulated board, scored with the
scorekeeper's, and both logs replayed by the host's `deckmate replay --check`. The screens
know no game by its name: they ask the game's modules (deckcore.games.show_of), and no module
of deckapp/ compares a game's name."""

import ast
import json
import os
import re
import shutil
import subprocess
import sys

from helpers import FIRMWARE, ROOT

HERE = os.path.dirname(os.path.abspath(__file__))
TOY = os.path.join(HERE, "adding_a_game")
NAMES = ("scioto", "scarto", "scout", "droggn", "chambery")


def register(firmware, name, title, class_name):
    """The recipe's registration: the name in NAMES and TITLES of deckcore/games/__init__.py,
    and a branch for it in each of the registry's choices by name (in games/__init__.py,
    games/options.py, explain.py, keep.py and bots/), made like Scioto's branch."""
    for path in [os.path.join(firmware, "deckcore", "games", "__init__.py"),
                 os.path.join(firmware, "deckcore", "games", "options.py"),
                 os.path.join(firmware, "deckcore", "explain.py"),
                 os.path.join(firmware, "deckcore", "keep.py")] + [
            os.path.join(firmware, "deckcore", "bots", f)
            for f in os.listdir(os.path.join(firmware, "deckcore", "bots"))
            if f.endswith(".py")]:
        with open(path) as source:
            text = source.read()
        if path.endswith(os.path.join("games", "__init__.py")):
            text = re.sub(r'NAMES = \(([^)]*)\)', lambda m: 'NAMES = (%s, "%s")' % (
                m.group(1), name), text, count=1)
            text = text.replace('TITLES = {', 'TITLES = {"%s": "%s", ' % (name, title), 1)

        def branch(match):
            indent, body = match.group(1), match.group(2)
            body = body.replace("scioto", name).replace("Scioto", class_name)
            return '%sif name == "%s":\n%s\n%sel' % (indent, name, body, indent)

        text = re.sub(r'( *)(?=if name == "scioto":\n)if name == "scioto":\n( +(?:import|from) '
                      r'[^\n]*)\n\1el', lambda m: branch(m) + 'if name == "scioto":\n' +
                      m.group(2) + "\n" + m.group(1) + "el", text)
        with open(path, "w") as source:
            source.write(text)


def firmware_with_high_card(tmp_path):
    firmware = str(tmp_path / "firmware")
    shutil.copytree(FIRMWARE, firmware, ignore=shutil.ignore_patterns("__pycache__"))
    for folder, _, files in os.walk(TOY):
        for name in files:
            if name.endswith(".py") and folder != TOY:
                target = os.path.join(firmware, os.path.relpath(folder, TOY), name)
                assert not os.path.exists(target)  # the recipe adds files, changes none
                shutil.copy(os.path.join(folder, name), target)
    register(firmware, "highcard", "High Card", "HighCard")
    return firmware


def test_a_game_added_by_the_recipe_alone_plays_on_the_device_and_replays(tmp_path):
    firmware = firmware_with_high_card(tmp_path)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [firmware, os.path.join(ROOT, "host"), HERE]))
    run = subprocess.run([sys.executable, os.path.join(TOY, "play_highcard.py"),
                          str(tmp_path)], capture_output=True, text=True, env=env, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    played, scored = (json.loads(run.stdout.splitlines()[-1])[part]
                      for part in ("played", "scored"))
    # the match the board played is the session's, and replays
    lines, wanted = played["log"].splitlines(), played["expected"].splitlines()
    header, wanted_header = json.loads(lines[0]), json.loads(wanted[0])
    wanted_header["device"] = header["device"]  # the board's id
    assert header == wanted_header and header["game"] == "highcard"
    assert lines[1:] == wanted[1:] and json.loads(lines[-1])["reason"] == "completed"
    assert played["replay"][0] == 0, played["replay"][1]
    shown = played["texts"]
    assert "High Card" in " ".join(shown["setup"])
    assert "Lead: You" in shown["table"]  # the state line, from highcard_show
    assert "0c 0t" not in shown["table"] and any("4 cards" in t for t in shown["table"])
    assert "High Card: help" in shown["help"]
    assert any(t.startswith("Play any card to each trick") for t in shown["help"])
    assert any(t.startswith("Each scores the tricks") for t in shown["hand-summary"])
    assert played["faults"] == []
    # the match scored with the keys: 3-1 and 2-2, completed
    records = [json.loads(line) for line in scored["log"].splitlines()]
    assert records[0]["mode"] == "scorekeep" and records[0]["game"] == "highcard"
    assert [r["e"] for r in records if r["t"] == "entry"] == [{"tricks": [3, 1]},
                                                             {"tricks": [2, 2]}]
    assert records[-1]["t"] == "end" and records[-1]["totals"] == [5, 3]
    assert records[-1]["reason"] == "completed" and records[-1]["winner"] == [0]
    assert scored["replay"][0] == 0, scored["replay"][1]
    assert scored["faults"] == []


def compared_names(tree):
    """The game names a module compares, tests with `in` or keys a dict by, with their lines."""
    found = []

    def names_in(node):
        if isinstance(node, ast.Constant) and node.value in NAMES:
            return [node.value]
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return [e.value for e in node.elts if isinstance(e, ast.Constant) and e.value in NAMES]
        return []

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for operand in [node.left] + node.comparators:
                found += [(node.lineno, name) for name in names_in(operand)]
            if any(isinstance(o, ast.Attribute) and o.attr == "NAME"
                   for o in [node.left] + node.comparators):
                found.append((node.lineno, "NAME"))
        elif isinstance(node, ast.Dict):
            found += [(node.lineno, k.value) for k in node.keys
                      if isinstance(k, ast.Constant) and k.value in NAMES]
    return found


def test_no_screen_compares_a_game_name():
    """What differs between games is in the game's modules (deckcore/games/<game>_show.py for
    the screens); a screen that tested a name would treat a new game as some other one."""
    tested = []
    for folder, _, files in os.walk(os.path.join(FIRMWARE, "deckapp")):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path) as source:
                    tree = ast.parse(source.read())
                tested += ["%s:%d %s" % (os.path.relpath(path, FIRMWARE), line, what)
                           for line, what in compared_names(tree)]
    assert tested == []


def test_the_name_check_finds_a_name_tested():
    tree = ast.parse('if game.NAME == "droggn":\n    pass\nx = "scout" if n in ("scioto", "a") '
                     'else {"chambery": 1}\n')
    assert compared_names(tree) == [(1, "droggn"), (1, "NAME"), (3, "scioto"), (3, "chambery")]
