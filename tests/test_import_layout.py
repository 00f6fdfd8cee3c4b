"""The engine's import layout, read from its source with ``ast``: every import sits at a module's top, the imports
between pyengine's modules form no cycle (arrows only point downward), and the modules the browser runs never
import the tools that the lean browser wheel leaves out.

An import names a module: ``from .x import y`` names ``x.y`` when that is a module, else ``x`` (a package's
``__init__`` when ``x`` is a package); relative imports are resolved against the importing module's package.
Loading a game's package by its id with ``importlib.import_module`` (the registry) is a call, not an import
statement, so it is not an edge here.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "pyengine"

NOT_IN_THE_BROWSER = ("pyengine.cli", "pyengine.__main__", "pyengine.fuzz", "pyengine.loadfuzz", "pyengine.lessons",
                      "pyengine.catalog", "pyengine.bots.arena")
"""The modules the lean browser wheel leaves out (command-line tools, fuzzers, lesson checks, the arena)."""


def modules() -> dict[str, tuple[Path, bool]]:
    """Return every pyengine module by dotted name, with its file and whether it is a package's ``__init__``."""
    out: dict[str, tuple[Path, bool]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        out[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return out


MODULES = modules()


def imports_in_functions(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Yield every import statement that sits inside a function or method body (at any depth)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    yield inner


def module_level_imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """Yield the import statements run when the module is imported (anywhere outside a function body)."""
    stack: list[ast.AST] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            stack.extend(ast.iter_child_nodes(node))


def targets(name: str, is_package: bool, node: ast.Import | ast.ImportFrom) -> set[str]:
    """Return the pyengine modules one import statement of module ``name`` names (relative imports resolved)."""
    if isinstance(node, ast.Import):
        found = {alias.name for alias in node.names}
    else:
        if node.level:
            package = name.split(".") if is_package else name.split(".")[:-1]
            base = package[:len(package) - (node.level - 1)]
            source = ".".join(base + ([node.module] if node.module else []))
        else:
            source = node.module or ""
        found = {f"{source}.{alias.name}" if f"{source}.{alias.name}" in MODULES else source for alias in node.names}
    return {m for m in found if m in MODULES and m != name}


def import_graph() -> dict[str, set[str]]:
    """Return each pyengine module's module-level imports of other pyengine modules."""
    graph: dict[str, set[str]] = {}
    for name, (path, is_package) in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        graph[name] = set().union(*(targets(name, is_package, n) for n in module_level_imports(tree)))
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """Return one import cycle as a path that ends where it starts, or None when the graph is acyclic."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path: list[str] = [start]
        on_path = {start}
        todo: list[Iterator[str]] = [iter(sorted(graph[start]))]
        while todo:
            nxt = next(todo[-1], None)
            if nxt is None:
                todo.pop()
                done.add(path[-1])
                on_path.discard(path.pop())
            elif nxt in on_path:
                return [*path[path.index(nxt):], nxt]
            elif nxt not in done:
                path.append(nxt)
                on_path.add(nxt)
                todo.append(iter(sorted(graph[nxt])))
    return None


def reachable(graph: dict[str, set[str]], roots: list[str]) -> dict[str, str]:
    """Return every module reachable from ``roots``, each with the module that first imported it."""
    seen = {root: "" for root in roots}
    todo = list(roots)
    while todo:
        here = todo.pop()
        for there in sorted(graph[here]):
            if there not in seen:
                seen[there] = here
                todo.append(there)
    return seen


def test_no_import_statement_sits_inside_a_function() -> None:
    """Layout rule: every import is at a module's top, so the import graph is what the modules' heads say."""
    found = [f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}"
             for path, _ in MODULES.values()
             for node in imports_in_functions(ast.parse(path.read_text(encoding="utf-8")))]
    assert not found, "imports inside functions:\n" + "\n".join(found)


def test_the_import_graph_of_pyengine_has_no_cycle() -> None:
    """Layout rule: arrows only point downward (core below games and bots, bots below the bridge)."""
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_browsers_modules_never_import_the_tools_the_browser_wheel_leaves_out() -> None:
    """Lean wheel rule: the bridge, the package, every game and the core reach none of NOT_IN_THE_BROWSER."""
    graph = import_graph()
    browser = ("pyengine.games.", "pyengine.core.")
    roots = ["pyengine", "pyengine.bridge", *(m for m in MODULES if m.startswith(browser))]
    seen = reachable(graph, roots)
    bad = {m: seen[m] for m in NOT_IN_THE_BROWSER if m in seen}
    assert not bad, f"browser modules import left-out tools (module: imported by): {bad}"


def test_the_checks_see_a_cycle_and_resolve_relative_imports() -> None:
    """The checks' own logic: a planted cycle is reported as a closed path, and ``from ..core import api`` in a
    game module names pyengine.core.api."""
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    up, down = ast.parse("from ...core import api").body[0], ast.parse("from . import messages").body[0]
    assert isinstance(up, ast.ImportFrom) and isinstance(down, ast.ImportFrom)
    assert targets("pyengine.games.jump_drive.game", False, up) == {"pyengine.core.api"}
    assert targets("pyengine.games.jump_drive", True, down) == {"pyengine.games.jump_drive.messages"}
