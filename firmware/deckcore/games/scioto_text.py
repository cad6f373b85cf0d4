"""The texts of Scioto: the help of its options, by option name (HELP, for the host's
`deckmate options`: Option.help_line), and how a finished hand was scored, line by line
(hand_lines, for deckcore/explain.py). Loaded for the call only: a match holds none of it."""

HELP = {
    "players":
        "number of players; 3-6 play with the major (the pack table and the clockwise "
        "direction are house rules)",
    "compounding":
        "the leader may re-lead a card that dismisses the winning card, and the trick goes "
        "on (section 1.4; re-leading on the first follower's card is a house rule)",
    "trick_and_draw":
        "2 players: deal a quarter of the pack each, draw after every trick (section 1.5; "
        "auto: on with the double pack, which requires it for 2 players, else off)",
    "ranks":
        "number of ranks per suit, 5-13 (auto: 7 for 2 players, else the pack table)",
    "dismissal":
        "dismissal rule family (auto picks by the number of ranks)",
    "schedule":
        "card points: pips, or for 12 ranks the 120-point tiers 1,1,1,2,2,2,3,3,3,4,4,4",
    "double_pack":
        "48-card Pinochle pack, each card twice; the second of two identical cards "
        "dismisses the first (section 1.5; its narrow rule is a house rule)",
    "mandatory_dismissal":
        "a player must dismiss when able, and the leader must re-lead when able",
    "deals":
        "deals in the match, a multiple of the number of players so that everyone deals "
        "equally often (auto: one each)",
    "target":
        "first to this many points wins (0: play the fixed number of deals)",
}


def hand_lines(state, names):
    """The lines explaining the finished hand `state`, the seats called by `names`."""
    points = state.points()
    lines = ["Each scores the card points", "of the tricks he took (1.3):"]
    for seat in range(len(names)):
        taken = len(state.piles[seat])
        lines.append("  %s: %d card%s taken, points %d" % (names[seat], taken,
                                                     "" if taken == 1 else "s", points[seat]))
    return lines
