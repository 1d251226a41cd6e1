"""A real, tiny plugin used by the host tests: one game with one foundation."""

from reussite.hookspecs import hookimpl
from reussite.rules import FOUNDATION_UP_IN_SUIT, foundations, stock, waste
from reussite.variant import Variant


class Solo(Variant):
    id = "test-solo"
    name = "Test Solo"
    stacks = (stock(), waste(), *foundations(4, FOUNDATION_UP_IN_SUIT, x=2))


@hookimpl
def reussite_games():
    return [Solo]
