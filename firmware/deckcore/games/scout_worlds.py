"""The bots' dealing of SCOUT: `deal_unseen(view, rng)` deals the cards a seat cannot see,
`determinize(view, rng)` a full ScoutState consistent with its view (bots/knowledge.py; the
SCOUT bot, bots/scout.py, imports both)."""

from deckcore.games.scout import UNKNOWN, ScoutState, identity, turned


def deal_unseen(view, rng):
    """(hands, set_aside) of a full State consistent with `view`: the unseen cards (the deck
    less every card the seat can see) dealt at random, each either way up, into the other
    hands' unknown places and the cards set aside. Known cards keep their places. In round 2
    of the 2-player game the cards the seat saw in round 1 are not drawn."""
    seen = set([identity(card) for card in view.visible_cards()])  # (a list: 4 times slower)
    if view.seen_before is not None:
        seen.update(view.seen_before)
    unseen = [card for card in view.game.deck if card not in seen]
    rng.shuffle(unseen)
    drawn = []

    def draw():
        card = unseen[len(drawn)]
        drawn.append(card)
        return turned(card) if rng.below(2) else card

    hands = [[draw() if card == UNKNOWN else card for card in hand] for hand in view.hands]
    return hands, [draw() for _ in range(view.set_aside_size)]


def determinize(view, rng):
    """A full State consistent with `view`, its hidden cards dealt by `deal_unseen`: a blank
    State given those and the view's public fields (a new hand's would all be replaced)."""
    state = ScoutState(view.game, view.dealer, None)
    state.hands, state.set_aside = deal_unseen(view, rng)
    state.copy_public(state, view)
    return state
