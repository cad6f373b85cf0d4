"""Bots playing the same deals in every seat (`deckmate arena`), and the arena's deals.

Each deal is played once per rotation of the seats (as many rotations as seats), so every
bot plays every seat on the same cards; a bot's score for a deal is its mean score over the
seats it held. The win rate counts, per rotation, the bot whose seats scored best (a tie
shares the win). The 95% intervals are normal approximations over deals; `diff` is the
paired per-deal difference of the first two bots.

In the tarot games `by_role` splits that difference by the part a seat played (roles.py):
per deal and seat, the first bot's mean score in that seat less the second's, grouped by
the part; a seat whose part changed with the bots in it (their bidding differed) counts
as "parts differed". `share` is a part's sum of those differences over all the deals'
seats, so the shares add up to the mean difference per seat.
"""

import multiprocessing
import signal

from deckcore.bots.levels import make
from deckcore.games import load
from deckcore.rng import Rng
from deckmate.roles import role
from deckmate.stats import mean_interval

HOST_BOTS = ("solver",)  # host-only bots that read the whole state


def seating(bot_count, seats, rotation):
    """The bot index of each seat in a rotation: the bots repeat around the table, shifted."""
    return [((seat + rotation) % seats) % bot_count for seat in range(seats)]


def make_bot(name, game):
    if name == "solver":
        from deckmate.solver import SolverBot
        return SolverBot(game)
    return make(name, game)


def deal_for(game, seed, index):
    """(dealer, piles) of the arena's deal number `index` for `seed`."""
    dealer = index % game.num_players
    return dealer, game.deal(_deal_rng(seed, index), dealer)


def _deal_rng(seed, index):
    return Rng((seed * 1000003 + index * 7919 + 1) & 0xFFFFFFFF)


def play_deal(game, names, seed, index):
    """One deal in every rotation: per bot, its mean score and its share of the wins; per
    seat, (its part, the first bot's mean score there less the second's), the part None in
    games without parts."""
    seats = game.num_players
    dealer, piles = deal_for(game, seed, index)
    deal_rng = _deal_rng(seed, index)
    scores = [0.0] * len(names)
    wins = [0.0] * len(names)
    in_seat = [([], []) for _ in range(seats)]  # per seat: the first two bots' (score, part)
    made = [make_bot(name, game) for name in names]
    for rotation in range(seats):
        bot_of = seating(len(names), seats, rotation)
        bots = [made[bot_of[seat]] for seat in range(seats)]
        rngs = [deal_rng.fork(rotation * seats + seat) for seat in range(seats)]
        state = game.new_hand(dealer, piles)
        while not state.is_terminal():
            seat = state.current_player()
            bot = bots[seat]
            if hasattr(bot, "choose_exact"):
                action = bot.choose_exact(state)
            else:
                action = bot.choose(state.view(seat), state.legal_actions(), rngs[seat])
            state.apply(action)
        hand = state.scores()
        for seat in range(seats):
            if bot_of[seat] < 2:
                in_seat[seat][bot_of[seat]].append((hand[seat], role(state, seat)))
        means = []
        for b in range(len(names)):
            held = [hand[seat] for seat in range(seats) if bot_of[seat] == b]
            means.append(sum(held) / len(held) if held else None)
        top = max(m for m in means if m is not None)
        winners = [b for b in range(len(names)) if means[b] == top]
        for b in range(len(names)):
            if means[b] is not None:
                scores[b] += means[b] / seats
            if b in winners:
                wins[b] += 1.0 / len(winners) / seats
    return scores, wins, [_seat_difference(first, second) for first, second in in_seat]


def _seat_difference(first, second):
    """(part, difference of the mean scores) of one seat held by the first two bots."""
    parts = set(part for _, part in first + second)
    part = parts.pop() if len(parts) == 1 else "parts differed"
    return part, (sum(score for score, _ in first) / len(first)
                  - sum(score for score, _ in second) / len(second))


def workers(jobs):
    """A pool of `jobs` worker processes that leave Ctrl-C to the command, which stops them
    all and says it once (cli.py): they start with SIGINT ignored (and blocked). While they
    start, the command holds a Ctrl-C back rather than ignore it with them: it comes once
    they have started (a Ctrl-C then was lost, and the command went on). (tools/
    scout_screen.py's pool too.)"""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    command = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return multiprocessing.Pool(jobs)
    finally:
        signal.signal(signal.SIGINT, command)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _work(job):
    game_name, options, names, seed, index = job
    return play_deal(load(game_name)(options), names, seed, index)


def run_arena(game, names, deals, seed, jobs=2, advance=lambda steps=1: None):
    """The arena result as the dict that --json prints; `advance()` is called per deal."""
    work = [(game.NAME, dict(game.option_items()), names, seed, i) for i in range(deals)]
    results = []
    if jobs > 1 and deals > 1:
        with workers(jobs) as pool:
            for result in pool.imap(_work, work, chunksize=max(1, deals // (jobs * 32))):
                results.append(result)
                advance()
    else:
        for job in work:
            results.append(_work(job))
            advance()
    bots = []
    for b in range(len(names)):
        mean, ci = mean_interval([r[0][b] for r in results])
        win_rate = sum(r[1][b] for r in results) / deals
        bots.append({"name": names[b], "mean_score": round(mean, 4),
                     "win_rate": round(win_rate, 4),
                     "ci95": [round(ci[0], 4), round(ci[1], 4)]})
    diff, diff_ci = mean_interval([r[0][0] - r[0][1] for r in results])
    result = {"game": game.NAME, "deals": deals, "bots": bots,
              "diff": {"a": names[0], "b": names[1], "mean": round(diff, 4),
                       "ci95": [round(diff_ci[0], 4), round(diff_ci[1], 4)]}}
    by_part = {}
    for r in results:
        for part, difference in r[2]:
            by_part.setdefault(part, []).append(difference)
    if None not in by_part:
        result["by_role"] = [_role_result(part, by_part[part], deals * game.num_players)
                             for part in sorted(by_part)]
    return result


def _role_result(part, differences, seats):
    mean, ci = mean_interval(differences)
    return {"role": part, "seats": len(differences), "mean": round(mean, 4),
            "ci95": [round(ci[0], 4), round(ci[1], 4)],
            "share": round(sum(differences) / seats, 4)}
