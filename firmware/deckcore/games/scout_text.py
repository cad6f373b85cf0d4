"""The texts of SCOUT: the help of its options, by option name (HELP, for the host's
`deckmate options`: Option.help_line), and how a finished hand was scored, line by line
(hand_lines, for deckcore/explain.py). Loaded for the call only: a match holds none of it."""

HELP = {
    "players":
        "number of players, 2 to 5 (2 players: the rules of section 5.5)",
}


def hand_lines(state, names):
    """The lines explaining the finished hand `state`, the seats called by `names`."""
    scores = state.scores()
    exempt = state.exempt()
    lines = ["Captured cards + chips - cards", "left in hand (5.4):"]
    for seat in range(len(names)):
        left = len(state.hands[seat])
        note = " (ended the round: exempt)" if seat == exempt else " - %d" % left
        lines.append("  %s: %d + %d%s = %d" % (names[seat], len(state.piles[seat]),
                                                state.chips[seat], note, scores[seat]))
    return lines
