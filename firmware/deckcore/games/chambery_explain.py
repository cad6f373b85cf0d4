"""How a finished hand of Chambéry Tarot was scored, line by line (deckcore/explain.py)."""

from deckcore.games.chambery import ALONE, BID_NAMES, CALLED, EACH, FIXED


def hand_lines(state, names):
    """The lines explaining the finished hand `state`, the seats called by `names`."""
    game = state.game
    points, scores = state.points(), state.scores()
    lines = []
    contract = state.contract
    if contract == EACH:
        lines.append("Each for himself: par %d (3.7)" % (game.total_points // 3))
    else:
        sides = [0, 0]
        for seat in range(len(names)):
            sides[state.side[seat]] += points[seat]
        if contract == CALLED:
            what = "%s + %s (called %s)" % (names[state.declarer], names[state.partner],
                                           game.card_text(state.called))
        elif contract == ALONE:
            what = "%s alone" % names[state.declarer]
        elif contract == FIXED:
            what = "fixed partners"
        else:
            what = "%s: %s" % (names[state.declarer], BID_NAMES[contract])
        lines.append("Contract: " + what)
        lines.append("Declaring side %d, others %d" % (sides[0], sides[1]))
        lines.append("Half of %d is %d (3.6)" % (game.total_points, game.total_points // 2))
        if game.options["multipliers"] != "none":
            lines.append("Multipliers: %s" % game.options["multipliers"])
        lines.append("Settlement: %s" % game.options["settlement"])
    for seat in range(len(names)):
        lines.append("  %s: %d points, %+d" % (names[seat], points[seat], scores[seat]))
    return lines
