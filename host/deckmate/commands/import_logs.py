"""`deckmate import`: logs copied by other means (mpremote, a card reader, selfplay) into the
archive, with the checks and the idempotence of a sync."""

import os
import zipfile

from deckmate.errors import CommandError
from deckmate.progress import progress
from deckmate.wording import counted


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "import", help="add log files to the archive",
        description="Add Deckmate logs to the archive, each replayed through the rules core "
                    "first. A log already archived changes nothing; a longer copy of an "
                    "unfinished game replaces it; a log the reader refuses, or that conflicts "
                    "with the archived game of the same device and id, is kept aside in "
                    "ARCHIVE/rejected with the reason. Examples: deckmate import a.jsonl "
                    "b.jsonl; deckmate import logs (a board's logs folder copied off it, "
                    "e.g. by mpremote cp -r :logs .)")
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="log files (.jsonl); a folder stands for the .jsonl files in it "
                             "and in its folders of logs as a board keeps them (logs/0/, "
                             "logs/1/, ...); a zip archive (the browser's History downloads "
                             "one) for the .jsonl files in it")
    parser.add_argument("--archive", metavar="DIR",
                        help="the archive folder (default: the user data folder, e.g. "
                             "~/.local/share/deckmate/archive)")
    parser.set_defaults(run=run)


def log_files(paths):
    """The logs to import: (label, path, member), member the name inside a zip archive (the
    browser's History downloads every log as one), else None. An archive that cannot be read
    stands as one entry whose reading fails."""
    found = []
    for path in paths:
        if os.path.isdir(path):
            found.extend((full, full, None) for full in folder_logs(path))
        elif path.endswith(".zip"):
            try:
                with zipfile.ZipFile(path) as archive:
                    names = [name for name in archive.namelist() if name.endswith(".jsonl")]
            except (OSError, zipfile.BadZipFile):
                names = [None]
            found.extend(("%s:%s" % (path, name) if name else path, path, name or "")
                         for name in sorted(names, key=str))
        else:
            found.append((path, path, None))
    return found


def folder_logs(folder):
    """The .jsonl files of `folder` and of its folders of logs as a board's store keeps them
    (decklink's log_name: logs/0/1.jsonl, ..., logs/named/ID.jsonl), so that a copy of a
    board's logs folder imports whole; other folders (an archive kept beside) are not read."""
    names = os.listdir(folder)
    found = [os.path.join(folder, name) for name in names if name.endswith(".jsonl")]
    for name in names:
        inner = os.path.join(folder, name)
        if (name.isdigit() or name == "named") and os.path.isdir(inner):
            found.extend(os.path.join(inner, log) for log in os.listdir(inner)
                         if log.endswith(".jsonl"))
    return sorted(found)


def read_log(path, member):
    """The bytes of a log file, or of the member of a zip archive."""
    if member is None:
        with open(path, "rb") as handle:
            return handle.read()
    with zipfile.ZipFile(path) as archive:
        return archive.read(member)


def run(args):
    from deckmate.archive import Archive, ArchiveError, Summary, archived_again
    files = log_files(args.files)
    summary = Summary()
    unread = []  # (path, why) of files that could not be read: the others are imported
    empty = [path for path in args.files if os.path.isdir(path) and not folder_logs(path)]
    try:
        with Archive(args.archive) as archive, progress(len(files), "importing") as advance:
            again = archived_again(archive.tidy())
            if again:
                print(again)
            for label, path, member in files:
                try:
                    data = read_log(path, member)
                except (OSError, KeyError, zipfile.BadZipFile) as error:
                    unread.append((label, "cannot read it: %s"
                                   % (getattr(error, "strerror", None) or error)))
                else:
                    summary.add(archive.add_log(data, label), label)
                advance()
    except ArchiveError as error:
        raise CommandError(str(error))
    except KeyboardInterrupt:
        raise CommandError("stopped (Ctrl-C); every file imported so far stays imported")
    for label, reason in summary.problems:
        print("kept aside: %s" % reason if reason.startswith(label) else
              "kept aside: %s: %s" % (label, reason))
    for path, why in unread:
        print("not imported: %s: %s" % (path, why))
    for path in empty:
        print("not imported: %s: the folder holds no logs" % path)
    print("%s: %s%s" % (counted(len(files), "file"), summary.line(),
                        ", %d not read" % len(unread) if unread else ""))
    if summary.problems:
        raise CommandError("%s kept aside, not archived: the reasons are above and in %s"
                           % (counted(len(summary.problems), "file"),
                              os.path.join(archive.folder, "rejected", "*.why.txt")))
    if unread:
        raise CommandError("%s could not be read (above)" % counted(len(unread), "file"))
    if empty:
        raise CommandError(
            "%s no logs (no .jsonl file in it nor in folders of logs as a board keeps them: "
            "0/, 1/, ..., named/): give the log files or the folder that holds them, e.g. %s"
            % (" and ".join(empty) + (" holds" if len(empty) == 1 else " hold"),
               os.path.join(empty[0], "*", "*.jsonl")))
    return 0
