"""Printing the owner's tables as aligned plain columns (10,000 rows print at once, which a
rich table does not), the heading in bold on a terminal, through the pager (`PAGER`, or
`less`) when they are longer than the screen; piped, plain lines without padding at their
ends."""

import os
import pydoc
import shutil
import sys


def table_lines(headings, rows, right=()):
    """The lines of a table: `headings` and each row of texts in columns two spaces apart,
    the columns named in `right` aligned right."""
    widths = [len(heading) for heading in headings]
    for row in rows:
        for index, cell in enumerate(row):
            widths[index] = max(widths[index], len(cell))
    aligned = [str.rjust if heading in right else str.ljust for heading in headings]

    def line(cells):
        return "  ".join(align(cell, width) for align, cell, width
                         in zip(aligned, cells, widths)).rstrip()
    return [line(headings)] + [line(row) for row in rows]


def show(lines, bold=()):
    """Print `lines`; those whose index is in `bold` in bold on a terminal."""
    if not sys.stdout.isatty():
        sys.stdout.write("".join(text + "\n" for text in lines))
        return
    text = "".join(("\x1b[1m%s\x1b[0m" % line if index in bold else line) + "\n"
                   for index, line in enumerate(lines))
    if len(lines) < shutil.get_terminal_size().lines - 1:
        sys.stdout.write(text)
    else:
        os.environ.setdefault("LESS", "-R")  # the pager shows the bold, not its escapes
        pydoc.pager(text)
