"""How a finished hand was scored, rule by rule, as short lines of text: the device's hand
summary shows them, and the host's `deckmate replay` and report print the very same lines.

Each game's lines restate what its `points()` and `scores()` computed (the numbers come from
the core, never computed twice): what was counted, against what, with which multiplier, and
who pays whom.
"""


def hand_lines(state, names):
    """The lines for the finished hand `state`, the seats called by `names`."""
    return _GAMES[state.game.NAME](state, names)


def _scioto(state, names):
    points = state.points()
    lines = ["Each scores the card points", "of the tricks he took (1.3):"]
    for seat in range(len(names)):
        lines.append("  %s: %d cards taken, points %d" % (names[seat], len(state.piles[seat]),
                                                    points[seat]))
    return lines


def _scout(state, names):
    scores = state.scores()
    exempt = state.exempt()
    lines = ["Captured cards + chips - cards", "left in hand (5.4):"]
    for seat in range(len(names)):
        left = len(state.hands[seat])
        note = " (ended the round: exempt)" if seat == exempt else " - %d" % left
        lines.append("  %s: %d + %d%s = %d" % (names[seat], len(state.piles[seat]),
                                                state.chips[seat], note, scores[seat]))
    return lines


def _scarto(state, names):
    points, scores = state.points(), state.scores()
    lines = ["Card points counted in threes;", "score = points - 26 (2.4.4):"]
    for seat in range(len(names)):
        lines.append("  %s: %d - 26 = %+d" % (names[seat], points[seat], scores[seat]))
    return lines


def _chambery(state, names):
    from deckcore.games.chambery import BID_NAMES, CALLED, ALONE, FIXED, EACH
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


def _droggn(state, names):
    from deckcore.games.droggn import CONTRACTS
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


_GAMES = {"scioto": _scioto, "scout": _scout, "scarto": _scarto, "chambery": _chambery,
          "droggn": _droggn}
