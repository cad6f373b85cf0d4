"""A progress bar with the time left, on the terminal only.

The bar is drawn on stderr (with rich) when both stdout and stderr are terminals and the
command was not asked for JSON; otherwise nothing is drawn, so pipes, files and scripts
see only the results."""

import contextlib
import sys


def on_terminal():
    return sys.stdout.isatty() and sys.stderr.isatty()


@contextlib.contextmanager
def progress(total, description, quiet=False):
    """A context giving `advance(steps=1)`: `total` steps of work called `description`."""
    if quiet or not on_terminal():
        yield lambda steps=1: None
        return
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(description, total=total)
        yield lambda steps=1: bar.advance(task, steps)
