"""`deckmate games`: the archive as a table, one game a row."""

import json

from deckcore.games import TITLES
from deckmate.commands.archive_args import add_archive, add_filters, read_records
from deckmate.game_record import NO_DATE
from deckmate.wording import counted

COLUMNS = ("date", "game", "game id", "players", "result", "hands", "mode", "device", "synced")


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "games", help="list the archived games",
        description="List the games in the archive, oldest first: the date, the game, the "
                    "players, the result, whether it was played on the device or scorekept, "
                    "the device and when it was synced. Example: "
                    "deckmate games --player Ann --since 2026-11-01")
    add_filters(parser, since=True, device=True)
    add_archive(parser)
    parser.add_argument("--json", action="store_true", help="print the games as a JSON list")
    parser.set_defaults(run=run)


def run(args):
    found = read_records(args)
    if args.json:
        print(json.dumps([record.as_json() for record in found], ensure_ascii=False))
        return 0
    aside = kept_aside_line(args.archive, args.device)
    from deckmate.commands.owner_output import show, table_lines
    if not found:
        print("no games match" if any((args.game, args.player, args.since, args.device))
              else "the archive holds no games yet: `deckmate sync` copies a device's games")
        if aside:
            print(aside)
        return 0
    rows = [(record.date or "-", TITLES[record.game], record.game_id, ", ".join(record.names),
             record.result_text(), str(record.hand_count), record.mode, record.device,
             record.synced) for record in found]
    lines = table_lines(COLUMNS, rows, right=("hands",))
    undated = ["-: " + NO_DATE] if any(not record.date for record in found) else []
    show(lines + [counted(len(found), "game")] + undated + ([aside] if aside else []),
         bold=(0,))
    return 0


def kept_aside_line(folder, device=None):
    """How many logs the archive keeps aside, by device, and where the reasons are; or None."""
    import os
    from deckmate.archive import Archive, default_folder
    with Archive(folder or default_folder()) as archive:
        counts = archive.kept_aside_counts()
        rejected = os.path.join(archive.folder, "rejected", "*.why.txt")
    if device:
        counts = dict((key, count) for key, count in counts.items() if key == device)
    if not counts:
        return None
    by_device = ", ".join("%s %d" % ("device " + key if key else "from files", count)
                          for key, count in sorted(counts.items(), key=lambda item: item[0] or ""))
    return "%s kept aside, not archived (%s): the reasons are in %s" % (
        counted(sum(counts.values()), "log"), by_device, rejected)
