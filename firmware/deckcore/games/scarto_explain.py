"""How a finished hand of Scarto was scored, line by line (deckcore/explain.py)."""


def hand_lines(state, names):
    """The lines explaining the finished hand `state`, the seats called by `names`."""
    points, scores = state.points(), state.scores()
    lines = ["Card points counted in threes;", "score = points - 26 (2.4.4):"]
    for seat in range(len(names)):
        lines.append("  %s: %d - 26 = %+d" % (names[seat], points[seat], scores[seat]))
    return lines
