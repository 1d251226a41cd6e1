"""The documentation stays true: docs/architecture.md's layer table is the one tests/test_layers.py enforces,
every path it names exists, every ``Class.method`` it names is in the code, and every relative link in the
Markdown documents leads somewhere.

(The rule clause ids of docs/rules.md are checked in tests/test_rules_doc.py.)"""

from __future__ import annotations

import re
from pathlib import Path

from test_layers import LAYERS

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
DOCUMENTS = ("README.md", "TRANSLATING.md", "docs/*.md", "help/*.md")


def section(text: str, title: str) -> str:
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert match, f"docs/architecture.md has no '## {title}' section"
    return match.group(1)


def layer_table(text: str) -> list[list[str]]:
    """The modules of each row of the layer table, checking that the rows are numbered 0, 1, 2..."""
    rows = []
    for line in section(text, "Layers").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0].isdigit():
            assert int(cells[0]) == len(rows), f"layer rows out of order at {line!r}"
            rows.append(re.findall(r"`(reussite(?:\.\w+)*)`", cells[1]))
    return rows


def named_paths(text: str) -> set[str]:
    """Repository paths written in backquotes (``reussite/game.py``, ``tests/web/``), placeholders left out."""
    found = set()
    for quoted in re.findall(r"`([^`\s]+)`", text):
        path = quoted.split("::")[0]
        top = path.split("/")[0]
        if "/" in path and top in {"reussite", "plugins", "tests", "docs", "help", "tools", "locale"} \
                and "<" not in path and "*" not in path:
            found.add(path)
    return found


def anchors(text: str) -> set[str]:
    """GitHub's anchors for the headings of a Markdown text: lower case, punctuation dropped, spaces to dashes."""
    return {re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")
            for title in re.findall(r"^#+ (.+)$", text, re.MULTILINE)}


def broken_links(path: Path) -> list[str]:
    """The relative links of a Markdown file whose file, or heading anchor, does not exist."""
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", path.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue  # https:, mailto:
        name, _, anchor = target.partition("#")
        linked = (path.parent / name).resolve() if name else path
        if not linked.exists() or (anchor and linked.is_file()
                                   and anchor not in anchors(linked.read_text(encoding="utf-8"))):
            broken.append(target)
    return broken


def test_the_layer_table_is_the_enforced_one():
    assert layer_table(DOC.read_text(encoding="utf-8")) == LAYERS


def test_every_path_the_doc_names_exists():
    missing = sorted(p for p in named_paths(DOC.read_text(encoding="utf-8")) if not (ROOT / p).exists())
    assert missing == []


def named_attributes(text: str) -> set[tuple[str, str]]:
    """``Class.attribute`` names written in backquotes (``Game.push``, ``Host.load()``)."""
    return set(re.findall(r"`([A-Z]\w*)\.(\w+)(?:\(\))?`", text))


def host_classes() -> dict[str, list[type]]:
    """Every class defined in a host module, by name."""
    import importlib
    import inspect

    found: dict[str, list[type]] = {}
    for path in sorted((ROOT / "reussite").rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        name = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
        if name.endswith("__main__"):
            continue
        module = importlib.import_module(name)
        for cls_name, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == name:
                found.setdefault(cls_name, []).append(cls)
    return found


def test_every_method_the_doc_names_exists():
    classes = host_classes()
    missing = sorted(f"{c}.{a}" for c, a in named_attributes(DOC.read_text(encoding="utf-8"))
                     if not any(hasattr(cls, a) for cls in classes.get(c, ())))
    assert missing == []


def test_every_relative_link_in_the_documents_leads_somewhere():
    files = sorted({p for pattern in DOCUMENTS for p in ROOT.glob(pattern)})
    assert len(files) >= 4
    broken = {str(p.relative_to(ROOT)): b for p in files if (b := broken_links(p))}
    assert broken == {}


def test_the_checks_see_a_changed_layer_and_a_missing_path(tmp_path):
    sample = ("## Layers\n\n| layer | modules | what |\n|---|---|---|\n| 0 | `reussite.cards` | x |\n"
              "| 1 | `reussite.rules`, `reussite.game` | y |\n\n## Next\n| 2 | `reussite.web` | z |\n"
              "`reussite/nowhere.py`, `locale/<lang>/x.po`, `reussite/game.py`\n")
    assert layer_table(sample) == [["reussite.cards"], ["reussite.rules", "reussite.game"]] != LAYERS
    assert named_paths(sample) == {"reussite/nowhere.py", "reussite/game.py"}
    assert named_attributes("`Game.push`, `Host.load()`, `Game.nowhere`") == {
        ("Game", "push"), ("Host", "load"), ("Game", "nowhere")}
    assert not hasattr(host_classes()["Game"][0], "nowhere") and hasattr(host_classes()["Game"][0], "push")
    page = tmp_path / "page.md"
    page.write_text("# The Rules, clause by clause\n[a](page.md#the-rules-clause-by-clause) [b](page.md#nope) "
                    "[c](gone.md) [d](https://example.org) [e](#the-rules-clause-by-clause)\n")
    assert broken_links(page) == ["page.md#nope", "gone.md"]
