from reussite.hookspecs import hookimpl


@hookimpl
def reussite_games():
    return ["not a class", dict]


@hookimpl
def reussite_help_pages():
    return "forty-thieves.xml"
