"""The one pseudo-random generator of the core: xorshift32 (Marsaglia 2003).

Both runtimes produce the same stream for the same seed, which the `random` module cannot
promise. Deals, first dealers and bot choices all draw from instances of this class.
"""

_MASK32 = 0xFFFFFFFF


class Rng:
    def __init__(self, seed):
        state = seed & _MASK32
        # xorshift has one fixed point, zero; any other 32-bit state is fine.
        self.state = state if state else 0x6D2B79F5

    def next32(self):
        x = self.state
        x ^= (x << 13) & _MASK32
        x ^= x >> 17
        x ^= (x << 5) & _MASK32
        self.state = x
        return x

    def below(self, n):
        """A uniform integer in 0..n-1 (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (_MASK32 + 1) - (_MASK32 + 1) % n
        while True:
            x = self.next32()
            if x < limit:
                return x % n

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items):
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, salt):
        """An independent generator derived from this one's state and a salt (e.g. a seat)."""
        return Rng(self.state ^ ((salt + 1) * 0x9E3779B9))
