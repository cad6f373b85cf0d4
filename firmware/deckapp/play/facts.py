"""What the play screen says about a hand in progress, game by game, from a seat's view:
the cards a seat holds, its running figure in the hand, the one line of the table's state,
and the cards lying on the table."""


def held(view, seat):
    """The number of cards `seat` holds."""
    if view.game.NAME == "scout":
        return "%dc" % len(view.hands[seat])
    return "%dc" % view.hand_sizes[seat]


def seat_figure(view, seat):
    """During the hand: card points taken (Scioto), tricks won (tarot), cards captured and
    chips (SCOUT)."""
    name = view.game.NAME
    if name == "scioto":
        return "%dp" % view.points[seat]
    if name == "scout":
        return "%d+%d" % (len(view.piles[seat]), view.chips[seat])
    return "%dt" % view.tricks_won[seat]


def _name(session, seat):
    return session.seats[seat].name if seat >= 0 else "-"


def table_line(session, view):
    """One line: who leads and what is at stake."""
    game = view.game
    name = game.NAME
    if name == "scioto":
        line = "Lead: %s" % _name(session, view.leader)
        if game.options["trick_and_draw"]:
            line += "  stock %d" % view.stock_size
        if view.phase == "relead":
            line += "  re-lead or stop"
        return line
    if name == "scout":
        if view.phase == "flip":
            return "Keep or flip the whole hand"
        owner = "set of %s" % _name(session, view.owner) if view.active else "no set yet"
        return "%s  you: %d cards, %d chips" % (owner, len(view.piles[view.seat]),
                                               view.chips[view.seat])
    return _tarot_line(session, view)


def _tarot_line(session, view):
    name = view.game.NAME
    if name == "scarto":
        if view.phase == "discard":
            return "Scart: laid down by %s, the dealer" % _name(session, view.dealer)
        return "Dealer %s  tricks %d" % (_name(session, view.dealer), view.tricks_played)
    if name == "chambery":
        from deckcore.games.chambery import BID_NAMES, CALLED, ALONE, FIXED, EACH
        if view.phase in ("discard", "bid") or view.contract == 0:
            bids = ", ".join("%s %s" % (_name(session, s), BID_NAMES[b]) for s, b in view.bids)
            return "Bids: " + (bids or "none yet")
        if view.contract == CALLED:
            king = view.game.card_text(view.called)
            return "%s called %s" % (_name(session, view.declarer), king)
        words = {ALONE: "alone", FIXED: "fixed partners", EACH: "each for himself"}
        if view.contract in words:
            return "Contract: " + words[view.contract]
        return "%s: %s" % (_name(session, view.declarer), BID_NAMES[view.contract])
    from deckcore.games.droggn import CONTRACTS
    if view.declarer < 0:
        return "Calls: " + (", ".join("%s %s" % (_name(session, s), CONTRACTS[c])
                                      for s, c in view.calls) or "none yet")
    line = "%s: %s" % (_name(session, view.declarer), CONTRACTS[view.contract])
    if view.multiplier > 1:
        line += " x%d" % view.multiplier
    if view.laid_out is not None and view.laid_out >= 0:
        line += "  laid out " + view.game.card_text(view.laid_out)
    return line


def on_table(view):
    """(cards, seats) lying face up: the trick, SCOUT's active set, or before the play of
    a tarot hand the cards of the exchange this seat may see (seats None for those)."""
    name = view.game.NAME
    if name == "scout":
        return view.active, None
    if name == "scioto" or view.phase in ("play", "over"):
        return view.trick, view.trick_seats
    if name == "droggn":
        if view.phase == "discard" and view.discard:
            return view.discard, None
        return (view.talon or []), None
    if name == "chambery" and view.asked:
        return view.asked, None
    return view.scart, None  # the dealer's scart as he lays it (others see what is shown)
