"""What the screens show of Scioto (deckcore.games.show_of; the contract of a game's show
module is in docs/architecture.md, "Adding a game"): the help page's rules in brief, the
figures beside the seats, the table's state line and the cards face up."""

BRIEF = (
    "Play a card to each trick; no need to follow suit.",
    "A card wins by dismissing the best card so far: one rank higher in any suit, two "
    "in the same colour, three in the same suit (ranks wrap round).",
    "The winner takes the trick's card points and leads next.",
    "Compounding: the leader may re-lead a card that dismisses the winner, or stop.",
    "Most card points over the match wins (rules.md 1).",
)
TAKEN = "points"  # what a seat takes in a hand, counted beside its name
LEGEND = "card points taken"  # the help page's words for it
ENTRY_HINT = ""  # the scorekeeper's hint over a hand's entry (none: the fields say it)
contract = None  # no contracts in Scioto
play_words = None  # an action's text says it
picker = None  # the legal actions are few: cards and "stop"
VERBS = None  # the first words of its action texts are the rules' words


def seat_figures(view, seat):
    """(cards held, card points taken) of `seat`."""
    return view.hand_sizes[seat], view.points[seat]


def state_text(view, seat_name):
    """The table's state line: who leads, the stock left, a compounding trick's choice."""
    line = "Lead: %s" % seat_name(view.leader)
    if view.game.options["trick_and_draw"]:
        line += "  stock %d" % view.stock_size
    if view.phase == "relead":
        line += "  re-lead or stop"
    return line


def on_table(view):
    """(cards, seats) face up: the trick."""
    return view.trick, view.trick_seats
