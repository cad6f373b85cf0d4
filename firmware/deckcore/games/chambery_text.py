"""The texts of Chambéry Tarot: the help of its options, by option name (HELP, for the host's
`deckmate options`: Option.help_line), and how a finished hand was scored, line by line
(hand_lines, for deckcore/explain.py). Loaded for the call only: a match holds none of it."""

from deckcore.games.chambery import ALONE, BID_NAMES, CALLED, EACH, FIXED
from deckcore.option import value_words

# A called card in words: "the King of spades", not its log token KS
_RANKS = {"K": "King", "Q": "Queen", "N": "Knight", "J": "Jack"}
_SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


HELP = {
    "players":
        "number of players; 4 and 3 play the forms of section 3.7",
    "pack":
        "78 cards, or the 62-card pack without the 2-5 of each suit (3 or 4 players, "
        "section 3.7)",
    "partnerships":
        "4 players: solo or a called King as for five, or fixed partners sitting opposite "
        "with no solo (section 3.7)",
    "suit_ranking":
        "seed: black K Q C V 10..1, red K Q C V 1..10; french_1902: K Q C V 1 10..2 in all "
        "suits (section 3.2.3)",
    "first_lead":
        "who leads to the first trick: the declarer, or the eldest hand (the dealer's "
        "right) as in 1902 (section 3.5.1)",
    "discard_rule":
        "seed: no Kings, T21, Fool, T1 only if there is no alternative; 1902: trumps only "
        "if none is left in hand (section 3.3.4)",
    "settlement":
        "seed: each winner receives the excess from each loser; pagat_1902: the three "
        "opponents of a called pair pay or receive it once each (section 3.6)",
    "multipliers":
        "none, or the 1902 game factors: x2 One Card, x4 Solo, x2 when the losers have "
        "under a quarter of the points (section 3.6.4)",
}


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
            called = game.card_text(state.called)
            what = "%s + %s (called the %s of %s)" % (
                names[state.declarer], names[state.partner],
                _RANKS.get(called[:-1], called[:-1]), _SUITS.get(called[-1], called[-1]))
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
            lines.append("Multipliers: %s" % value_words(game.options["multipliers"]))
        lines.append("Settlement: %s" % value_words(game.options["settlement"]))
    for seat in range(len(names)):
        lines.append("  %s: %d point%s, %+d" % (names[seat], points[seat],
                                                 "" if points[seat] == 1 else "s", scores[seat]))
    return lines
