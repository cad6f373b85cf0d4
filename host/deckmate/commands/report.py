"""`deckmate report`: the archive as a static HTML report in a folder (deckmate.report)."""

import os

from deckmate.commands.archive_args import add_archive, add_filters, read_records
from deckmate.errors import CommandError
from deckmate.wording import counted


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "report", help="write the archive as HTML pages that open in a browser",
        description="Write a static HTML report of the archive into a folder: the games "
                    "table (sortable, filterable), a chart per player, the figures of `deckmate "
                    "stats`, and every game replayed step by step with the cards as the device "
                    "draws them and the score explained. It opens from the disk in any browser, "
                    "with nothing fetched from the network. Example: deckmate report --out "
                    "report && xdg-open report/index.html")
    parser.add_argument("--out", required=True, metavar="DIR", help="the folder to write")
    add_filters(parser, since=True, device=True)
    add_archive(parser)
    parser.set_defaults(run=run)


def run(args):
    found = read_records(args, hands=True, needed=True)
    from deckmate.report import write_report
    from deckmate.logs import BadLog
    try:
        index = write_report(found, args.out)
    except OSError as error:
        raise CommandError("cannot write the report in %s: %s"
                           % (args.out, error.strerror or error))
    except BadLog as error:
        raise CommandError("the archived log %s (`deckmate doctor` checks them all)" % error)
    print("wrote %s: %s; open %s in a browser" % (args.out, counted(len(found), "game"),
                                                     os.path.abspath(index)))
    return 0
