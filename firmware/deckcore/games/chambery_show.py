"""What the screens show of Chambéry Tarot (deckcore.games.show_of; the contract of a game's
show module is in docs/architecture.md, "Adding a game"): the help page's rules in brief, the
table's state line (the bids, then the contract as pictures) and the cards face up; the figures
beside the seats are every tarot game's."""

from deckcore.games.tarot import LEGEND, TAKEN, seat_figures  # noqa: F401 (the contract)

BRIEF = (
    "The dealer takes the last cards and lays a scart for his side.",
    "One round of bids: Two Cards < One Card < Solo; the soloist buys the cards he "
    "names. With no bid the dealer calls a King and plays with its holder.",
    "Follow suit, else trump; the Fool excuses. Each side counts its cards plus 1 per "
    "trick; the losers pay the excess over half (rules.md 3).",
)
ENTRY_HINT = ""  # the scorekeeper's hint over a hand's entry (none: the fields say it)
play_words = None  # an action's text says it
picker = None  # the legal actions are few
VERBS = {"ask": "buy", "give": "give back"}  # the logs' phase words as people say them (3.4.4)


def state_text(view, seat_name):
    """The table's state line before there is a contract: the bids so far."""
    from deckcore.games.chambery import BID_NAMES
    bids = ", ".join("%s %s" % (seat_name(s), BID_NAMES[b].replace("_", " "))
                     for s, b in view.bids)
    return "Bids: " + (bids or "none yet")


def contract(view, seat_name):
    """The contract as items (kind, text) of the table's line: who plays what, and the called
    King (or Queen): kinds "name", "contract" and "card" (a card token); None before there is
    a contract (the line is state_text then)."""
    from deckcore.games.chambery import ALONE, BID_NAMES, CALLED, EACH, FIXED
    if view.phase in ("discard", "bid") or view.contract == 0:
        return None
    if view.contract == CALLED:
        return [("name", seat_name(view.declarer)), ("contract", "calls"),
                ("card", view.game.card_text(view.called))]
    words = {ALONE: "alone", FIXED: "fixed partners", EACH: "each for himself"}
    if view.contract in words:
        return [("contract", words[view.contract])]
    return [("name", seat_name(view.declarer)),
            ("contract", BID_NAMES[view.contract].replace("_", " "))]


def on_table(view):
    """(cards, seats) face up: the trick, the cards a soloist bought, or the scart as the
    dealer lays it."""
    if view.phase in ("play", "over"):
        return view.trick, view.trick_seats
    if view.asked:
        return view.asked, None
    return view.scart, None
