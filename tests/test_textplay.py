"""Text mode with the solver: kinds of hints, 'solve', the end of a lost game and --winnable."""

from __future__ import annotations

import io
import re

from reussite.cli import Context
from reussite.game import DEAL
from reussite.l10n import host_translator
from reussite.solver import Verdict, solve
from reussite.textplay import run

OSMOSIS_TRAP = {"redeals_used": 2, "stacks": [
    {"id": "foundation-1", "cards": ["5S"]}, {"id": "reserve-1", "cards": ["5H"]},
    {"id": "waste", "cards": ["6S"]}, {"id": "stock", "cards": ["6H"]}]}


def play(game, commands: str, lang: str = "en") -> str:
    out = io.StringIO()
    ctx = Context(host_translator(lang), out, io.StringIO())
    assert run(game, ctx, io.StringIO(commands)) == 0
    return out.getvalue()


def test_hint_says_it_keeps_a_win_in_reach_and_solve_prints_then_plays_the_line(host):
    game = host.new_game("mount-olympus", 1, {})
    out = play(game, "hint\nsolve\nq\n")
    assert ". This move keeps a win in reach. Type '" in out  # the move in words, why, and what to type
    assert "A winning line of" in out and "Type 'solve play' to play it" in out
    assert game.move_count == 0  # printing the line plays nothing
    out = play(game, "solve play\n")
    assert "You won!" in out and game.is_won()
    # Its moves are ordinary moves: undo takes them back.
    play(game, "u 3\nq\n")
    assert not game.is_won() and game.move_count > 0


def test_after_a_win_the_same_deal_again_or_a_new_one(host):
    from reussite.textplay import render_layout

    fresh = render_layout(host.new_game("mount-olympus", 1, {}), host_translator("en"))
    out = play(host.new_game("mount-olympus", 1, {}), "solve play\na\nq\n")
    assert out.count("Play again?") == 1 and out.count(fresh) == 2  # dealt again from the start
    out = play(host.new_game("mount-olympus", 1, {}), "solve play\nn\nq\n")
    assert out.count("Play again?") == 1 and out.count(fresh) == 1
    assert re.findall(r"Mount Olympus #(\d+)\n", out)[-1] != "1"  # a new deal is shown
    out = play(host.new_game("mount-olympus", 1, {}), "solve play\nq\n")
    assert out.rstrip().endswith("anything else quits:")  # quits without a further prompt


def test_hint_says_when_it_is_only_a_suggestion_in_french(host):
    game = host.new_game("forty-thieves", 1, {})
    out = play(game, "hint 0\nq\n", lang="fr")
    fr = host_translator("fr")
    assert fr.gettext("(A suggestion: the solver found no winning line in the time given.)") in out


def test_a_lost_game_says_no_win_is_possible_and_offers_the_undo(host):
    game = host.games["osmosis"].from_layout(OSMOSIS_TRAP)
    out = play(game, "d\nr1 f\n")
    assert "the game is lost" in out and "No win is possible from here." in out
    assert "Type 'u 2' to undo 2 moves" in out
    play(game, "u 2\nq\n")
    assert game.move_count == 0 and solve(game, seconds=5).verdict is Verdict.WON


def test_hint_on_a_proved_lost_position_proposes_no_move(host):
    game = host.games["osmosis"].from_layout(OSMOSIS_TRAP)
    game.push(DEAL)  # moves remain (the 5♥ can go up), but no line wins
    out = play(game, "hint\nq\n", lang="fr")
    fr = host_translator("fr")
    assert fr.gettext("No win is possible from here.") in out
    assert fr.ngettext("Type 'u {count}' to undo {count} move, back to the last position from which a win is "
                       "still possible.",
                       "Type 'u {count}' to undo {count} moves, back to the last position from which a win is "
                       "still possible.", 1).format(count=1) in out


def test_play_winnable_starts_from_the_number_given_and_keeps_pysolfc_numbers(run_cli, monkeypatch, host):
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    result = run_cli("play", "osmosis", "--text", "--winnable", "-n", "2")
    assert result.code == 0, result.err
    first_line = result.out.splitlines()[0]
    assert first_line.startswith("Looking for a winnable deal: game 2 (0 deals tried)")
    number = int(next(line for line in result.out.splitlines() if line.startswith("Osmosis #")).split("#")[1])
    assert number >= 2
    assert solve(host.new_game("osmosis", number, {}), seconds=5).verdict is Verdict.WON
    for skipped in range(2, number):
        assert solve(host.new_game("osmosis", skipped, {}), seconds=2).verdict is not Verdict.WON


def test_the_text_mode_speaks_french_prompts_and_asks_before_quitting_an_unsaved_game(host, tmp_path):
    game = host.new_game("forty-thieves", 1, {})
    out = play(game, "u\nzz\nx9 f\nhint 0\n", lang="fr")
    assert out.count("coup> ") == 5  # a prompt before each line read, the end of input included
    for english in ("There is no", "Cannot read", "Type '", "Move "):
        assert english not in out
    assert "Il n’y a aucun coup à annuler." in out and "pile inconnue, «\u00a0x9\u00a0»" in out
    # The hint is a sentence: the card, from where, to where, and what to type.
    hint = next(line for line in out.splitlines() if "Déplacer" in line)
    assert "de la pile 8 du tableau vers la pile 4 du tableau" in hint and "Tapez «\u00a0t8-t4\u00a0»" in hint

    # q with a game in progress asks; "n" keeps playing; nothing to ask once saved or back at the deal.
    game = host.new_game("forty-thieves", 1, {})
    out = play(game, "t8 t4\nq\nn\nu\nq\n", lang="fr")
    assert out.count("pas enregistrée") == 1 and game.move_count == 0  # "u" was played after "n"
    kept = tmp_path / "kept.json"
    out = play(game, f"t8 t4\nsave {kept}\nq\n", lang="fr")
    assert "pas enregistrée" not in out and kept.exists() and game.move_count == 1
    out = play(game, "d\nq\ny\nhint\n")  # a deal since the save
    assert "The game in progress is not saved. Quit anyway? (y/n)" in out and "Move " not in out  # quit at y


def test_a_usage_error_has_one_prefix(run_cli):
    result = run_cli("--lang", "fr", "deal", "--bogus")
    assert result.code == 2
    assert result.err.startswith("reussite deal\u00a0: erreur\u00a0: "), result.err
    assert result.err.count("reussite") == 1, result.err


def test_bad_command_line_values_are_explained_in_the_players_language(run_cli):
    for args, french in ((("-n", "0"), "le numéro de partie 0 est hors limites"),
                         (("-n", "x"), "pas un numéro de partie"),
                         (("-o", "x"), "NOM=VALEUR attendu, et non «\u00a0x\u00a0»")):
        result = run_cli("--lang", "fr", "deal", "osmosis", *args)
        assert result.code == 2 and french in result.err, result.err


def test_french_cards_in_symbols_and_french_letters_with_a_legend(host):
    """A French reader takes C for cœur and D for Dame: the French text mode writes D♦, R♣, V♠, 10♥."""
    from reussite.cards import parse_card
    from reussite.textplay import render_layout

    game = host.new_game("forty-thieves", 1, {})
    fr, en = render_layout(game, host_translator("fr")), render_layout(game, host_translator("en"))
    codes = [c for i in range(len(game.specs)) for p, c in enumerate(game.cards[i]) if game.is_face_up(i, p)]
    french = {c: "A 2 3 4 5 6 7 8 9 10 V D R".split()[c.rank - 1] + "♣♠♥♦"[c.suit] for c in codes}
    first = fr.splitlines()[0]
    assert first == "Les quarante voleurs n°\u00a01" and en.splitlines()[0] == "Forty Thieves #1"
    for card, shown in french.items():
        assert shown in fr and card.code in en  # the English codes unchanged
        assert parse_card(shown, card.deck) == card == parse_card(card.code, card.deck)  # both read back
    assert not re.search(r"\b[2-9TJQKA][CSHD]\b", fr)
    out = play(game, "help\n", lang="fr")
    legend = "Cartes\u00a0: la valeur (A as, 2 à 10, V valet, D dame, R roi) puis la couleur"
    assert out.count(legend) == 2  # at the start and in the help
    assert "Cards: rank A 2-9 T J Q K, then suit C clubs" in play(game, "q\n")


def test_a_positional_game_is_drawn_as_its_grid():
    """Many squared piles (a Gaps or a Monte Carlo) are drawn row by row as the table lays them out, each place
    with its top card; fanned piles and the other stacks keep their own lines."""
    from reussite.rules import NONE, Fan, StackRule, foundations, tableau
    from reussite.textplay import render_layout
    from reussite.variant import Variant

    place = StackRule(empty=NONE)

    class Grid(Variant):
        id = "test-grid"
        name = "Test Grid"
        stacks = (*foundations(1, StackRule(empty=1, pickup="none"), x=5),
                  *(spec for row in range(3) for spec in tableau(4, place, y=row, first=4 * row + 1, fan=Fan.NONE)))

        def deal(self, cards):
            for k, i in enumerate(self.tableau_ix):
                self.place(self.specs[i].id, [cards.pop()] if k != 5 else [])
            self.place("foundation-1", cards)

    game = Grid(1)
    text = render_layout(game, host_translator("en")).splitlines()
    rows = [line for line in text if line.startswith("  t")]
    assert len(rows) == 3
    assert [cell.split(":")[0] for cell in rows[0].split()] == ["t1", "t2", "t3", "t4"]
    assert rows[1].split()[1] == "t6:--"  # the empty place
    assert rows[2].split()[0] == f"t9:{host_translator('en').card_code(game.cards[game.index['tableau-9']][-1])}"
    assert any(line.strip().startswith("f1") for line in text)

    class Fanned(Grid):  # the same piles fanned: one line each, as before
        id = "test-fanned"
        stacks = tuple(s if s.kind != "tableau" else type(s)(s.id, s.kind, s.rule, s.x, s.y, Fan.DOWN)
                       for s in Grid.stacks)

    assert not any(line.startswith("  t1:") for line in render_layout(Fanned(1), host_translator("en")).splitlines())
