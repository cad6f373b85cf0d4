"""The one pseudo-random generator of the core: xorshift32 (Marsaglia 2003).

Both runtimes produce the same stream for the same seed, which the `random` module cannot
promise. Deals, first dealers and bot choices all draw from instances of this class.

The 32-bit state is kept as two 16-bit halves, so that every step computes on small ints:
on the board (and the browser's 32-bit port) small ints have 31 bits and a 32-bit value is a
bignum, allocated on the heap and about five times slower. The stream is the one of the
plain 32-bit formulas (tests/core/test_rng.py holds them as the reference).
"""

LARGEST_BELOW = 1 << 14  # the most choices `below` draws from (its halves stay under 2**30)


class Rng:
    def __init__(self, seed):
        self.state = seed

    @property
    def state(self):
        """The 32-bit state as one number (for saving a generator: a bignum on the board)."""
        return self.high << 16 | self.low

    @state.setter
    def state(self, value):
        self._set(value >> 16 & 0xFFFF, value & 0xFFFF)

    def _set(self, high, low):
        # xorshift has one fixed point, zero; any other 32-bit state is fine.
        if not high | low:
            high, low = 0x6D2B, 0x79F5
        self.high, self.low = high, low

    def below(self, n):
        """A uniform integer in 0..n-1, for 0 < n <= LARGEST_BELOW (rejection sampling, so no
        modulo bias): the 32-bit value of the next step modulo n, a value at or above the
        largest multiple of n below 2**32 rejected (from 2**32 - 2**32 % n on, where
        2**32 % n is (2**16 % n)**2 % n)."""
        if not 0 < n <= LARGEST_BELOW:
            raise ValueError("below() needs 0 < n <= %d" % LARGEST_BELOW)
        high, low = self.high, self.low
        while True:
            # x ^= x << 13; x ^= x >> 17; x ^= x << 5, on 32 bits
            high ^= (high << 13 | low >> 3) & 0xFFFF
            low ^= low << 13 & 0xFFFF ^ high >> 1
            high ^= (high << 5 | low >> 11) & 0xFFFF
            low ^= low << 5 & 0xFFFF
            half = 0x10000 % n
            if high != 0xFFFF or low + half * half % n < 0x10000:
                self.high, self.low = high, low
                return (high % n * half + low) % n

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items):
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, salt):
        """An independent generator derived from this one's state and a salt (e.g. a seat):
        the state xor (salt + 1) * 0x9E3779B9, modulo 2**32 (in small ints for salts below
        2**14)."""
        salt += 1
        low = (salt & 0xFFFF) * 0x79B9
        high = ((salt & 0xFFFF) * 0x9E37 + (salt >> 16 & 0xFFFF) * 0x79B9 + (low >> 16)) & 0xFFFF
        forked = Rng(0)
        forked._set(self.high ^ high, self.low ^ low & 0xFFFF)
        return forked
