"""The firmware's version, shown on the About screen (the host package has the same number)."""

VERSION = "0.1.0"
