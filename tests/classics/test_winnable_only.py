""""Winnable deals only" finds a deal quickly, or says plainly that this game's deals are rarely proved winnable
in the time given (issue 37 item 3): each deal and the whole search are budgeted in the solver's CPU time."""

from __future__ import annotations

from classics_support import require_classics

require_classics()

import io  # noqa: E402

import pytest  # noqa: E402

from reussite import advisor  # noqa: E402
from reussite.cli import Context  # noqa: E402
from reussite.errors import UserError  # noqa: E402
from reussite.host import Host  # noqa: E402
from reussite.l10n import host_translator  # noqa: E402
from reussite.textplay import find_winnable  # noqa: E402


@pytest.fixture(scope="module")
def host():
    return Host.load()


def two_suit_spider(host):
    return lambda number: host.new_game("spider", number, {"suits": "2"})


def test_the_search_ends_in_vain_after_its_tries_or_its_cpu_time(host):
    found = advisor.next_winnable(two_suit_spider(host), 1, 0.01, tries=3, total_seconds=None)
    assert found.number is None and found.tried == 3
    tried = []
    found = advisor.next_winnable(two_suit_spider(host), 1, 0.05, tries=1000, total_seconds=0.3,
                                  progress=lambda number, k: tried.append(number))
    assert found.number is None and 1 <= found.tried == len(tried) < 1000
    assert advisor.next_winnable(two_suit_spider(host), 1, 5, cancel=lambda: True) is None


def test_a_search_in_vain_says_plainly_that_the_deals_are_rarely_proved_winnable(host):
    message = advisor.no_winnable_message(advisor.Found(None, [], 12), 2.0)
    assert host_translator("en").render(message) == (
        "The solver proved none of the 12 deals it tried winnable (2 s each at most): this game's deals are "
        "rarely proved winnable in the time given.")
    assert host_translator("fr").render(message).startswith(
        "Le solveur n’a prouvé gagnable aucune des 12\u00a0donnes essayées (2\u00a0s chacune au plus)\u00a0:")


def test_text_mode_says_so_while_it_searches_and_when_it_gives_up(host):
    out = io.StringIO()
    ctx = Context(host_translator("en"), out, io.StringIO(), _host=host)
    with pytest.raises(UserError) as raised:
        find_winnable(ctx, "spider", 1, {"suits": "2"}, seconds=0.01, total_seconds=3.0)
    assert "rarely proved winnable in the time given" in str(raised.value)
    lines = out.getvalue().splitlines()
    rare = [k for k, line in enumerate(lines) if "the search may end without one" in line]
    assert len(rare) == 1 and "(5 deals tried)" in lines[rare[0] - 1]


def test_a_game_with_winnable_deals_is_found_at_once(host):
    found = advisor.next_winnable(lambda n: host.new_game("klondike", n, {}), 1, tries=10)
    assert found.number is not None and found.tried <= advisor.WINNABLE_RARE_AFTER
