"""How a finished hand of Droggn was scored, line by line (deckcore/explain.py)."""

from deckcore.games.droggn import CONTRACTS


def hand_lines(state, names):
    """The lines explaining the finished hand `state`, the seats called by `names`."""
    game = state.game
    scores = state.scores()
    if state.declarer < 0:
        return ["Everyone passed: no score (4.2.5)"]
    mine, theirs = state.side_points(True), state.side_points(False)
    lines = ["%s played %s" % (names[state.declarer], CONTRACTS[state.contract]),
             "Card points %d against %d" % (mine, theirs),
             "Tricks %d of %d" % (state.tricks_won[state.declarer], game.tricks)]
    if state.multiplier > 1:
        lines.append("Doubled: x%d (4.5.4)" % state.multiplier)
    lines.append("Game value %+d, Pagat %+d" % (state.game_value(), state.pagat_bonus()))
    lines.append("Each other player pays %+d (4.7.8)" % state.declarer_result())
    for seat in range(len(names)):
        lines.append("  %s: %+d" % (names[seat], scores[seat]))
    return lines
