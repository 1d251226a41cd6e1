"""Declares the same game id as solo_game: the host must refuse both and name both plugins."""

from solo_game import Solo

from reussite.hookspecs import hookimpl


class Twin(Solo):
    name = "Twin of Test Solo"


@hookimpl
def reussite_games():
    return [Twin]
