"""Where SCOUT's bots lose, decision by decision, against a far larger search (host only): a
measure with much less noise than the arena's scores.

    .venv/bin/python tools/scout_regret.py --players 3 --deals 60 --jobs 2 normal hard strong

Positions: the arena's deals (`--seed`) played out by `normal`; at every decision with more
than one legal action (the flip, and one turn of the play in `--every`), each level named (or a
level with fields of its budget changed, `hard:depth=3`, as tools/scout_screen.py's variants,
or with columns of its outlook changed, `hard:outlook10=35`) chooses, and an oracle values the
candidates from the seat's view: the levels' choices and `normal`'s CANDIDATES best by its one
ply (at the flip, both ways up). The oracle plays each candidate out to the end of the round in
ORACLE_WORLDS worlds dealt from the view (the same worlds for every candidate), every seat then
playing `normal`'s one ply with the world's hands in sight, and takes the seat's score less the
others' mean. A level's regret is the best candidate's value less that of its choice, in points
of the round.

Prints, per level, the mean regret with its 95% interval by kind of decision (the flip; a
turn with no set to beat or facing one, and facing one with the Scout & Show chip still held;
by the third of the round, counted in cards left, and in each third facing a set with the
chip held or spent; by the kind of the oracle's best action, which says what the seat should
have done), and each level's difference from the first named, decision by decision; then,
per level, by the kind of action it chose (keep, flip, Show, Scout, Scout & Show) against the
kind of the best: how many decisions, their mean regret with its interval and their share of
the level's whole regret, which says where it loses most. The oracle plays as `strong` does,
with four times its worlds, so it favours play like its own: compare levels by their
differences, and check a gain in the arena (docs/bots.md).
"""

import argparse
import multiprocessing
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host")]

from deckcore.bots import scout, utility  # noqa: E402
from deckcore.bots.levels import make  # noqa: E402
from deckcore.bots.levels import budget  # noqa: E402
from deckcore.bots.scout import Turn, _normal_in  # noqa: E402
from deckcore.game import TERMINAL  # noqa: E402
from deckcore.games import load  # noqa: E402
from deckcore.games.scout import FLIP, KEEP, SCOUT, SCOUT_SHOW, SHOW, decode  # noqa: E402
from deckcore.games.scout_worlds import determinize  # noqa: E402
from deckcore.rng import Rng  # noqa: E402
from deckmate.arena import deal_for  # noqa: E402
from deckmate.progress import progress  # noqa: E402
from deckmate.stats import mean_interval  # noqa: E402
from scout_screen import variant_fields  # noqa: E402 (beside this file)

ORACLE_WORLDS = 64
CANDIDATES = 6
NORMAL = budget("scout", "normal")
KINDS = {SHOW: "show", SCOUT: "scout", SCOUT_SHOW: "scout & show"}
ACTION_KINDS = ("keep", "flip", "show", "scout", "scout & show")
SITUATIONS = ("flip", "no set to beat", "facing a set", "facing a set, S&S chip held")


def oracle_values(view, candidates, rng):
    """Per candidate, the seat's mean outcome (its score less the others' mean) over the
    oracle's worlds, each candidate played out to the end of the round in the same worlds."""
    players = view.game.num_players
    totals = [0] * len(candidates)
    for _ in range(ORACLE_WORLDS):
        world = determinize(view, rng)
        for i in range(len(candidates)):
            state = world.clone()
            state.apply(candidates[i])
            while state.current_player() != TERMINAL:
                state.apply(_normal_in(state, rng, 3))
            totals[i] += utility(state.scores(), view.seat)
    return [total / (ORACLE_WORLDS * (players - 1)) for total in totals]


def regrets(job):
    """[(situation, third, [each level's (regret, kind chosen)])] over one deal's round."""
    players, levels, seed, index, every = job
    game = load("scout")({"players": players})
    dealer, piles = deal_for(game, seed, index)
    state = game.new_hand(dealer, piles)
    normal = make("normal", game)
    bots = [_made(level, game) for level in levels]
    rng = Rng(seed * 13 + index)
    total = sum(len(hand) for hand in state.hands)
    found = []
    turns = 0
    ranked = 0  # how many of a turn's candidates are normal's best, in its order
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        view = state.view(seat)
        if state.phase == "flip":
            situation, candidates = "flip", [KEEP, FLIP]
        else:
            turns += 1
            situation = "facing a set" if view.active else "no set to beat"
            candidates = None
            if len(legal) > 1 and turns % every == 0:
                candidates = _best_of(Turn(view, Rng(index * 31 + turns), NORMAL.worlds), legal)
                ranked = len(candidates)
        if candidates is not None:
            chosen = [bot.choose(view, legal, Rng(index * 7919 + len(found))) for bot in bots]
            for action in chosen:
                if action not in candidates:
                    candidates.append(action)
            values = oracle_values(view, candidates,
                                   Rng(seed * 17 + index * 101 + len(found)))
            best = max(values)
            left = sum(len(hand) for hand in state.hands)
            third = min(2, 3 * (total - left) // total)
            if situation == "facing a set" and view.scout_show[seat]:
                situation = "facing a set, S&S chip held"
            found.append((situation, third,
                          [(best - values[candidates.index(action)], _kind(action))
                           for action in chosen],
                          _kind(candidates[values.index(best)]),
                          None if situation == "flip" else
                          _rank(values.index(best), ranked)))
        state.apply(normal.choose(view, legal, rng))
    return found


def _made(level, game):
    """The bot of a level, or of a level's budget with fields changed ("hard:depth=3"), or
    with columns of its outlook changed ("hard:outlook10=35": `scout.OUTLOOK`'s column 10, in
    the row of the game's number of players)."""
    name, _, fields = level.partition(":")
    bot = make(name, game)
    columns = {}
    budget_fields = []
    for part in fields.split(",") if fields else ():
        column, _, value = part.partition("=")
        if not column.startswith("outlook"):
            budget_fields.append(part)
            continue
        column = column[len("outlook"):]
        if not (column.isdigit() and int(column) < len(scout.OUTLOOK[0])
                and value.lstrip("-").isdigit()):
            raise ValueError("%r: give a column of bots/scout.py's OUTLOOK (0 to %d) and a "
                             "whole number, as outlook10=35"
                             % (part, len(scout.OUTLOOK[0]) - 1))
        columns[int(column)] = int(value)
    if budget_fields:
        for field, value in variant_fields(",".join(budget_fields)).items():
            setattr(bot.budget, field, value)
    return _Outlook(bot, columns) if columns else bot


class _Outlook:
    """A level whose outlook has columns changed: its row of `scout.OUTLOOK` swapped in
    around each of the level's decisions (this process alone; `evaluate` reads it there)."""

    def __init__(self, bot, columns):
        self.bot, self.columns = bot, columns
        self.NAME, self.budget = bot.NAME, bot.budget

    def choose(self, view, legal, rng):
        saved = scout.OUTLOOK
        at = view.game.num_players - 2
        row = list(saved[at])
        for column, value in self.columns.items():
            row[column] = value
        scout.OUTLOOK = saved[:at] + (tuple(row),) + saved[at + 1:]
        try:
            return self.bot.choose(view, legal, rng)
        finally:
            scout.OUTLOOK = saved


def _rank(index, ranked):
    """A candidate's rank among normal's best (0 the best), or CANDIDATES for a level's own."""
    return index if index < ranked else CANDIDATES


def _best_of(turn, legal):
    """normal's CANDIDATES best actions by its one ply (values kept by `Turn._offer` for two
    only, so the ply is valued again here for all)."""
    worths = []
    saved = turn._offer
    turn._offer = lambda worth, action: worths.append((-worth, legal.index(action)))
    turn.best(legal, NORMAL.places)
    turn._offer = saved
    worths.sort()
    return [legal[i] for _, i in worths[:CANDIDATES]]


def _kind(action):
    if action in (KEEP, FLIP):
        return "flip" if action == FLIP else "keep"
    return KINDS[decode(action)[0]]


def report(levels, decisions, label):
    if not decisions:
        return
    line = "%-36s %5d" % (label, len(decisions))
    for k in range(len(levels)):
        mean, ci = mean_interval([d[2][k][0] for d in decisions])
        line += "  %6.3f [%6.3f, %6.3f]" % (mean, ci[0], ci[1])
    for k in range(1, len(levels)):
        mean, ci = mean_interval([d[2][k][0] - d[2][0][0] for d in decisions])
        line += "  %+6.3f [%6.3f, %6.3f]" % (mean, ci[0], ci[1])
    print(line)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("levels", nargs="+",
                        help="bot levels, e.g. normal hard strong, or a level with fields of "
                        "its budget changed as scout_screen.py's variants: hard:depth=3, or "
                        "columns of its outlook: hard:outlook10=35")
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4, 5))
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--every", type=int, default=3,
                        help="one turn of the play in this many is measured (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    jobs = [(args.players, args.levels, args.seed, i, args.every) for i in range(args.deals)]
    decisions = []
    with multiprocessing.Pool(args.jobs) as pool, progress(len(jobs), "deals") as advance:
        for found in pool.imap(regrets, jobs):
            decisions.extend(found)
            advance()
    print("%d-player SCOUT, %d deals, regret in points of the round"
          % (args.players, args.deals))
    print("%-36s %5s" % ("decisions", "n") + "".join(
        "  %-24s" % ("regret of " + level) for level in args.levels) + "".join(
        "  %-24s" % (level + " - " + args.levels[0]) for level in args.levels[1:]))
    for label, group in groups(decisions):
        report(args.levels, group, label)
    ranks = [d[4] for d in decisions if d[4] is not None]
    if ranks:
        print("the best's rank by normal's one ply (turns of the play): " + ", ".join(
            "%s %d" % (str(r + 1) if r < CANDIDATES else "a level's own", ranks.count(r))
            for r in sorted(set(ranks))))
    for k in range(len(args.levels)):
        print("%-8s %-36s %5s  %-24s %s" % (args.levels[k], "chose (the best's kind)", "n",
                                              "regret", "share"))
        for kind, best, count, mean, ci, share in by_kind(decisions, k):
            label = kind + (" (best: %s)" % best if best else "")
            print("%-8s %-36s %5d  %6.3f [%6.3f, %6.3f]  %4.0f%%"
                  % (args.levels[k], (" " if best else "") + label, count, mean, ci[0], ci[1],
                     100 * share))
    return 0


def groups(decisions):
    """(label, decisions) of each line of the regret by kind of decision, in the order
    printed: all; by situation; the turns of the play by the third of the round, each third
    followed by its turns facing a set with the chip spent and held (is the chip's share of
    the regret that of the round's first turns?); by the kind of the oracle's best."""
    found = [("all", decisions)]
    for situation in SITUATIONS:
        found.append((situation, [d for d in decisions if d[0] == situation]))
    for third in range(3):
        found.append(("play, round's %s third" % ("first", "second", "last")[third],
                      [d for d in decisions if d[0] != "flip" and d[1] == third]))
        for situation in SITUATIONS[2:]:
            found.append(("  facing a set, chip " + ("held" if "held" in situation else "spent"),
                          [d for d in decisions if d[0] == situation and d[1] == third]))
    for kind in ACTION_KINDS:
        found.append(("best: " + kind, [d for d in decisions if d[3] == kind]))
    return found


def by_kind(decisions, k):
    """The k-th level's decisions by the kind of action it chose, each followed by those of
    them by the kind of the best: (kind, best's kind or "", count, mean regret, its 95%
    interval, share of the level's whole regret)."""
    whole = sum(d[2][k][0] for d in decisions) or 1
    rows = []
    for kind in ACTION_KINDS:
        for best in ("",) + ACTION_KINDS:
            chosen = [d[2][k][0] for d in decisions
                      if d[2][k][1] == kind and (not best or d[3] == best)]
            if chosen:
                mean, ci = mean_interval(chosen)
                rows.append((kind, best, len(chosen), mean, ci, sum(chosen) / whole))
    return rows


if __name__ == "__main__":
    sys.exit(main())
