"""The README claims of the device only what it does: keeping score for a table that plays
with real cards is claimed once the main menu offers it."""

import ast
import os

from helpers import FIRMWARE, ROOT


def main_menu_entries():
    path = os.path.join(FIRMWARE, "deckapp", "menu.py")
    with open(path) as handle:
        tree = ast.parse(handle.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "_ENTRIES":
            return ast.literal_eval(node.value.args[0])  # _ENTRIES = const((...))
    raise AssertionError("no _ENTRIES in %s" % path)


def readme_text():
    with open(os.path.join(ROOT, "README.md")) as handle:
        return " ".join(handle.read().split())  # lines joined: claims span line breaks


def test_the_readme_claims_keeping_score_only_when_the_main_menu_offers_it():
    offered = [entry for entry in main_menu_entries() if "score" in entry.lower()]
    readme = readme_text()
    if offered:
        assert "Keeping score for a table playing with real cards is not on the device yet" \
            not in readme
    else:
        assert "keeps score" not in readme and "keep score" not in readme
        assert "Keeping score for a table playing with real cards is not on the device yet" \
            in readme
