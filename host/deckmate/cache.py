"""Where the host tool keeps what it builds once and reuses (the core compiled to .mpy, the
native solver): the system's temporary folder, under names that say the version built."""

import os
import tempfile


def cached_path(name):
    """The path for `name`, kept apart per user where the system has user ids (a shared /tmp;
    elsewhere, as on Windows, the temporary folder is the user's own)."""
    user = "%d-" % os.getuid() if hasattr(os, "getuid") else ""
    return os.path.join(tempfile.gettempdir(), "deckmate-%s%s" % (user, name))
