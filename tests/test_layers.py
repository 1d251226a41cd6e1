"""The host's layers import downward only (docs/architecture.md): a module may import its own layer or lower ones."""

from __future__ import annotations

import ast
import re
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
    ["reussite.hookspecs", "reussite.host", "reussite.builtin", "reussite.saves", "reussite.watchdog"],
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
    """Every reussite module imported by ``path``, at any depth. An import under ``if TYPE_CHECKING`` counts
    only where the module calls back into a class it names that way (see :func:`called_back`): naming a
    type is no dependency, asking an object of that type for its attributes is one."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(n) for n in ast.walk(node))
    back = called_back(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            if id(node) in skipped:
                names = [f"{node.module}.{a.name}" for a in node.names if (a.asname or a.name) in back]
                if not names:
                    continue
                names.insert(0, node.module)
            target = next((n for n in reversed(names) if _is_module(n)), node.module)
            found.append((node.lineno, target))
        elif isinstance(node, ast.Import) and id(node) not in skipped:
            found.extend((node.lineno, a.name) for a in node.names)
    return [(line, name) for line, name in found if name.split(".")[0] == "reussite" and name != "reussite"]


def called_back(tree: ast.Module) -> set[str]:
    """The names a function of the module gives as the type of a parameter that it then reads an attribute of
    (``def f(game: Game): game.refusal(...)``): the module calls back into that class, so it depends on it."""
    found = set()
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        args = func.args
        typed = {}
        for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
            if arg is not None and arg.annotation is not None:
                typed[arg.arg] = {n.id for n in ast.walk(arg.annotation) if isinstance(n, ast.Name)} | {
                    name for n in ast.walk(arg.annotation) if isinstance(n, ast.Constant) and isinstance(n.value, str)
                    for name in _NAME.findall(n.value)}
        for node in ast.walk(func):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in typed:
                found.update(typed[node.value.id])
    return found


_NAME = re.compile(r"[A-Za-z_]\w*")


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


def module_name(path: Path, root: Path = ROOT) -> str:
    rel = path.relative_to(root.parent).with_suffix("")
    return ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Each host module -> the host modules it imports, function-level imports included (a circle hidden in a
    function is still a circle: neither module can be read, or loaded, without the other)."""
    graph: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        module = module_name(path, root)
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


def test_a_type_only_import_counts_where_the_module_calls_back_into_the_class(tmp_path):
    """movegen.py once named Game under TYPE_CHECKING and called its methods: game.py, movegen.py and
    notation.py were a circle that only a type-only import hid."""
    sample = tmp_path / "movegen.py"
    sample.write_text("from typing import TYPE_CHECKING\n"
                      "if TYPE_CHECKING:\n"
                      "    from reussite.game import Game\n"
                      "    from reussite.cards import Card\n"
                      "def moves(game: 'Game', card: Card) -> list[Card]:\n"
                      "    return game.legal_moves()\n")
    assert imports(sample) == [(3, "reussite.game")]
    named_only = tmp_path / "named.py"
    named_only.write_text("from typing import TYPE_CHECKING\n"
                          "if TYPE_CHECKING:\n"
                          "    from reussite.game import Game\n"
                          "def first(games: list[Game]) -> Game:\n"
                          "    return games[0]\n")
    assert imports(named_only) == []


def test_the_cycle_check_sees_a_cycle_hidden_in_a_function():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
