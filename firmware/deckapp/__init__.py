"""The device's app: the shell, its screens and the play screens (docs/architecture.md)."""
