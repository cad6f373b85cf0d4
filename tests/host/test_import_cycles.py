"""No import cycle in the firmware nor in the host tool (docs/architecture.md, issue 44): a
module never imports, however indirectly, a module that imports it back. Every import counts,
at the top of a module or inside a function (an import for one call is still a dependency),
and so does a module named by a string to __import__ or import_module. `from package import
name` depends on the package as well as on its module `name`, as Python runs the package
first.

Read from the sources with ast, so it runs in a moment under CPython."""

import ast
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
HOST = os.path.join(ROOT, "host")
LOADERS = ("__import__", "import_module")


def modules(root):
    """{dotted name: path} of every .py file under `root`."""
    found = {}
    for folder, _, files in os.walk(root):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                module = os.path.relpath(path, root)[:-3].replace(os.sep, ".")
                if module.endswith(".__init__"):
                    module = module[:-len(".__init__")]
                found[module] = path
    return found


def imported(module, path, known):
    """The modules of `known` that `module` (at `path`) imports."""
    package = module if path.endswith("__init__.py") else module.rpartition(".")[0]
    targets = set()
    with open(path, encoding="utf-8") as source:
        tree = ast.parse(source.read())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            targets.add(base)
            targets.update(base + "." + alias.name for alias in node.names)
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(
                node.func, "id", "")
            text = node.args[0].value
            if called in LOADERS and isinstance(text, str) and re.fullmatch(r"[\w.]+", text):
                targets.add(text)
    return {target for target in targets if target in known and target != module}


def cycles(graph):
    """The strongly connected components of more than one module (Tarjan's, iterative)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def graph_of(root):
    known = modules(root)
    return {module: imported(module, path, known) for module, path in known.items()}


def test_the_cycle_finder_finds_a_cycle_through_a_package():
    graph = {"a": {"a.b"}, "a.b": {"c"}, "c": {"a"}, "d": {"c"}}
    assert cycles(graph) == [["a", "a.b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_of_the_firmware_is_in_an_import_cycle():
    found = cycles(graph_of(FIRMWARE))
    assert found == [], "import cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_no_module_of_the_host_tool_is_in_an_import_cycle():
    found = cycles(graph_of(HOST))
    assert found == [], "import cycles: " + "; ".join(" <-> ".join(c) for c in found)
