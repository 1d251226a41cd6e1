"""Rendering: every unit shown (translated or French), sanitized HTML, Markdown through Python-Markdown."""

from __future__ import annotations

import re
from pathlib import Path

import markdown
import pytest
from bs4 import BeautifulSoup

from reussite.errors import UserError
from reussite.helpdocs import load_document, render_help
from reussite.helpdocs.render import render_html, render_markdown
from reussite.helpdocs.units import parse_page
from reussite.l10n import SUPPORTED_LANGS

GAMES = ("forty-thieves", "mount-olympus", "osmosis", "tournament")


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", BeautifulSoup(html, "lxml").get_text(" ")).strip()


@pytest.mark.parametrize("game", GAMES)
def test_french_without_errata_reproduces_the_source_units_exactly(bundled_host, game):
    doc, _ = load_document(bundled_host, game)
    html = render_html(doc)  # no catalog at all: the source text
    again = parse_page(html.encode("utf-8"), "html", game, "rendered.html")
    assert [u.text for u in again.units] == [u.text for u in doc.units]


@pytest.mark.parametrize("game", GAMES)
def test_english_translates_every_unit_and_never_leaves_a_hole(bundled_host, game):
    doc, _ = load_document(bundled_host, game)
    html = render_help(bundled_host, game, "en")
    rendered = parse_page(html.encode("utf-8"), "html", game, "rendered.html").units
    assert len(rendered) == len(doc.units)
    assert all(u.text for u in rendered)
    assert 'lang="fr"' not in html  # 100 % translated: nothing falls back to French
    assert not {u.text for u in rendered} & {u.text for u in doc.units if len(u.text) > 40}


ROOT = Path(__file__).resolve().parents[2]
# docs/rules-notes.md, Errata: what each erratum removes from its page and what it puts there, in markup that
# every language keeps (numbers, suit symbols, the game's name); for an error of the French text alone, what
# it removes from and puts into the French page.
ERRATA = {
    "E-TO-1": ("tournament", "Intelligence", "Tournament"),
    "E-MO-4": ("mount-olympus", "<b>2</b>♠)", "<b>5</b>♠"),
}
FRENCH_ERRATA = {
    "E-MO-L1": ("mount-olympus", "<h1>Mount Olympus", "<h1>Mont Olympe"),
    "E-MO-L2": ("mount-olympus", "Dieux grecs", "dieux grecs"),
    "E-MO-L3": ("mount-olympus", "Bien que, ceci", "Bien que cette forme"),
    "E-MO-L4": ("mount-olympus", "Sur les As:", "Sur les As\u00a0:"),
    "E-MO-L5": ("mount-olympus", "que le talon soit", "que la pioche soit"),
    "E-TO-L2": ("tournament", "au-moins", "au moins"),
    "E-TO-L4": ("tournament", "Les premières cartes", "La carte du dessus de chaque colonne"),
    "E-TO-L5": ("tournament", "tout de suite;", "tout de suite\u00a0;"),
    "E-TO-L6": ("tournament", "de la réserve:", "de la réserve\u00a0:"),
    "E-TO-L7": ("tournament", "la première carte de chaque fondation", "la carte du dessus de chaque fondation"),
    "E-TO-L8": ("tournament", "du talon", "de la pioche"),
    "E-TO-L9": ("tournament", "Si le jeu bloque", "Quand la pioche est épuisée"),
}


@pytest.mark.parametrize("erratum", sorted(FRENCH_ERRATA))
def test_every_french_erratum_corrects_the_french_page(bundled_host, erratum):
    game, wrong, right = FRENCH_ERRATA[erratum]
    html = render_help(bundled_host, game, "fr").replace("&nbsp;", "\u00a0")
    assert wrong not in html and right in html, erratum


def _erratum_comments():
    from reussite.catalogs.po import read_catalog

    found = {}
    for po in sorted((ROOT / "locale").glob("*/LC_MESSAGES/help.po")):
        for m in read_catalog(po):
            c = " ".join(m.user_comments)
            if c.startswith("Erratum"):
                found.setdefault(c.split()[1].rstrip(":"), {})[po.parent.parent.name] = (m.context, m.id, c)
    return found


@pytest.mark.parametrize("erratum", sorted(ERRATA))
def test_every_erratum_applies_in_every_help_language(bundled_host, erratum):
    from reussite.helpdocs import help_languages

    game, wrong, right = ERRATA[erratum]
    langs = help_languages(bundled_host)
    assert {"en", "fr"} <= set(langs)
    for lang in langs:
        html = render_help(bundled_host, game, lang)
        md = render_help(bundled_host, game, lang, "markdown")
        assert wrong not in html and right in html, (lang, erratum)
        assert wrong.replace("<b>", "**").replace("</b>", "**") not in md, (lang, erratum)
    # The corrected example, in each language: the 5 goes on the 7.
    if erratum == "E-MO-4":
        assert "sur un <b>7</b>♠" in render_help(bundled_host, game, "fr")
        assert "on a <b>7</b>♠" in render_help(bundled_host, game, "en")


def test_every_erratum_is_documented_and_carried_by_every_catalog():
    notes = (ROOT / "docs" / "rules-notes.md").read_text(encoding="utf-8")
    errata_section = notes.split("## Errata", 1)[1].split("\n## ", 1)[0]
    found = _erratum_comments()
    assert set(found) == set(ERRATA) | set(FRENCH_ERRATA)
    langs = {p.parent.parent.name for p in (ROOT / "locale").glob("*/LC_MESSAGES/help.po")}
    for erratum, per_lang in found.items():
        assert f"**{erratum} " in errata_section, erratum
        # The project's languages translate the corrected unit; a translator's new language may not have reached it.
        assert set(SUPPORTED_LANGS) <= set(per_lang) <= langs, (erratum, per_lang)
        assert len({(ctx, mid) for ctx, mid, _ in per_lang.values()}) == 1, erratum  # the same unit
        assert all("docs/rules-notes.md" in c for *_, c in per_lang.values())


def test_markdown_renders_tables_and_emphasis_through_python_markdown(bundled_host):
    for game in ("forty-thieves", "osmosis"):
        md = render_help(bundled_host, game, "en", "markdown")
        html = markdown.markdown(md, extensions=["tables"])
        soup = BeautifulSoup(html, "lxml")
        cells = [td.get_text() for td in soup.find_all("td")]
        assert len(cells) == (8 if game == "forty-thieves" else 10)
        assert cells[0] == "Type of pack" and "|" not in "".join(cells)
        # Same words as the HTML rendering.
        assert _text(html) == _text(render_help(bundled_host, game, "en"))
    md = render_help(bundled_host, "tournament", "fr", "markdown")
    soup = BeautifulSoup(markdown.markdown(md, extensions=["tables"]), "lxml")
    assert soup.find("em").get_text() == "tournoi"
    link = soup.find_all("a")[-1]
    assert link["href"] == "http://en.wikipedia.org/wiki/Tournament_%28solitaire%29"
    assert link.get_text() == "http://en.wikipedia.org/wiki/Tournament_(solitaire)"
    assert link.find_parent("em") is not None
    mo = markdown.markdown(render_help(bundled_host, "mount-olympus", "en", "markdown"), extensions=["tables"])
    assert "<strong>5</strong>♠" in mo and "<br" in mo


def test_html_output_is_a_sanitized_fragment(bundled_host):
    html = render_help(bundled_host, "osmosis", "en")
    assert html.startswith("<h1>Osmosis</h1>") and "<body" not in html and "<html" not in html
    assert "<table>" in html and "<td>Type of pack</td>" in html


def test_unknown_game_no_help_bad_language_or_format_are_user_errors(bundled_host):
    with pytest.raises(UserError, match="unknown game 'forty-thief'; did you mean 'forty-thieves'"):
        render_help(bundled_host, "forty-thief", "en")
    with pytest.raises(UserError, match="no help catalog for language 'qaa'"):
        render_help(bundled_host, "osmosis", "qaa")  # ISO 639-2's local-use code: no catalog, ever
    with pytest.raises(UserError, match="unknown help format 'pdf'"):
        render_help(bundled_host, "osmosis", "en", "pdf")


def test_game_without_help_page(bundled_host, monkeypatch):
    monkeypatch.setattr(type(bundled_host), "help_pages", property(lambda self: {}))
    with pytest.raises(UserError, match="game 'osmosis' has no help page"):
        render_help(bundled_host, "osmosis", "en")


def test_cli_prints_and_writes_every_page(run_cli, tmp_path, host):
    result = run_cli("help", "forty-thieves", "--lang", "en", "--format", "markdown")
    assert result.code == 0 and result.out.startswith("# Forty Thieves\n")
    result = run_cli("--lang", "fr", "help", "osmosis")
    assert result.code == 0 and result.out.startswith("<h1>Osmose</h1>")
    result = run_cli("help", "nope")
    assert result.code == 2 and "unknown game 'nope'" in result.err and "Traceback" not in result.err
    result = run_cli("help", "--output", str(tmp_path / "out"))
    assert result.code == 0, result.err
    files = sorted(p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").rglob("*") if p.is_file())
    pages = set(GAMES) | set(host.help_pages)  # the bundled games' and those of any other distribution installed
    from reussite.helpdocs import help_languages

    langs = help_languages(host)  # every installed language, a translator's new one too
    assert {"en", "fr"} <= set(langs)
    assert files == sorted(f"{lang}/{g}.{ext}" for lang in langs for g in pages for ext in ("html", "md"))
    page = (tmp_path / "out" / "en" / "tournament.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and '<html lang="en">' in page and "Tournament is a solitaire" in page


def test_rendering_an_untranslated_unit_falls_back_to_french(sandbox):
    from reussite.catalogs import ops
    from reussite.catalogs.check import compile_catalogs
    from reussite.catalogs.po import read_catalog

    po = sandbox.po("en")
    cat = read_catalog(po)
    for m in cat:
        if m.context == "osmosis" and m.id == "Réserves":
            m.string = ""
    po.write_bytes(ops.po_bytes(cat))
    host = sandbox.host()
    compile_catalogs(ops.catalog_specs(host))
    html = render_help(host, "osmosis", "en")
    assert '<td lang="fr">Réserves</td>' in html
    assert "Réserves" in render_help(host, "osmosis", "en", "markdown")


def test_public_api_signature():
    import inspect

    sig = inspect.signature(render_help)
    assert list(sig.parameters) == ["host", "game_id", "lang", "fmt", "fallbacks"]
    assert sig.parameters["fmt"].default == "html" and sig.parameters["fallbacks"].default == ()
    assert Path(inspect.getfile(render_help)).parent.name == "helpdocs"


_PIECES = ["<script>alert(1)</script>", '<img src="http://track.example/p.gif">', '<img src="a.gif" alt="x">',
           "<b>", "</b>", "<i>", "</em>", '<a href="javascript:x()">', "</a>",
           '<img src=x onerror="y()">', "<br>", "&", "<", ">", "*", "_", "|", "[", "](", "texte ", "1. ", "# ",
           '<a href="http://ok.example/">', "<style>p{}</style>", "<iframe src=//evil>", '" onclick="z()',
           "<!-- c -->", "\n", "♠"]


def test_whatever_a_translation_holds_output_stays_safe(bundled_host):
    from hypothesis import given, settings
    from hypothesis import strategies as st

    doc, _ = load_document(bundled_host, "osmosis")
    allowed = {"h1", "h2", "h3", "h4", "h5", "h6", "p", "ul", "ol", "li", "table", "thead", "tbody", "tr",
               "th", "td", "b", "i", "em", "a", "br", "strong", "div", "html", "body", "code", "pre", "img"}

    @settings(max_examples=60, deadline=None)
    @given(st.lists(st.sampled_from(_PIECES), max_size=12).map("".join))
    def check(evil):
        html = render_html(doc, lambda u: (evil, True), "en")
        md_html = markdown.markdown(render_markdown(doc, lambda u: (evil, True)), extensions=["tables"])
        for out in (html, md_html):
            soup = BeautifulSoup(out, "lxml")
            for tag in soup.find_all(True):
                assert tag.name in allowed, (evil, tag.name)
                assert not any(a.startswith("on") for a in tag.attrs), evil
                assert "javascript" not in tag.get("href", ""), evil
                assert ":" not in tag.get("src", ""), evil  # no image from another site

    check()
