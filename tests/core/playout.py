"""Random playouts that check the invariants every game must keep, whatever the rules."""

def random_hand(game, rng, dealer, check_step=None):
    """Play one hand with uniformly random legal actions, checking at every step that the
    hand offers legal actions, that each one is accepted and survives its text form, and
    that no view shows a card from another seat's hand. Returns the finished state."""
    state = game.new_hand(dealer, game.deal(rng, dealer))
    steps = 0
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        assert legal, "no legal action in phase %s" % state.phase
        for action in legal:
            assert state.illegal_reason(action) is None
            assert state.parse_action(state.action_text(action)) == action
        assert len(legal) == len(set(legal)), "duplicate legal actions"
        check_view_hides_other_hands(state, seat)
        if check_step:
            check_step(state)
        state.apply(rng.choice(legal))
        steps += 1
        assert steps < 10000, "the hand does not end"
    return state


def check_view_hides_other_hands(state, seat):
    visible = state.view(seat).visible_cards()
    for other in range(state.game.num_players):
        if other != seat:
            for card in state.hands[other]:
                assert card not in visible, "seat %d sees %s in seat %d's hand" % (
                    seat, state.game.card_text(card), other)


def ticked_and_plain(game, bot_names, seed):
    """The actions of one hand played by bots (`bot_names` by seat) given a tick, the actions
    of the same hand played without it, and how often the tick was called."""
    from deckcore.bots.levels import make
    from deckcore.rng import Rng
    calls = [0]

    def tick():
        calls[0] += 1

    played = []
    for given in (tick, None):
        rng = Rng(seed)
        state = game.new_hand(0, game.deal(rng, 0))
        bots = [make(bot_names[seat % len(bot_names)], game) for seat in range(game.num_players)]
        actions = []
        while not state.is_terminal():
            seat = state.current_player()
            action = bots[seat].choose(state.view(seat), state.legal_actions(), rng, given)
            actions.append(action)
            state.apply(action)
        played.append(actions)
    return played[0], played[1], calls[0]
