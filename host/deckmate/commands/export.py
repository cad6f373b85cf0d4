"""`deckmate export`: the archive as CSV (one row per hand and seat) or JSON Lines (the raw
logs), to a file or standard output (deckmate.export)."""

import io
import sys

from deckmate import export
from deckmate.commands.archive_args import add_archive, add_filters, read_records
from deckmate.errors import CommandError
from deckmate.logs import BadLog
from deckmate.out_file import replaced, written_directly


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "export", help="write the archive as CSV or JSON Lines",
        description="Write the archived games as CSV, one row per hand and seat (game, match, "
                    "date, device, played or scorekept, hand, seat, player, points, score, "
                    "running total), in UTF-8 with a byte-order mark so that spreadsheets show "
                    "accented names rightly; or as JSON Lines, the raw logs byte for byte. "
                    "Example: deckmate export csv --out games.csv")
    parser.add_argument("format", choices=("csv", "jsonl"), help="csv or jsonl")
    parser.add_argument("--out", metavar="FILE",
                        help="the file to write (default: standard output)")
    parser.add_argument("--no-bom", action="store_true",
                        help="CSV without the byte-order mark (for tools that dislike it)")
    parser.add_argument("--delimiter", default=",", help="the CSV field separator, e.g. ';' for "
                                                         "spreadsheets that expect it")
    add_filters(parser, since=True, device=True)
    add_archive(parser)
    parser.set_defaults(run=run)


def run(args):
    if len(args.delimiter) != 1:
        from deckmate.errors import UsageError
        raise UsageError("--delimiter is one character, e.g. ';'")
    found = read_records(args, hands=args.format == "csv")
    try:
        if args.out:
            with replaced(args.out) as handle:
                count = _write(args, found, handle)
            if not written_directly(args.out):  # (a pipe's bytes are the export alone)
                print("wrote %s: %d %s" % (args.out, count,
                                           "rows" if args.format == "csv" else "games"))
        else:
            _write(args, found, sys.stdout.buffer)
    except OSError as error:
        raise CommandError("cannot write %s: %s" % (args.out or "the output",
                                                    error.strerror or error))
    except BadLog as error:
        raise CommandError("the archived log %s (`deckmate doctor` checks them all)" % error)
    return 0


def _write(args, found, handle):
    if args.format == "jsonl":
        return export.write_jsonl(found, handle)
    text = io.TextIOWrapper(handle, encoding="utf-8", newline="", write_through=True)
    try:
        return export.write_csv(found, text, bom=not args.no_bom, delimiter=args.delimiter)
    finally:
        text.detach()
