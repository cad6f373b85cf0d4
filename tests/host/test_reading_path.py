"""The files a newcomer opens following a game from rules.md to the match screen
(tools/reading_path.py, whose docstring states the rule): docs/architecture.md lists Droggn's
in order, and the list is the tool's, so that it cannot go stale; and the rule itself on a
small firmware of its own."""

import os
import re
import sys

from helpers import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))

from reading_path import RULES, Firmware, reading_path  # noqa: E402

SECTION = "## Following a game from rules.md to the screen"


def test_the_architecture_doc_lists_droggns_path_as_the_tool_finds_it():
    with open(os.path.join(ROOT, "docs", "architecture.md"), encoding="utf-8") as doc:
        text = doc.read()
    assert SECTION in text
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"^\d+\. `([^`]+)`", section, re.M)
    assert listed == reading_path("droggn")


def firmware(files):
    return Firmware(dict({RULES: "", "firmware/deckcore/games/__init__.py":
                          'NAMES = ("duel", "other")\n',
                          "firmware/deckapp/screen.py": "class Screen:\n    pass\n"},
                         **{"firmware/" + path: text for path, text in files.items()}))


def test_a_reader_follows_every_import_and_a_module_named_by_a_string():
    path = firmware({
        "deckcore/games/duel.py": (
            '"""The rules; deckcore.games.nowhere in a docstring names nothing."""\n'
            "import deckcore.games.family as family\n"
            "CHECKS = \"deckcore.games.duel_checks\"\n"
            "def options():\n"
            "    return __import__(\"deckcore.games.%s_options\" % \"duel\")\n"),
        "deckcore/games/family.py": "from deckcore.game import Game\n",
        "deckcore/games/duel_checks.py": "",  # empty: nothing to open
        "deckcore/games/duel_options.py": "NAME = 'duel'\n",
        "deckcore/games/nowhere.py": "X = 1\n",
        "deckcore/game.py": "class Game:\n    pass\n",
        "deckapp/play/table.py": (
            "from deckapp.screen import Screen\n"
            "class TableScreen(Screen):\n"
            "    def draw(self, canvas):\n"
            "        from deckapp.play import layout\n"),
        "deckapp/play/layout.py": "from deckcore.games import NAMES\n",
    }).path("duel")
    assert path == [RULES, "firmware/deckcore/games/duel.py",
                    "firmware/deckcore/games/family.py",
                    "firmware/deckcore/games/duel_options.py",
                    "firmware/deckapp/play/table.py", "firmware/deckapp/play/layout.py",
                    "firmware/deckcore/games/__init__.py"]


def test_a_reader_does_not_follow_another_game_another_screen_or_the_framework():
    path = firmware({
        "deckcore/games/duel.py": "from deckcore.game import Game\n",
        "deckcore/game.py": "class Game:\n    pass\n",
        "deckapp/play/table.py": (
            "from deckapp.screen import Screen\n"
            "from deckapp.play.menu import Menu\n"
            "from deckapp.play import help, other_pick, words\n"
            "class TableScreen(Screen):\n    pass\n"),
        "deckapp/play/page.py": "from deckapp.screen import Screen\nclass Page(Screen):\n"
                                "    pass\n",
        "deckapp/play/menu.py": "from deckapp.play.page import Page\nclass Menu(Page):\n"
                                "    pass\n",
        "deckapp/play/help.py": "import deckapp.screen as screen\nclass Help(screen.Screen):\n"
                                "    pass\n",
        "deckapp/play/other_pick.py": "X = 1\n",
        "deckapp/play/words.py": "from deckui import font\nfrom deckapp import shell\n",
        "deckui/font.py": "X = 1\n",
        "deckapp/shell.py": "X = 1\n",
    }).path("duel")
    assert path == [RULES, "firmware/deckcore/games/duel.py",
                    "firmware/deckapp/play/table.py", "firmware/deckapp/play/words.py"]
