"""How the host's messages count things: `counted(1, "game")` is "1 game", `counted(3, "game")`
"3 games", `counted(2, "match", "matches")` "2 matches"; and how a verb agrees with who does it:
`does("You", "deals")` is "You deal", `does("Bot 2", "deals")` "Bot 2 deals"."""

YOU = "You"  # the name the device gives the person at it (Settings, the first name)


def counted(count, word, plural=None):
    return "%d %s" % (count, word if count == 1 else plural or word + "s")


def does(name, verb):
    """`name` and `verb` (its form after a name: "deals", "wins") agreeing: "You deal"."""
    if name == YOU and verb.endswith("s"):
        verb = verb[:-1]
    return "%s %s" % (name, verb)
