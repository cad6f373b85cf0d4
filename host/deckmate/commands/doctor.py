"""`deckmate doctor`: checks the installation, one line each, saying what to fix."""

import json

from deckmate.errors import CommandError


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "doctor", help="check the installation and say what to fix",
        description="Check what deckmate needs, one line each: Python, the MicroPython port, "
                    "mpy-cross (and that it writes the .mpy version the port loads), mpremote, "
                    "the Python packages, the firmware sources, the permission to open each "
                    "board's serial port, and the archive (readable, its schema, every raw log "
                    "as archived). Exit status 1 when something needs fixing. Example: "
                    "deckmate doctor --archive ~/games")
    parser.add_argument("--archive", metavar="DIR", help="the archive folder to check (default: "
                                                         "the user data folder)")
    parser.add_argument("--json", action="store_true", help="print the checks as a JSON list")
    parser.set_defaults(run=run)


def run(args):
    from deckmate.archive import default_folder
    from deckmate.doctor import checks
    found = checks(args.archive or default_folder())
    if args.json:
        print(json.dumps([check.as_json() for check in found], ensure_ascii=False))
    else:
        for check in found:
            print(check.line())
    broken = [check for check in found if not check.ok]
    if broken:
        raise CommandError("%d of %d checks need fixing: %s (the FIX line%s say%s how)" % (
            len(broken), len(found), ", ".join(check.name for check in broken),
            "s" if len(broken) > 1 else "", "" if len(broken) > 1 else "s"))
    return 0
