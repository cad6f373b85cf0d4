"""The contract of a tarot hand as pictures on the play screen's table line: who plays what,
the stakes doubled (Droggn's Schwacher and retours), and the cards everyone knows of:
Chambéry's called King (or Queen), Droggn's bought card (the declarer's wish in an Ansager)
and its laid-out Pagat or Gstiess. Each item is (kind, text): "name", "contract", "stake",
"label" or "card" (a card token)."""


def items(session, view):
    """The items of the line, or None before there is a contract (the line is text then)."""
    name = view.game.NAME
    if name == "chambery":
        return _chambery(session, view)
    if name == "droggn":
        return _droggn(session, view)
    return None


def _chambery(session, view):
    from deckcore.games.chambery import ALONE, BID_NAMES, CALLED, EACH, FIXED
    from deckapp.play.words import action_words
    if view.phase in ("discard", "bid") or view.contract == 0:
        return None
    if view.contract == CALLED:
        return [("name", session.seats[view.declarer].name), ("contract", "calls"),
                ("card", view.game.card_text(view.called))]
    words = {ALONE: "alone", FIXED: "fixed partners", EACH: "each for himself"}
    if view.contract in words:
        return [("contract", words[view.contract])]
    return [("name", session.seats[view.declarer].name),
            ("contract", action_words(BID_NAMES[view.contract]))]


def _droggn(session, view):
    from deckcore.games.droggn import CONTRACTS
    if view.declarer < 0:
        return None
    game = view.game
    line = [("name", session.seats[view.declarer].name), ("contract", CONTRACTS[view.contract])]
    if view.bought >= 0:
        line += [("label", "wish"), ("card", game.card_text(view.bought))]
    if view.laid_out >= 0:
        line += [("card", game.card_text(view.laid_out)),
                 ("label", "out: " + session.seats[view.layer].name)]
    doublings = 0
    while view.multiplier >> (doublings + 1):
        doublings += 1
    if doublings:  # 4.5.4: the first doubling is the Schwacher, the others retours
        line.insert(2, ("stake", "%s x%d" % ("Schwacher" if doublings == 1 else "retour",
                                             view.multiplier)))
    return line
