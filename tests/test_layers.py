"""The house rules of docs/architecture.md, checked on the source: layers import only downwards,
and no module imports itself round a cycle.

Every ``import`` and ``from ... import`` counts, at the top of a module or inside a function
(a lazy import that hides a cycle still is one); relative imports are resolved. ``from pkg import
name`` is an import of ``pkg.name`` when that is a module, else of ``pkg`` (its ``__init__``).
The engine layer (errors, fileio, cards, deals, games) imports nothing above it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "dealgen"

# Lowest first; a module may import its own layer or one below, never one above.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("errors, fileio", ("dealgen.version", "dealgen.errors", "dealgen.fileio")),
    ("cards, deals", ("dealgen.cards", "dealgen.deals")),
    ("games", ("dealgen.games",)),
    ("solution, verify", ("dealgen.solution", "dealgen.verify")),
    ("grade", ("dealgen.grade",)),
    ("solve", ("dealgen.solve",)),
    ("scan", ("dealgen.scan", "dealgen.cluster", "dealgen.validation")),
    ("render", ("dealgen.render",)),
    ("specs", ("dealgen.specs",)),
    ("publish", ("dealgen.publish",)),
    ("api", ("dealgen", "dealgen.api")),  # the package itself gathers the public API
    ("cli", ("dealgen.cli",)),
]
ENGINE = ("errors, fileio", "cards, deals", "games")


def module_name(path: Path, root: Path = PACKAGE) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path = PACKAGE) -> dict[str, Path]:
    return {module_name(path, root): path for path in sorted(root.rglob("*.py"))}


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The dealgen modules that module ``name`` (at ``path``) imports, anywhere in its body."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                found.add(f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source)
    return {target for target in found if target in known and target != name}


def graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    found = modules(root)
    return {name: imports(name, path, set(found)) for name, path in found.items()}


def layer_of(name: str) -> int:
    best, depth = -1, -1
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            matches = name == prefix or (prefix != "dealgen" and name.startswith(prefix + "."))
            if matches and len(prefix) > depth:
                best, depth = index, len(prefix)
    return best


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def label(name: str) -> str:
    return LAYERS[layer_of(name)][0] if layer_of(name) >= 0 else "no layer"


def upward(edges: dict[str, set[str]]) -> list[str]:
    return [f"{a} ({label(a)}) imports {b} ({label(b)})"
            for a, targets in sorted(edges.items()) for b in sorted(targets) if layer_of(b) > layer_of(a)]


def test_every_module_has_a_layer() -> None:
    assert [name for name in modules() if layer_of(name) < 0] == []


def test_no_import_cycles() -> None:
    assert cycles(graph()) == []


def test_layers_import_only_downwards() -> None:
    assert upward(graph()) == []


def test_the_engine_imports_nothing_above_it() -> None:
    engine = [name for name in modules() if LAYERS[layer_of(name)][0] in ENGINE]
    assert len(engine) >= 9
    edges = graph()
    assert [f"{a} imports {b}" for a in engine for b in sorted(edges[a]) if LAYERS[layer_of(b)][0] not in ENGINE] == []


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "dealgen"
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_a_lazy_relative_import_round_a_cycle_is_found(tmp_path: Path) -> None:
    root = _package(tmp_path, {
        "__init__.py": "",
        "games/__init__.py": "from .penguin import PENGUIN\n",
        "games/penguin.py": "def kit():\n    from ..solve.kit import find\n    return find\n",
        "solve/__init__.py": "",
        "solve/kit.py": "from ..games import PENGUIN\n",
    })
    edges = graph(root)
    assert edges["dealgen.games.penguin"] == {"dealgen.solve.kit"}
    assert cycles(edges) == [["dealgen.games", "dealgen.games.penguin", "dealgen.solve.kit"]]
    assert upward(edges) == ["dealgen.games.penguin (games) imports dealgen.solve.kit (solve)"]


@pytest.mark.parametrize("line, target", [
    ("from . import main\n", "dealgen.cli"),
    ("from .common import note\n", "dealgen.cli.common"),
    ("from .. import render\n", "dealgen.render"),
    ("import dealgen.render.pdf\n", "dealgen.render.pdf"),
    ("from dealgen.render import pdf\n", "dealgen.render.pdf"),
])
def test_imports_resolve_to_modules(tmp_path: Path, line: str, target: str) -> None:
    root = _package(tmp_path, {"__init__.py": "", "cli/__init__.py": "", "cli/common.py": "",
                               "cli/cmds.py": line, "render/__init__.py": "", "render/pdf.py": ""})
    assert graph(root)["dealgen.cli.cmds"] == {target}
