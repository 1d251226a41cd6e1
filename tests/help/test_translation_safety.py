"""No catalog content can break a command: compile refuses what check reports, a broken translation falls
back to its msgid with one warning, a catalog with an invalid Plural-Forms is ignored with one warning, one
unit's markup cannot spill into the next, control characters never reach the terminal, and `update` keeps
the repository's one catalog form (with the previous msgids of fuzzy entries) run after run."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from reussite.catalogs import ops
from reussite.catalogs.check import check
from reussite.catalogs.po import mo_bytes, po_bytes, read_catalog
from reussite.helpdocs import render_help
from reussite.messages import N_, Message, Translator, placeholder_problems, plural_forms_problem, printable
from reussite.resources import data_dir

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"
PACKS = ("{count} pack", "{count} packs")  # shown by `reussite games`, once per game


def _edit(po: Path, match, change) -> None:
    """Rewrite ``po`` with ``change(message)`` applied to the first message ``match`` accepts."""
    cat = read_catalog(po)
    m = next(m for m in cat if m.id and match(m))
    change(m)
    po.write_bytes(po_bytes(cat))


def _force_mo(po: Path) -> None:
    """Compile without any check, as a translator's other tool might (Babel's compiler writes what it gets)."""
    po.with_suffix(".mo").write_bytes(mo_bytes(read_catalog(po)))


def _bad_plural(po: Path) -> None:
    po.write_text(po.read_text(encoding="utf-8").replace("plural=(n > 1);", "plural=(n > 1;")
                  .replace("plural=(n != 1);", "plural=(n != 1;"), encoding="utf-8")


# -- the rules themselves ----------------------------------------------------------------------------

@pytest.mark.parametrize("header, ok", [
    ("nplurals=2; plural=(n > 1);", True), ("nplurals=1; plural=0;", True),
    ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", True),
    ("nplurals=2; plural=(n > 1;", False), ("nplurals=2;", False), ("nplurals=x; plural=n>1;", False),
    ("nplurals=2; plural=n+5;", False), ("plural=n>1; nplurals=2;", False),
])
def test_plural_forms_are_validated_as_gettext_reads_them(header, ok):
    assert (plural_forms_problem(header) is None) == ok


@pytest.mark.parametrize("sources, translation, words", [
    (["{count} pack", "{count} packs"], "{nombre} paquets", "unknown {nombre}"),
    (["{count} pack", "{count} packs"], "{count paquets", "broken placeholder"),
    (["{count} pack", "{count} packs"], "un paquet", None),  # a plural form may leave {count} out
    (["Hello {name}"], "Bonjour", "missing {name}"),
    (["usage: %s"], "usage : %d", "printf placeholders differ"),
])
def test_placeholder_rules(sources, translation, words):
    problems = placeholder_problems(sources, translation)
    assert (words is None and not problems) or any(words in p for p in problems), problems


def test_printable_drops_terminal_controls_and_keeps_layout():
    assert printable("a\tb\nc\x1b[31md\x07e\x9bf\r\n") == "a\tb\nc[31mdef\r\n"


# -- check and compile -------------------------------------------------------------------------------

BROKEN = [
    ("invented placeholder in a plural msgstr",
     lambda po: _edit(po, lambda m: m.id == PACKS, lambda m: setattr(m, "string", ("{count} jeu", "{nombre} jeux"))),
     "unknown {nombre}"),
    ("malformed placeholder",
     lambda po: _edit(po, lambda m: m.id == "{rank} of {suit}", lambda m: setattr(m, "string", "{rank de {suit}")),
     "broken placeholder"),
    ("invalid Plural-Forms", _bad_plural, "invalid Plural-Forms"),
]


@pytest.fixture
def ui_locale(tmp_path) -> Path:
    """A copy of the UI catalogs, seen by a separate process through its own data folder."""
    shim = tmp_path / "shim"
    shim.mkdir()
    for name in ("reussite_help", "reussite_plugins"):
        (shim / name).symlink_to(data_dir(name))
    (shim / "reussite").symlink_to(ROOT / "reussite")
    shutil.copytree(LOCALE, shim / "reussite_locale")
    return shim


def _run(shim: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "REUSSITE_LANG")}
    env["PYTHONPATH"] = str(shim)
    return subprocess.run([sys.executable, "-m", "reussite.cli", *args], capture_output=True, text=True, env=env,
                          input=stdin, timeout=120)


def _ui_po(shim: Path) -> Path:
    return shim / "reussite_locale" / "fr" / "LC_MESSAGES" / "reussite.po"


@pytest.mark.parametrize("what, damage, words", BROKEN, ids=[b[0] for b in BROKEN])
def test_check_reports_and_compile_refuses_with_file_and_line(ui_locale, what, damage, words):
    po = _ui_po(ui_locale)
    damage(po)
    before = {p: p.read_bytes() for p in (ui_locale / "reussite_locale").rglob("*.mo")}
    for command in ("check", "compile"):
        proc = _run(ui_locale, "i18n", command, "--domain", "reussite")
        assert proc.returncode == 1, (command, proc.stdout, proc.stderr)
        hit = re.search(rf"{re.escape(str(po.resolve()) if str(po.resolve()) in proc.stderr else str(po))}:(\d+): "
                        rf".*{re.escape(words)}", proc.stderr)
        assert hit, (command, proc.stderr)
        assert "Traceback" not in proc.stderr
    assert "nothing compiled" in proc.stderr
    assert {p: p.read_bytes() for p in (ui_locale / "reussite_locale").rglob("*.mo")} == before
    # GNU msgfmt --check agrees where it looks: the header. Templates carry no python-brace-format flag (msgfmt
    # would take {card.the} and {card.of_the} for two arguments), so {} fields are ours alone to check.
    if what == "invalid Plural-Forms":
        assert subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(po)], capture_output=True).returncode


def test_check_warns_about_dropped_tags_links_and_suits(sandbox):
    po = sandbox.po("en")
    # "<b>5</b>♠ ... <b>7</b>♠ ... <b>6-8-10</b>♣": drop one bold pair and the club.
    _edit(po, lambda m: m.context == "mount-olympus" and "<b>6-8-10</b>♣" in m.id,
          lambda m: setattr(m, "string", m.string.replace("<b>6-8-10</b>♣", "6-8-10")))
    report = check(ops.catalog_specs(sandbox.host()), use_msgfmt=False)
    warnings = [line for line in report.lines if ": warning: " in line]
    assert report.problems == 0  # warnings do not stop compile
    assert any("drops <b> (1 of 3)" in w for w in warnings), warnings
    assert any("drops the suit symbol ♣" in w for w in warnings), warnings
    assert all(w.startswith(f"{po}:") for w in warnings)


def test_check_warns_about_a_dropped_link():
    from babel.messages.catalog import Message as PoMessage

    from reussite.catalogs.check import message_warnings

    m = PoMessage('See <a href="https://example.org/r">the rules</a>.', string="Voir les règles.")
    assert message_warnings(m) == ["drops the link to 'https://example.org/r'"]


# -- run time --------------------------------------------------------------------------------------

def test_a_broken_translation_falls_back_to_english_with_one_warning(ui_locale):
    po = _ui_po(ui_locale)
    BROKEN[0][1](po)  # {nombre} in the plural of "{count} pack"
    _edit(po, lambda m: m.id == "{rank} of {suit}", lambda m: setattr(m, "string", "{rank de {suit}"))
    _force_mo(po)
    proc = _run(ui_locale, "--lang", "fr", "games")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    assert "Les quarante voleurs" in proc.stdout  # the rest of the catalog still works
    assert "2 packs" in proc.stdout and "1 jeu" in proc.stdout  # the bad plural form only is English
    assert proc.stderr.count("warning:") == 1 and "{nombre}" in proc.stderr, proc.stderr
    # Card names ("{rank} of {suit}") fall back to English in a refusal, once however many are shown.
    proc = _run(ui_locale, "--lang", "fr", "play", "forty-thieves", "--text", "-n", "5", stdin="t9 t3\nt9 t3\nq\n")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stdout.count("L’As of carreau ne peut pas aller sur la Dame of trèfle") == 2, proc.stdout
    assert proc.stderr.count("warning:") == 1 and "{rank de {suit}" not in proc.stdout


def test_the_translator_itself_never_raises_on_a_bad_template():
    import gettext

    t = gettext.NullTranslations()
    t._catalog = {}

    class Bad(gettext.NullTranslations):
        def gettext(self, message):
            return "{nom} !" if message == "Hello {name}" else message

        def ngettext(self, s, p, n):
            return "{nombre} cartes"

    tr = Translator("xx", Bad())
    assert tr.render(Message(N_("Hello {name}"), {"name": "Ann"})) == "Hello Ann"
    assert tr.render(Message(N_("{count} card"), plural=N_("{count} cards"), count=3)) == "3 cards"


@pytest.mark.parametrize("args", [("--lang", "fr", "games"), ("--lang", "fr", "i18n", "stats"),
                                  ("--lang", "fr", "help", "tournament")])
def test_an_invalid_plural_forms_catalog_is_ignored_with_one_warning(ui_locale, args):
    for po in (ui_locale / "reussite_locale").glob("*/LC_MESSAGES/*.po"):
        _bad_plural(po)
        _force_mo(po)  # msgfmt would refuse; Babel's compiler writes it
    proc = _run(ui_locale, *args)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    assert "Forty Thieves" in proc.stdout or "Tournament" in proc.stdout or "%" in proc.stdout
    assert proc.stderr.count("reussite.mo: ignored, invalid Plural-Forms") == 1, proc.stderr
    assert all(line.count("warning:") == 1 for line in proc.stderr.splitlines())


def test_a_help_catalog_with_an_invalid_plural_forms_shows_the_source_language(sandbox, run_cli, monkeypatch):
    po = sandbox.po("en")
    _bad_plural(po)
    _force_mo(po)
    host = sandbox.host()
    monkeypatch.setattr("reussite.host.Host.load", classmethod(lambda cls, *a, **k: host))
    result = run_cli("help", "tournament", "--lang", "en")
    assert result.code == 0 and "Tournament est un jeu" in result.out  # the corrected French (errata)
    assert result.err.count("warning:") == 1 and "help.mo: ignored, invalid Plural-Forms" in result.err


def test_an_unbalanced_tag_in_one_translation_stays_in_its_unit(sandbox):
    po = sandbox.po("en")
    _edit(po, lambda m: m.context == "tournament" and m.id.startswith("Les premières cartes"),
          lambda m: setattr(m, "string", "The <b>top cards of each column can be played."))
    _force_mo(po)
    html = render_help(sandbox.host(), "tournament", "en")
    para = re.search(r"<p>The <b>top cards.*?</p>\n<p>(.*?)</p>", html, re.S)
    assert para and "<b>top cards of each column can be played.</b></p>" in html
    assert "<b>" not in para.group(1) and html.count("<b>") == html.count("</b>")
    md = render_help(sandbox.host(), "tournament", "en", "markdown")
    assert "**top cards of each column can be played.**\n" in md


def test_control_characters_from_a_catalog_never_reach_the_terminal(sandbox, run_cli, monkeypatch):
    po = sandbox.po("en")
    _edit(po, lambda m: m.context == "tournament" and m.id.startswith("Les premières cartes"),
          lambda m: setattr(m, "string", "The top\x1b[2J\x1b]0;pwned\x07 cards\tmay be played."))
    _force_mo(po)
    host = sandbox.host()
    monkeypatch.setattr("reussite.host.Host.load", classmethod(lambda cls, *a, **k: host))
    for fmt in ("markdown", "html"):
        out = run_cli("help", "tournament", "--lang", "en", "--format", fmt).out
        assert "\x1b" not in out and "\x07" not in out
        assert "The top" in out and "0;pwned cards" in out and "\n" in out
    assert "cards\tmay" in run_cli("help", "tournament", "--lang", "en", "--format", "markdown").out


# -- update: one form, kept run after run -------------------------------------------------------------

def test_update_keeps_previous_msgids_is_idempotent_and_restores_the_form_after_msgmerge(sandbox):
    specs = ops.catalog_specs(sandbox.host())
    po = sandbox.po("en")
    original = po.read_text(encoding="utf-8").split("\n\n")
    page = sandbox.help / "tournament.html"
    page.write_text(page.read_text(encoding="utf-8").replace("et les 8 cartes", "et les huit cartes"),
                    encoding="utf-8")
    ops.extract(specs)
    ops.update(specs)
    first = po.read_bytes()
    assert first.count(b"#| msgid") == 1 and b"# |" not in first
    # Only the changed entry (and the header, for the template's date) is rewritten.
    now = first.decode().split("\n\n")
    gone, new = [b for b in original if b not in now], [b for b in now if b not in original]
    assert len(gone) == len(new) == 2 and "POT-Creation-Date" in gone[0] and "8 cartes" in gone[1], gone
    unchanged = {m.id: m for m in read_catalog(po) if m.id and not m.fuzzy}
    for _ in range(2):
        report = ops.update(specs)
        assert po.read_bytes() == first and all(line.endswith("up to date") for line in report.lines)
    # GNU msgmerge (what Poedit runs) wraps at another width: `reussite i18n update` brings the file back to
    # the repository's form, byte for byte, with the "#|" lines msgmerge kept.
    subprocess.run(["msgmerge", "--quiet", "--update", "--previous", "--backup=none", str(po),
                    str(sandbox.locale / "help.pot")], check=True)
    assert po.read_bytes() != first and b"#| msgid" in po.read_bytes()
    ops.update(specs)
    assert po.read_bytes() == first
    assert {m.id: m.string for m in read_catalog(po) if m.id in unchanged} == \
        {k: m.string for k, m in unchanged.items()}


def test_every_catalog_is_in_the_repository_form():
    """TRANSLATING.md: catalogs are kept as `reussite i18n update` / `extract` write them (Babel's wrapping at
    76 columns, "#|" lines wrapped like msgids). A file saved by another tool fails here until
    `reussite i18n update` (or `extract`, for a template) has been run."""
    files = sorted(LOCALE.rglob("*.po")) + sorted(LOCALE.glob("*.pot"))
    assert len(files) >= 5
    bad = [str(p.relative_to(ROOT)) for p in files if po_bytes(read_catalog(p)) != p.read_bytes()]
    assert bad == []


def test_the_form_test_catches_a_msgmerge_wrapped_file(tmp_path):
    po = tmp_path / "help.po"
    shutil.copy(LOCALE / "en" / "LC_MESSAGES" / "help.po", po)
    subprocess.run(["msgmerge", "--quiet", "--update", "--backup=none", str(po), str(LOCALE / "help.pot")],
                   check=True)
    assert po_bytes(read_catalog(po)) != po.read_bytes()


# -- help --lang ------------------------------------------------------------------------------------

def test_help_honours_its_own_lang(run_cli):
    fr = run_cli("help", "tournament", "--lang", "fr")
    assert fr.code == 0 and "Tournament est un jeu" in fr.out and fr.err == ""
    en = run_cli("--lang", "fr", "help", "tournament", "--lang", "en", "--format", "markdown")
    assert en.code == 0 and "Tournament is a solitaire" in en.out
    # qaa: ISO 639-2's local-use code, a language no catalog will ever be added for.
    none = run_cli("help", "tournament", "--lang", "qaa")
    assert none.code == 0 and "Tournament is a solitaire" in none.out
    from reussite.helpdocs import help_languages
    from reussite.host import Host

    available = ", ".join(help_languages(Host.load()))  # whatever languages are installed
    assert f"no rules in 'qaa'; showing 'en' (available: {available})" in none.err and none.err.count("\n") == 1
    none_fr = run_cli("--lang", "fr", "help", "tournament", "--lang", "qaa")
    # The reader's languages (here the French interface's) come before English.
    assert "Tournament est un jeu" in none_fr.out and "pas de règles en «\u00a0qaa\u00a0»" in none_fr.err
    assert "affichage en «\u00a0fr\u00a0»" in none_fr.err
    assert "Tournament est un jeu" in run_cli("help", "tournament", "--lang", "fr_FR.UTF-8").out
    assert "Les quarante voleurs" in run_cli("games", "--lang", "fr").out  # anywhere else: program-wide


def test_a_compiled_catalog_of_a_language_not_yet_in_supported_langs_is_used(ui_locale):
    """A translator's new language works as soon as its catalog is compiled: no silent English."""
    de = ui_locale / "reussite_locale" / "de" / "LC_MESSAGES"
    de.mkdir(parents=True)
    shutil.copy(_ui_po(ui_locale).with_suffix(".mo"), de / "reussite.mo")  # stands in for a German catalog
    proc = _run(ui_locale, "--lang", "de", "games")
    assert proc.returncode == 0 and "Les quarante voleurs" in proc.stdout and proc.stderr == ""
    # (a language with no catalog at all: English with a warning, tests/test_l10n.py)
