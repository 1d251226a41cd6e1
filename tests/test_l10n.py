"""French and English for the interface: locale choice, per-call translation, plurals, the CLI in French."""

from __future__ import annotations

import json
import re
import subprocess

import pytest
from babel.messages.pofile import read_po

from reussite.l10n import choose_langs, host_translator
from reussite.messages import N_, Message
from reussite.resources import data_dir

FR_PO = data_dir("reussite_locale") / "fr" / "LC_MESSAGES" / "reussite.po"


@pytest.mark.parametrize("cli, env, expected", [
    ("fr", {"REUSSITE_LANG": "en", "LANG": "en_US.UTF-8"}, "fr"),
    (None, {"REUSSITE_LANG": "fr", "LC_ALL": "en_GB.UTF-8"}, "fr"),
    (None, {"LC_ALL": "fr_FR.UTF-8", "LANG": "en_US.UTF-8"}, "fr"),
    (None, {"LC_MESSAGES": "fr_CA.utf8", "LANG": "en_US"}, "fr"),
    (None, {"LANG": "fr_FR.UTF-8"}, "fr"),
    (None, {"LANG": "C.UTF-8"}, "en"),
    (None, {"LC_ALL": "POSIX", "LANG": "fr_FR"}, "fr"),
    (None, {}, "en"),
    # LANGUAGE, as gettext reads it: before LC_ALL, a list of languages in the reader's order.
    (None, {"LANGUAGE": "fr:en", "LC_ALL": "en_GB.UTF-8"}, ("fr", "en")),
    (None, {"LANGUAGE": "qaa:fr_FR:en", "LANG": "en_GB"}, ("fr", "en")),  # a language not available is skipped
    ("qaa:fr", {"LANG": "en_GB"}, "fr"),
])
def test_language_choice_order(cli, env, expected):
    assert choose_langs(cli, env) == ((expected,) if isinstance(expected, str) else expected, None)


def test_an_unknown_locale_falls_back_to_english_with_one_warning(run_cli):
    # qaa: ISO 639-2's first code reserved for local use, a language no one will ever add a catalog for
    # (German, TRANSLATING.md's worked example, may well come).
    langs, warning = choose_langs(None, {"LANG": "qaa_QA.UTF-8"})
    assert langs == ("en",) and "qaa_QA.UTF-8" in warning and "LANG" in warning
    result = run_cli("games", env={"LANG": "qaa_QA.UTF-8"})
    assert result.code == 0 and result.err.count("warning:") == 1 and "Forty Thieves" in result.out


def test_two_languages_side_by_side_without_global_state():
    message = Message(N_("{card.The} cannot go on {target.the}: {rule}."),
                      {"card": Message("Queen"), "target": "X", "rule": Message(N_("build down in suit"))})
    fr, en = host_translator("fr"), host_translator("en")
    assert fr.render(message) == "La Dame ne peut pas aller sur X\u00a0: on descend dans la même couleur."
    assert en.render(message) == "The Queen cannot go on X: build down in suit."
    assert fr.render(message) != en.render(message)  # rendering one does not switch the other


@pytest.mark.parametrize("n, fr, en", [(0, "0 carte", "0 cards"), (1, "1 carte", "1 card"),
                                       (2, "2 cartes", "2 cards"), (63, "63 cartes", "63 cards")])
def test_plural_forms(n, fr, en):
    msg = Message(N_("{count} card"), plural=N_("{count} cards"), count=n)
    assert host_translator("fr").render(msg) == fr
    assert host_translator("en").render(msg) == en


def test_games_in_french_show_the_french_names(run_cli):
    out = run_cli("--lang", "fr", "games").out
    assert "Les quarante voleurs" in out and "Osmose" in out and "Mont Olympe" in out
    assert "2 paquets" in out and "1 paquet " in out
    names = {g["id"]: g["name"] for g in json.loads(run_cli("games", "--json", "--lang", "fr").out)}
    assert names["forty-thieves"] == "Les quarante voleurs"


def test_text_play_refuses_an_illegal_move_in_french_naming_the_rule():
    out = subprocess.run(["reussite", "play", "forty-thieves", "--lang", "fr", "--text", "-n", "5"],
                         input="t9 t3\nq\n", capture_output=True, text=True, timeout=60).stdout
    assert "L’As de carreau ne peut pas aller sur la Dame de trèfle\u00a0: on descend dans la même couleur." in out


def french_catalog():
    with FR_PO.open("rb") as fp:
        return read_po(fp, locale="fr")


def test_french_catalog_is_complete_and_passes_msgfmt_check():
    catalog = french_catalog()
    untranslated = [m.id for m in catalog if m.id and (not all(m.string) if m.pluralizable else not m.string)]
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert untranslated == [] and fuzzy == []
    subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(FR_PO)], check=True)


def english_msgids_worth_checking() -> list[str]:
    """Msgids whose French differs and that are recognisable English (two words or more, no placeholder-only)."""
    out = []
    for m in french_catalog():
        if not m.id or m.pluralizable:
            continue
        text = re.sub(r"\{[^}]*\}|%\([^)]*\)\w|%\w", "", m.id)
        if m.string != m.id and len(re.findall(r"[A-Za-z]{2,}", text)) >= 2:
            out.append(text.strip(" .:"))
    return [t for t in out if t]


@pytest.mark.parametrize("args", [
    ["--help"], ["games"], ["games", "--json"], ["plugins"], ["deal", "--help"], ["play", "--help"],
    ["deal", "forty-thieves", "-n", "3"], ["deal", "osmosis", "-n", "3"], ["deal", "nope"],
    ["deal", "forty-thieves", "--number", "x"], ["deal", "forty-thieves", "-o", "deal=3"], ["frobnicate"],
    ["play", "--load", "/nonexistent.json"],
])
def test_no_english_msgid_in_french_output(run_cli, args):
    result = run_cli("--lang", "fr", *args)
    shown = result.out + result.err
    leaks = [msgid for msgid in english_msgids_worth_checking() if msgid in shown]
    assert leaks == [], (args, leaks, shown)


def test_the_leak_check_does_find_english(run_cli):
    """The check above can fail: the same commands in English are full of these msgids."""
    shown = run_cli("--help").out + run_cli("deal", "nope").err
    assert any(msgid in shown for msgid in english_msgids_worth_checking())


def test_the_ui_template_is_up_to_date_with_the_code(run_cli):
    result = run_cli("i18n", "extract", "--check", "--domain", "reussite")
    assert result.code == 0, result.out + result.err


def test_refusals_explain_the_rule_in_french_for_every_game(host):
    """For every game, illegal moves met in play are explained in French from the catalog."""
    import random

    from reussite.game import Move
    from reussite.l10n import translator_for_game

    for game_id, cls in sorted(host.games.items()):
        # As the front ends render a game's messages: its own domain first (a plugin's), then the host's.
        fr = translator_for_game(host_translator("fr"), cls, host)
        en = translator_for_game(host_translator("en"), cls, host)
        game = cls(4242)
        rng = random.Random(game_id)
        seen = set()
        for _ in range(60):
            for src in range(len(game.specs)):
                for dst in range(len(game.specs)):
                    move = Move(src, dst, 1)
                    reason = game.refusal(move)
                    if reason is None or reason.msgid in seen:
                        continue
                    seen.add(reason.msgid)
                    message = game.explain(move, reason)
                    french, english = fr.render(message), en.render(message)
                    assert french != english, (game_id, english)
                    assert fr.gettext(reason.msgid) != reason.msgid, (game_id, reason.msgid)
            moves = list(game.legal_moves())
            if not moves:
                break
            game.push(rng.choice(moves))
        assert len(seen) >= 3, (game_id, seen)  # the Clock, which lets little move, has three


def test_the_template_check_fails_on_a_new_string_but_not_on_moved_lines(tmp_path, host):
    """CI's `reussite i18n extract --check` catches a msgid the template lacks; lines moving do not count."""
    from dataclasses import replace

    from reussite.catalogs import ops
    from reussite.catalogs.po import po_bytes

    (spec,) = ops.catalog_specs(host, ["reussite"])
    spec = replace(spec, localedir=tmp_path)
    moved = ops.build_template(spec)
    for m in moved:
        m.locations = [(f, (n or 0) + 7) for f, n in m.locations]
    spec.template.write_bytes(po_bytes(moved))
    assert ops.extract([spec], check=True).problems == 0
    stale = ops.build_template(spec)
    stale.delete(next(m.id for m in stale if m.id))
    spec.template.write_bytes(po_bytes(stale))
    assert ops.extract([spec], check=True).problems == 1
