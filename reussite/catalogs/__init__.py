"""Catalog tooling for translators (``reussite i18n``): extract, update, compile, stats and check, on
every gettext catalog the plugins declare. See :mod:`reussite.catalogs.ops` and TRANSLATING.md.
"""
