"""A file a command writes (its --out), whole or not at all: a full disk, an error or Ctrl-C
half-way leaves the file that was there, or none, and no scratch file beside it."""

import contextlib
import os
import stat


def scratch_name(path):
    """The name of the scratch file beside `path` that this process writes first."""
    return "%s.%d.tmp" % (path, os.getpid())


def written_directly(path):
    """True if `path` names something that is not a file (a device such as /dev/stdout or
    /dev/full, a pipe), which is written as it is, never replaced by a file. Asked of `path`
    itself, links followed by the system: /dev/stdout's link names a pipe's file descriptor
    (`/proc/self/fd/1`, whose real path, `pipe:[N]`, is nowhere)."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except (FileNotFoundError, NotADirectoryError):
        return False


@contextlib.contextmanager
def replaced(path):
    """A binary handle for the new bytes of the file at `path`, which take its place only
    when the block ends without an exception: they are written beside it first. A symbolic
    link's target is the file replaced; what is not a file (written_directly) is written as
    it is."""
    if written_directly(path):
        with open(path, "wb") as handle:
            yield handle
        return
    target = os.path.realpath(path)
    scratch = scratch_name(target)
    try:
        with open(scratch, "wb") as handle:
            yield handle
        os.replace(scratch, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(scratch)
        raise
