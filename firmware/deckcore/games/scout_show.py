"""What the screens show of SCOUT (deckcore.games.show_of; the contract of a game's show module
is in docs/architecture.md, "Adding a game"): the help page's rules in brief, the figures
beside the seats, the table's state line, the active set face up, and a turn's play put
together from its parts (scout_pick.py) rather than picked from a list of hundreds."""

BRIEF = (
    "Keep your hand in the order dealt; at the start you may flip it all.",
    "Show: beat the active set with a run of adjacent cards (a set of equal numbers or "
    "a sequence, more cards beat fewer). Its owner captures the old set.",
    "Scout: take an end card of the active set (either way up) into your hand anywhere; "
    "its owner gets a chip. Scout & Show once a round.",
    "Round score: captured cards + chips - cards left in hand (rules.md 5).",
)
TAKEN = "points"  # what a seat takes in a round, counted beside its name
LEGEND = "points: cards captured and Scout chips"  # the help page's words for it
# the scorekeeper's hint over a round's entry: the one number a player, as the table works
# it out (5.4)
ENTRY_HINT = "+1 a card won and a chip, -1 a card in hand (not the ender's). "
contract = None  # no contracts in SCOUT
VERBS = None  # its plays are told by play_words


def seat_figures(view, seat):
    """(cards held, points: cards captured and chips) of `seat`."""
    return len(view.hands[seat]), len(view.piles[seat]) + view.chips[seat]


def state_text(view, seat_name):
    """The table's state line: the flip at the start, then whose set is active and the
    viewer's points."""
    if view.phase == "flip":
        return "Keep or flip the whole hand"
    owner = "set of %s" % seat_name(view.owner) if view.active else "no set yet"
    points = len(view.piles[view.seat]) + view.chips[view.seat]  # captured cards and chips
    return "%s  you: %d point%s" % (owner, points, "" if points == 1 else "s")


def on_table(view):
    """(cards, seats) face up: the active set."""
    return view.active, None


def play_words(state, action):
    """A play in words from its parts ("show cards 2-4"), or None: the action's text says it
    (the flip)."""
    if state.phase != "play":
        return None
    from deckcore.games.scout_pick import scout_words
    return scout_words(state, action)


def picker(state, legal):
    """A turn's play put together from its parts (the legal actions, hundreds of them, in
    `legal`), or None outside the play (the flip: a menu)."""
    if state.phase != "play":
        return None
    from deckcore.games.scout_pick import ScoutPicker
    return ScoutPicker(state, legal[0])
