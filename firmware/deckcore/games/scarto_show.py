"""What the screens show of Scarto (deckcore.games.show_of; the contract of a game's show
module is in docs/architecture.md, "Adding a game"): the help page's rules in brief, the
table's state line and the cards face up; the figures beside the seats are every tarot game's."""

from deckcore.games.tarot import LEGEND, TAKEN, seat_figures  # noqa: F401 (the contract)

BRIEF = (
    "Three players, each for himself; the dealer takes the 3-card stock and lays 3 "
    "cards down (the scart, his).",
    "Follow suit, else trump; the Fool excuses. The Angel (T20) beats the World (T21).",
    "Piles count in threes; a hand scores card points - 26. Three deals make a game "
    "(rules.md 2).",
)
ENTRY_HINT = ""  # the scorekeeper's hint over a hand's entry (none: the fields say it)
contract = None  # each for himself: no contract
play_words = None  # an action's text says it
picker = None  # the legal actions are few
VERBS = None  # the first words of its action texts are the rules' words


def state_text(view, seat_name):
    """The table's state line: the dealer laying his scart, then the tricks played."""
    if view.phase == "discard":
        return "Scart: laid down by %s, the dealer" % seat_name(view.dealer)
    return "Dealer %s  tricks %d" % (seat_name(view.dealer), view.tricks_played)


def on_table(view):
    """(cards, seats) face up: the trick, or the dealer's scart as he lays it."""
    if view.phase in ("play", "over"):
        return view.trick, view.trick_seats
    return view.scart, None
