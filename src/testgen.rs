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

/// Calls `f` with every string of 0 to `max_len` bytes drawn from `alphabet`, shortest
/// first: the exhaustive counterpart of [`Gen::string`], for checks small enough to run on
/// every input. `max_len` is at most 16.
pub(crate) fn each_string(alphabet: &[u8], max_len: u32, mut f: impl FnMut(&[u8])) {
    assert!(max_len <= 16, "each_string: at most 16 bytes");
    let mut s = heapless::Vec::<u8, 16>::new();
    for len in 0..=max_len {
        for mut n in 0..alphabet.len().pow(len) {
            s.clear();
            for _ in 0..len {
                let _ = s.push(alphabet[n % alphabet.len()]);
                n /= alphabet.len();
            }
            f(&s);
        }
    }
}
