"""`deckmate sync`: every game of the device copied into the archive, once, whole."""

import os

from deckmate.errors import CommandError
from deckmate.wording import counted


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "sync", help="copy every game from the device into the archive",
        description="Copy every game log from the device (over its USB serial port) into the "
                    "archive, check each against the SHA-256 the device gives, and acknowledge "
                    "it on the device once it is archived. A second run copies nothing. "
                    "Example: deckmate sync --prune")
    parser.add_argument("--port", help="the device's serial port (default: the one board "
                                       "found by its USB id; the simulated board prints its own)")
    parser.add_argument("--archive", metavar="DIR",
                        help="the archive folder (default: the user data folder, e.g. "
                             "~/.local/share/deckmate/archive)")
    parser.add_argument("--prune", action="store_true",
                        help="then remove from the device the finished games the archive holds")
    parser.set_defaults(run=run)


def run(args):
    from deckmate.archive import Archive, ArchiveError, archived_again
    from deckmate.connection import BoardConnection, PortLost, find_port
    from deckmate.device_link import DeviceLink
    from deckmate.sync import sync_device

    port = args.port or find_port()
    try:
        with Archive(args.archive) as archive, BoardConnection(port) as connection:
            again = archived_again(archive.tidy())
            if again:
                print(again)
            with _progress_bar() as bar:
                result = sync_device(DeviceLink(connection), archive, args.prune, bar.advance,
                                     planned=bar.planned)
    except ArchiveError as error:
        raise CommandError(str(error))
    except PortLost as error:
        raise CommandError("%s; plug it back in and run `deckmate sync` again: it goes on from "
                           "the last byte checked" % error.cause)
    except KeyboardInterrupt:
        raise CommandError("stopped (Ctrl-C); every game archived so far stays archived: run "
                           "`deckmate sync` again to go on")
    print(result.line())
    if result.kept:
        raise CommandError("%s of device %s kept aside, not archived nor acknowledged: the "
                           "reasons are in %s (each game's above)"
                           % (counted(len(result.kept), "game"), result.device_id,
                              os.path.join(archive.folder, "rejected", "*.why.txt")))
    if result.failed:
        raise CommandError("%s not copied (see above): run `deckmate sync` again"
                           % counted(len(result.failed), "game"))


class _progress_bar:
    """The bytes copied of the bytes to copy, and the games left, on a terminal
    (deckmate.progress's rule): the sizes are known once the device has listed its games."""

    def __enter__(self):
        from deckmate.progress import on_terminal
        self.bar = None
        if on_terminal():
            from rich.console import Console
            from rich.progress import (BarColumn, DownloadColumn, Progress, TextColumn,
                                       TransferSpeedColumn)
            self.bar = Progress(TextColumn("{task.description}"), BarColumn(), DownloadColumn(),
                                TransferSpeedColumn(), console=Console(stderr=True),
                                transient=True)
            self.bar.start()
            self.task = self.bar.add_task("syncing", total=None)
        return self

    def planned(self, size, games):
        if self.bar is not None:
            self.bar.update(self.task, total=size,
                            description="syncing, %s left" % counted(games, "game"))

    def advance(self, count, left):
        if self.bar is not None:
            self.bar.update(self.task, advance=count,
                            description="syncing, %s left" % counted(left, "game"))

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()
