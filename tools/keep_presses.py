"""How many key presses a typical hand takes to enter on the scorekeeper's form: hands played
by bots (the matches `deckmate selfplay` plays), each entered on the game's own form, from
the totals screen's centre key to the A that commits it.

    python tools/keep_presses.py [--matches 20] [GAME ...]

A hand's cost is its presses on the form as the device answers them: the cursor goes down
(or up, round the end) to each row whose value differs from the hand's, in the form's order,
passing over the derived rows; left and right change a number by 1, X and Y by 5 (a joined
number beside it: by 1), a choice by one step; the derived rows follow as on the device;
then A (score) and A (commit). "taps" counts every step a press;
"holds" counts a held key as one press (it runs 1, 2 ... 9 steps, then to each round ten)
with the presses that correct it, as if released at the best moment. Printed per game: the median,
the upper quartile and the most, and the median hand's keys; docs/device.md quotes them.
"""

import argparse
import math
import os
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, os.path.join(ROOT, "host"))

from deckcore import keep  # noqa: E402
from deckcore.bots.levels import make  # noqa: E402
from deckcore.games import load  # noqa: E402
from deckcore.keep import FLAG, NUMBER  # noqa: E402
from deckcore.match import Match  # noqa: E402
from deckcore.rng import Rng  # noqa: E402

FIVE = 5  # deckapp/keep/entry.py: X and Y
FAST_AFTER, LEAP = 8, 10  # deckapp/form.py: a held key's repeats by one, then to round tens
TABLES = {"scioto": {"players": 2}, "scarto": {}, "chambery": {"players": 5},
          "droggn": {"players": 3}, "scout": {"players": 3}}


def taps(delta):
    """Presses that change a number by `delta` with +-1 and +-5."""
    delta = abs(delta)
    return min(abs(fives) + abs(delta - FIVE * fives) for fives in range(-1, delta // FIVE + 2))


def held(value, direction, lo, hi):
    """The values a held key passes through from `value` (deckapp/form.py): the press and
    the first eight repeats a step each, then the next round ten each repeat, up to an end."""
    out = []
    for repeat in range(200):
        if repeat <= FAST_AFTER:
            value += direction
        else:
            value = (value + direction * LEAP) // LEAP * LEAP if direction > 0 \
                else -(-(value - LEAP) // LEAP) * LEAP
        if not lo <= value <= hi:
            break
        out.append(value)
    return out


def number_presses(was, want, lo, hi, hold):
    """The fewest presses from `was` to `want`: taps of +-1 and +-5, and with `hold` a held
    key released at the best moment (one press)."""
    if not hold:
        return taps(want - was)
    reached, frontier = {was: 0}, [was]
    for count in range(1, 12):
        ahead = []
        for value in frontier:
            steps = [value + 1, value - 1, value + FIVE, value - FIVE]
            steps += held(value, 1, lo, hi) + held(value, -1, lo, hi)
            for step in steps:
                if lo <= step <= hi and step not in reached:
                    reached[step] = count
                    ahead.append(step)
        if want in reached:
            return reached[want]
        frontier = ahead
    return taps(want - was)


def rows_of(game, dealer, entry):
    """(field, seat or -1, derived) per value of the form, in order: a joined field's values
    after the field's it is shown with, seat by seat."""
    out = []
    fields = keep.ask(game, "fields", dealer, entry)
    for index, field in enumerate(fields):
        if field.joined:
            continue
        joined = fields[index + 1] if index + 1 < len(fields) and fields[index + 1].joined \
            else None
        for seat in range(game.num_players) if field.per_seat else [-1]:
            out.append((field, seat, field.follows(seat, game.num_players)))
            if joined:
                out.append((joined, seat, False))
    return out


def value(entry, field, seat):
    return entry[field.name][seat] if seat >= 0 else entry[field.name]


def cost(game, dealer, target, hold):
    """(presses, keys) to enter `target` (the values that differ from the start)."""
    entry = keep.ask(game, "start", dealer)
    presses, keys, cursor, first = 1, ["press"], 0, 0
    while True:
        rows = rows_of(game, dealer, entry)
        todo = None
        for index in range(first, len(rows)):
            field, seat, derived = rows[index]
            if not derived and field.name in target and \
                    value(entry, field, seat) != value(target, field, seat):
                todo = index
                break
        if todo is None:
            break
        field, seat, _ = rows[todo]
        stops = [index for index in range(len(rows)) if not rows[index][2]
                 and not rows[index][0].joined]
        row = todo - 1 if field.joined else todo  # the cursor's row for a joined value
        down = (stops.index(row) - stops.index(cursor)) % len(stops)
        moves = min(down, len(stops) - down)
        presses += moves
        keys += ["%s×%d" % ("down" if moves == down else "up", moves)] if moves else []
        was, want = value(entry, field, seat), value(target, field, seat)
        if field.joined:  # X and Y, one at a time
            steps = abs(want - was)
            keys.append("%+d:%d" % (want - was, steps))
        elif field.kind == NUMBER:
            steps = number_presses(was, want, field.lo, field.hi, hold)
            keys.append("%+d:%d" % (want - was, steps))
        else:
            choices = [False, True] if field.kind == FLAG else list(field.choices)
            ahead = (choices.index(want) - choices.index(was)) % len(choices)
            steps = min(ahead, len(choices) - ahead)
            keys.append("%s×%d" % ("right" if steps == ahead else "left", steps))
        presses += steps
        if seat >= 0:
            entry[field.name][seat] = want
        else:
            entry[field.name] = want
        keep.ask(game, "derive", dealer, entry)
        cursor, first = row, todo + 1
    refused = keep.refusal(game, dealer, entry)
    if refused is not None:
        raise AssertionError("a played hand refused: %r %r" % (entry, refused))
    return presses + 2, " ".join(keys + ["a", "a"])


# The entries of played hands -----------------------------------------------------------------

CHAMBERY = {1: "two cards", 2: "one card", 3: "solo", 4: "called", 5: "alone"}


def targets(name, game, state):
    """The entries that give this played hand's scores (several for Droggn, which a person
    may enter in more than one way)."""
    dealer = state.dealer
    if name in ("scioto", "scarto"):
        return [{"points": state.points()}]
    if name == "chambery":
        points = state.points()
        target = {"contract": CHAMBERY[state.contract],
                  "points": sum(p for s, p in enumerate(points) if state.side[s] == 0)}
        if state.contract == 4:
            target["partner"] = state.partner
        elif state.contract != 5:
            target["declarer"] = state.declarer
        return [target]
    if name == "scout":
        return [{"score": state.scores()}]
    return droggn_targets(game, state)


def droggn_targets(game, state):
    from deckcore.games import droggn_keep as rules
    dealer = state.dealer
    if state.declarer < 0:
        return [{"contract": "thrown in"}]
    code = [name for name, contract in rules.CONTRACTS.items() if contract == state.contract][0]
    base = {"contract": code, "declarer": state.declarer,
            "doubled": int(math.log2(state.multiplier))}
    tries = []
    if code == "slam":
        tries = [dict(base, made=made, laid_out=laid) for made in (True, False)
                 for laid in rules.LAID_OUT]
    else:
        for every in (False, True):
            for pagat in rules.PAGAT_ORDER:
                for side in rules.SIDES:
                    target = dict(base, every_trick=every, pagat=pagat, pagat_side=side)
                    if not every:
                        target["points"] = state.side_points(True)
                    tries.append(target)
    out = []
    for target in tries:
        entry = keep.ask(game, "start", dealer)
        entry.update(target)
        keep.ask(game, "derive", dealer, entry)
        if keep.refusal(game, dealer, entry) is None and \
                keep.scored(game, dealer, entry).scores() == state.scores():
            out.append(target)
    return out


def played_hands(name, matches):
    """(game, the finished state) of each hand of `matches` bot-played matches."""
    game = load(name)(dict(TABLES[name]))
    for seed in range(1, matches + 1):
        deal_rng = Rng(seed)
        match = Match(game, deal_rng.below(game.num_players))
        rngs = [deal_rng.fork(seat) for seat in range(game.num_players)]
        bots = [make("normal", game) for _ in range(game.num_players)]
        while not match.is_over():
            state = match.new_hand(match.next_deal(deal_rng))
            while not state.is_terminal():
                seat = state.current_player()
                state.apply(bots[seat].choose(state.view(seat), state.legal_actions(),
                                              rngs[seat]))
            yield game, state
            match.finish_hand(state)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20, help="bot-played matches a game")
    parser.add_argument("games", nargs="*", help="some of %s" % ", ".join(TABLES))
    args = parser.parse_args()
    for name in args.games or TABLES:
        tapped, holding = [], []
        for game, state in played_hands(name, args.matches):
            found = targets(name, game, state)
            tapped.append(min(cost(game, state.dealer, target, False) for target in found))
            holding.append(min(cost(game, state.dealer, target, True) for target in found))
        players = tapped and game.num_players
        for label, costs in (("taps", tapped), ("holds", holding)):
            costs.sort()
            counts = [presses for presses, _ in costs]
            middle = costs[len(costs) // 2]
            print("%-8s %d players, %d hands, %-5s median %s, upper quartile %s, most %s%s; "
                  "e.g. %s" % (
                name, players, len(costs), label, statistics.median(counts),
                counts[3 * len(counts) // 4], counts[-1],
                " (%.1f a player)" % (statistics.median(counts) / players)
                if name == "scout" else "", middle[1]))


if __name__ == "__main__":
    main()
