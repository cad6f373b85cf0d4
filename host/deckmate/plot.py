"""`deckmate plot`: the score history, one panel per game, the final total of each finished
match (oldest first) as one line per player. matplotlib with its Agg backend: no display is
needed, and the file is PNG or SVG by its name."""

import matplotlib

matplotlib.use("Agg")

from matplotlib import pyplot  # noqa: E402  (after the backend is chosen)
from matplotlib.ticker import MaxNLocator  # noqa: E402

from deckcore.games import TITLES  # noqa: E402
from deckmate.names import same_name  # noqa: E402

MOST_PLAYERS = 8  # per panel, those with the most matches; the others would be noise


def score_history(records):
    """{game: {player: [(match number, final total)]}} of the finished matches of `records`,
    numbered in the order given (oldest first)."""
    history = {}
    for record in records:
        if not record.complete:
            continue
        game = history.setdefault(record.game, {"matches": 0, "players": {}})
        game["matches"] += 1
        for name, total in zip(record.names, record.totals):
            game["players"].setdefault(name, []).append((game["matches"], total))
    return {name: game["players"] for name, game in history.items()}


def draw(records, out, players=None):
    """Draw the history of `records` to the file `out` (.png or .svg); only the players named
    in `players` when given. Returns the number of panels."""
    history = score_history(records)
    if players:
        history = {game: {name: points for name, points in lines.items()
                          if any(same_name(player, name) for player in players)}
                   for game, lines in history.items()}
        history = {game: lines for game, lines in history.items() if lines}
    games = sorted(history)
    figure, axes = pyplot.subplots(len(games), 1, figsize=(8, 3.2 * len(games) + 0.6),
                                   squeeze=False)
    for panel, game in zip(axes[:, 0], games):
        lines = history[game]
        shown = sorted(lines, key=lambda name: (-len(lines[name]), name))[:MOST_PLAYERS]
        for name in shown:
            numbers = [number for number, _ in lines[name]]
            totals = [total for _, total in lines[name]]
            panel.plot(numbers, totals, marker="o" if len(numbers) < 40 else None,
                       markersize=3, linewidth=1.2, label=name)
        panel.set_title("%s: the final total of each match" % TITLES[game])
        panel.set_xlabel("match (oldest first)")
        panel.set_ylabel("total")
        panel.xaxis.set_major_locator(MaxNLocator(integer=True))
        panel.grid(alpha=0.3)
        panel.legend(fontsize="small", loc="best")
    figure.tight_layout()
    figure.savefig(out, dpi=110)
    pyplot.close(figure)
    return len(games)
