"""The tarot family's dealing of hidden cards for the bots' worlds: `deal_unknown`. Imported
by the games' dealing of worlds (games/<game>_worlds.py of Droggn and Chambery, loaded for
each world and unloaded after, and of Scarto), never by the rules of a hand."""


def deal_unknown(cards, sizes, allowed, rng):
    """Deal `cards` at random into slots of the given sizes so that every card lands in a slot
    with allowed(slot, card) true (e.g. not a suit a seat has shown void in). Returns the
    slot lists (sorted), or None if no such deal exists. The sizes add up to len(cards).

    Exact and without backtracking: before each card is placed, Hall's condition (for every
    set T of slots, the cards that may only go to slots in T fit in T's room) is kept true,
    so a placement that would strand later cards is never made. Costs O(cards * 2**slots).

    Up to 8 slots and 255 cards: the masks, counts and order are bytes (on the device a list
    of them would take 8 bytes an entry, in one piece, at the bots' peak of heap), and each
    slot's list is made at its size and filled in place (grown card by card, it would leave
    its smaller copies behind in the bots' heap)."""
    count = len(sizes)
    subsets = 1 << count
    masks = bytearray(len(cards))  # masks[i]: the slots cards[i] may go to, bit per slot
    need = bytearray(subsets)      # need[T]: cards whose allowed slots all lie in T
    for index in range(len(cards)):
        mask = 0
        for slot in range(count):
            if allowed(slot, cards[index]):
                mask |= 1 << slot
        masks[index] = mask
        _add_need(need, mask, 1)
    room = bytearray(subsets)      # room[T]: free places in the slots of T
    for slot in range(count):
        _add_room(room, slot, sizes[slot])
    if not _hall(need, room):
        return None
    order = bytearray(range(len(cards)))
    rng.shuffle(order)
    result = [[0] * size for size in sizes]
    filled = bytearray(count)      # filled[s]: places of slot s taken so far
    for index in order:
        mask = masks[index]
        _add_need(need, mask, -1)
        slots = [s for s in range(count) if mask >> s & 1 and filled[s] < sizes[s]]
        while True:
            # weighted by the room left, so that sampled deals stay balanced
            total = 0
            for s in slots:
                total += sizes[s] - filled[s]
            pick = rng.below(total)
            for slot in slots:
                pick -= sizes[slot] - filled[slot]
                if pick < 0:
                    break
            _add_room(room, slot, -1)
            if _hall(need, room):
                break
            _add_room(room, slot, 1)
            slots.remove(slot)
        result[slot][filled[slot]] = cards[index]
        filled[slot] += 1
    for pile in result:
        pile.sort()
    return result


def _add_need(need, mask, delta):
    for subset in range(len(need)):
        if mask & subset == mask:
            need[subset] += delta


def _add_room(room, slot, delta):
    for subset in range(len(room)):
        if subset >> slot & 1:
            room[subset] += delta


def _hall(need, room):
    for subset in range(len(need)):
        if need[subset] > room[subset]:
            return False
    return True
