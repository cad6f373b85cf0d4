"""How a finished hand of SCOUT was scored, line by line (deckcore/explain.py)."""


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
