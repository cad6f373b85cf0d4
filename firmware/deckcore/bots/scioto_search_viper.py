"""The search of scioto_endgame.BitmaskSearch compiled to native code, exact and with a
horizon and the fitted estimate (scioto_estimate.py): the same values and the same positions
in the same order (so the same node counts, budgets and moves), 8-10 times faster on the
unix port (docs/bots.md). It serves the games without compounding or mandatory dismissal, in
packs of up to 30 cards (`ViperSearch` in scioto_endgame.py).

Viper code, written without the decorator: the image builder compiles the whole module with
the viper emitter for the target's architecture (firmware/manifest.txt marks it "native"), so
that a plain mpy-cross still compiles it; as bytecode `ptr32` does not exist and `probe`
fails, which is how scioto_endgame tells the two apart.

The search reads and writes the arrays ViperSearch makes: `words`, 32-bit words (WORDS in
scioto_endgame gives their places: the node count and budget, the top of the stack, the
table's mask, the horizon, the cards' points, dismissers and the estimate's tables);
`ranks`, a stack of the leads being tried, 16 bits each; the transposition table in three
(`leads`, `follows` and `entries`: its lead hands, follow hands and entries); and `weights`,
the estimate's rows (scioto_weights.WEIGHTS). They are small arrays rather than one large
one, which a fragmented heap may not have. The module's globals `TICK` and `OVER` are set by
ViperSearch: the caller's tick (or None) and the OverBudget class. (The module has no
statements of its own: compiled as viper, its top level would be too; the two annotations
only declare them.)
"""

OVER: "type[Exception]"
TICK: object


def probe() -> int:
    return int(ptr32(bytearray(4))[0]) + 1


def lead_value(words, ranks, leads, follows, entries, weights, lead: int, follow: int,
               rem: int, alpha: int, beta: int) -> int:
    """BitmaskSearch.trick_value: the points the leader takes from `rem`."""
    if lead == 0 or beta <= 0:
        return 0
    if alpha >= rem:
        return rem
    w = ptr32(words)
    nodes = w[0] + 1
    w[0] = nodes
    if w[1] and nodes > w[1]:
        raise OVER
    if (nodes & 255) == 0:
        tick = TICK
        if tick:
            tick()  # pyright: ignore[reportCallIssue]
    horizon = w[4]
    if horizon:
        size = 0
        hand = lead
        while hand:
            hand &= hand - 1
            size += 1
        if size <= horizon and size >= w[5]:
            return int(estimate(words, weights, size, lead, follow, rem))
    first = -1
    lower = -1048576
    upper = 1048576
    mask = w[3]
    place = 0
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
    # The leads ranked on the stack: by key, high first, then by card (an insertion sort in
    # BitmaskSearch's order, of items that fit 16 bits: keys are points, or 127 first).
    r = ptr16(ranks)
    base = w[2]
    n = 0
    safe_points = 0
    safe = 0
    hand = lead
    while hand:
        low = hand & -hand
        hand ^= low
        bits = low
        card = 0
        if bits >= 65536:
            bits >>= 16
            card = 16
        if bits >= 256:
            bits >>= 8
            card += 8
        if bits >= 16:
            bits >>= 4
            card += 4
        if bits >= 4:
            bits >>= 2
            card += 2
        if bits >= 2:
            card += 1
        if w[40 + card] & follow:
            key = 0 - w[8 + card]
        else:
            key = w[8 + card]
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
            bits = low
            card = 0
            if bits >= 65536:
                bits >>= 16
                card = 16
            if bits >= 256:
                bits >>= 8
                card += 8
            if bits >= 16:
                bits >>= 4
                card += 4
            if bits >= 4:
                bits >>= 2
                card += 2
            if bits >= 2:
                card += 1
            bound += w[8 + card]
            safe -= 1
        if bound >= beta:
            return bound
    w[2] = base + n
    best = -1048576
    best_lead = -1
    j = 0
    while j < n:
        card = r[base + j] & 31
        value = int(reply_value(words, ranks, leads, follows, entries, weights,
                                lead & ~(1 << card), follow, card, w[8 + card], rem, alpha,
                                beta))
        if value > best:
            best = value
            best_lead = card
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
        j += 1
    w[2] = base
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


def reply_value(words, ranks, leads, follows, entries, weights, lead: int, follow: int,
                card: int, pot: int, rem: int, alpha: int, beta: int) -> int:
    """BitmaskSearch.follow_value with no compounding: the follower answers `card`, `pot`
    on the table; the leader's value. The dearest dismisser first, then the cheapest
    discards."""
    w = ptr32(words)
    winners = w[40 + card] & follow
    best = 1048576
    hand = winners
    while hand:
        top = hand
        reply = 0
        while top > 1:
            top >>= 1
            reply += 1
        hand ^= 1 << reply
        rest = rem - pot - w[8 + reply]
        value = rest - int(lead_value(words, ranks, leads, follows, entries, weights,
                                      follow & ~(1 << reply), lead, rest, rest - beta,
                                      rest - alpha))
        if value < best:
            best = value
            if value < beta:
                beta = value
                if alpha >= beta:
                    return best
    hand = follow & ~winners
    while hand:
        low = hand & -hand
        hand ^= low
        bits = low
        reply = 0
        if bits >= 65536:
            bits >>= 16
            reply = 16
        if bits >= 256:
            bits >>= 8
            reply += 8
        if bits >= 16:
            bits >>= 4
            reply += 4
        if bits >= 4:
            bits >>= 2
            reply += 2
        if bits >= 2:
            reply += 1
        gained = pot + w[8 + reply]
        value = gained + int(lead_value(words, ranks, leads, follows, entries, weights,
                                        lead, follow & ~(1 << reply), rem - gained,
                                        alpha - gained, beta - gained))
        if value < best:
            best = value
            if value < beta:
                beta = value
                if alpha >= beta:
                    return best
    return best


def estimate(words, weights, size: int, lead: int, follow: int, rem: int) -> int:
    """scioto_estimate.Estimate: the leader's take, estimated, for hands of `size` cards."""
    w = ptr32(words)
    row = size - w[5]
    if row > w[6]:
        row = w[6]
    weight = ptr16(weights[row])
    total = (weight[0] ^ 32768) - 32768
    hand = lead
    other = follow
    cells = 104
    while True:
        while hand:
            low = hand & -hand
            hand ^= low
            bits = low
            card = 0
            if bits >= 65536:
                bits >>= 16
                card = 16
            if bits >= 256:
                bits >>= 8
                card += 8
            if bits >= 16:
                bits >>= 4
                card += 4
            if bits >= 4:
                bits >>= 2
                card += 2
            if bits >= 2:
                card += 1
            threats = w[40 + card] & other
            d = 0
            while threats:
                threats &= threats - 1
                d += 1
            targets = w[72 + card] & other
            e = 0
            while targets:
                targets &= targets - 1
                e += 1
            total += (weight[w[cells + card] + w[168 + d * 8 + e]] ^ 32768) - 32768
        if cells != 104:
            break
        hand = follow
        other = lead
        cells = 136
    take = (total * w[232] + ((weight[1] ^ 32768) - 32768) * rem) // w[233]
    if take < 0:
        return 0
    if take > rem:
        return rem
    return take
