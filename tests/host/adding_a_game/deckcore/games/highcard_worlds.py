"""The bots' dealing of High Card: `determinize(view, rng)` deals a full state consistent with
a seat's view (the bots, bots/highcard.py, import it)."""

from deckcore.games.highcard import HighCardState


def determinize(view, rng):
    """A full state consistent with `view`: the cards it has not seen dealt to the others."""
    game = view.game
    unseen = [card for card in game.pack() if card not in view.visible_cards()]
    rng.shuffle(unseen)
    hands = []
    for seat in range(game.num_players):
        if seat == view.seat:
            hands.append(list(view.hand))
        else:
            hands.append(sorted(unseen[:view.hand_sizes[seat]]))
            unseen = unseen[view.hand_sizes[seat]:]
    state = HighCardState(game, view.dealer, {"hands": hands})
    state.copy_public(state, view)
    return state
