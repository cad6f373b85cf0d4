"""The core's generator is xorshift32 as its plain 32-bit formulas define it (the reference
below, which computes on 32-bit numbers: bignums on the board), though it computes on 16-bit
halves: the same values for every seed, draw size, fork and saved state. The module also
runs under both MicroPython ports (tests/host/test_core_under_micropython.py)."""

from deckcore.rng import LARGEST_BELOW, Rng
from expect import raises

MASK32 = 0xFFFFFFFF
SEEDS = ([0, 1, 2, 3, 0x6D2B79F5, 20261201, 20261129, 0xFFFF, 0x10000, 0x7FFFFFFF,
          0x80000000, MASK32, MASK32 + 1, MASK32 + 5, -1, -12345, 0x123456789ABC]
         + [seed * 2654435761 % (1 << 40) for seed in range(1, 120)])
SIZES = [1, 2, 3, 4, 5, 7, 12, 22, 52, 78, 100, 255, 256, 1000, 12345, LARGEST_BELOW]


class Reference:
    """xorshift32 (Marsaglia 2003) on whole 32-bit numbers, as the core computed it before."""

    def __init__(self, seed):
        state = seed & MASK32
        self.state = state if state else 0x6D2B79F5

    def next32(self):
        x = self.state
        x ^= (x << 13) & MASK32
        x ^= x >> 17
        x ^= (x << 5) & MASK32
        self.state = x
        return x

    def below(self, n):
        limit = (MASK32 + 1) - (MASK32 + 1) % n
        while True:
            x = self.next32()
            if x < limit:
                return x % n

    def fork(self, salt):
        return Reference(self.state ^ ((salt + 1) * 0x9E3779B9))


def before(value):
    """The state whose next step gives `value` (the step's three shifts undone, last first)."""
    return _undo(_undo(_undo(value, 5), -17), 13)


def _undo(y, shift):
    """x from y = x ^ (x << shift), or x ^ (x >> -shift) for a negative shift, on 32 bits."""
    x = y
    for _ in range(32 // abs(shift) + 1):
        x = y ^ ((x << shift) & MASK32 if shift > 0 else x >> -shift)
    return x


def test_every_seed_gives_the_reference_state():
    for seed in SEEDS:
        assert Rng(seed).state == Reference(seed).state, seed


def test_draws_of_every_size_follow_the_reference_stream():
    for seed in SEEDS:
        rng, reference = Rng(seed), Reference(seed)
        for draw in range(3 * len(SIZES)):
            n = SIZES[(seed + draw) % len(SIZES)]
            assert rng.below(n) == reference.below(n), (seed, draw, n)
        assert rng.state == reference.state, seed


def test_a_long_stream_of_deal_sized_draws_stays_on_the_reference():
    rng, reference = Rng(20261201), Reference(20261201)
    for draw in range(5000):
        n = 2 + draw % 77
        assert rng.below(n) == reference.below(n), draw


def test_a_value_past_the_last_whole_multiple_is_drawn_again_as_the_reference_does():
    # 2**32 % 3 == 1: modulo 3 only 0xFFFFFFFF is rejected; 2**32 % 1000 == 296: the values
    # from 2**32 - 296 on are
    for value, n, rejected in ((MASK32, 3, True), (MASK32 - 1, 3, False),
                               (MASK32 - 295, 1000, True), (MASK32 - 296, 1000, False)):
        start = before(value)
        assert Reference(start).next32() == value
        rng, reference = Rng(start), Reference(start)
        assert rng.below(n) == reference.below(n), (value, n)
        assert rng.state == reference.state
        assert (rng.state != value) == rejected, (value, n)


def test_forks_of_every_salt_follow_the_reference():
    for seed in SEEDS[:40]:
        for salt in (0, 1, 2, 3, 4, 5, 7, 15, 100, 0xFFFF, 0x10000, 123456789, -1, -3):
            forked, reference = Rng(seed).fork(salt), Reference(seed).fork(salt)
            assert forked.state == reference.state, (seed, salt)
            assert forked.below(52) == reference.below(52), (seed, salt)


def test_a_fork_onto_zero_takes_the_fixed_point_s_replacement_as_the_reference_does():
    salt = 6
    state = (salt + 1) * 0x9E3779B9 & MASK32  # forking this state with this salt gives zero
    assert Rng(state).fork(salt).state == Reference(state).fork(salt).state == 0x6D2B79F5


def test_a_saved_state_restores_the_stream():
    rng = Rng(99)
    for _ in range(10):
        rng.below(52)
    saved = rng.state
    restored = Rng(1)
    restored.state = saved
    assert [restored.below(52) for _ in range(20)] == [rng.below(52) for _ in range(20)]


def test_shuffles_and_choices_match_fisher_yates_on_the_reference():
    for seed in SEEDS[:30]:
        cards = list(range(78))
        Rng(seed).shuffle(cards)
        expected, reference = list(range(78)), Reference(seed)
        for i in range(len(expected) - 1, 0, -1):
            j = reference.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert cards == expected, seed
        assert Rng(seed).choice("abcdefg") == "abcdefg"[Reference(seed).below(7)]


def test_draws_outside_one_to_the_largest_size_are_refused():
    for n in (0, -1, LARGEST_BELOW + 1):
        assert "below() needs" in str(raises(ValueError, Rng(1).below, n))
