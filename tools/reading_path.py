"""The files a newcomer opens following one game from rules.md to its match screen, listed in
the order they are opened, and counted.

    .venv/bin/python tools/reading_path.py [GAME] [--commit COMMIT]

GAME is a name of deckcore/games/__init__.py's NAMES (droggn by default). Without --commit
the files of the working tree are read; with it, those of that commit (`git show`), so that
an old commit and today are counted by the same rule (docs/architecture.md, "Following a game
from rules.md to the screen", lists today's path for Droggn; a test holds it to this tool).

The rule: a reader starts where the game is told and follows what each file opens.

1. docs/rules.md, where the rules are stated.
2. The game's rules module, games/<game>.py; then its presentation, games/<game>_show.py
   (where the commit has one); then the match screen, deckapp/play/table.py.
3. From each file opened, every module it imports is opened too, in the order of its lines:
   an import at the top or inside a function (a reader meets both), a module named by a
   string (older code passed names to call_unloaded, App.open and __import__), and a name
   built from the game's name ("deckcore.games." + name, "%s_options" % name: the game's own
   module of that role). `from package import name` opens the module `name` if there is one,
   else the package that holds the name.
4. Only the game's own part is followed: the modules of deckcore/games/ (the game's, its
   family's shared mechanics such as tarot.py, the registry) and of deckapp/play/ (the play
   screens' package). Not followed:
   - another game's modules (a module whose name has another game's name as a word,
     scout_pick, contract_chambery): a newcomer following Droggn does not read SCOUT;
   - another screen: a module that defines a screen (a subclass of deckapp.screen.Screen)
     other than the match screen, such as the match menu, the help page, a hand's summary.
     They are screens of their own, each with its own path, not what this screen draws with;
   - the framework every game shares and a newcomer reads once, not once per game: the
     Game and State contract (deckcore/game.py), residency and phases, the app's shell and
     Screen, the store, deckui's fonts and widgets, the bots (another path: what a seat
     plays, not what the screen shows);
   - an empty file (an empty package's __init__.py): there is nothing to open.
"""

import argparse
import ast
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULES = "docs/rules.md"
SCREEN = "deckapp.play.table"
FOLLOWED = ("deckcore.games", "deckapp.play")  # packages whose modules are followed
SCREEN_BASE = "deckapp.screen.Screen"


def read_files(commit=None):
    """{path: text} of the firmware's Python files and of docs/rules.md, at `commit` (None:
    the working tree); paths relative to the repository, with "/"."""
    files = {}
    if commit is None:
        for folder, _, names in os.walk(os.path.join(ROOT, "firmware")):
            for name in names:
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    with open(path, encoding="utf-8") as source:
                        files[os.path.relpath(path, ROOT).replace(os.sep, "/")] = source.read()
        rules = os.path.join(ROOT, RULES)
        if os.path.exists(rules):
            files[RULES] = ""
        return files
    listed = subprocess.run(["git", "ls-tree", "-r", "--name-only", commit, "firmware", RULES],
                            cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    paths = [path for path in listed if path.endswith(".py")]
    batch = subprocess.run(["git", "cat-file", "--batch"], cwd=ROOT, check=True,
                           capture_output=True,
                           input="".join("%s:%s\n" % (commit, p) for p in paths).encode())
    out, at = batch.stdout, 0
    for path in paths:  # "<sha> blob <size>\n<bytes>\n" each
        end = out.index(b"\n", at)
        size = int(out[at:end].split()[2])
        files[path] = out[end + 1:end + 1 + size].decode("utf-8")
        at = end + 1 + size + 1
    if RULES in listed:
        files[RULES] = ""
    return files


def _dotted(base, imported, module):
    """A class's base (`Screen`, `screen.Screen`) as a dotted name."""
    if isinstance(base, ast.Name):
        return imported.get(base.id, module + "." + base.id)
    if isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name):
        return imported.get(base.value.id, base.value.id) + "." + base.attr
    return None


def module_of(path):
    """The dotted module name of a firmware file: firmware/deckapp/play/table.py is
    deckapp.play.table, a package's __init__.py the package."""
    name = path[len("firmware/"):-len(".py")].replace("/", ".")
    return name[:-len(".__init__")] if name.endswith(".__init__") else name


class Firmware:
    def __init__(self, files):
        self.paths = {module_of(p): p for p in files if p.startswith("firmware/")}
        self.trees = {}
        self.texts = files
        self.has_rules = RULES in files

    def tree(self, module):
        if module not in self.trees:
            self.trees[module] = ast.parse(self.texts[self.paths[module]])
        return self.trees[module]

    def names(self):
        """The games' names (the registry's NAMES)."""
        for node in self.tree("deckcore.games").body:
            if isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == "NAMES" for t in node.targets):
                return tuple(ast.literal_eval(node.value))
        raise SystemExit("deckcore/games/__init__.py has no NAMES")

    def opened(self, module, game):
        """The modules `module` opens, in the order of its lines (rule 3)."""
        found = []
        package = module if self.paths[module].endswith("__init__.py") else \
            module.rpartition(".")[0]
        docstrings = set()
        for node in ast.walk(self.tree(module)):
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
                docstrings.add(id(node.value))  # docstrings and bare strings name no import
        for node in ast.walk(self.tree(module)):
            line = getattr(node, "lineno", 0)
            if isinstance(node, ast.Import):
                for alias in node.names:
                    found.append((line, node.col_offset, alias.name))
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[:len(parts) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                for alias in node.names:
                    child = base + "." + alias.name
                    found.append((line, node.col_offset, child if child in self.paths else base))
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and id(node) not in docstrings and node.value.startswith("deck"):
                text = node.value
                for name in (text, text + game, text.replace("%s", game)):
                    if name in self.paths:
                        found.append((line, node.col_offset, name))
                        break
        found.sort()
        ordered = []
        for _, _, name in found:
            if name in self.paths and name not in ordered:
                ordered.append(name)
        return ordered

    def screens(self):
        """The modules that define a screen: a class whose bases lead to Screen."""
        bases = {}  # "module.Class" -> ["module.Base", ...]
        for module in self.paths:
            if not module.startswith("deckapp"):
                continue
            tree = self.tree(module)
            imported = {}  # a name in the module: what it stands for, dotted
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module:
                    for alias in node.names:
                        imported[alias.asname or alias.name] = node.module + "." + alias.name
                elif isinstance(node, ast.Import):
                    for alias in node.names:
                        imported[alias.asname or alias.name] = alias.name
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef):
                    bases[module + "." + node.name] = [
                        _dotted(base, imported, module) for base in node.bases]
        screens = {SCREEN_BASE}
        grown = True
        while grown:
            grown = False
            for name, of in bases.items():
                if name not in screens and any(b in screens for b in of):
                    screens.add(name)
                    grown = True
        return {name.rpartition(".")[0] for name in screens} - {"deckapp.screen"}

    def path(self, game):
        """The files opened following `game`, in order (rules 1 to 4)."""
        names = self.names()
        if game not in names:
            raise SystemExit("no game %r: the games are %s" % (game, ", ".join(names)))
        others = [name for name in names if name != game]
        screens = self.screens() - {SCREEN}

        def followed(module):
            if not module.startswith(tuple(p + "." for p in FOLLOWED)) and \
                    module not in FOLLOWED:
                return False
            words = module.rpartition(".")[2].split("_")
            if any(other in words for other in others):
                return False
            return module not in screens

        order = []

        def open_(module):
            if module in order or module not in self.paths or not followed(module):
                return
            order.append(module)
            for child in self.opened(module, game):
                open_(child)

        for start in ("deckcore.games." + game, "deckcore.games.%s_show" % game, SCREEN):
            open_(start)
        files = [RULES] if self.has_rules else []
        return files + [self.paths[m] for m in order if self.texts[self.paths[m]].strip()]


def reading_path(game="droggn", commit=None):
    """The files (paths in the repository) a newcomer opens following `game` at `commit`
    (None: the working tree)."""
    return Firmware(read_files(commit)).path(game)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="droggn")
    parser.add_argument("--commit", help="count at this commit (default: the working tree)")
    args = parser.parse_args(argv)
    try:
        files = reading_path(args.game, args.commit)
    except subprocess.CalledProcessError as error:
        sys.exit("git could not read commit %s: %s" % (args.commit, error.stderr.strip()))
    for number, path in enumerate(files, 1):
        print("%2d. %s" % (number, path))
    print("%d files" % len(files))


if __name__ == "__main__":
    main()
