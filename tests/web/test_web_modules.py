"""The page's script is ES modules under the Content-Security-Policy's 'self': one entry point, every module
reached from it, every imported name exported where it is imported from (cheap checks before the browser's)."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "reussite" / "web" / "static"
IMPORT = re.compile(r"^import \{([^}]*)\} from '\./([\w-]+\.js)';$", re.M)
EXPORT = re.compile(r"^export (?:async )?(?:function|const) ([\w$]+)", re.M)


def modules() -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in STATIC.glob("*.js")}


def test_the_page_loads_one_module_and_no_inline_script():
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    scripts = re.findall(r"<script\b[^>]*>", html)
    assert scripts == ['<script type="module" src="/static/app.js">']
    assert "<script>" not in html and " style=" not in html


def test_every_module_is_reached_from_the_entry_and_imports_what_it_finds():
    found = modules()
    reached, todo = set(), ["app.js"]
    while todo:
        name = todo.pop()
        if name in reached:
            continue
        reached.add(name)
        text = found[name]
        # Only static relative imports: no bare specifier, no other origin, no dynamic import.
        assert not re.search(r"^import(?! \{)", text, re.M) and "import(" not in text, name
        for names, target in IMPORT.findall(text):
            assert target in found, f"{name} imports {target}, which is not in static/"
            exported = set(EXPORT.findall(found[target]))
            for wanted in (n.strip() for n in names.split(",")):
                assert wanted in exported, f"{name} imports {wanted} from {target}, which does not export it"
            todo.append(target)
    assert reached == set(found), f"modules nothing imports: {sorted(set(found) - reached)}"
