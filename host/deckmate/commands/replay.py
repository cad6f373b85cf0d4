"""`deckmate replay`: replay a log through the rules core, checking every step."""

import argparse
import json

from deckcore.games import hand_word
from deckcore.keep import end_winners
from deckmate.commands.archive_args import add_archive
from deckmate.errors import CommandError
from deckmate.logs import BadLog, replay_file, seat_names
from deckmate.names import same_name
from deckmate.wording import counted

CHECKED = "ok: every action is legal and every result matches the rules"
CHECKED_KEPT = "ok: every entered hand can happen and every result and total matches the rules"


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "replay", help="replay a game through the rules core and show or check it",
        description="Replay a game through the rules core and tell it hand by hand and trick "
                    "by trick (action by action in SCOUT), with the score of each hand explained "
                    "as on the device; paged on a terminal. Every action must be legal and every "
                    "logged result must be what the rules give; the first problem is reported "
                    "with its line and the command exits with status 1. Example: deckmate "
                    "replay 3 (the archived game of id 3), deckmate replay --check a.jsonl")
    parser.add_argument("file", metavar="GAME_ID|FILE",
                        help="a Deckmate log (.jsonl), or the id of an archived game (`deckmate "
                             "games` lists them; DEVICE/GAME_ID where two devices share an id)")
    add_archive(parser)
    parser.add_argument("--check", action="store_true",
                        help="only check the log and print the results (no play-by-play)")
    parser.add_argument("--json", action="store_true",
                        help="print the results as one JSON object; on error, print "
                             '{"error": MESSAGE, "file": FILE, "line": LINE or null} instead')
    parser.set_defaults(run=run)


def run(args):
    args.file = log_path(args.file, args.archive)
    story = None
    if not (args.check or args.json):
        from deckmate.play_by_play import PlayByPlay  # rich: only for the play-by-play
        from rich.console import Console
        story = PlayByPlay(faces=Console().is_terminal)
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


def log_path(given, archive):
    """The log file of `given`: a file (any name ending in .jsonl is taken for one), else the
    archived game of that id."""
    import os
    if os.path.exists(given) or given.endswith(".jsonl"):
        return given
    from deckmate.commands.archive_args import read_records
    device, _, game_id = given.rpartition("/")
    args = argparse.Namespace(archive=archive, device=device or None)
    matches = [record for record in read_records(args) if same_name(game_id, record.game_id)]
    if not matches:
        raise CommandError("%s is neither a file nor the id of an archived game (`deckmate games` "
                           "lists them)" % given)
    if len(matches) > 1:
        raise CommandError("%d devices have a game %s: name one as DEVICE/%s (%s)" % (
            len(matches), game_id, game_id, ", ".join(record.device for record in matches)))
    return matches[0].path


def summarize(replay, read):
    match = replay.match
    complete = replay.end_reason == "completed"
    names = seat_names(replay.header)
    winners = match.winners() if complete else \
        end_winners(match, "stopped") if replay.end_reason == "stopped" else []
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
    word = hand_word(summary["game"])
    if summary["end"] == "completed":
        return "winner: %s" % " and ".join(summary["winner_names"])
    if summary["end"] == "abandoned":
        return "abandoned after %s" % counted(hands, word)
    if summary["end"] == "stopped":
        won = summary["winner_names"]
        return "stopped after %s%s" % (counted(hands, word),
                                       ", winner: " + " and ".join(won) if won else "")
    return "unfinished game%s" % (" (the last line was cut off)" if summary["truncated"] else "")


def print_summary(path, summary):
    print("%s: %s, %d players (%s), %s" % (
        path, summary["game"], summary["players"], ", ".join(summary["names"]),
        counted(len(summary["hands"]), hand_word(summary["game"]))))
    for number, hand in enumerate(summary["hands"], 1):
        print("  %s %d: points %s, score %s" % (hand_word(summary["game"]), number,
                                                hand["points"], hand["score"]))
    print("  total: %s" % ", ".join("%s %d" % (name, total)
                                   for name, total in zip(summary["names"], summary["total"])))
    print("  " + ending(summary))
    print(checked(summary))


def checked(summary):
    """The last line of a check: a played game's, or a scorekept one's."""
    return CHECKED if summary["mode"] == "play" else CHECKED_KEPT
