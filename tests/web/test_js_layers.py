"""The page's JavaScript modules import downward only, and never in a circle (docs/architecture.md, "The page's
modules"): a module may import its own layer or lower ones; a lower module that must tell a higher one something
emits an event (state.js's on/emit) instead of importing it. Pure Python over the files' text: milliseconds."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "reussite" / "web" / "static"
DOC = ROOT / "docs" / "architecture.md"

# Bottom first. docs/architecture.md's table lists the same layers and modules in the same order.
JS_LAYERS = [
    ["state.js", "i18n.js"],  # the page's state, the event channel, setState; t()
    ["api.js"],  # requests, the queue of changes, the actions sent to the server
    ["motion.js", "sound.js", "table.js", "clock.js", "status.js"],  # drawing what the state shows
    # help from the solver, the panels, the settings, the player's hands, the page's words
    ["solver.js", "panels.js", "settings.js", "input.js", "language.js"],
    ["app.js"],  # wires the controls and starts the page
]

# import … from './x.js', import './x.js', export … from './x.js' (at a line's start, over several lines if
# need be), and import('./x.js') anywhere.
STATIC_IMPORT = re.compile(r"^(?:import\s*(?:[^;'\"(]*?\bfrom\s*)?|export\s*(?:\*|\{[^}]*\})\s*(?:as\s+\w+\s*)?from\s*)"
                           r"['\"]([^'\"]+)['\"]", re.M)
DYNAMIC_IMPORT = re.compile(r"\bimport\s*\(\s*(['\"`]?)([^'\"`)]*)\1\s*\)")


def _without_comments(text: str) -> str:
    """Comments blanked (line breaks kept, so line numbers stay): a comment that says "import(" is no import."""
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
    return re.sub(r"^[ \t]*//[^\n]*", "", text, flags=re.M)


def js_imports(path: Path) -> list[tuple[int, str]]:
    """(line, module file name) for every module ``path`` imports, statically or dynamically."""
    text = _without_comments(path.read_text(encoding="utf-8"))
    found = []
    for match in STATIC_IMPORT.finditer(text):
        found.append((text.count("\n", 0, match.start()) + 1, match.group(1)))
    for match in DYNAMIC_IMPORT.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        # A computed import() could reach any module: the check could not see it, so it is refused.
        assert match.group(1) and "${" not in match.group(2), \
            f"{path.name}:{line}: import() of a computed name; import a './x.js' literal"
        found.append((line, match.group(2)))
    result = []
    for line, target in sorted(found):
        assert target.startswith("./") and "/" not in target[2:], \
            f"{path.name}:{line}: imports {target!r}; the page imports only its own modules, as './x.js'"
        result.append((line, target[2:]))
    return result


def graph(folder: Path) -> dict[str, list[tuple[int, str]]]:
    return {p.name: js_imports(p) for p in sorted(folder.glob("*.js"))}


def upward_imports(found: dict[str, list[tuple[int, str]]], layers: list[list[str]]) -> list[str]:
    level = {name: k for k, names in enumerate(layers) for name in names}
    wrong = [f"{name} is in no layer: add it to JS_LAYERS (and docs/architecture.md)"
             for name in found if name not in level]
    wrong += [f"{name} is in JS_LAYERS but not in static/" for name in level if name not in found]
    for name, targets in found.items():
        for line, target in targets:
            if name in level and target in level and level[target] > level[name]:
                wrong.append(f"{name}:{line}: imports {target}, from a higher layer "
                             f"({level[target]} over {level[name]}): emit an event instead")
    return wrong


def cycle(found: dict[str, list[tuple[int, str]]]) -> list[str]:
    """One import cycle as the modules in it, the first repeated at the end; [] if there is none."""
    done: set[str] = set()
    path: list[str] = []

    def visit(name: str) -> list[str]:
        if name in path:
            return path[path.index(name):] + [name]
        if name in done or name not in found:
            return []
        path.append(name)
        for _, target in found[name]:
            if circle := visit(target):
                return circle
        path.pop()
        done.add(name)
        return []

    for name in found:
        if circle := visit(name):
            return circle
    return []


def doc_layers(text: str) -> list[list[str]]:
    """The modules of each row of docs/architecture.md's page-module table, rows numbered 0, 1, 2..."""
    match = re.search(r"^## The page's modules\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, "docs/architecture.md has no \"## The page's modules\" section"
    rows = []
    for line in match.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0].isdigit():
            assert int(cells[0]) == len(rows), f"page layer rows out of order at {line!r}"
            rows.append(re.findall(r"`([\w-]+\.js)`", cells[1]))
    return rows


def test_the_page_modules_import_downward_only():
    wrong = upward_imports(graph(STATIC), JS_LAYERS)
    assert not wrong, "\n".join(wrong)


def test_the_page_modules_import_in_no_cycle():
    circle = cycle(graph(STATIC))
    assert not circle, f"the page's modules import each other in a circle: {' -> '.join(circle)}"


def test_the_doc_lists_the_enforced_layers():
    assert doc_layers(DOC.read_text(encoding="utf-8")) == JS_LAYERS


def test_the_checks_see_a_cycle_an_upward_import_and_a_dynamic_one(tmp_path):
    (tmp_path / "low.js").write_text("// import('./high.js') in a comment is none\nexport const a = 1;\n")
    (tmp_path / "mid.js").write_text("import {\n  a,\n} from './low.js';\nexport const b = () => import('./top.js');\n")
    (tmp_path / "top.js").write_text("import { b } from './mid.js';\nimport './low.js';\n"
                                     "export { a } from './low.js';\nexport const c = { b: 'B' };\n")
    found = graph(tmp_path)
    assert found == {"low.js": [], "mid.js": [(1, "low.js"), (4, "top.js")], "top.js": [(1, "mid.js"), (2, "low.js"),
                                                                                     (3, "low.js")]}
    assert cycle(found) == ["mid.js", "top.js", "mid.js"]
    assert upward_imports(found, [["low.js"], ["mid.js"], ["top.js"]]) == [
        "mid.js:4: imports top.js, from a higher layer (2 over 1): emit an event instead"]
    assert upward_imports({"low.js": []}, [["low.js", "gone.js"]]) == ["gone.js is in JS_LAYERS but not in static/"]
    (tmp_path / "low.js").write_text("const name = 'x';\nimport(`./${name}.js`);\n")
    try:
        graph(tmp_path)
    except AssertionError as error:
        assert "low.js:2: import() of a computed name" in str(error)
    else:
        raise AssertionError("a computed import() went unseen")
