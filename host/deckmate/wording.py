"""How the host's messages count things: `counted(1, "game")` is "1 game", `counted(3, "game")`
"3 games", `counted(2, "match", "matches")` "2 matches"."""


def counted(count, word, plural=None):
    return "%d %s" % (count, word if count == 1 else plural or word + "s")
