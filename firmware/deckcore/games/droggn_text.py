"""The texts of Droggn: the help of its options, by option name (HELP, for the host's
`deckmate options`: Option.help_line), and how a finished hand was scored, line by line
(hand_lines, for deckcore/explain.py). Loaded for the call only: a match holds none of it."""

from deckcore.games.droggn_game import CONTRACTS


HELP = {
    "players":
        "players at the table; with 4 the dealer sits out (section 4.1.1)",
    "direction":
        "direction of deal and play: the seed's counter_clockwise or pagat's clockwise "
        "(section 4.2.3)",
    "throw_in":
        "when everyone passes: the deal passes on (seed) or the same dealer deals again "
        "(pagat) (section 4.2.5)",
    "win_threshold":
        "card points the declarer needs with 66 cards; with 78 the threshold is 2 higher "
        "(section 4.7.2)",
    "tie_37_last_trick":
        "at 37-37 (39-39 with 78 cards) the side that won the last trick wins (section "
        "4.7.2)",
    "expose_talon_in_ansager":
        "the declarer shows the talon in an Ansager (section 4.4.1)",
    "gstiess_last_trick_illegal":
        "the Gstiess may not be played to the last trick, so among the last two cards it "
        "must be played (section 4.6.6)",
    "invalid_buy":
        "asking for a card one holds or has discarded: the engine rejects it (reject, a "
        "house rule) or the purchase is lost (forfeit, pagat) (section 4.4.3)",
    "max_doublings":
        "Schwacher and retours allowed in a hand, each doubling the stakes (0: without "
        "limit, the source rule) (section 4.5.4)",
    "pack":
        "66 cards dealt in sevens, or 78 dealt in fives (section 4.7.11)",
    "deals":
        "deals in the match, throw-ins included (auto: twice the number of players)",
}


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
