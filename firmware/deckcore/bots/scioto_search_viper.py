"""The search of scioto_endgame.BitmaskSearch compiled to native code, exact and with a
horizon and the fitted estimate (scioto_estimate.py): the same values and the same positions
in the same order (so the same node counts, budgets and moves), 12 to 14 times faster on the
unix port (docs/bots.md). It serves the games without compounding or mandatory dismissal, in
packs of up to 30 cards (`ViperSearch` in scioto_endgame.py).

Viper code, written without the decorator: the image builder compiles the whole module with
the viper emitter for the target's architecture (firmware/manifest.txt marks it "native"), so
that a plain mpy-cross still compiles it; as bytecode `ptr32` does not exist and `probe`
fails, which is how scioto_endgame tells the two apart.

It reads and writes the arrays ViperSearch makes, small ones rather than one large one, which
a fragmented heap may not have:
- `words`, 32-bit, at the places named below (scioto_endgame.ViperSearch writes them);
- `ranks`, 16-bit: a stack of the leads being tried;
- `leads`, `follows` and `entries`: the table's lead hands, follow hands and entries;
- `weights`: the estimate's rows (scioto_weights.WEIGHTS).
The module's globals `TICK` and `OVER` are set by ViperSearch: the caller's tick (or None)
and the OverBudget class. (The module has no other statements of its own: compiled as viper,
its top level would be too; the two annotations only declare them, and the places are
constants the compiler puts in.)
"""


from micropython import const

# The places in `words` (the same as in scioto_endgame.ViperSearch, which fills them).
_NODES = const(0)         # the positions counted
_BUDGET = const(1)        # the count at which to give up (0: never)
_TOP = const(2)           # the top of `ranks`
_MASK = const(3)          # the table's mask (0: no table)
_HORIZON = const(4)       # the hand size at which the estimate stops the search (0: none)
_SMALLEST = const(5)      # the estimate's smallest hands
_LAST_ROW = const(6)      # its last row of weights
_POINTS = const(8)        # from here, each card's points
_DISMISSERS = const(40)   # each card's dismissers
_BIT_NUMBER = const(72)   # at _BIT_NUMBER + 2**k % 37, k (distinct remainders below 2**30)
_DISMISSED = const(109)   # with the estimate: the cards each card dismisses
_LEAD_CELLS = const(141)  # each card's first cell as the leader's
_FOLLOW_CELLS = const(173)  # and as the follower's
_COLUMN = const(205)      # the estimate's COLUMN (64)
_UNIT = const(269)        # its UNIT
_SCALE = const(270)       # its SCALE

OVER: "type[Exception]"
TICK: object


def probe() -> int:
    return int(ptr32(bytearray(4))[0]) + 1


def value(words, ranks, leads, follows, entries, weights, lead: int, follow: int,
          rem: int, alpha: int, beta: int, played: int, pot: int) -> int:
    """The points the leader takes from `rem`: with `played` (0 or more) the follower is
    to answer that card with `pot` on the table (BitmaskSearch.follow_value), else the
    leader is to lead (BitmaskSearch.trick_value)."""
    w = ptr32(words)
    r = ptr16(ranks)
    base = w[_TOP]
    mask = 0
    place = 0
    first = -1
    lower = -1048576
    upper = 1048576
    alpha0 = alpha
    beta0 = beta
    if played >= 0:
        n = 1
        r[base] = played
    else:
        if lead == 0 or beta <= 0:
            return 0
        if alpha >= rem:
            return rem
        nodes = w[_NODES] + 1
        w[_NODES] = nodes
        if w[_BUDGET] and nodes > w[_BUDGET]:
            raise OVER
        if (nodes & 255) == 0:
            tick = TICK
            if tick:
                tick()  # pyright: ignore[reportCallIssue]
        horizon = w[_HORIZON]
        if horizon:
            size = 0
            hand = lead
            while hand:
                hand &= hand - 1
                size += 1
            if size <= horizon and size >= w[_SMALLEST]:
                return int(estimate(words, weights, size, lead, follow, rem))
        mask = w[_MASK]
        if mask:
            place = (lead ^ (follow << 1) ^ (follow >> 7) ^ (lead >> 11)) & mask
            tl = ptr32(leads)
            tf = ptr32(follows)
            if tl[place] == lead and tf[place] == follow:
                entry = int(ptr32(entries)[place])
                if entry:
                    low = entry & 1023
                    high = (entry >> 10) & 1023
                    first = (entry >> 20) - 1
                    if low:
                        lower = low - 1
                    if high != 1023:
                        upper = high
                    if lower >= beta:
                        return lower
                    if upper <= alpha:
                        return upper
                    if lower > alpha:
                        alpha = lower
                    if upper < beta:
                        beta = upper
                    if alpha >= beta:
                        return alpha
        alpha0 = alpha
        beta0 = beta
        # The leads ranked on the stack: by key, high first, then by card (an insertion
        # sort in BitmaskSearch's order, of items that fit 16 bits: keys are points, or 127
        # first).
        n = 0
        safe_points = 0
        safe = 0
        hand = lead
        while hand:
            low = hand & -hand
            hand ^= low
            card = w[_BIT_NUMBER + low % 37]
            if w[_DISMISSERS + card] & follow:
                key = 0 - w[_POINTS + card]
            else:
                key = w[_POINTS + card]
                safe_points += key
                safe += 1
            if card == first:
                key = 127
            item = (128 - key) * 32 + card
            i = n
            while i > 0 and r[base + i - 1] > item:
                r[base + i] = r[base + i - 1]
                i -= 1
            r[base + i] = item
            n += 1
        if safe == n:
            return rem
        if safe:
            bound = safe_points
            hand = follow
            while safe and hand:
                low = hand & -hand
                hand ^= low
                card = w[_BIT_NUMBER + low % 37]
                bound += w[_POINTS + card]
                safe -= 1
            if bound >= beta:
                return bound
    w[_TOP] = base + n
    best = -1048576
    best_lead = -1
    j = 0
    while j < n:
        card = r[base + j] & 31
        rest_lead = lead
        on_table = pot
        if played < 0:
            rest_lead = lead & ~(1 << card)
            on_table = w[_POINTS + card]
        # The follower's replies: the dearest dismisser first, then the cheapest discards.
        winners = w[_DISMISSERS + card] & follow
        least = 1048576
        ceiling = beta
        dismissing = 1
        hand = winners
        while True:
            if not hand:
                if not dismissing:
                    break
                dismissing = 0
                hand = follow & ~winners
                continue
            # (The checks value makes before counting a position, made here: no call.)
            taken = 0
            if dismissing:
                top = hand
                reply = 0
                while top > 1:
                    top >>= 1
                    reply += 1
                hand ^= 1 << reply
                rest = rem - on_table - w[_POINTS + reply]  # the follower takes the trick
                if follow & ~(1 << reply) and rest - alpha > 0:
                    taken = rest
                    if rest - ceiling < rest:
                        taken = int(value(words, ranks, leads, follows, entries, weights,
                                          follow & ~(1 << reply), rest_lead, rest,
                                          rest - ceiling, rest - alpha, -1, 0))
                got = rest - taken
            else:
                low = hand & -hand
                hand ^= low
                reply = w[_BIT_NUMBER + low % 37]
                gained = on_table + w[_POINTS + reply]  # the leader takes the trick
                if rest_lead and ceiling - gained > 0:
                    taken = rem - gained
                    if alpha - gained < rem - gained:
                        taken = int(value(words, ranks, leads, follows, entries, weights,
                                          rest_lead, follow & ~(1 << reply), rem - gained,
                                          alpha - gained, ceiling - gained, -1, 0))
                got = gained + taken
            if got < least:
                least = got
                if got < ceiling:
                    ceiling = got
                    if alpha >= ceiling:
                        break
        if least > best:
            best = least
            best_lead = card
            if least > alpha:
                alpha = least
                if alpha >= beta:
                    break
        j += 1
    w[_TOP] = base
    if not mask:
        return best
    if best <= alpha0:
        if best < upper:
            upper = best
    elif best >= beta0:
        if best > lower:
            lower = best
    else:
        lower = best
        upper = best
    entry = (best_lead + 1) << 20
    if lower != -1048576:
        entry |= lower + 1
    if upper != 1048576:
        entry |= upper << 10
    else:
        entry |= 1023 << 10
    ptr32(leads)[place] = lead
    ptr32(follows)[place] = follow
    ptr32(entries)[place] = entry
    return best


def estimate(words, weights, size: int, lead: int, follow: int, rem: int) -> int:
    """scioto_estimate.Estimate: the leader's take, estimated, for hands of `size` cards."""
    w = ptr32(words)
    row = size - w[_SMALLEST]
    if row > w[_LAST_ROW]:
        row = w[_LAST_ROW]
    weight = ptr16(weights[row])
    total = (weight[0] ^ 32768) - 32768
    hand = lead
    other = follow
    cells = _LEAD_CELLS
    while True:
        while hand:
            low = hand & -hand
            hand ^= low
            card = w[_BIT_NUMBER + low % 37]
            threats = w[_DISMISSERS + card] & other
            d = 0
            while threats:
                threats &= threats - 1
                d += 1
            targets = w[_DISMISSED + card] & other
            e = 0
            while targets:
                targets &= targets - 1
                e += 1
            total += (weight[w[cells + card] + w[_COLUMN + d * 8 + e]] ^ 32768) - 32768
        if cells != _LEAD_CELLS:
            break
        hand = follow
        other = lead
        cells = _FOLLOW_CELLS
    take = (total * w[_UNIT] + ((weight[1] ^ 32768) - 32768) * rem) // w[_SCALE]
    if take < 0:
        return 0
    if take > rem:
        return rem
    return take
