"""`deckmate plot`: the score history, one panel per game: the running totals of each finished
match hand by hand, the matches one after another (oldest first) along the hands, each player
one colour. matplotlib with its Agg backend: no display is needed, and the file is PNG or SVG
by its name."""

import matplotlib

matplotlib.use("Agg")

from matplotlib import pyplot  # noqa: E402  (after the backend is chosen)
from matplotlib.ticker import MaxNLocator  # noqa: E402

from deckcore.games import TITLES  # noqa: E402
from deckmate.names import same_name  # noqa: E402

MOST_PLAYERS = 8  # per panel, those with the most matches; the others would be noise
MOST_LABELLED = 12  # matches named along the top of a panel; more would overlap


def score_history(records):
    """{game: [(record, [[running total per seat] per hand, from the start's zeros]])]} of the
    finished matches of `records` (GameRecords with their hands), in the order given (oldest
    first)."""
    history = {}
    for record in records:
        if not record.complete:
            continue
        totals = [0] * len(record.players)
        running = [list(totals)]
        for _, scores in record.hands:
            totals = [total + score for total, score in zip(totals, scores)]
            running.append(totals)
        history.setdefault(record.game, []).append((record, running))
    return history


def draw(records, out, players=None):
    """Draw the history of `records` (GameRecords with their hands) to the file `out` (.png or
    .svg); only the players named in `players` (deckmate.names' matching) when given. Returns
    the number of panels."""
    history = score_history(records)
    if players:
        history = {game: [(record, running) for record, running in matches
                          if any(same_name(player, name) for player in players
                                 for name in record.names)]
                   for game, matches in history.items()}
        history = {game: matches for game, matches in history.items() if matches}
    drawn = figure(history, players)
    drawn.savefig(out, dpi=110)
    pyplot.close(drawn)
    return len(history)


def figure(history, players=None):
    """The matplotlib Figure of `history` (score_history's), one panel per game by name."""
    games = sorted(history)
    drawn, axes = pyplot.subplots(len(games), 1, figsize=(8, 3.4 * len(games) + 0.6),
                                  squeeze=False)
    for panel, game in zip(axes[:, 0], games):
        _draw_panel(panel, game, history[game], players)
    if players:  # whose history this is, above its panels, named as the logs name them
        named = {name for matches in history.values() for record, _ in matches
                 for name in record.names if any(same_name(player, name) for player in players)}
        drawn.suptitle(", ".join(sorted(named)), fontweight="bold")
    drawn.tight_layout()
    return drawn


def _draw_panel(panel, game, matches, players):
    """One game's matches laid end to end along the hands: each player's running totals, a
    line from 0 at the match's start to its final total (marked), a rule between matches."""
    counts = {}
    for record, _ in matches:
        for name in record.names:
            if not players or any(same_name(player, name) for player in players):
                counts[name] = counts.get(name, 0) + 1
    shown = sorted(counts, key=lambda name: (-counts[name], name))[:MOST_PLAYERS]
    lines = {name: ([], []) for name in shown}  # x, y; None between matches breaks the line
    ends = {name: ([], []) for name in shown}
    start, values = 0, [0]
    for number, (record, running) in enumerate(matches):
        if number:
            panel.axvline(start, color="0.75", linewidth=0.8, zorder=0)
        for seat, name in enumerate(record.names):
            if name not in lines:
                continue
            xs, ys = lines[name]
            xs.extend(list(range(start, start + len(running))) + [None])
            ys.extend([totals[seat] for totals in running] + [None])
            ends[name][0].append(start + len(running) - 1)
            ends[name][1].append(running[-1][seat])
            values.extend(totals[seat] for totals in running)
        if len(matches) <= MOST_LABELLED:
            panel.annotate(record.date[:10] or "match %d" % (number + 1),
                           (start + (len(running) - 1) / 2, 1), xycoords=("data", "axes fraction"),
                           xytext=(0, 2), textcoords="offset points", ha="center", va="bottom",
                           fontsize="x-small", color="0.35")
        start += len(running) - 1
    for name in shown:
        xs, ys = lines[name]
        drawn = panel.plot([float("nan") if x is None else x for x in xs],
                           [float("nan") if y is None else y for y in ys],
                           linewidth=1.3, label=name)
        panel.plot(ends[name][0], ends[name][1], "o", markersize=4,
                   color=drawn[0].get_color())
    low, high = min(values), max(values)
    margin = max(1, (high - low) * 0.08)
    panel.set_ylim(low - margin, high + margin)
    span = max(start, 1)
    panel.set_xlim(-span * 0.02, span * 1.02)  # room for the dots at the ends
    panel.set_title("%s: running totals, hand by hand (%s)" % (
        TITLES[game], "%d matches, oldest first" % len(matches) if len(matches) > 1
        else "1 match"), pad=14 if len(matches) <= MOST_LABELLED else 6)
    panel.set_xlabel("hand (the matches one after another; a dot is a final total)"
                     if len(matches) > 1 else "hand (the dot is the final total)")
    panel.set_ylabel("total")
    panel.xaxis.set_major_locator(MaxNLocator(integer=True))
    panel.yaxis.set_major_locator(MaxNLocator(integer=True))
    panel.grid(alpha=0.3)
    panel.legend(fontsize="small", loc="best")
