"""Data package: the French rule pages of the bundled games (see SOURCES.md)."""
