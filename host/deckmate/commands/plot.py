"""`deckmate plot`: the score history of the archived matches as a PNG or SVG (deckmate.plot)."""

import os

from deckmate.commands.archive_args import add_archive, add_filters, read_records
from deckmate.errors import CommandError, UsageError
from deckmate.wording import counted


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "plot", help="draw the score history as a PNG or SVG",
        description="Draw the score history: the running totals of each finished match hand "
                    "by hand, the matches one after another (oldest first), one line per "
                    "player and one panel per game, to a PNG or SVG file (no display needed). "
                    "Example: deckmate plot --game scioto --player Ann --out ann.png")
    add_filters(parser, since=True, device=True)
    parser.add_argument("--out", required=True, metavar="FILE.png|FILE.svg",
                        help="the picture to write")
    add_archive(parser)
    parser.set_defaults(run=run)


def run(args):
    if os.path.splitext(args.out)[1].lower() not in (".png", ".svg"):
        raise UsageError("--out %s: the picture's name ends in .png or .svg" % args.out)
    found = [record for record in read_records(args, hands=True, needed=True) if record.complete]
    if not found:
        raise CommandError("no finished match to draw (an unfinished or abandoned one has no "
                           "final total)")
    from deckmate import plot
    try:
        panels = plot.draw(found, args.out, players=[args.player] if args.player else None)
    except OSError as error:
        raise CommandError("cannot write %s: %s" % (args.out, error.strerror or error))
    print("wrote %s: %s, %s" % (args.out, counted(len(found), "match", "matches"),
                                counted(panels, "game")))
    return 0
