from reussite.hookspecs import hookimpl


@hookimpl
def reussite_games():
    return [1 / 0]
