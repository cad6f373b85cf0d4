"""`deckmate replay`: replay a log through the rules core, checking every step."""

import json

from deckmate.errors import CommandError
from deckmate.logs import BadLog, replay_file


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "replay", help="replay a log through the rules core and show or check it",
        description="Replay a log through the rules core. Every action must be legal and every "
                    "logged result must be what the rules give; the first problem is reported "
                    "with its line and the command exits with status 1.")
    parser.add_argument("file", help="a Deckmate log (.jsonl)")
    parser.add_argument("--check", action="store_true",
                        help="only check the log and print the results (no play-by-play)")
    parser.add_argument("--json", action="store_true",
                        help="print the results as one JSON object; on error, print "
                             '{"error": MESSAGE, "file": FILE, "line": LINE or null} instead')
    parser.set_defaults(run=run)


def run(args):
    show_play = not (args.check or args.json)
    try:
        replay, read = replay_file(args.file, _print_record if show_play else None)
    except BadLog as error:
        if args.json:
            print(json.dumps({"error": str(error), "file": str(error.path), "line": error.line}))
        raise CommandError(str(error))
    summary = summarize(replay, read)
    if args.json:
        print(json.dumps(summary))
    else:
        print_summary(args.file, summary)
    return 0


def summarize(replay, read):
    match = replay.match
    complete = replay.ended and replay.header is not None and match.is_over()
    return {
        "game": replay.game.NAME,
        "mode": replay.MODE or "play",
        "players": replay.game.num_players,
        "hands": [{"points": points, "score": scores} for points, scores in match.results],
        "total": list(match.totals),
        "winner": match.winners() if complete else [],
        "complete": complete,
        "truncated": read.truncated,
    }


def _print_record(line, record, replay):
    kind = record["t"]
    if kind == "deal":
        print("hand %d, seat %d deals" % (record["hand"], record["dealer"]))
        for seat, cards in enumerate(record["hands"]):
            print("  seat %d: %s" % (seat, " ".join(cards)))
    elif kind == "act":
        print("  seat %d: %s" % (record["seat"], record["a"]))
    elif kind == "result":
        print("  result: points %s, score %s, totals %s" % (
            record["points"], record["score"], record["totals"]))
    elif kind in ("entry", "correct"):
        print("hand %d %s: %s" % (record["hand"], "entered" if kind == "entry" else "corrected",
                                  ", ".join("%s %s" % item for item in record["e"].items())))
        print("  result: points %s, score %s, totals %s" % (
            record["points"], record["score"], record["totals"]))
    elif kind == "undo" and replay.MODE:
        print("hand %d taken back: totals %s" % (record["hand"], record["totals"]))


def print_summary(path, summary):
    print("%s: %s, %d players, %d hands" % (path, summary["game"], summary["players"],
                                            len(summary["hands"])))
    for number, hand in enumerate(summary["hands"], 1):
        print("  hand %d: points %s, score %s" % (number, hand["points"], hand["score"]))
    print("  total: %s" % summary["total"])
    if summary["complete"]:
        print("  winner: seat %s" % ", ".join(str(s) for s in summary["winner"]))
    else:
        print("  unfinished game%s" % (" (the last line was cut off)" if summary["truncated"] else ""))
    if summary["mode"] == "play":
        print("ok: every action is legal and every result matches the rules")
    else:
        print("ok: every entered hand can happen and every result and total matches the rules")
