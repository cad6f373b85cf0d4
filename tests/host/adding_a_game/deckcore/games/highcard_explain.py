"""How a finished hand of High Card was scored (deckcore/explain.py)."""


def hand_lines(state, names):
    lines = ["Each scores the tricks he won:"]
    for seat in range(len(names)):
        lines.append("  %s: %d" % (names[seat], state.tricks_won[seat]))
    return lines
