"""Réussite: a solitaire host in the PySolFC tradition.

Layers (imports point down only): cards -> rules -> game -> variant -> host -> l10n/helpdocs/catalogs ->
front ends (cli, textplay, web). See docs/architecture.md.
"""

__version__ = "0.1.0"
