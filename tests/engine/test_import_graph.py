"""No import circle in search/ or server/, and no hidden import of a project module inside a function.

Every module of the two packages is parsed with `ast` (nothing is imported), the imports between
project modules are gathered (at the top and inside functions; `if TYPE_CHECKING:` blocks are for
the type checker and left out), and the graph must have no cycle: a circle means two modules can
only be read together, and a lazy import is how circles hide. A function-level import is allowed
only of a library, with a comment giving the reason on its line or the line above (a heavy optional
library: jsonschema, redis, anywidget, ...). `search/__init__.py`'s PEP 562 `__getattr__` (importlib, by
name) keeps `import search` light for the grader; the widget is the one project module imported in a function.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("search", "server")
LATE_BY_DESIGN = {("search.jupyter.show", "show")}
"""(module, function) pairs that import a project module late on purpose, with a reason comment as a library's
(checked too): search.jupyter.widget subclasses anywidget's AnyWidget, an optional library. (search/__init__.py's
PEP 562 __getattr__ imports by name, with importlib, so it has no import statement to allow.)"""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))}


def is_project(name: str) -> bool:
    return name.split(".")[0] in PACKAGES


def type_checking_block(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imports_of(tree: ast.Module, module: str, known: dict[str, Path], is_package: bool) -> list[tuple[str, ast.stmt, str | None]]:
    """(imported project-or-library module, the import statement, the function it sits in or None)."""
    found: list[tuple[str, ast.stmt, str | None]] = []

    def walk(node: ast.AST, function: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if type_checking_block(child):
                continue
            inside = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            if isinstance(child, ast.Import):
                found.extend((alias.name, child, function) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    package = module.split(".") if is_package else module.split(".")[:-1]
                    package = package[:len(package) - child.level + 1]
                    base = ".".join(package + ([base] if base else []))
                for alias in child.names:
                    sub = f"{base}.{alias.name}"
                    found.append((sub if sub in known else base, child, function))
            walk(child, inside)

    walk(tree, None)
    return found


def graph() -> tuple[dict[str, set[str]], list[str]]:
    """The import graph between project modules, and the function-level imports that break the rule."""
    known = modules()
    edges: dict[str, set[str]] = {name: set() for name in known}
    bad: list[str] = []
    for module, path in known.items():
        seen: set[tuple[str, int]] = set()
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for target, statement, function in imports_of(ast.parse(source), module, known, path.name == "__init__.py"):
            if is_project(target):
                while target not in known and "." in target:
                    target = target.rsplit(".", 1)[0]
                if target != module:
                    edges[module].add(target)
            if function is None:
                continue
            if (target, statement.lineno) in seen:  # `from x import a, b`: one import
                continue
            seen.add((target, statement.lineno))
            where = f"{path.relative_to(ROOT)}:{statement.lineno}"
            if is_project(target) and (module, function) not in LATE_BY_DESIGN:
                bad.append(f"{where}: imports {target} inside {function}()")
                continue
            here, above = lines[statement.lineno - 1], lines[statement.lineno - 2] if statement.lineno > 1 else ""
            if "#" not in here and not above.strip().startswith("#"):
                bad.append(f"{where}: imports the library {target} inside {function}() without a comment giving the reason")
    return edges, bad


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph, as the modules around it (the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(edges.get(node, ())):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state:
                cycle = visit(target)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_no_import_circle() -> None:
    edges, _ = graph()
    cycle = find_cycle(edges)
    assert cycle is None, "an import circle: " + " -> ".join(cycle or [])


def test_no_unexplained_late_import() -> None:
    _, bad = graph()
    assert not bad, "late imports:\n" + "\n".join(bad)


@pytest.mark.parametrize("edges, expected", [
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ["a", "b", "c", "a"]),
    ({"a": {"b"}, "b": {"c"}, "c": set()}, None),
])
def test_the_cycle_finder_names_the_circle(edges: dict[str, set[str]], expected: list[str] | None) -> None:
    assert find_cycle(edges) == expected


def test_the_graph_sees_a_late_import(tmp_path: Path) -> None:
    """The walk finds an import inside a function (what the rule is about), and sees through `from . import x`."""
    tree = ast.parse("from . import y\ndef f():\n    import search.x\n")
    found = imports_of(tree, "search.a", {"search.a": Path(), "search.y": Path(), "search.x": Path()}, False)
    assert [(name, function) for name, _, function in found] == [("search.y", None), ("search.x", "f")]
