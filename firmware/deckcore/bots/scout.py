"""What the bots know about SCOUT (rules.md section 5): how good a hand is, and how to choose
among a thousand actions and more with one ply of lookahead.

A hand is worth its *structure*: the best split of the hand, in hand order, into valid sets
(5.2.A.1), each piece worth what it is expected to win back of the -1 per card left in hand
(5.4): little for a lone card, more per card for longer pieces, a little more for a matching
set. The whole-hand flip (5.1.4) keeps the way up with the better structure.

A play decision is one ply, valued on the hand's numbers alone (no State is copied): every
Show; the most promising places for a scouted card, found by a glance at its neighbours, as
Scouts; and the Scout & Shows through those places. An action is worth the cards it captures,
the chip it gives away, the hand it leaves and that hand's structure, and, for a Show, what
the set is likely to earn as the active set: a chip from each seat that scouts it, and the
hand scored free if every other seat must scout (5.3 (b)). That chance is counted in worlds
dealt from the view, against each other hand's strongest set. With 2 players a Scout is worth
the Show it allows, since the turn goes on (5.5.4). easy and normal differ in the places tried
and the worlds dealt (their Budget's `places` and `worlds`, levels.py); the search machinery
is not used for the play (a few thousand actions, each a copied State, would not fit the
device's time).

strong (host) takes normal's two best actions, or the two ways up of the hand, and plays
each out to the end of the round in its budget's `playouts` worlds dealt from the view,
every seat then playing normal; the one-ply value ranks the candidates well, but telling the
best two apart takes playouts. hard (the device's level above normal) plays normal's best
actions (its budget's `candidates`: four or five, where the third or fourth is often the
best) out only until the seat is about to act for the second time (its budget's `depth`),
where `evaluate` values the seats by an outlook fitted offline to self-play (one row of
integer weights per number of players), in 32 worlds with 2 players and with 3 to 5 in as
many worlds as its budget's `nodes` of work allow: a turn late in the round, with short
hands, plays out in many more worlds than the first, in about the same time. In its playouts
every seat tries one place for a scouted card (its `width`) and the Scout & Shows through
it, listed for that place alone (no list of a thousand actions, nor of every place); it
chooses the way up of its hand so too. Whole rounds from every decision would take the
RP2040 several times its 3 s. On the device that step runs in native code (`NativeStep`,
scout_step_viper.py: the same actions and values, about 4 times quicker a decision).

Values are points times SCALE.
"""

from deckcore.bots import best_index, utility
from deckcore.game import TERMINAL
from deckcore.games.scout import (DECISION, FIELD, FLIP, KEEP, LENGTH_AT, SCOUT, SCOUT_SHOW,
                                  SHOW, START_AT, UNKNOWN, _shows, _shows_with, decode, encode,
                                  set_power, strength, turned, value, values)
from deckcore.games.scout_worlds import deal_unseen, determinize

SCALE = 16
# PIECE[n]: what a piece of n cards wins back, in SCALE units, for every n up to the 45 cards
# of the largest deck; from 5 cards on, one point more per card (they get out, and beat what
# lies on the table).
PIECE = (0, 4, 22, 41, 61, 80) + tuple(80 + n * SCALE for n in range(1, 41))
MATCHING = 4  # a matching set beats a run of its length (5.2.A.3)
SCOUT_SHOW_CHIP = 16  # keeping the Scout & Show chip for later (5.2.C)
DENIED = 16  # per card of another hand, when a Show ends the round: the -1 it can no longer undo
LONGER = 2 << 5  # a Scout & Show can lengthen a set by one and shorten the active set by one
LONG_ROUND = 40  # Scout chips given in a round (3 to 5 players) when bots start to vary
PLACES = 1 << 16  # more than the legal actions of any turn
STEP = 8  # a playout step's work beyond the cards of the hand it weighs (hard's `nodes`)


# The hand's structure ---------------------------------------------------------------------

def structure(numbers, pieces=None):
    """The best split of `numbers` (in hand order) into valid sets, in SCALE units. Given a
    list `pieces` of six zeros, it also counts the split's sets there: by length (1 to 4, then
    5 and more) and, last, those that are matching."""
    if pieces is None:
        return splits(numbers)[-1]
    count = len(numbers)
    last = [0] * (count + 1)  # per end: its last set's start
    best = splits(numbers, last)
    end = count
    while end:
        start = last[end]
        if start < 0:
            start = ~start
            pieces[5] += 1
        pieces[min(end - start, 5) - 1] += 1
        end = start
    return best[count]


def splits(numbers, last=None):
    """best[i], the value of the best split of numbers[:i] into valid sets, for every i (the
    last is `structure`'s); given `last`, the start of the last set of each, ~start if that
    set is matching."""
    count = len(numbers)
    best = [0] * (count + 1)
    for start in range(count):
        base = best[start]
        if base + PIECE[1] > best[start + 1]:
            best[start + 1] = base + PIECE[1]
            if last is not None:
                last[start + 1] = start
        end = start + 1
        if end == count:
            continue
        step = numbers[end] - numbers[start]
        if step < -1 or step > 1:
            continue
        bonus = MATCHING if step == 0 else 0
        while True:
            worth = base + PIECE[end - start + 1] + bonus
            if worth > best[end + 1]:
                best[end + 1] = worth
                if last is not None:
                    last[end + 1] = ~start if bonus else start  # ~: a matching set
            end += 1
            if end == count or numbers[end] - numbers[end - 1] != step:
                break
    return best


class Split:
    """The structure of a hand with any one block of its cards taken out (a Show), from the
    best splits of its beginnings and of its ends (a set read backwards is a set): those of
    the two parts left, or one set across the gap. The same values as `structure` of what is
    left, without its table for every Show."""

    def __init__(self, numbers):
        self.numbers = numbers
        self.ahead = splits(numbers)
        self.behind = None  # behind[k]: of the last k cards (made at the first Show weighed)

    def without(self, start, length):
        """structure(numbers[:start] + numbers[start + length:])."""
        if self.behind is None:
            self.behind = splits(self.numbers[::-1])
        numbers, ahead, behind = self.numbers, self.ahead, self.behind
        end = start + length
        count = len(numbers)
        best = ahead[start] + behind[count - end]
        if start == 0 or end == count:
            return best
        step = numbers[end] - numbers[start - 1]
        if step < -1 or step > 1:
            return best
        bonus = MATCHING if step == 0 else 0
        first = start - 1  # the set across the gap: numbers[first:start] + numbers[end:after]
        while True:
            after = end + 1
            while True:
                worth = ahead[first] + PIECE[start - first + after - end] + bonus + \
                    behind[count - after]
                if worth > best:
                    best = worth
                if after == count or numbers[after] - numbers[after - 1] != step:
                    break
                after += 1
            if first == 0 or numbers[first] - numbers[first - 1] != step:
                break
            first -= 1
        return best


def strongest(numbers):
    """The strength (5.2.A.3, as `strength` counts it) of the strongest set in the hand."""
    count = len(numbers)
    best = 0
    start = 0
    while start < count:
        end = start + 1
        step = 0
        if end < count:
            step = numbers[end] - numbers[start]
            if -1 <= step <= 1:
                while end + 1 < count and numbers[end + 1] - numbers[end] == step:
                    end += 1
                end += 1
        low = numbers[start] if numbers[start] < numbers[end - 1] else numbers[end - 1]
        power = set_power(end - start, step, low)  # the set numbers[start:end], valid
        if power > best:
            best = power
        start = start + 1 if end == start + 1 else end - 1
    return best


def flipped(cards):
    """The hand rotated (5.1.4): reversed, every card turned."""
    return [turned(card) for card in reversed(cards)]


# The Bot interface ------------------------------------------------------------------------

def hidden(view):
    if view.set_aside_size:
        return True
    for hand in view.hands:
        if UNKNOWN in hand:
            return True
    return False


def cards_left(state):
    return sum(len(hand) for hand in state.hands)


def immediate(state):
    """The scores if the round ended now: captured cards and chips less cards in hand."""
    return state.scores()


def evaluate(state):
    """Per seat: the score when the round is over; while it goes on, the outlook fitted for
    the number of players to `outlook_features` (score and structure alone guess worse)."""
    if state.current_player() == TERMINAL:
        return [SCALE * score for score in state.scores()]
    weights = OUTLOOK[len(state.hands) - 2]
    out = []
    for seat in range(len(state.hands)):
        features = outlook_features(state, seat)
        total = 0
        for i in range(len(features)):
            total += weights[i] * features[i]
        out.append(SCALE * total // 32)
    return out


# Where hard's playouts stop mid-round, a seat's outlook weighs the features below in SCALE/32
# units, one row per number of players from 2 (tools/fit_scout_outlook.py fitted them to the
# round's outcome in self-play: they predict it better than score and structure, docs/bots.md).
OUTLOOK = (
    (42, 86, 48, 44, -65, -113, -103, -105, -89, 46, 0),
    (30, 34, 38, 73, -62, -104, -80, -24, 33, 33, 75),
    (29, 32, 30, 77, -55, -84, -76, -59, -8, 21, 61),
    (26, 31, 18, 85, -46, -66, -53, -42, -20, 19, 69),
)


def outlook_features(state, seat):
    """A seat's cards captured, Scout chips and cards in hand (its score, 5.5.7, is the first
    two less the third), whether its hand can beat the active set of another seat, the sets
    of the hand's best split (`structure`): lone cards, pairs, sets of 3, of 4, of 5 and more,
    and how many of them are matching; and whether it still holds its Scout & Show chip
    (5.2.C: a chip kept is a Scout & Show still to come where the playouts stop).
    (Who holds the active set and how long it is adds nothing: with 2 players, at a seat's
    turn, the counts above tell it.)"""
    numbers = values(state.hands[seat])
    active = state.active
    beats = state.owner != seat and active and strongest(numbers) > strength(values(active))
    pieces = [0] * 6
    structure(numbers, pieces)
    return [len(state.piles[seat]), state.chips[seat], len(numbers), 1 if beats else 0] + \
        pieces + [1 if state.scout_show[seat] else 0]


def order(state, actions):
    """Longest Shows first (Scout & Shows after Shows of their length), then Scouts."""
    ranked = []
    for i in range(len(actions)):
        kind, start, length, index, turn, gap = decode(actions[i])
        if kind == DECISION:
            key = 0
        elif kind == SCOUT:
            key = 1000
        else:
            key = -4 * length + (0 if kind == SHOW else 1)
        ranked.append((key, i))
    ranked.sort()
    return [actions[item[1]] for item in ranked]


def decide(view, legal, rng, budget, tick):
    """Every decision: the flip by rule, the play by one ply (easy, normal); with a budget of
    playouts, the flip and the play by playouts of the two ways up or the one ply's best few
    (hard, strong)."""
    if budget.playouts:
        if view.phase == "flip":
            return playouts(view, [KEEP, FLIP], rng, budget, tick)
        turn = Turn(view, rng, budget.worlds, tick=tick)
        return playouts(view, turn.best_few(legal, budget.places, budget.candidates), rng,
                        budget, tick)
    if view.phase == "flip":
        return flip_rule(view.hand)
    return Turn(view, rng, budget.worlds, tick=tick).best(legal, budget.places)


def flip_rule(hand):
    return FLIP if structure(values(flipped(hand))) > structure(values(hand)) else KEEP


def playouts(view, candidates, rng, budget, tick):
    """strong and hard: the candidate whose playouts score best against the others' mean (as
    bots.utility counts it, of `evaluate`; the first of the best). A playout deals a world
    from the view, applies the candidate and plays on with normal's one ply in every seat (it
    sees the world's hands, so it deals no worlds of its own), trying the budget's `places`
    for a scouted card, or its `width` (hard: a quicker step, its Scout & Shows listed
    through those places only), to the end of the round or, with a `depth`, until the
    seat is about to act for the depth-th time after the candidate. Every candidate is played
    out in the same worlds: `playouts` of them, or, with `nodes` (hard), at least 2 and one
    more while the work of one more (as much as the mean so far) keeps the work within
    `nodes`, a step counting the cards of the hand it weighs and STEP more (a step's time
    grows with them); the work counts, never the time, so a decision is the same on every
    runtime. On the device the heap is collected only when it is full (a collection before
    each world took a tenth of hard's instructions at 5 players), the last candidate plays
    on the world itself (a state less), a quick step is `NativeStep`'s where the image has
    it, and nothing of search.py is loaded (its code and names would be interned in a SCOUT
    match): 5-player SCOUT's hard did not play in 192K otherwise."""
    if len(candidates) == 1:
        return candidates[0]
    import sys
    native = NativeStep.load() if sys.implementation.name == "micropython" and \
        budget.width == 1 else None
    totals = [0] * len(candidates)
    worlds = work = 0  # work: the steps, each as the cards it weighs and STEP more
    while worlds < budget.playouts and (not budget.nodes or worlds < 2
                                        or work * (worlds + 1) <= budget.nodes * worlds):
        worlds += 1
        world = state = None  # (the last world is garbage before the next is dealt)
        world = determinize(view, rng)
        if native is not None:
            native.deal(world)
        for i in range(len(candidates)):
            state = world if i == len(candidates) - 1 else world.clone()
            state.apply(candidates[i])
            if native is None:
                powers = [strongest(values(hand)) for hand in state.hands]  # a step changes one
            else:  # (the native step keeps the powers: `deal`, `start`, `renew`)
                native.start(state, view.seat)
            turns = 0  # the seat's turns reached since the candidate
            actor = state.current_player()
            while actor != TERMINAL:
                if tick is not None:
                    tick()
                work += len(state.hands[actor]) + STEP
                if native is None:
                    state.apply(_normal_in(state, rng, budget.width or budget.places,
                                           budget.width > 0, powers))
                    powers[actor] = strongest(values(state.hands[actor]))
                else:
                    state.apply(native.play(state, rng))
                    native.renew(state, actor)
                after = state.current_player()
                if actor != view.seat and after == view.seat:
                    turns += 1
                    if turns == budget.depth:
                        break
                actor = after
            totals[i] += utility(evaluate(state) if native is None else native.evaluate(state),
                                 view.seat)
    return candidates[best_index(totals)]


def _normal_in(state, rng, places, quick=False, powers=None):
    """normal's one ply, trying `places` places for a scouted card, in a world whose hands it
    sees; `quick` (hard's playouts) lists the Scout & Shows through those places only, the
    same decision without the list of a thousand actions; `powers`, if given, are the
    `strongest` of every hand."""
    seat = state.current_player()
    if state.phase == "flip":
        return flip_rule(state.hands[seat])
    turn = Turn(state, rng, 0, state, powers=powers)
    if not quick:
        return turn.best(state.legal_actions(), places)
    legal = _shows_and_places(state, seat, turn.numbers, places)
    if not (state.active and state.scout_show[seat]):
        return turn.best(legal, places)
    return turn.best(legal, places, lambda scout: _scout_shows_through(state, scout))


class NativeStep:
    """hard's quick playout step (`_normal_in` with one place, `strongest`, and `evaluate`'s
    outlook where a playout stops) in native code: scout_step_viper.py, its twin on compact
    arrays, as the image ships it for the device; the same actions, draws of the generator
    and values (tests/host/test_scout_native.py). CPython and the bytecode ports (the
    browser's too) play the step above, which stays the reference."""

    MODULE = "deckcore.bots.scout_step_viper"
    # its `work`: the words, and the places and the offset its constants of the same names say
    WORDS, SECOND, PIECE, WEIGHTS, SEATS, CARDS, OFFSET = 383, 4, 16, 362, 373, 378, 1 << 24

    @staticmethod
    def load():
        """The step in native code, or None where the image has no native module for this
        architecture or runs its source as bytecode (bots/native_code.py)."""
        from deckcore.bots import native_code

        def step():
            import deckcore.bots.scout_step_viper  # noqa: F401 (MODULE, found by its name)
        module = native_code.load(NativeStep.MODULE, step)
        return None if module is None else NativeStep(module)

    def __init__(self, native):
        from array import array
        self.native = native
        self.work = array("i", bytes(4 * self.WORDS))  # (no list of WORDS: a 3 KB block)
        for n in range(len(PIECE)):
            self.work[self.PIECE + n] = PIECE[n]
        self.players = 0  # the number of players whose OUTLOOK row `work` holds
        self.hands = []  # by seat: its hand as bytes, as `renew` saw it last
        self.dealt = (self.hands, self.work[self.SEATS:])  # `deal`'s world: hands, their words

    def evaluate(self, state):
        """`evaluate`, the hands' part of each seat's outlook in native code (the hands as
        `deal`, `start` and `renew` left them)."""
        if state.current_player() == TERMINAL:
            return evaluate(state)
        players = len(state.hands)
        weights = OUTLOOK[players - 2]
        work = self.work
        if self.players != players:
            self.players = players
            for i in range(len(weights)):
                work[self.WEIGHTS + i] = weights[i] + self.OFFSET
        active = state.active
        power = strength(values(active))
        out = []
        for seat in range(players):
            total = self.native.outlook(work, self.hands[seat],
                                        power if active and state.owner != seat else -1)
            total += weights[0] * len(state.piles[seat]) + weights[1] * state.chips[seat]
            if state.scout_show[seat]:
                total += weights[10]
            out.append(SCALE * total // 32)
        return out

    def deal(self, world):
        """A world dealt: `renew` of every seat, kept for `start`."""
        self.hands = [bytearray()] * len(world.hands)
        for seat in range(len(world.hands)):
            self.renew(world, seat)
        self.dealt = (self.hands[:], self.work[self.SEATS:])

    def start(self, state, seat):
        """A playout of the world `deal` saw, after `seat` acted (one action changes its hand
        and Scout & Show chip alone)."""
        hands, words = self.dealt
        self.hands = hands[:]
        self.work[self.SEATS:] = words
        self.renew(state, seat)

    def renew(self, state, seat):
        """After the seat acted: its hand as bytes, and in `work` its threat (its `strongest`,
        LONGER more while it holds its Scout & Show chip, as `Turn._threats` counts it) and its
        cards, where the step reads them."""
        hand = self.hands[seat] = bytearray(state.hands[seat])
        self.native.seat_holds(self.work, hand, seat, state.scout_show[seat])

    def play(self, state, rng):
        """_normal_in(state, rng, 1, True), the hands as `start` and `renew` left them."""
        seat = state.to_act
        if state.phase == "flip":
            return flip_rule(state.hands[seat])
        players = len(state.hands)
        work = self.work
        active = state.active
        flags = seat << 8 | (players - 1) << 4
        if active and (players > 2 or state.chips[seat] > 0):  # _may_scout
            flags |= 1
        if active and state.scout_show[seat]:
            flags |= 2
        if players == 2:
            flags |= 4
        if players > 2 or state.chips[1 - seat] == 0:  # Turn.last_stand
            flags |= 8
        action = self.native.step(work, self.hands[seat], bytearray(active), flags)
        second = work[self.SECOND] - 1
        if second >= 0 and sum(state.chips) >= LONG_ROUND and rng.below(2):
            return second  # (Turn.best)
        return action


def _shows_and_places(state, seat, numbers, places):
    """The Shows of `legal_actions` and, of its Scouts, the `places` that `Turn.best` would
    try (the best `_fits`, the first listed of equals), in the order listed: the same decision
    without encoding and decoding every place. `numbers`: the values of the seat's hand."""
    legal = []
    _shows(numbers, strength(values(state.active)), legal, SHOW)
    if not state._may_scout(seat):
        return legal
    ranked = []  # (-fit, k) as one int, k the place's number in legal_actions' order
    k = 0
    ends = state._ends()
    for index in ends:
        card = state.active[index]
        for turn in (0, 1):
            fits = _fits(numbers, value(turned(card) if turn else card))
            if places > 1:
                for fit in fits:
                    ranked.append(-fit * PLACES + k)
                    k += 1
                continue
            fit = max(fits)  # the best alone: the first of the best fits
            if not ranked or -fit * PLACES + k + fits.index(fit) < ranked[0]:
                ranked = [-fit * PLACES + k + fits.index(fit)]
            k += len(fits)
    ranked.sort()
    gaps = len(numbers) + 1  # places per way up of a card
    tried = []
    for item in ranked[:places]:
        k = item % PLACES
        tried.append(encode(SCOUT, 0, 0, ends[k // (2 * gaps)], k // gaps % 2, k % gaps))
    tried.sort()
    legal.extend(tried)
    return legal


def _scout_shows_through(state, scout):
    """The Scout & Shows (5.2.C) that put the card of the action `scout` where it does, as
    `legal_actions` lists them (7.14's distinct forms, in increasing number): a block of the
    hand from the gap on moves one place right, a block before it stays unless it ends at the
    gap, and the sets through the card itself."""
    index, turn, gap = decode(scout)[3:]
    active = state.active
    need = strength(values(active[:index] + active[index + 1:]))
    numbers = values(state.hands[state.current_player()])
    card = turned(active[index]) if turn else active[index]
    base = encode(SCOUT_SHOW, 0, 0, index, turn, gap)
    plain = []  # the start and length fields of each Show of the hand alone
    _shows(numbers, need, plain, 0)
    group = _shows_with(numbers, gap, value(card), need, base)
    for bits in plain:
        start = bits >> START_AT
        if start >= gap:
            group.append(base | bits + (1 << START_AT))
        elif start + (bits & FIELD) < gap:
            group.append(base | bits)
    group.sort()
    return group


# One ply ------------------------------------------------------------------------------------

def _first_at_least(actions, number, lo):
    """The first index from `lo` of sorted `actions` holding a number >= `number`."""
    hi = len(actions)
    while lo < hi:
        mid = (lo + hi) >> 1
        if actions[mid] < number:
            lo = mid + 1
        else:
            hi = mid
    return lo


def _fits(numbers, number):
    """A glance at a scouted card of `number` put in at each gap of the hand (0 to its length):
    how well it joins its new neighbours (3 for an equal number, 2 for one next to it, 3 more
    when both continue one set through it), less 4 where it would split a set (its
    neighbours' numbers are equal or next to each other)."""
    count = len(numbers)
    fits = [0] * (count + 1)
    for i in range(count):
        left = numbers[i] - number  # card i is the left neighbour of gap i + 1
        if -1 <= left <= 1:
            join = 3 if left == 0 else 2
            fits[i] += join  # ... and the right neighbour of gap i, the other way round
            if i + 1 < count and number - numbers[i + 1] == left:
                join += 3
            fits[i + 1] += join
        if i and -1 <= numbers[i - 1] - numbers[i] <= 1:
            fits[i] -= 4
    return fits


class Turn:
    """One decision in play: the values of the candidate actions for the seat to act."""

    def __init__(self, view, rng, worlds, world=None, tick=None, powers=None):
        """The other hands' threats come from `worlds` worlds dealt from the view, or from
        `world` alone when it is given; `tick`, if given, is called before each world. In a
        playout the world is the view too (`view` is `world`: its seat to act sees every hand,
        and no View is copied for a step), and `powers` may give the `strongest` of its
        hands."""
        self.view = view
        if view is world:
            seat = world.current_player()
            self.numbers = values(world.hands[seat])
        else:
            seat = view.seat
            self.numbers = values(view.hand)
        self.seat = seat
        self.rng = rng
        self.keep = 2  # the best actions `best` keeps (two: `best` may play the second)
        players = view.game.num_players
        self.players = players
        # 5.5.3: a 2-player Scout spends a chip of one's own; else it gives one to the owner
        # (5.2.B.3), which counts against the seat as one of the others' mean.
        self.gift = SCALE if players == 2 else SCALE // (players - 1)
        others = 0
        for other in range(players):
            if other != seat:
                others += len(view.hands[other])
        # Ending the round counts every other hand as it stands (5.3, 5.4).
        self.ending = DENIED * others // (players - 1)
        self.last_stand = players > 2 or view.chips[1 - seat] == 0
        if world is not None:
            self.threats = [self._threats(world.hands, powers)]
        else:  # the hands alone are dealt: a whole State would take twice the heap
            self.threats = []
            for _ in range(worlds):
                if tick is not None:
                    tick()
                self.threats.append(self._threats(deal_unseen(view, rng)[0]))

    def _threats(self, hands, powers=None):
        """The other seats' strongest sets with these hands (or their `powers`), in turn
        order from the next seat; a seat holding its Scout & Show chip counts as LONGER
        stronger."""
        seat = self.seat
        out = []
        for step in range(1, self.players):
            other = (seat + step) % self.players
            power = strongest(values(hands[other])) if powers is None else powers[other]
            if self.view.scout_show[other]:
                power += LONGER
            out.append(power)
        return out

    def best(self, legal, places, through=None):
        """The best action by its one-ply value; in a round gone on for LONG_ROUND Scouts, one
        of the two best at random, so that bots cannot go round a cycle of Shows scouted empty
        for ever (5.2.B.5: the rules end no such cycle). The Scout & Shows through a place
        tried are those of `legal`, or, given `through`, the list `through(scout)` returns
        (hard's playouts: `legal` then holds no Scout & Show, no list of a thousand)."""
        self.ranked = [None, None] * self.keep  # the best first: value, action, ...
        numbers = self.numbers
        scouts = _first_at_least(legal, SCOUT, 0)
        scout_shows = _first_at_least(legal, SCOUT_SHOW, scouts)
        split = None  # the hand's Split, made at its first Show
        for i in range(scouts):
            if split is None:
                split = Split(numbers)
            self._offer(self.show(split, legal[i], len(self.view.active)), legal[i])
        ranked = []  # (-fit, i) as one int: no tuple per place
        fits = [None] * 11  # type: list  # _fits by the scouted card's number
        listed = range(scouts, scout_shows)
        if scout_shows - scouts == 1:  # one place listed (hard's playouts): nothing to rank
            ranked.append(scouts)
            listed = ()
        for i in listed:
            index, number, gap = self._placement(legal[i])
            if fits[number] is None:
                fits[number] = _fits(numbers, number)
            ranked.append(-fits[number][gap] * PLACES + i)
        ranked.sort()
        for item in ranked[:places]:
            action = legal[item % PLACES]
            index, number, gap = self._placement(action)
            hand = Split(numbers[:gap] + [number] + numbers[gap:])
            worth = hand.ahead[-1] - SCALE * len(hand.numbers) - self.gift  # the hand kept
            if self.players == 2:  # 5.5.4: the turn goes on, to a Show at best
                rest = self.view.active[:index] + self.view.active[index + 1:]
                worth = max(worth, self.best_show(hand, strength(values(rest)), len(rest))
                            - self.gift)
            self._offer(worth, action)
            if through is not None:
                group = through(action)
                first, last = 0, len(group)
            elif scout_shows == len(legal):
                continue
            else:  # the Scout & Shows through this place sort together, before the next gap's
                group = legal
                turn = decode(action)[4]
                base = encode(SCOUT_SHOW, 0, 0, index, turn, gap)
                first = _first_at_least(legal, base, scout_shows)
                last = _first_at_least(legal, encode(SCOUT_SHOW, 0, 0, index, turn, gap + 1),
                                       first)
            for j in range(first, last):
                self._offer(self.show(hand, group[j], len(self.view.active) - 1)
                            - self.gift - SCOUT_SHOW_CHIP, group[j])
        ranked = self.ranked
        if ranked[3] is not None and sum(self.view.chips) >= LONG_ROUND and self.rng.below(2):
            return ranked[3]
        return ranked[1]

    def best_few(self, legal, places, count):
        """The `count` best actions `best` weighs by their one-ply value (the first offered of
        equals first), or as many as there are."""
        self.keep = max(2, count)
        self.best(legal, places)
        ranked = self.ranked
        return [ranked[i] for i in range(1, 2 * count, 2) if ranked[i] is not None]

    def _offer(self, worth, action):
        """Keeps the `keep` best actions offered, best first (of equals, the first offered)."""
        ranked = self.ranked
        at = len(ranked) - 2
        if ranked[at] is not None and worth <= ranked[at]:
            return
        while at and (ranked[at - 2] is None or worth > ranked[at - 2]):
            ranked[at], ranked[at + 1] = ranked[at - 2], ranked[at - 1]
            at -= 2
        ranked[at], ranked[at + 1] = worth, action

    def best_show(self, split, need, captured):
        """The value of the best Show from the hand of `split` that beats a set of strength
        `need`."""
        numbers = split.numbers
        best = None
        for start in range(len(numbers)):
            end = start + 1
            while True:
                if strength(numbers[start:end]) > need:
                    worth = self.show(split, start << START_AT | end - start, captured)
                    if best is None or worth > best:
                        best = worth
                if end == len(numbers) or strength(numbers[start:end + 1]) == 0:
                    break
                end += 1
        return -SCALE * 100 if best is None else best

    def _placement(self, action):
        """(index in the active set, number as it goes in, gap) of a scouting action."""
        kind, start, length, index, turn, gap = decode(action)
        card = self.view.active[index]
        return index, value(turned(card) if turn else card), gap

    def show(self, split, action, captured):
        """Showing the valid set of the action's start and length fields from the hand of
        `split`, capturing `captured` cards (5.2.A.4); what is left is kept for later: -1 per
        card, won back in part by its structure."""
        numbers = split.numbers
        start, length = action >> START_AT & FIELD, action >> LENGTH_AT & FIELD
        left = len(numbers) - length
        if not left:  # 5.3 (a)
            return SCALE * captured + self.ending
        kept = split.without(start, length) - SCALE * left
        first, last = numbers[start], numbers[start + length - 1]
        power = set_power(length, numbers[start + 1] - first if length > 1 else 0,
                          first if first < last else last)  # strength(), the set being valid
        return SCALE * captured + kept + self.holding(power, length, self.ending - kept)

    def holding(self, power, length, free):
        """What a set of this strength and length earns as the active set, over the worlds: a
        chip from each seat that scouts it, one card shorter each time, until one can beat what
        is left or the set is scouted empty (the next seat then Shows, 5.2.B.5); `free` if every
        other seat scouts it and the round ends with the hand scored free (5.3 (b)). With 2
        players that takes an opponent out of Scout chips (5.5.5 (b))."""
        if not self.threats:
            return 0
        total = 0
        for threats in self.threats:
            scouted = 0
            while scouted < len(threats) and scouted < length and \
                    threats[scouted] <= power - (scouted << 5):
                scouted += 1
            total += SCALE * scouted
            if scouted == len(threats) and self.last_stand:
                total += free
        return total // len(self.threats)
