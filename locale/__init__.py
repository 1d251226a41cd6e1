"""Data package: gettext templates and catalogs (see TRANSLATING.md)."""
