"""Droggn's contract as pictures on the play screen's table line (layout.py): who plays
what, the stakes doubled (the Schwacher and retours), the bought card (the declarer's wish in
an Ansager) and the laid-out Pagat or Gstiess. Each item is (kind, text): "name",
"contract", "stake", "label" or "card" (a card token); contract_chambery.py is Chambéry's."""


def items(session, view):
    """The items of the line, or None before there is a contract (the line is text then)."""
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
