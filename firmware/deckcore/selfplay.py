"""Playing a whole match with a bot in every seat, writing its log line by line."""

from deckcore import log
from deckcore.match import Match
from deckcore.rng import Rng


def play_match(game, seed, bots, write, game_id=None, device="host"):
    """Play a match of `game` dealt from `seed`; `bots[seat]` chooses for each seat.

    `write` receives each log line. Returns the finished Match.
    """
    deal_rng = Rng(seed)
    first_dealer = deal_rng.below(game.num_players)
    bot_rngs = [deal_rng.fork(seat) for seat in range(game.num_players)]
    players = [("Bot %d" % (seat + 1), "bot", bots[seat].NAME) for seat in range(game.num_players)]
    write(log.header(game, players, game_id or "selfplay-%d" % seed, device, first_dealer,
                     [("seed", seed)]))
    match = Match(game, first_dealer)
    while not match.is_over():
        hand = len(match.results) + 1
        piles = match.next_deal(deal_rng)
        write(log.deal(game, hand, match.dealer, piles))
        state = match.new_hand(piles)
        while not state.is_terminal():
            seat = state.current_player()
            action = bots[seat].choose(state.view(seat), state.legal_actions(), bot_rngs[seat])
            write(log.act(hand, seat, state.action_text(action)))
            state.apply(action)
        match.finish_hand(state)
        write(log.result(hand, state.points(), state.scores(), list(match.totals)))
    write(log.end("completed", list(match.totals), match.winners(), len(match.results)))
    return match


def play_to_file(game_name, options, seed, bot_names, path):
    """Play a match and write its log to `path` (both runtimes run exactly this)."""
    from deckcore.bots.levels import make
    from deckcore.games import load
    game = load(game_name)(options)
    bots = [make(bot_names[seat % len(bot_names)], game) for seat in range(game.num_players)]
    out = open(path, "w")
    try:
        return play_match(game, seed, bots, out.write)
    finally:
        out.close()
