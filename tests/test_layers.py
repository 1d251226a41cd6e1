"""The host's layers import downward only (docs/architecture.md): a module may import its own layer or lower ones."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "reussite"

LAYERS = [
    ["reussite.cards"],
    ["reussite.messages", "reussite.errors", "reussite.resources", "reussite.argtypes"],
    ["reussite.rules"],
    ["reussite.moves", "reussite.position"],
    ["reussite.movegen", "reussite.notation", "reussite.deprecated"],
    ["reussite.game"],
    ["reussite.variant"],
    ["reussite.hookspecs", "reussite.host", "reussite.builtin", "reussite.saves"],
    ["reussite.l10n", "reussite.helpdocs", "reussite.catalogs", "reussite.solver", "reussite.advisor",
     "reussite.stats", "reussite.testing"],
    ["reussite.session"],  # the game session both front ends keep: the clock, the autosave, the statistics
    ["reussite.cli", "reussite.textplay", "reussite.web"],
    ["reussite.__main__"],  # python -m reussite: the command line, above everything
]


def layer_of(module: str) -> int:
    for level, names in enumerate(LAYERS):
        if any(module == n or module.startswith(n + ".") for n in names):
            return level
    raise AssertionError(f"{module} is in no layer: add it to LAYERS")


def imports(path: Path) -> list[tuple[int, str]]:
    """Every reussite module imported by ``path``, at any depth, except under ``if TYPE_CHECKING``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(n) for n in ast.walk(node))
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            target = next((n for n in reversed(names) if _is_module(n)), node.module)
            found.append((node.lineno, target))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, a.name) for a in node.names)
    return [(line, name) for line, name in found if name.split(".")[0] == "reussite" and name != "reussite"]


def _is_module(name: str) -> bool:
    rel = Path(*name.split(".")[1:])
    return (ROOT / rel).with_suffix(".py").is_file() or (ROOT / rel / "__init__.py").is_file()


def test_imports_point_down():
    wrong = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT.parent).with_suffix("")
        module = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
        if module == "reussite":
            continue
        mine = layer_of(module)
        for line, target in imports(path):
            if layer_of(target) > mine:
                wrong.append(f"{path.relative_to(ROOT.parent)}:{line}: {module} imports {target} from a higher layer")
    assert wrong == []


def test_the_check_sees_an_upward_import(tmp_path):
    sample = tmp_path / "cards.py"
    sample.write_text("from reussite.game import Game\n")
    assert imports(sample) == [(1, "reussite.game")] and layer_of("reussite.game") > layer_of("reussite.cards")


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    return ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Each host module -> the host modules it imports, function-level imports included (a circle hidden in a
    function is still a circle: neither module can be read, or loaded, without the other)."""
    graph: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        module = module_name(path)
        if module != "reussite":
            graph[module] = {target for _, target in imports(path) if target != module}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle():
    assert cycles(import_graph()) == []


def test_the_cycle_check_sees_a_cycle_hidden_in_a_function():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
