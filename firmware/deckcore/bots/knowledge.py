"""What the bots know of a game: its knowledge module (bots/<game>.py) and the worlds they
deal from a seat's view (the game's `determinize`).

A game's knowledge module provides:

    decide(view, legal, rng, budget, tick)  the action of a phase decided by rule or by the
        game's own search (bidding, discarding, SCOUT's play, Scioto's endgame), or None to
        leave it to the search; `budget` is the level's Budget (levels.py), `tick` as in
        bots/__init__.py
    hidden(view)        whether the view leaves cards to guess (False: one world is the truth)
    cards_left(state)   cards still to play, for the search's `exact`
    evaluate(state)     per-seat estimates of the final scores, exact when the hand is over,
                        in any unit the game likes (the search compares them, `utility`)
    order(state, actions)  the actions, most promising first (a permutation of `actions`)
    immediate(state)    per-seat points as they stand, for the greedy baseline
    quiet(state)        optional: whether a position may be valued by `evaluate` (default:
                        no trick on the table, search.between_tricks)
    determinize(view, rng)  a world dealt from the view (games/<game>_worlds.py's)
"""

def knowledge(game):
    """The module of game knowledge for `game` (deckcore.bots.<game name>)."""
    name = game.NAME
    if name == "scioto":
        from deckcore.bots import scioto as known
    elif name == "scarto":
        from deckcore.bots import scarto as known
    elif name == "scout":
        from deckcore.bots import scout as known
    elif name == "droggn":
        from deckcore.bots import droggn as known
    elif name == "chambery":
        from deckcore.bots import chambery as known
    else:  # (a name from a checked header or NAMES: never)
        raise KeyError(name)
    return known


def determinizer(game):
    """`determinize(view, rng)`, which the game's knowledge module gives (from its worlds
    module, games/<game>_worlds.py): a full State consistent with a view. A tarot world holds
    the view's own lists of the play (TarotState.copy_public): what is played on it is taken
    back (undo) or played on a clone, so the view stays as it was."""
    return knowledge(game).determinize
