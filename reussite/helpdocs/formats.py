"""The help formats, in a module of their own: the light CLI and the heavy pipeline both name them."""

FORMATS = ("html", "markdown")
SUFFIX = {"html": ".html", "markdown": ".md"}
