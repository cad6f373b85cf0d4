"""`deckmate stats`: per game and per player, the finished matches, wins, mean and best final
total, and each person's results against each bot level (deckmate.standings)."""

import json

from deckcore.games import TITLES
from deckmate.commands.archive_args import add_archive, add_filters, read_records
from deckmate.standings import MIN_FOR_INTERVAL, standings


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
                               if player["name"].lower() == args.player.lower()]
    if args.json:
        print(json.dumps(figures, ensure_ascii=False))
        return 0
    from rich.table import Table
    from deckmate.commands.owner_output import print_out
    if not figures["games"]:
        print("no finished matches to count")
        return 0
    tables = []
    for game in figures["games"]:
        table = Table(title="%s: %d match%s" % (TITLES[game["game"]], game["matches"],
                                                "" if game["matches"] == 1 else "es"),
                      title_justify="left", title_style="bold", box=None, pad_edge=False)
        for column in ("player", "matches", "wins", "mean", "best"):
            table.add_column(column, justify="left" if column == "player" else "right")
        for player in game["players"]:
            table.add_row(player["name"], str(player["matches"]), str(player["wins"]),
                          "%.1f" % player["mean"], str(player["best"]))
            for row in player.get("against", ()):
                table.add_row("  against %s bots" % row["level"], str(row["matches"]),
                              str(row["wins"]), _share(row), "", style="dim")
        tables.extend((table, ""))
    print_out(*tables)
    return 0


def _share(row):
    text = "%d%% won" % round(100 * row["won"])
    if "interval" in row:
        text += " (95%%: %d-%d%%)" % tuple(round(100 * bound) for bound in row["interval"])
    return text
