"""The window's modules import one another without a cycle, type-only imports included:
each part names what it uses of the window in a Protocol of its own (docs/architecture.md)."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

WINDOW = Path(__file__).resolve().parents[1] / "viz" / "window"


def imported(path: Path, modules: set[str]) -> set[str]:
    """The modules of `modules` that `path` imports, at run time or for the types alone."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = {f"{node.module}.{alias.name}" for alias in node.names} & modules
            found |= parts or {node.module} & modules  # `from viz.window import board`
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names} & modules
    return found


def test_the_windows_modules_import_one_another_without_a_cycle():
    paths = {f"viz.window.{path.stem}": path for path in WINDOW.glob("*.py")}
    paths["viz.window"] = paths.pop("viz.window.__init__")
    graph = {name: imported(path, set(paths)) - {name} for name, path in paths.items()}
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as cycle:
        raise AssertionError(f"an import cycle: {' -> '.join(cycle.args[1])}") from None
