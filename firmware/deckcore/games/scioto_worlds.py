"""The bots' dealing of Scioto: `determinize(view, rng)` deals a full SciotoState consistent
with a seat's view (bots/knowledge.py; the Scioto bot, bots/scioto.py, imports it)."""

from deckcore.games.scioto import SciotoState


def determinize(view, rng):
    """A full SciotoState consistent with `view`: the cards the seat has not seen are dealt
    at random to the other hands and the stock, in the sizes the view shows. (Scioto has no
    obligation to follow, so play reveals no voids; 2 players with the whole pack dealt
    leave nothing to guess.)"""
    game = view.game
    seen = bytearray(game.size)
    for card in view.visible_cards():
        seen[card] = 1
    unseen = [card for card in game.pack() if not seen[card]]
    rng.shuffle(unseen)
    hands = []
    for seat in range(game.num_players):
        if seat == view.seat:
            hands.append(list(view.hand))
        else:
            size = view.hand_sizes[seat]
            hand = unseen[:size]
            hand.sort()
            hands.append(hand)
            unseen = unseen[size:]
    state = SciotoState(game, view.dealer, {"hands": hands, "stock": unseen})
    state.copy_public(state, view)
    return state
