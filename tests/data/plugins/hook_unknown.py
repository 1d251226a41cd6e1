from reussite.hookspecs import hookimpl


@hookimpl
def reussite_gmaes():  # a typo: no such hook
    return []
