"""How a finished hand of Scioto was scored, line by line (deckcore/explain.py)."""


def hand_lines(state, names):
    """The lines explaining the finished hand `state`, the seats called by `names`."""
    points = state.points()
    lines = ["Each scores the card points", "of the tricks he took (1.3):"]
    for seat in range(len(names)):
        lines.append("  %s: %d cards taken, points %d" % (names[seat], len(state.piles[seat]),
                                                    points[seat]))
    return lines
