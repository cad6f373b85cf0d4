"""A step of SCOUT hard's playouts compiled to native code: `_normal_in` of bots/scout.py for
a quick step (one place for a scouted card, its Scout & Shows listed through it alone),
written again on compact arrays. The same values of the same actions offered in the same
order, so the same two best (the first offered of equals first), and so the same action and
the same draws of the generator (which `NativeStep` in bots/scout.py makes, as `Turn.best`
does) on every runtime; tests/host/test_scout_native.py proves it step by step and decision
by decision. bots/scout.py stays the reference, which CPython and the bytecode ports run:
each function below names the one it does again.

Viper code, written without the decorator: the image builder compiles the whole module with
the viper emitter for the target's architecture (firmware/manifest.txt marks it "native"), so
that a plain mpy-cross still compiles it; as bytecode `ptr32` does not exist and `probe`
fails, which is how bots/scout.py tells the two apart.

`work` is 32-bit words (NativeStep makes it, an array("i") of WORDS), at the places named
below: the inputs NativeStep writes (each seat's threat, as `Turn._threats` counts it, and
its cards in hand, by seat; PIECE; the outlook's weights), the outputs and the scratch
arrays. Every value stored is 0 or more (a 32-bit word reads back unsigned on a 64-bit
port): the offered values, which can be less, are kept with OFFSET added.
"""

from micropython import const

# The places in `work` (NativeStep in bots/scout.py writes the seats' threats and cards,
# PIECE and the outlook's weights, and reads _SECOND; its constants of the same names say
# the same).
_THREATS = const(0)     # the other seats' threats in turn order from the next, players - 1
_SECOND = const(4)      # out: the second best action + 1 (0: only one was offered)
_RANKED = const(5)      # the two best offered: value + OFFSET, action, value + OFFSET, action
_OFFERED = const(9)     # how many of the two are offered (0 to 2)
_PIECE = const(16)      # PIECE (bots/scout.py), 48 places
_HAND = const(64)       # the numbers of the hand to act (45 cards at most)
_PLACED = const(112)    # ... with the scouted card put in
_AHEAD = const(160)     # Split.ahead of the hand weighed (its splits)
_BEHIND = const(208)    # Split.behind (the splits of the hand reversed)
_REVERSED = const(256)  # the hand weighed, reversed
_FITS = const(304)      # _fits, each with FIT_OFFSET added
_ACTIVE = const(352)    # the numbers of the active set (10 at most)
_WEIGHTS = const(362)   # outlook's: a row of OUTLOOK (bots/scout.py), each + OFFSET
_SEATS = const(373)     # by seat (5 at most): its threat, as `Turn._threats` counts it
_CARDS = const(378)     # by seat: its cards in hand
_WORDS = const(383)     # (WORDS in bots/scout.py)
_OFFSET = const(1 << 24)
_FIT_OFFSET = const(64)
_SCALE = const(16)      # SCALE, MATCHING, SCOUT_SHOW_CHIP: bots/scout.py's
_MATCHING = const(4)
_SCOUT_SHOW_CHIP = const(16)
_DENIED = const(16)
_LONGER = const(2 << 5)
_SHOW = const(1 << 25)  # games/scout.py's action kinds and fields
_SCOUT = const(2 << 25)
_SCOUT_SHOW = const(3 << 25)
_START_AT = const(6)
_GAP_AT = const(12)
_TURN_AT = const(18)
_INDEX_AT = const(19)


def probe() -> int:
    return int(ptr32(bytearray(4))[0]) + 1


def strongest(hand) -> int:
    """bots/scout.py's `strongest` of the hand whose cards are the bytes of `hand`."""
    h = ptr8(hand)
    count = int(len(hand))
    best = 0
    start = 0
    while start < count:
        end = start + 1
        step = 0
        if end < count:
            step = (h[end] >> 4) - (h[start] >> 4)
            if -1 <= step and step <= 1:
                while end + 1 < count and (h[end + 1] >> 4) - (h[end] >> 4) == step:
                    end += 1
                end += 1
        low = h[start] >> 4
        if (h[end - 1] >> 4) < low:
            low = h[end - 1] >> 4
        power = ((end - start) << 5) | low  # set_power
        if step == 0 and end - start > 1:
            power |= 16
        if power > best:
            best = power
        if end == start + 1:
            start = start + 1
        else:
            start = end - 1
    return best


def _strength(work, at: int, count: int) -> int:
    """games/scout.py's `strength` of the numbers at work[at:at + count]."""
    w = ptr32(work)
    if count == 0:
        return 0
    step = 0
    if count > 1:
        step = int(w[at + 1]) - int(w[at])
    if step < -1 or step > 1:
        return 0
    i = 2
    while i < count:
        if int(w[at + i]) - int(w[at + i - 1]) != step:
            return 0
        i += 1
    low = int(w[at])
    if int(w[at + count - 1]) < low:
        low = int(w[at + count - 1])
    power = (count << 5) | low
    if step == 0 and count > 1:
        power |= 16
    return power


def _splits(work, at: int, into: int, count: int, last: int):
    """bots/scout.py's `splits` of the numbers at work[at:at + count], into work[into:]; with
    `last` (a place, 0: none), as `splits(numbers, last)`: each end's last set at
    work[last + end], its start * 2, + 1 if that set is matching."""
    w = ptr32(work)
    i = 0
    while i <= count:
        w[into + i] = 0
        if last:
            w[last + i] = 0
        i += 1
    start = 0
    while start < count:
        base = int(w[into + start])
        if base + int(w[_PIECE + 1]) > int(w[into + start + 1]):
            w[into + start + 1] = base + int(w[_PIECE + 1])
            if last:
                w[last + start + 1] = start << 1
        end = start + 1
        if end < count:
            step = int(w[at + end]) - int(w[at + start])
            if -1 <= step and step <= 1:
                bonus = 0
                if step == 0:
                    bonus = _MATCHING
                while True:
                    worth = base + int(w[_PIECE + end - start + 1]) + bonus
                    if worth > int(w[into + end + 1]):
                        w[into + end + 1] = worth
                        if last:
                            w[last + end + 1] = (start << 1) | (1 if step == 0 else 0)
                    end += 1
                    if end == count or int(w[at + end]) - int(w[at + end - 1]) != step:
                        break
        start += 1


def _split(work, at: int, count: int):
    """A `Split` of the numbers at work[at:at + count]: its ahead and behind."""
    w = ptr32(work)
    _splits(work, at, _AHEAD, count, 0)
    i = 0
    while i < count:
        w[_REVERSED + i] = w[at + count - 1 - i]
        i += 1
    _splits(work, _REVERSED, _BEHIND, count, 0)


def _shows(work, at: int, count: int, need: int, captured: int, less: int, gap: int,
           base: int, ending: int, last_stand: int, threats: int) -> int:
    """The Shows of the hand at work[at:at + count] (its Split made) that beat `need`, each
    valued as `Turn.show` values it (capturing `captured` cards) less `less`, offered in the
    order `_shows` lists them (by start, then length) as `base` with their start and length,
    as `Turn._offer` offers them. With `gap` 0 or more, those `_scout_shows_through` lists:
    not the scouted card alone at a gap past the first, nor a block ending right before it.
    With `base` -1 nothing is offered: the best value is returned (`Turn.best_show`, -SCALE *
    100 if there is none)."""
    w = ptr32(work)
    offered = int(w[_OFFERED])
    v0 = int(w[_RANKED]) - _OFFSET
    a0 = int(w[_RANKED + 1])
    v1 = int(w[_RANKED + 2]) - _OFFSET
    a1 = int(w[_RANKED + 3])
    best = -_SCALE * 100
    found = 0
    start = 0
    while start < count:
        first = int(w[at + start])
        end = start  # the set's last card
        step = 0
        while True:
            length = end - start + 1
            if length == 2:
                step = int(w[at + end]) - first
                if step < -1 or step > 1:
                    break
            elif length > 2:
                if int(w[at + end]) - int(w[at + end - 1]) != step:
                    break
            last = int(w[at + end])
            low = first
            if last < low:
                low = last
            power = (length << 5) | low
            if step == 0 and length > 1:
                power |= 16
            listed = 0
            if power > need:
                listed = 1
            if gap >= 0:
                if start + length == gap:
                    listed = 0
                elif length == 1 and start == gap and gap > 0:
                    listed = 0
            if listed != 0:
                # Turn.show
                left = count - length
                if left == 0:
                    worth = _SCALE * captured + ending
                else:
                    # Split.without(start, length)
                    stop = start + length
                    kept = int(w[_AHEAD + start]) + int(w[_BEHIND + count - stop])
                    if start > 0 and stop < count:
                        across = int(w[at + stop]) - int(w[at + start - 1])
                        if -1 <= across and across <= 1:
                            bonus = 0
                            if across == 0:
                                bonus = _MATCHING
                            before = start - 1
                            while True:
                                after = stop + 1
                                while True:
                                    value = int(w[_AHEAD + before]) + bonus + \
                                        int(w[_PIECE + start - before + after - stop]) + \
                                        int(w[_BEHIND + count - after])
                                    if value > kept:
                                        kept = value
                                    if after == count or \
                                            int(w[at + after]) - int(w[at + after - 1]) != across:
                                        break
                                    after += 1
                                if before == 0 or \
                                        int(w[at + before]) - int(w[at + before - 1]) != across:
                                    break
                                before -= 1
                    kept -= _SCALE * left
                    # Turn.holding(power, length, ending - kept), in the one world
                    scouted = 0
                    while scouted < threats and scouted < length and \
                            int(w[_THREATS + scouted]) <= power - (scouted << 5):
                        scouted += 1
                    worth = _SCALE * captured + kept + _SCALE * scouted
                    if scouted == threats and last_stand != 0:
                        worth += ending - kept
                worth -= less
                if base < 0:
                    if found == 0 or worth > best:
                        best = worth
                    found = 1
                else:
                    # Turn._offer
                    action = base | (start << _START_AT) | length
                    if offered == 0 or worth > v0:
                        v1 = v0
                        a1 = a0
                        v0 = worth
                        a0 = action
                        if offered < 2:
                            offered += 1
                    elif offered == 1 or worth > v1:
                        v1 = worth
                        a1 = action
                        offered = 2
            end += 1
            if end == count:
                break
        start += 1
    w[_OFFERED] = offered
    w[_RANKED] = v0 + _OFFSET
    w[_RANKED + 1] = a0
    w[_RANKED + 2] = v1 + _OFFSET
    w[_RANKED + 3] = a1
    return best


def step(work, hand, active, flags: int) -> int:
    """`_normal_in`'s quick step (bots/scout.py: `_shows_and_places`, `Turn.best` through
    `_scout_shows_through`) for the seat holding the cards of `hand` (bytes), the active set's
    cards in `active` (bytes), and in `flags`: 1 the seat may scout, 2 it holds its Scout &
    Show chip (and there is an active set), 4 2 players, 8 `last_stand`, in bits 4 to 7 the
    number of other seats, from bit 8 on the seat. The seats' threats and cards are read at
    _SEATS and _CARDS. Returns the best action (-1: none); the second best + 1 is left in
    work[_SECOND] (0: none)."""
    w = ptr32(work)
    h = ptr8(hand)
    a = ptr8(active)
    count = int(len(hand))
    size = int(len(active))
    two = flags & 4
    last_stand = flags & 8
    threats = (flags >> 4) & 15
    # Turn._threats, in turn order from the next seat, and Turn's gift and ending
    seat = flags >> 8
    others = 0
    i = 0
    while i < threats:
        other = seat + 1 + i
        if other > threats:
            other -= threats + 1
        w[_THREATS + i] = w[_SEATS + other]
        others += int(w[_CARDS + other])
        i += 1
    gift = _SCALE // threats
    ending = _DENIED * others // threats
    i = 0
    while i < count:
        w[_HAND + i] = h[i] >> 4
        i += 1
    i = 0
    while i < size:
        w[_ACTIVE + i] = a[i] >> 4
        i += 1
    w[_OFFERED] = 0
    w[_RANKED] = _OFFSET
    w[_RANKED + 2] = _OFFSET
    # The Shows (Turn.best's first loop)
    if count > 0:
        _split(work, _HAND, count)
        _shows(work, _HAND, count, int(_strength(work, _ACTIVE, size)), size, 0, -1, _SHOW,
               ending, last_stand, threats)
    if flags & 1 != 0:
        # _shows_and_places with one place: the first best fit of a scouted card
        best = -1
        index = 0
        turn = 0
        gap = 0
        end = 0
        while end < size:
            card = a[end]
            t = 0
            while t < 2:
                number = card >> 4
                if t != 0:
                    number = card & 15
                # _fits(numbers, number)
                i = 0
                while i <= count:
                    w[_FITS + i] = _FIT_OFFSET
                    i += 1
                i = 0
                while i < count:
                    left = int(w[_HAND + i]) - number
                    if -1 <= left and left <= 1:
                        join = 2
                        if left == 0:
                            join = 3
                        w[_FITS + i] = int(w[_FITS + i]) + join
                        if i + 1 < count and number - int(w[_HAND + i + 1]) == left:
                            join += 3
                        w[_FITS + i + 1] = int(w[_FITS + i + 1]) + join
                    if i > 0:
                        near = int(w[_HAND + i - 1]) - int(w[_HAND + i])
                        if -1 <= near and near <= 1:
                            w[_FITS + i] = int(w[_FITS + i]) - 4
                    i += 1
                i = 0
                while i <= count:
                    if int(w[_FITS + i]) > best:
                        best = int(w[_FITS + i])
                        index = end
                        turn = t
                        gap = i
                    i += 1
                t += 1
            if end == size - 1:
                break
            end = size - 1
        # Turn.best's place: the hand with the card put in
        card = a[index]
        number = card >> 4
        if turn != 0:
            number = card & 15
        i = 0
        while i < gap:
            w[_PLACED + i] = w[_HAND + i]
            i += 1
        w[_PLACED + gap] = number
        while i < count:
            w[_PLACED + i + 1] = w[_HAND + i]
            i += 1
        placed = count + 1
        if two != 0 or flags & 2 != 0:
            _split(work, _PLACED, placed)
        else:
            _splits(work, _PLACED, _AHEAD, placed, 0)
        worth = int(w[_AHEAD + placed]) - _SCALE * placed - gift
        rest = _ACTIVE
        if index == 0:
            rest = _ACTIVE + 1
        need = int(_strength(work, rest, size - 1))
        fields = (index << _INDEX_AT) | (turn << _TURN_AT) | (gap << _GAP_AT)
        if two != 0:  # 5.5.4: the turn goes on, to a Show at best (Turn.best_show)
            shown = int(_shows(work, _PLACED, placed, need, size - 1, 0, -1, -1, ending,
                               last_stand, threats)) - gift
            if shown > worth:
                worth = shown
        # Turn._offer
        offered = int(w[_OFFERED])
        if offered == 0 or worth > int(w[_RANKED]) - _OFFSET:
            w[_RANKED + 2] = w[_RANKED]
            w[_RANKED + 3] = w[_RANKED + 1]
            w[_RANKED] = worth + _OFFSET
            w[_RANKED + 1] = _SCOUT | fields
            if offered < 2:
                w[_OFFERED] = offered + 1
        elif offered == 1 or worth > int(w[_RANKED + 2]) - _OFFSET:
            w[_RANKED + 2] = worth + _OFFSET
            w[_RANKED + 3] = _SCOUT | fields
            w[_OFFERED] = 2
        if flags & 2 != 0:  # the Scout & Shows through the place (_scout_shows_through)
            _shows(work, _PLACED, placed, need, size - 1, gift + _SCOUT_SHOW_CHIP, gap,
                   _SCOUT_SHOW | fields, ending, last_stand, threats)
    w[_SECOND] = 0
    if int(w[_OFFERED]) == 2:
        w[_SECOND] = int(w[_RANKED + 3]) + 1
    if int(w[_OFFERED]) == 0:
        return -1
    return int(w[_RANKED + 1])


def seat_holds(work, hand, seat: int, chip: int):
    """The seat's threat, as `Turn._threats` counts it (the `strongest` of `hand`, LONGER more
    with its Scout & Show `chip`), and its cards, at _SEATS and _CARDS (NativeStep.renew)."""
    w = ptr32(work)
    power = int(strongest(hand))
    if chip != 0:
        power += _LONGER
    w[_SEATS + seat] = power
    w[_CARDS + seat] = int(len(hand))


def outlook(work, hand, need: int) -> int:
    """The part of a seat's outlook (bots/scout.py's `evaluate` of `outlook_features`) that
    its hand makes, the cards of `hand` (bytes): the weights of its cards in hand, of beating
    the active set (`need`, its strength, when another seat's set is active, else -1), and of
    the sets of its best split (`structure` with its pieces)."""
    w = ptr32(work)
    h = ptr8(hand)
    count = int(len(hand))
    i = 0
    while i < count:
        w[_HAND + i] = h[i] >> 4
        i += 1
    total = count * (int(w[_WEIGHTS + 2]) - _OFFSET)
    if need >= 0 and int(strongest(hand)) > need:
        total += int(w[_WEIGHTS + 3]) - _OFFSET
    _splits(work, _HAND, _AHEAD, count, _BEHIND)  # splits(numbers, last)
    end = count  # the split's sets, from the last: by length (1 to 4, 5 and more), matching
    while end > 0:
        last = int(w[_BEHIND + end])
        start = last >> 1
        if last & 1 != 0:
            total += int(w[_WEIGHTS + 9]) - _OFFSET
        length = end - start
        if length > 5:
            length = 5
        total += int(w[_WEIGHTS + 3 + length]) - _OFFSET
        end = start
    return total
