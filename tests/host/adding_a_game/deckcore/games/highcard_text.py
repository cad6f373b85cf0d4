"""High Card's texts: the help of its options (the host's `deckmate options`) and how a
finished hand was scored (deckcore/explain.py)."""

HELP = {
    "players": "players at the table, 4 cards each",
}


def hand_lines(state, names):
    lines = ["Each scores the tricks he won:"]
    for seat in range(len(names)):
        lines.append("  %s: %d" % (names[seat], state.tricks_won[seat]))
    return lines
