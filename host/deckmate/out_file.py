"""A file a command writes (its --out), whole or not at all: a full disk, an error or Ctrl-C
half-way leaves the file that was there, or none, and no scratch file beside it."""

import contextlib
import os
import stat


def scratch_name(path):
    """The name of the scratch file beside `path` that this process writes first."""
    return "%s.%d.tmp" % (path, os.getpid())


@contextlib.contextmanager
def replaced(path):
    """A binary handle for the new bytes of the file at `path`, which take its place only
    when the block ends without an exception: they are written beside it first. A symbolic
    link's target is the file replaced; what is not a file (a device such as /dev/stdout or
    /dev/full, a pipe) is written directly, never replaced by a file."""
    target = os.path.realpath(path)
    try:
        kind = os.stat(target).st_mode
    except FileNotFoundError:
        kind = None
    if kind is not None and not stat.S_ISREG(kind):
        with open(target, "wb") as handle:
            yield handle
        return
    scratch = scratch_name(target)
    try:
        with open(scratch, "wb") as handle:
            yield handle
        os.replace(scratch, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(scratch)
        raise
