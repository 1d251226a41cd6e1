"""The conformance harness (``reussite.testing``, ``reussite check``): the bundled games pass it, and made-up
variants that break each promise are caught, with a report whose moves replay the failing position."""

from __future__ import annotations

import json
import os
import random

import pytest

from reussite import saves
from reussite.game import Move
from reussite.testing import Nonconformance, assert_conforms, check_game, replay, show_position
from reussite_plugins.forty_thieves import FortyThieves

#: Deals per bundled game: a few in the default run; CONFORMANCE_DEALS=200 for a deeper one-off check.
DEALS = int(os.environ.get("CONFORMANCE_DEALS", "2"))
BUNDLED = [("forty-thieves", {}), ("tournament", {}), ("mount-olympus", {}), ("osmosis", {}),
           ("osmosis", {"deal": "3"})]


@pytest.mark.parametrize(("game_id", "options"), BUNDLED, ids=[f"{g}{o}" for g, o in BUNDLED])
def test_the_bundled_games_conform(host, game_id, options):
    report = assert_conforms(host.game(game_id), DEALS, options, host=host)
    assert report.deals == list(range(1, DEALS + 1)) and report.positions >= DEALS


class HidesFoundationMoves(FortyThieves):
    id = "hides-foundation-moves"

    def legal_moves(self):
        return iter([m for m in super().legal_moves() if not (isinstance(m, Move) and m.dst in self.foundation_ix)])


class ListsAnIllegalMove(FortyThieves):
    id = "lists-an-illegal-move"

    def legal_moves(self):
        return iter([*super().legal_moves(), Move(self.tableau_ix[0], self.foundation_ix[0], 1)])


class LosesACardOnDeal(FortyThieves):
    id = "loses-a-card-on-deal"

    def do_deal(self):
        super().do_deal()
        if len(self.cards[self.stock_ix]) == 60:  # the fourth deal of the game
            self.cards[self.stock_ix].pop()


class ShufflesTheWasteOutsideUndo(FortyThieves):
    id = "shuffles-the-waste"

    def after_move(self, move):
        super().after_move(move)
        waste = self.cards[self.waste_ix]
        if len(waste) == 3:  # the change bypasses the recorded operations: undo cannot take it back
            waste.reverse()


class DealsAtRandom(FortyThieves):
    id = "deals-at-random"

    def shuffle(self):
        cards = super().shuffle()
        random.shuffle(cards)
        return cards


@pytest.mark.parametrize(("cls", "problem"), [
    (HidesFoundationMoves, "the rules accept moves that are not listed: "),
    (ListsAnIllegalMove, "the move t1-f1 is listed but the rules refuse it"),
    (LosesACardOnDeal, "after deal: cards changed: lost "),
    (ShufflesTheWasteOutsideUndo, "does not give the position before it back exactly"),
    (DealsAtRandom, "the same number and options dealt another layout"),
])
def test_a_broken_variant_is_reported_with_the_moves_that_replay_it(cls, problem):
    report = check_game(cls, deals=5)
    failure = report.failure
    assert failure is not None and problem in failure.problem, str(report)
    text = str(report)
    deals = f"{len(report.deals)} deal{'s' if len(report.deals) != 1 else ''}"
    assert text.startswith(f"{cls.id}: {deals}, ") and "; FAILED\n" in text
    assert f"{cls.id} number {failure.number}: {failure.problem}" in text
    shown = "\n".join("  " + line for line in failure.position.splitlines())
    assert f"moves from the deal ({len(failure.moves)}): " in text and f"position:\n{shown}\n" in text
    if cls is DealsAtRandom:
        return
    # The moves printed replay the failing position, by the notation and by the save printed.
    assert show_position(replay(cls, failure.number, failure.options, failure.moves)) == failure.position
    host = check_game.__globals__["_host_for"](cls)
    assert show_position(saves.from_json(json.loads(json.dumps(failure.save)), host)) == failure.position
    with pytest.raises(Nonconformance, match="FAILED"):
        assert_conforms(cls, deals=5)


class DealsACardTwice(FortyThieves):
    """A plugin's slip: its deal puts one card in play twice (and leaves another out); every move after
    keeps the cards as they are, so only a check of the whole pack sees it."""

    id = "deals-a-card-twice"

    def shuffle(self):
        cards = super().shuffle()
        cards[0] = cards[1]
        return cards


def test_a_deal_with_a_card_twice_fails_the_trial_deal_and_the_harness():
    from reussite.hookspecs import hookimpl
    from reussite.host import Host
    from reussite.variant import pack_problem

    plugin = type("Plugin", (), {"reussite_games": staticmethod(hookimpl(lambda: [DealsACardTwice]))})
    host = Host.load(entry_points=[], builtin=False, extra=[("twice", plugin)])
    assert "deals-a-card-twice" not in host.games
    errors = host.plugins["twice"].errors
    assert any("failed a trial deal: the deal is not the declared pack" in e and "in play twice" in e
               for e in errors), errors
    game = DealsACardTwice(3)
    problem = pack_problem(game)
    card = game.shuffle()[0]
    assert f"in play twice (or not in the pack) {card}" in problem and "missing " in problem
    report = check_game(DealsACardTwice, deals=2)
    assert report.failure is not None and "in play twice" in report.failure.problem, str(report)
    assert pack_problem(FortyThieves(3)) is None


def test_reussite_check_passes_a_bundled_game_and_fails_a_broken_one(run_cli, monkeypatch):
    ok = run_cli("check", "osmosis", "--deals", "2", "--option", "deal=3")
    first, *advice = ok.out.splitlines()
    assert (ok.code, first) == (0, f"osmosis (deal=3): 2 deals, {ok.out.split(', ')[1].split()[0]} positions "
                                   "checked: ok")
    assert all(line.startswith("advice: ") for line in advice)  # what a declaration would gain, if anything
    bad_option = run_cli("check", "osmosis", "--option", "deal=2")
    assert bad_option.code == 2 and "option deal='2' is not allowed for osmosis" in bad_option.err
    from reussite.hookspecs import hookimpl
    from reussite.host import Host

    host = Host.load(extra=[("broken", type("Plugin", (), {"reussite_games": staticmethod(
        hookimpl(lambda: [HidesFoundationMoves]))}))])
    monkeypatch.setattr("reussite.host.Host.load", classmethod(lambda cls, *a, **k: host))
    bad = run_cli("check", "hides-foundation-moves", "--deals", "3")
    assert bad.code == 1 and "the rules accept moves that are not listed" in bad.out
    assert "moves from the deal" in bad.out and "save (reussite play --load FILE): {" in bad.out
