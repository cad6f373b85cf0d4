"""docs/rules.md explains every rule the core cites, every option and every pile of a deal."""

import ast
import glob
import os
import re

from deckcore.games import NAMES, load

from deckcore.games.options import options_of
from helpers import FIRMWARE, ROOT, deckmate

RULES = os.path.join(ROOT, "docs", "rules.md")
CITATION = re.compile(r"\bsections? (\d+(?:\.(?:\d+|[A-Z]\b))*)")


def _cited_sections():
    """Every section number a message, option help or docstring of the games cites."""
    cited = {}
    for path in sorted(glob.glob(os.path.join(FIRMWARE, "deckcore", "games", "*.py"))):
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for number in CITATION.findall(node.value):
                    cited.setdefault(number, "%s:%d" % (os.path.basename(path), node.lineno))
    return cited


def _labelled_sections():
    """The section numbers rules.md gives: headings (`### 1.4 ...`) and bold labels (**1.4.3**)."""
    with open(RULES, encoding="utf-8") as handle:
        text = handle.read()
    headings = re.findall(r"^#+ (\d+(?:\.\d+)*)\.? ", text, re.MULTILINE)
    return set(headings) | set(re.findall(r"\*\*(\d+(?:\.(?:\d+|[A-Z]))*)\*\*", text))


def test_the_games_cite_sections_and_the_scan_finds_them():
    cited = _cited_sections()
    assert "1.5" in cited and "5.2.B.1" in cited and "7.14" in cited


def test_every_cited_section_is_in_docs_rules_md():
    labelled = _labelled_sections()
    missing = ["%s (cited in %s)" % (number, where)
               for number, where in sorted(_cited_sections().items()) if number not in labelled]
    assert not missing, "docs/rules.md lacks sections: " + ", ".join(missing)


def _rules_text():
    with open(RULES, encoding="utf-8") as handle:
        return handle.read()


def _option_rows(title):
    """The rows of the table under `### TITLE options`, by option name."""
    text = _rules_text()
    table = text[text.index("### %s options" % title):]
    table = table[:table.index("\n\n", table.index("|"))]
    rows = {}
    for row in table.splitlines():
        name = re.match(r"\| `(\w+)` \|", row)
        if name:
            rows[name.group(1)] = row
    return rows


def test_every_option_has_a_row_that_says_house_rule_where_the_core_does():
    for name in NAMES:
        game_class = load(name)
        declared = options_of(name).OPTIONS
        if not declared:
            continue
        rows = _option_rows(game_class.TITLE)
        assert sorted(rows) == sorted(option.name for option in declared), name
        for option in declared:
            assert ("house rule" in rows[option.name]) >= option.house_rule, (name, option.name)


def test_every_pile_of_a_deal_record_is_named_in_docs_rules_md():
    text = _rules_text()
    for name in NAMES:
        games = [load(name)({})] + ([load(name)({"players": 2})] if name == "scout" else [])
        for game in games:
            for pile in game.DEAL_PILES:
                assert "`%s`" % pile in text, (name, pile)


def test_readme_and_deckmate_options_point_to_docs_rules_md():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as handle:
        readme = handle.read()
    assert "docs/rules.md" in readme and "../shared" not in readme
    for game in ("scioto", "scarto"):
        assert "docs/rules.md" in deckmate("options", "--game", game).stdout
