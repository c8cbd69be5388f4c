//! Deterministic input generation for the library's unit tests (the library has no
//! property-testing dependency: those live in the `tests/` package).

/// A xorshift64* generator: the same sequence on every run, so a failure names its input.
pub(crate) struct Gen(u64);

impl Gen {
    /// A generator seeded with `seed` (any value; zero is replaced).
    pub(crate) fn new(seed: u64) -> Self {
        Gen(seed.max(1))
    }

    /// The next pseudo-random value.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A value below `n` (`n` > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A string of at most `max_len` characters drawn from `alphabet`.
    /// (A `heapless` string: this module is also built into `no_std` test builds.)
    pub(crate) fn string(&mut self, alphabet: &[char], max_len: usize) -> heapless::String<256> {
        let mut s = heapless::String::new();
        for _ in 0..self.below(max_len + 1) {
            if s.push(alphabet[self.below(alphabet.len())]).is_err() {
                break;
            }
        }
        s
    }
}
