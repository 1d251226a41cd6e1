"""The plugin guide's three worked examples (tests/examples/) play by their rules, and the guide shows them as
they are: a declarative game (Klondike), one with a move of its own (Spider, a family of one, two and four
suits) and one with an unusual build (Golf, the foundation's own rule)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from examples.golf import Golf
from examples.klondike import Klondike
from examples.spider import Spider, SpiderOneSuit, SpiderTwoSuits
from test_generators import check_position

from reussite.cards import Card
from reussite.errors import IllegalMove
from reussite.game import DEAL, Move
from reussite.testing import assert_conforms

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "plugin-guide.md"
EXAMPLES = [Klondike, Spider, SpiderTwoSuits, SpiderOneSuit, Golf]


def test_the_guide_shows_each_example_file_as_it_is():
    text = GUIDE.read_text(encoding="utf-8")
    blocks = re.findall(r"<!-- file: (\S+) -->\n```python\n(.*?)```\n", text, flags=re.S)
    shown = {path: code for path, code in blocks}
    assert set(shown) == {"tests/examples/klondike.py", "tests/examples/spider.py", "tests/examples/golf.py"}
    for path, code in shown.items():
        assert code == (ROOT / path).read_text(encoding="utf-8"), f"{path} differs from the guide's copy"


def test_the_guide_lists_every_method_a_variant_may_override():
    """Each public method of Game and Variant is in the guide's list of override points (or the list of tools
    a game calls), so a new hook cannot be added without a sentence there."""
    from reussite.variant import Variant

    text = GUIDE.read_text(encoding="utf-8")
    names = {name for cls in Variant.__mro__[:-1] for name, value in vars(cls).items()
             if not name.startswith("_") and (callable(value) or isinstance(value, classmethod | staticmethod))}
    assert {"takes", "stock_refusal", "layout", "move_cards", "push"} <= names
    missing = sorted(name for name in names if f"`{name}(" not in text)
    assert not missing, f"not in docs/plugin-guide.md: {missing}"


def play(game, rng: random.Random, steps: int, deep_every: int = 0) -> None:
    """Random play: every listed move is accepted by push and taken back exactly by pop (and redone
    exactly); every ``deep_every`` steps the full agreement check of test_generators."""
    for step in range(steps):
        if deep_every and step % deep_every == 0:
            listed = check_position(game)
        else:
            listed = list(game.legal_moves())
            before = game.snapshot()
            for move in listed:
                game.push(move)
                after = game.snapshot()
                game.pop()
                assert game.snapshot() == before, game.notation(move)
                game.redo()
                assert game.snapshot() == after, game.notation(move)
                game.pop()
        if not listed:
            return
        game.push(rng.choice(listed))


@pytest.mark.parametrize("cls", EXAMPLES, ids=lambda c: c.id)
def test_every_listed_move_is_accepted_and_undone_exactly(cls):
    cls.validate()
    for number in (1, 2):
        play(cls(number), random.Random(number), 40, deep_every=15)


@pytest.mark.parametrize("cls", EXAMPLES, ids=lambda c: c.id)
def test_the_examples_pass_the_conformance_harness(cls):
    assert_conforms(cls, deals=2)  # saves, deals and card counts besides the listing, as a plugin author runs it


def test_klondike_deals_a_triangle():
    game = Klondike(11)
    assert [len(game.cards[i]) for i in game.tableau_ix] == list(range(1, 8))
    assert [game.face_down[i] for i in game.tableau_ix] == list(range(7))
    assert len(game.stack("stock")) == 24


def spider_with_a_run_to_finish(cls=Spider) -> Spider:
    """Tableau pile 1: a face-down card under King to Two of spades; pile 2: the Ace of spades; one spade on
    each other pile and in the stock (spades only, for every member of the family)."""
    run = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
    others = ["AS", "3S", "4S", "5S", "6S", "7S", "8S", "TS"]
    stacks = [{"id": "tableau-1", "cards": ["9S", *run], "face_down": 1}, {"id": "tableau-2", "cards": ["AS"]},
              *({"id": f"tableau-{i}", "cards": [code]} for i, code in enumerate(others, 3)),
              {"id": "stock", "cards": ["JS"]}]
    return cls.from_layout({"stacks": stacks})


def test_a_finished_spider_run_leaves_by_itself_and_comes_back_with_undo():
    game = spider_with_a_run_to_finish()
    before = game.snapshot()
    t1, t2 = game.index["tableau-1"], game.index["tableau-2"]
    game.push(Move(t2, t1))
    assert len(game.stack("foundation-1")) == 13 and game.stack("tableau-1") == [Card(9, 1)]
    assert game.face_down[t1] == 0  # the card under the run is turned up, as part of the move
    after = game.snapshot()
    game.pop()
    assert game.snapshot() == before
    game.redo()
    assert game.snapshot() == after
    assert game.history == [Move(t2, t1)]  # one move for the player, the run's removal included


def test_spider_deals_only_when_no_pile_is_empty():
    game = spider_with_a_run_to_finish()
    assert DEAL in list(game.legal_moves())
    game.push(Move(game.index["tableau-2"], game.index["tableau-1"]))  # tableau-2 is now empty
    assert DEAL not in list(game.legal_moves())
    with pytest.raises(IllegalMove, match="Fill every empty pile"):
        game.push(DEAL)


def test_spider_moves_only_runs_of_one_suit():
    game = Spider.from_layout({"stacks": [{"id": "tableau-1", "cards": ["9H", "8S", "7S"]},
                                          {"id": "tableau-2", "cards": ["9D"]}]})
    t1, t2 = game.index["tableau-1"], game.index["tableau-2"]
    assert Move(t1, t2, 2) in list(game.legal_moves())  # 8♠ 7♠ onto 9♦: built regardless of suit
    assert Move(t1, t2, 3) not in list(game.legal_moves())
    assert "do not form a sequence" in str(game.explain(Move(t1, game.index["tableau-3"], 3)))


@pytest.mark.parametrize(("cls", "suits"), [(Spider, {0, 1, 2, 3}), (SpiderTwoSuits, {1, 2}), (SpiderOneSuit, {1})])
def test_the_spider_family_differs_by_its_pack_alone(cls, suits):
    game = cls(5)
    cards = [c for pile in game.cards for c in pile]
    assert len(cards) == 104 and {c.suit for c in cards} == suits
    assert len({c for c in cards}) == 104  # copies are told apart by their deck number
    finished = spider_with_a_run_to_finish(SpiderOneSuit)
    finished.push(Move(finished.index["tableau-2"], finished.index["tableau-1"]))
    assert len(finished.stack("foundation-1")) == 13


def test_golf_plays_one_rank_up_or_down_onto_its_foundation():
    game = Golf.from_layout({"stacks": [{"id": "foundation-1", "cards": ["7H"]},
                                        {"id": "tableau-1", "cards": ["8C"]}, {"id": "tableau-2", "cards": ["6S"]},
                                        {"id": "tableau-3", "cards": ["9D"]}, {"id": "tableau-4", "cards": ["KD"]},
                                        {"id": "stock", "cards": ["QC"]}]})
    f1 = game.index["foundation-1"]
    assert list(game.legal_moves()) == [Move(game.index["tableau-1"], f1), Move(game.index["tableau-2"], f1), DEAL]
    assert str(game.explain(Move(game.index["tableau-3"], f1))) == (
        "The 9 of diamonds cannot go on the 7 of hearts: build by the game's rule.")
    game.push(DEAL)  # the stock's Queen onto the foundation: nothing goes on it but a Jack or the King
    assert list(game.legal_moves()) == [Move(game.index["tableau-4"], f1)]
    game.push(Move(game.index["tableau-4"], f1))
    assert not list(game.legal_moves()) and game.is_lost()  # nothing goes on a King


def test_golf_is_won_when_the_tableau_is_clear_though_the_stock_is_not():
    game = Golf.from_layout({"stacks": [{"id": "foundation-1", "cards": ["7H"]}, {"id": "tableau-1", "cards": ["8C"]},
                                        {"id": "stock", "cards": ["QC", "2D"]}]})
    game.push(Move(game.index["tableau-1"], game.index["foundation-1"]))
    assert game.is_won() and game.score() == Golf.max_score
