"""What the screens show of High Card (deckcore.games.show_of; the contract is in
docs/architecture.md, "Adding a game")."""

BRIEF = (
    "Play any card to each trick; the highest rank wins it and leads next.",
    "A hand scores a point per trick won.",
)
TAKEN = "tricks"
LEGEND = "tricks won"
ENTRY_HINT = ""
contract = None
play_words = None
picker = None
VERBS = None


def seat_figures(view, seat):
    return view.hand_sizes[seat], view.tricks_won[seat]


def state_text(view, seat_name):
    return "Lead: %s" % seat_name(view.leader)


def on_table(view):
    return view.trick, view.trick_seats
