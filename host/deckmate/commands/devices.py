"""`deckmate devices`: the boards this PC can see, and what each says of itself."""

import json

from deckmate.commands.archive_args import add_archive
from deckmate.errors import CommandError
from deckmate.wording import counted


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "devices", help="list the boards plugged in and what they hold",
        description="List the Deckmate boards plugged in (found by their USB ids): the port "
                    "and the USB ids, and for each that answers the sync protocol its device "
                    "id, firmware version, free flash, how many of its games the archive "
                    "does not hold yet and how many it keeps aside (refused: the reasons are "
                    "in the archive's rejected/*.why.txt), and the last error the app met "
                    "(--json: with its "
                    "traceback). Example: deckmate devices (or, for the simulated "
                    "board, deckmate devices --port PTY with the port `deckmate sim` prints)")
    parser.add_argument("--port", action="append", default=[],
                        help="look at this serial port too (repeatable)")
    add_archive(parser)
    parser.add_argument("--json", action="store_true", help="print the boards as a JSON list")
    parser.set_defaults(run=run)


def run(args):
    from deckmate.connection import board_ports
    seen = [{"port": port, "usb": description} for port, description in board_ports()]
    for port in args.port:
        if port not in [board["port"] for board in seen]:
            seen.append({"port": port, "usb": None})
    for board in seen:
        board.update(_ask(board["port"], args.archive))
    if args.json:
        print(json.dumps(seen))
        return 0
    if not seen:
        print("no Deckmate board found (plug one in, or name a port with --port; "
              "`deckmate sim --headless` prints the simulated board's)")
        return 0
    for board in seen:
        where = board["port"] + (" (%s)" % board["usb"] if board["usb"] else "")
        if "problem" in board:
            print("%s: %s" % (where, board["problem"]))
        else:
            print("%s: device %s, firmware %s, %d KB free, %s, %d not yet synced%s" % (
                where, board["device"], board["firmware"], board["free"] // 1024,
                counted(board["games"], "game"), board["unsynced"],
                ", %d kept aside (not archived: the reasons are in %s)" % (
                    board["kept_aside"], board["why"]) if board["kept_aside"] else ""))
            if board["crash"]:
                print("  " + crash_line(board["crash"]))
    silent = [board["port"] for board in seen if "problem" in board]
    if silent:
        raise CommandError("%s did not answer (above: why)" % ", ".join(silent))
    return 0


def crash_line(crash):
    """The device's record of its last error (firmware/deckapp/crash.py) in one line."""
    when = crash["time"] + " " if crash["time"] else ""  # (null while the clock was not set)
    return "last error %s(firmware %s): %s" % (when, crash["fw"], crash["error"])


def _ask(port, archive_folder):
    """What the board at `port` says: device id, firmware, free flash, games, how many the
    archive does not hold and its last error (None, or the record with its traceback); or
    {"problem": why it did not say}."""
    import os
    from deckmate.archive import DATABASE, Archive, ArchiveError, default_folder
    from deckmate.connection import BoardConnection
    from deckmate.device_link import DeviceLink
    from deckmate.sync import to_copy
    try:
        with BoardConnection(port) as connection:
            link = DeviceLink(connection)
            hello = link.hello()
            listed = link.games()
        folder = archive_folder or default_folder()
        kept = 0
        if not os.path.exists(os.path.join(folder, DATABASE)):  # no archive yet: none synced
            unsynced = len(listed)
        else:
            with Archive(folder) as archive:
                unsynced = sum(1 for entry in listed
                               if to_copy(archive, hello["device"], entry) is not None)
                kept = sum(1 for entry in listed if entry["state"] == "closed"
                           and not archive.holds(entry["sha256"])
                           and archive.kept_aside(entry["sha256"]))
    except (CommandError, ArchiveError) as error:
        return {"problem": str(error)}
    return {"device": hello["device"], "firmware": hello["fw"], "free": hello["free"],
            "games": len(listed), "unsynced": unsynced, "kept_aside": kept,
            "why": os.path.join(os.path.abspath(folder), "rejected", "*.why.txt"),
            "crash": hello.get("crash")}
