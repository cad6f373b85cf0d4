"""The device's app: the shell, its screens and the play screens (docs/architecture.md)."""

# The firmware's version, shown on the About screen (the host package has the same number);
# here rather than in a module of its own, whose names a board would intern for one string.
VERSION = "0.1.0"
