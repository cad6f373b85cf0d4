"""What the screens show of Droggn (deckcore.games.show_of; the contract of a game's show
module is in docs/architecture.md, "Adding a game"): the help page's rules in brief, the
table's state line (the calls, then the contract as pictures) and the cards face up; the
figures beside the seats are every tarot game's."""

from deckcore.games.tarot import LEGEND, TAKEN, seat_figures  # noqa: F401 (the contract)

BRIEF = (
    "One declarer against two. Calls: Ansager < Solo < Super < Slam.",
    "The declarer exchanges with the talon (Ansager: buys a card), may lay out the "
    "Pagat; the defenders may say Schwacher, the declarer retour: each doubles.",
    "Follow suit, else trump; the Gstiess (Fool) excuses. Counted in threes to 74; "
    "the declarer wins or pays the game value from each (rules.md 4).",
)
ENTRY_HINT = ""  # the scorekeeper's hint over a hand's entry (none: the fields say it)
play_words = None  # an action's text says it
picker = None  # the legal actions are few
VERBS = None  # the first words of its action texts are the rules' words


def state_text(view, seat_name):
    """The table's state line before there is a contract: the calls so far."""
    from deckcore.games.droggn_game import CONTRACTS
    return "Calls: " + (", ".join("%s %s" % (seat_name(s), CONTRACTS[c])
                                  for s, c in view.calls) or "none yet")


def contract(view, seat_name):
    """The contract as items (kind, text) of the table's line: who plays what, the stakes
    doubled (the Schwacher and retours), the bought card (the declarer's wish in an Ansager)
    and the laid-out Pagat or Gstiess: kinds "name", "contract", "stake", "label" and "card"
    (a card token); None before there is a contract (the line is state_text then)."""
    from deckcore.games.droggn_game import CONTRACTS
    if view.declarer < 0:
        return None
    game = view.game
    line = [("name", seat_name(view.declarer)), ("contract", CONTRACTS[view.contract])]
    if view.bought >= 0:
        line += [("label", "wish"), ("card", game.card_text(view.bought))]
    if view.laid_out >= 0:
        line += [("card", game.card_text(view.laid_out)),
                 ("label", "out: " + seat_name(view.layer))]
    doublings = 0
    while view.multiplier >> (doublings + 1):
        doublings += 1
    if doublings:  # 4.5.4: the first doubling is the Schwacher, the others retours
        said = ("Schwacher", "retour")[doublings > 1]  # (literals in a tuple: not interned)
        line.insert(2, ("stake", "%s x%d" % (said, view.multiplier)))
    return line


def on_table(view):
    """(cards, seats) face up: the trick, the declarer's discard as he lays it, or the
    talon."""
    if view.phase in ("play", "over"):
        return view.trick, view.trick_seats
    if view.phase == "discard" and view.discard:
        return view.discard, None
    return (view.talon or []), None
