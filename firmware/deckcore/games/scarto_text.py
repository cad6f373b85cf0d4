"""The texts of Scarto: the help of its options, by option name (HELP, for the host's
`deckmate options`: Option.help_line), and how a finished hand was scored, line by line
(hand_lines, for deckcore/explain.py). Loaded for the call only: a match holds none of it."""

HELP = {}  # Scarto has no options


def hand_lines(state, names):
    """The lines explaining the finished hand `state`, the seats called by `names`."""
    points, scores = state.points(), state.scores()
    lines = ["Card points counted in threes;", "score = points - 26 (2.4.4):"]
    for seat in range(len(names)):
        lines.append("  %s: %d - 26 = %+d" % (names[seat], points[seat], scores[seat]))
    return lines
