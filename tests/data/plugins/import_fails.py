"""A plugin whose import fails."""

raise ImportError("this plugin needs the 'frobnicate' package")
