"""`deckmate replay`: replay a log through the rules core, checking every step."""

import json

from deckmate.errors import CommandError
from deckmate.logs import BadLog, replay_file, seat_names

CHECKED = "ok: every action is legal and every result matches the rules"
CHECKED_KEPT = "ok: every entered hand can happen and every result and total matches the rules"


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
    story = None
    if not (args.check or args.json):
        from deckmate.play_by_play import PlayByPlay  # rich: only for the play-by-play
        story = PlayByPlay()
    try:
        replay, read = replay_file(args.file, story.on_record if story else None)
    except BadLog as error:
        if args.json:
            print(json.dumps({"error": str(error), "file": str(error.path), "line": error.line}))
        if story:
            show(story.lines)  # what was played up to the problem
        raise CommandError(str(error))
    summary = summarize(replay, read)
    if args.json:
        print(json.dumps(summary))
    elif story:
        from rich.text import Text
        ending = [Text("unfinished game (the last line was cut off)")] if read.truncated else []
        show(story.lines + ending + [Text(), Text(checked(summary))])
    else:
        print_summary(args.file, summary)
    return 0


def show(lines):
    """Print `lines` (rich Text): through a pager on a terminal, plain when piped."""
    from rich.console import Console
    console = Console(highlight=False)
    if console.is_terminal:
        with console.pager(styles=True):
            for line in lines:
                console.print(line)
    else:
        for line in lines:
            console.print(line, soft_wrap=True)


def summarize(replay, read):
    match = replay.match
    complete = replay.end_reason == "completed"
    names = seat_names(replay.header)
    winners = match.winners() if complete else []
    return {
        "game": replay.game.NAME,
        "mode": replay.MODE or "play",
        "players": replay.game.num_players,
        "names": names,
        "hands": [{"points": points, "score": scores} for points, scores in match.results],
        "total": list(match.totals),
        "winner": winners,
        "winner_names": [names[seat] for seat in winners],
        "complete": complete,
        "end": replay.end_reason,
        "truncated": read.truncated,
    }


def ending(summary):
    """How the match ended, in words."""
    hands = len(summary["hands"])
    if summary["end"] == "completed":
        return "winner: %s" % " and ".join(summary["winner_names"])
    if summary["end"] == "abandoned":
        return "abandoned after %d hand%s" % (hands, "" if hands == 1 else "s")
    return "unfinished game%s" % (" (the last line was cut off)" if summary["truncated"] else "")


def print_summary(path, summary):
    print("%s: %s, %d players (%s), %d hands" % (
        path, summary["game"], summary["players"], ", ".join(summary["names"]),
        len(summary["hands"])))
    for number, hand in enumerate(summary["hands"], 1):
        print("  hand %d: points %s, score %s" % (number, hand["points"], hand["score"]))
    print("  total: %s" % ", ".join("%s %d" % (name, total)
                                   for name, total in zip(summary["names"], summary["total"])))
    print("  " + ending(summary))
    print(checked(summary))


def checked(summary):
    """The last line of a check: a played game's, or a scorekept one's."""
    return CHECKED if summary["mode"] == "play" else CHECKED_KEPT
