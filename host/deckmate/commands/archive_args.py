"""What the owner's commands (games, stats, export, plot, report) share: `--archive DIR`, the
filters of which games, and reading the archive with them."""

import os

from deckmate.errors import CommandError, UsageError
from deckmate.names import game_name

ARCHIVE_HELP = ("the archive folder (default: the user data folder, e.g. "
                "~/.local/share/deckmate/archive)")


def add_archive(parser):
    parser.add_argument("--archive", metavar="DIR", help=ARCHIVE_HELP)


def add_filters(parser, game=True, player=True, since=False, device=False):
    if game:
        parser.add_argument("--game", type=game_name, metavar="GAME",
                            help="only this game (any case, with or without accents)")
    if player:
        parser.add_argument("--player", metavar="NAME",
                            help="only games with this player (any case, with or without "
                                 "accents: zoe finds Zoé)")
    if since:
        parser.add_argument("--since", metavar="DATE", help="only games of this date or later "
                                                             "(YYYY-MM-DD)")
    if device:
        parser.add_argument("--device", metavar="ID", help="only games of the device whose id "
                                                           "starts with ID")


def read_records(args, hands=False, needed=False):
    """The archived GameRecords the command line asks for, oldest first. `needed`: having none
    is a failure (nothing to draw), said with how to get games into the archive."""
    from deckmate.archive import DATABASE, Archive, ArchiveError, default_folder, not_a_folder
    from deckmate.archive_records import Filters, records
    since = getattr(args, "since", None)
    if since and not _is_date(since):
        raise UsageError("--since %s is not a date; give it as YYYY-MM-DD, e.g. 2026-11-01"
                         % since)
    folder = args.archive or default_folder()
    if not_a_folder(folder):
        raise UsageError(not_a_folder(folder))
    if not os.path.exists(os.path.join(folder, DATABASE)):
        raise CommandError("there is no archive in %s yet: `deckmate sync` copies the games of a "
                           "device there, `deckmate import FILE...` adds log files" % folder)
    filters = Filters(getattr(args, "game", None), getattr(args, "player", None), since,
                      getattr(args, "device", None))
    try:
        with Archive(folder) as archive:
            found = records(archive, filters, hands)
    except ArchiveError as error:
        raise CommandError(str(error))
    if needed and not found:
        raise CommandError("no games %s in the archive %s" % (
            "match these filters" if any(vars(filters).values()) else "yet", folder))
    return found


def _is_date(text):
    import datetime
    try:
        datetime.date.fromisoformat(text[:10])
        return True
    except ValueError:
        return False
