"""The device's app: the shell, its screens and the play screens (docs/architecture.md)."""

from deckcore.residency import unload  # (deckcore/residency.py decides what is loaded when)
