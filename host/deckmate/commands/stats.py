"""`deckmate stats`: per game and per player, the finished matches, wins, mean and best final
total, and each person's results against each bot level (deckmate.standings)."""

import json

from deckcore.games import TITLES
from deckmate.commands.archive_args import add_archive, add_filters, read_records
from deckmate.names import same_name
from deckmate.standings import MIN_FOR_INTERVAL, standings
from deckmate.wording import counted


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "stats", help="figures of the archived matches per game and player",
        description="Figures of the finished matches in the archive, per game and per player: "
                    "matches, wins, the mean and the best final total; and for each person, "
                    "the share of matches won against each bot level, with its 95%% interval "
                    "(Wilson) from %d matches on. Example: deckmate stats --game scioto --player "
                    "Ann" % MIN_FOR_INTERVAL)
    add_filters(parser, since=True, device=True)
    add_archive(parser)
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.set_defaults(run=run)


def run(args):
    figures = standings(read_records(args))
    if args.player:  # the others at this player's table are not what was asked about
        for game in figures["games"]:
            game["players"] = [player for player in game["players"]
                               if same_name(args.player, player["name"])]
    if args.json:
        print(json.dumps(figures, ensure_ascii=False))
        return 0
    from deckmate.commands.owner_output import show, table_lines
    if not figures["games"]:
        print("no finished matches to count")
        return 0
    lines, bold = [], []
    for game in figures["games"]:
        bold.append(len(lines))
        lines.append("%s: %s" % (TITLES[game["game"]],
                                 counted(game["matches"], "match", "matches")))
        rows = []
        for player in game["players"]:
            rows.append((player["name"], str(player["matches"]), str(player["wins"]),
                         "%.1f" % player["mean"], str(player["best"]), ""))
            for row in player.get("against", ()):
                rows.append(("  against %s bots" % row["level"], str(row["matches"]),
                             str(row["wins"]), "", "", _share(row)))
        lines.extend(table_lines(("player", "matches", "wins", "mean", "best", "won"), rows,
                                 right=("matches", "wins", "mean", "best")))
        lines.append("")
    show(lines[:-1], bold=bold)
    return 0


def _share(row):
    text = "%d%%" % round(100 * row["won"])
    if "interval" in row:
        text += " (95%%: %d-%d%%)" % tuple(round(100 * bound) for bound in row["interval"])
    return text
