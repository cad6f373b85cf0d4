"""What the bots know about Scioto: how to count a position, which cards to try first, and
when to play exactly.

A card is *safe* when no card left in the other hands dismisses it (section 1.2): led, it
wins its trick for sure, and it stays safe as the other hands shrink. The evaluation
credits each seat with the points it has won, the trick on the table to the seat whose
card is the major, and a share of the points still in play in proportion to its hand's
strength, where a safe card counts twice its points. Values are points times SCALE.

With two players and no stock every card left is in the two hands, and once few are left
the bots play exactly (scioto_endgame.py): from the level's `endgame` cards in the two hands
(its Budget, levels.py). Before that, in the base game, they search its `lookahead` tricks
deep over the two hands and value the positions there with the fitted estimate of
scioto_estimate.py; in the other
variants (and with more players or a stock) the generic search (search.py) plays, with
`evaluate` and `order` below.
"""

from deckcore.bots import card_total
from deckcore.game import TERMINAL
from deckcore.games.scioto_worlds import determinize  # (knowledge.determinizer)

SCALE = 4
# Places in the exact endgame's table (one page, scioto_endgame.PAGE): 1.5 KB, 2.5 KB where a
# pack of over 32 cards (9 ranks and more, the double pack) needs 8-byte hands. With 1024
# places (12 KB) the device's default set-up, 2 players against `normal`, ran out of its
# 192 KB heap at the table (docs/budgets.md). Through the app its think times stay where they
# were (docs/budgets.md).
ENDGAME_TABLE = 128
# Cards per word of a mask of cards: a mask is two words (low: cards 0..WORD-1, high: the
# others, bit card - WORD), so that it stays a small int where small ints have 31 bits (the
# board) in packs of up to 60 cards (the largest has 52).
WORD = 30


class _Memo:
    """A value built for the last game asked for (a match plays one game at a time)."""

    def __init__(self, build):
        self.build = build
        self.game = None  # so that the first get builds (and sets self.value)

    def get(self, game):
        if self.game is not game:
            self.game, self.value = game, self.build(game)
        return self.value


def _build_dismissers(game):
    """(low, high): low[c] and high[c] are the words of the mask of the cards that dismiss
    card c (two lists of small ints rather than a list of pairs: less heap)."""
    lows, highs = [], []
    for lead in range(game.size):
        low, high = _masks([card for card in range(game.size) if game.dismisses(card, lead)])
        lows.append(low)
        highs.append(high)
    return lows, highs


def _build_endgame(game):
    from deckcore.bots.scioto_endgame import Endgame, estimate_fits
    return Endgame(game, ENDGAME_TABLE, estimated=estimate_fits(game))


_dismissers = _Memo(_build_dismissers).get
_endgame = _Memo(_build_endgame).get


def _masks(cards):
    """The two words (low, high) of the mask of `cards` (WORD)."""
    low = high = 0
    for card in cards:
        if card < WORD:
            low |= 1 << card
        else:
            high |= 1 << card - WORD
    return low, high


def hidden(view):
    """Whether the seat cannot place every card: unseen cards lie in a stock or in more than
    one other hand. (With two players and no stock they are all in the other hand.)"""
    return view.stock_size > 0 or view.game.num_players > 2


def cards_left(state):
    return sum(len(hand) for hand in state.hands) + len(state.stock)


def decide(view, legal, rng, budget, tick):
    """Scioto has no bidding or discarding. In a 2-player hand with no stock the play is
    exact near the end (the budget's `endgame` cards in the two hands; from `try_exact`, if
    proved within `proof_nodes` positions; `variant_exact` in the variants), and searched
    `lookahead` tricks ahead over the two hands with the estimate before that in the base
    game; otherwise it is left to the generic search."""
    game = view.game
    if game.num_players != 2 or hidden(view) or not budget.endgame:
        return None
    endgame = _endgame(game)
    cards = sum(view.hand_sizes)
    exact_from, try_from, proof_nodes = budget.endgame, budget.try_exact, budget.proof_nodes
    if endgame.estimate is None:  # a variant: by the rules, so every runtime plays alike
        exact_from, try_from, proof_nodes = budget.variant_exact
    exact = cards <= exact_from or cards <= try_from
    if not exact and endgame.estimate is None:
        return None
    state = determinize(view, rng)
    ranked = order(state, legal)
    if exact:
        nodes = 0 if cards <= exact_from else proof_nodes
        action = endgame.best_action(state, ranked, nodes, tick)
        if action is not None or endgame.estimate is None:
            return action  # None: too long to prove; the generic search plays
    return endgame.searched_action(state, ranked, tricks_ahead(budget, cards), tick)


def tricks_ahead(budget, cards):
    """The tricks the search looks ahead with `cards` in the two hands: those of the first
    (most cards, tricks) step of the budget's `lookahead` whose cards are not exceeded. (A
    reply has one card fewer in the two hands than a lead with hands as large, and its
    search is about half as long.)"""
    for most, tricks in budget.lookahead:
        if cards <= most:
            return tricks


def immediate(state):
    """Points won, with the trick on the table credited to the seat holding the major."""
    card_points = state.game.card_points
    points = [card_total(pile, card_points) for pile in state.piles]
    if state.trick:
        points[state.trick_seats[state.major]] += card_total(state.trick, card_points)
    return points


def evaluate(state):
    """Per-seat final points estimated, times SCALE (exact when the hand is over)."""
    values = immediate(state)
    for seat in range(len(values)):
        values[seat] *= SCALE
    if state.current_player() == TERMINAL:
        return values
    game = state.game
    card_points = game.card_points
    dismissers_low, dismissers_high = _dismissers(game)
    masks = [_masks(hand) for hand in state.hands]
    everyone_low = everyone_high = 0
    for low, high in masks:
        everyone_low |= low
        everyone_high |= high
    strengths = []
    remaining = card_total(state.stock, card_points)
    for seat in range(len(masks)):
        low, high = masks[seat]
        others_low, others_high = everyone_low & ~low, everyone_high & ~high
        strength = 0
        for card in state.hands[seat]:
            points = card_points[card]
            remaining += points
            strength += (points if dismissers_low[card] & others_low
                         or dismissers_high[card] & others_high else 2 * points)
        strengths.append(strength)
    total = sum(strengths)
    if total:
        for seat in range(len(values)):
            values[seat] += SCALE * remaining * strengths[seat] // total
    return values


def order(state, actions):
    """Likely best first: safe leads with many points, then cheap leads; in reply, the
    cheapest card that dismisses the major, then the cheapest discards."""
    game = state.game
    card_points = game.card_points
    dismissers_low, dismissers_high = _dismissers(game)
    mover = state.current_player()
    ranked = []
    if state.trick:
        major = state.trick[state.major]
        size, dismisses = game.size, game.dismisses_table
        for i in range(len(actions)):
            card = actions[i]
            if card >= size:  # stop
                key = 0
            elif dismisses[card * size + major]:
                key = card_points[card]
            else:
                key = 100 + card_points[card]
            ranked.append((key, i))
    else:
        others_low = others_high = 0
        for seat in range(len(state.hands)):
            if seat != mover:
                low, high = _masks(state.hands[seat])
                others_low |= low
                others_high |= high
        for i in range(len(actions)):
            card = actions[i]
            if dismissers_low[card] & others_low or dismissers_high[card] & others_high:
                key = 100 + card_points[card]
            else:
                key = -card_points[card]
            ranked.append((key, i))
    ranked.sort()
    return [actions[item[1]] for item in ranked]
