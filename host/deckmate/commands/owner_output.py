"""Printing the owner's tables: with rich on a terminal; piped, as plain lines wide enough
that no row is folded, without the padding at their ends."""

import io


def print_out(*renderables):
    from rich.console import Console
    output = Console(highlight=False)
    if output.is_terminal:
        for renderable in renderables:
            output.print(renderable)
        return
    text = io.StringIO()
    wide = Console(highlight=False, width=400, file=text)
    for renderable in renderables:
        wide.print(renderable)
    for line in text.getvalue().splitlines():
        print(line.rstrip())
