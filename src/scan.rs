//! Byte classes and the scans over them, below the parser, the host parser and IDNA: every
//! per-byte table they use, as one bit each in a single `[u16; 256]` (512 bytes of flash
//! instead of one 256-byte table per question), the forbidden-code-point predicates, and the
//! tab-and-newline check of the basic URL parser's step 3. Each word-at-a-time or vector
//! scan (SSE2 on x86_64, NEON on aarch64, chosen by target) has an exhaustive test against
//! the plain byte loop.

use crate::percent::{self, EncodeSet};

/// <https://url.spec.whatwg.org/#forbidden-host-code-point>: a bit of
/// [`FORBIDDEN_HOST`] (a mask: four words and a shift instead of seventeen comparisons, for
/// flash).
#[inline]
pub(crate) const fn is_forbidden_host(b: u8) -> bool {
    let word = match b / 32 {
        0 => FORBIDDEN_HOST[0],
        1 => FORBIDDEN_HOST[1],
        2 => FORBIDDEN_HOST[2],
        3 => FORBIDDEN_HOST[3],
        _ => 0,
    };
    word >> (b % 32) & 1 != 0
}

/// Bit `b` is set when the ASCII byte `b` is a forbidden host code point.
const FORBIDDEN_HOST: [u32; 4] = {
    let mut mask = [0u32; 4];
    let bytes = b"\0\t\n\r #/:<>?@[\\]^|";
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i] as usize;
        mask[b / 32] |= 1 << (b % 32);
        i += 1;
    }
    mask
};

/// <https://url.spec.whatwg.org/#forbidden-domain-code-point>
#[inline]
pub(crate) const fn is_forbidden_domain(b: u8) -> bool {
    is_forbidden_host(b) || b <= 0x1f || b == b'%' || b == 0x7f
}

/// <https://url.spec.whatwg.org/#c0-control-or-space>
/// Inlined: one comparison, tested for every byte of the loops that trim the input.
#[inline(always)]
pub(crate) fn is_c0_or_space(b: u8) -> bool {
    b <= 0x20
}

/// <https://url.spec.whatwg.org/#ascii-tab-or-newline>
/// Inlined: one comparison, tested for every byte of the loops that skip tabs and newlines.
#[inline(always)]
pub(crate) fn is_tab_or_newline(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r')
}

/// One question about a byte: a bit of [`CLASS`].
pub(crate) type Flag = u16;

/// ASCII URL code points the path percent-encode set leaves alone.
pub(crate) const PATH: Flag = 1 << 0;
/// The same for the query set.
pub(crate) const QUERY: Flag = 1 << 1;
/// The same for the special-query set.
pub(crate) const SPECIAL_QUERY: Flag = 1 << 2;
/// The same for the fragment set.
pub(crate) const FRAGMENT: Flag = 1 << 3;
/// The same for the C0 control set (opaque paths).
pub(crate) const C0: Flag = 1 << 4;
/// [`PATH`] without `.`: the bytes of a canonical list path that cannot start a dot
/// segment (`/` included, so a path is scanned in one run, stopping only at dots).
pub(crate) const PATH_NO_DOT: Flag = 1 << 5;
/// Bytes that continue a scheme (<https://url.spec.whatwg.org/#scheme-state>).
pub(crate) const SCHEME_CHAR: Flag = 1 << 6;
/// [`SCHEME_CHAR`] without uppercase letters (a canonical scheme).
pub(crate) const SCHEME_LOWER: Flag = 1 << 7;
/// Lowercase ASCII that is not a forbidden domain code point: a canonical domain byte.
pub(crate) const DOMAIN_CANONICAL: Flag = 1 << 8;
/// [`C0`] without forbidden host code points: a canonical opaque host byte.
pub(crate) const OPAQUE_HOST: Flag = 1 << 9;
/// [`C0`] without `?`: a canonical opaque path byte.
pub(crate) const OPAQUE_PATH: Flag = 1 << 10;
/// ASCII digits.
pub(crate) const DIGIT: Flag = 1 << 11;
/// Bytes of an authority that need no attention: not a delimiter, `@`, `:`, `[` or `]`.
pub(crate) const AUTHORITY: Flag = 1 << 12;
/// Uppercase ASCII letters (lowercased in domains).
pub(crate) const UPPER: Flag = 1 << 13;
/// Domain bytes that need the slow path: non-ASCII, `%`, forbidden domain code points.
pub(crate) const DOMAIN_SLOW: Flag = 1 << 14;
/// ASCII URL code points the userinfo percent-encode set leaves alone: canonical
/// credentials bytes.
pub(crate) const USERINFO: Flag = 1 << 15;

/// Whether `b` is an ASCII URL code point (<https://url.spec.whatwg.org/#url-code-points>).
pub(crate) const fn is_ascii_url_code_point(c: u8) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            b'!' | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b'-'
                | b'.'
                | b'/'
                | b':'
                | b';'
                | b'='
                | b'?'
                | b'@'
                | b'_'
                | b'~'
        )
}

const fn plain(c: u8, set: &EncodeSet) -> bool {
    c < 0x80 && is_ascii_url_code_point(c) && !set.contains(c)
}

const fn bit(cond: bool, flag: Flag) -> Flag {
    if cond { flag } else { 0 }
}

const fn classes(c: u8) -> Flag {
    let mut f = 0;
    f |= bit(plain(c, &percent::PATH), PATH);
    f |= bit(plain(c, &percent::QUERY), QUERY);
    f |= bit(plain(c, &percent::SPECIAL_QUERY), SPECIAL_QUERY);
    f |= bit(plain(c, &percent::FRAGMENT), FRAGMENT);
    f |= bit(plain(c, &percent::C0_CONTROL), C0);
    f |= bit(plain(c, &percent::PATH) && c != b'.', PATH_NO_DOT);
    let scheme = c.is_ascii_alphanumeric() || c == b'+' || c == b'-' || c == b'.';
    f |= bit(scheme, SCHEME_CHAR);
    f |= bit(scheme && !c.is_ascii_uppercase(), SCHEME_LOWER);
    let ascii = c < 0x80;
    f |= bit(
        ascii && !c.is_ascii_uppercase() && !is_forbidden_domain(c),
        DOMAIN_CANONICAL,
    );
    f |= bit(
        plain(c, &percent::C0_CONTROL) && !is_forbidden_host(c),
        OPAQUE_HOST,
    );
    f |= bit(plain(c, &percent::C0_CONTROL) && c != b'?', OPAQUE_PATH);
    f |= bit(c.is_ascii_digit(), DIGIT);
    let authority_special = matches!(c, b'/' | b'?' | b'#' | b'\\' | b'@' | b':' | b'[' | b']');
    f |= bit(!authority_special, AUTHORITY);
    f |= bit(c.is_ascii_uppercase(), UPPER);
    f |= bit(!ascii || is_forbidden_domain(c), DOMAIN_SLOW);
    f |= bit(plain(c, &percent::USERINFO), USERINFO);
    f
}

/// The class bits of every byte.
pub(crate) static CLASS: [Flag; 256] = {
    let mut t = [0; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = classes(b as u8);
        b += 1;
    }
    t
};

/// Whether byte `b` has class `flag`.
/// Inlined: one table lookup, tested for every byte of the byte-class loops.
#[inline(always)]
pub(crate) fn is(b: u8, flag: Flag) -> bool {
    CLASS[b as usize] & flag != 0
}

/// Advances over bytes of class `flag`; returns the first position not in it.
///
/// Four table lookups per branch for the first 48 bytes (most runs in real URLs end there:
/// a host, a path segment), then, on x86_64 and aarch64 and for the classes of long runs
/// ([`LONG_RUNS`]), 64 bytes per step with the target's vector unit ([`vector`]: SSE2 and
/// NEON are part of both targets' baseline, so the choice is by target, not by feature);
/// elsewhere (the microcontroller targets) four lookups per branch to the end in the speed
/// build, and only the byte loop in the build for flash size. The byte loop finishes the
/// tail in all of them. Measured hand-over points (callgrind, paracrawl parse Ir/URL): after
/// 16 bytes 423, 32 bytes 414, 48 bytes 412, 64 bytes 411.
#[inline(always)]
pub(crate) fn skip(s: &[u8], mut i: usize, flag: Flag) -> usize {
    #[cfg(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    ))]
    if let Some(rest) = s.get(i..) {
        // The first 48 bytes four at a time (most runs in real URLs end there); a longer
        // run goes on with the vector scan, whose setup costs more than a short run does.
        // (Other classes: four at a time to the end, the limit folds away.)
        let limit = if flag & LONG_RUNS != 0 {
            48
        } else {
            usize::MAX
        };
        let (mut head, tail) = rest.split_at(rest.len().min(limit));
        while let Some((&[a, b, c, d], after)) = head.split_first_chunk::<4>() {
            let all = CLASS[a as usize] & CLASS[b as usize] & CLASS[c as usize] & CLASS[d as usize];
            if all & flag == 0 {
                break;
            }
            head = after;
            i += 4;
        }
        if head.is_empty() && !tail.is_empty() {
            i = vector::skip(s, i, flag);
        }
    }
    #[cfg(all(
        feature = "fast-path",
        not(any(
            all(target_arch = "x86_64", target_feature = "sse2"),
            all(target_arch = "aarch64", target_feature = "neon")
        ))
    ))]
    if let Some(mut rest) = s.get(i..) {
        while let Some((&[a, b, c, d], after)) = rest.split_first_chunk::<4>() {
            let all = CLASS[a as usize] & CLASS[b as usize] & CLASS[c as usize] & CLASS[d as usize];
            if all & flag == 0 {
                break;
            }
            rest = after;
            i += 4;
        }
    }
    while i < s.len() && is(s[i], flag) {
        i += 1;
    }
    i
}

/// [`skip`] that also says what the bytes it passed over have in common: the end, and the
/// class bits all of them have (every bit when it passed none), so that one scan answers
/// two questions about a run (the authority's bytes that need no attention, and whether
/// they are all canonical domain bytes). For classes of short runs (no vector hand-over).
/// Inlined into the authority's scan, where its runs are short (speed: a call per run costs
/// more than most runs).
#[inline(always)]
pub(crate) fn skip_and(s: &[u8], mut i: usize, flag: Flag) -> (usize, Flag) {
    let mut common = Flag::MAX;
    #[cfg(any(
        feature = "fast-path",
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    ))]
    if let Some(mut rest) = s.get(i..) {
        while let Some((&[a, b, c, d], after)) = rest.split_first_chunk::<4>() {
            let all = CLASS[a as usize] & CLASS[b as usize] & CLASS[c as usize] & CLASS[d as usize];
            if all & flag == 0 {
                break;
            }
            common &= all;
            rest = after;
            i += 4;
        }
    }
    while let Some(&b) = s.get(i) {
        let class = CLASS[b as usize];
        if class & flag == 0 {
            break;
        }
        common &= class;
        i += 1;
    }
    (i, common)
}

/// The classes whose runs can be long in real URLs (paths, queries, fragments): the only
/// ones [`skip`] hands to the vector scan. Where the class is a constant (most places `skip`
/// is inlined: schemes, hosts, ports, authorities) the test folds away, and the hand-over
/// with it, so short scans keep the table loop's code alone.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
const LONG_RUNS: Flag = PATH | PATH_NO_DOT | QUERY | SPECIAL_QUERY | FRAGMENT | C0 | OPAQUE_PATH;

/// Up to [`RANGES`] byte ranges `lo..=hi` inside one class, as the two constants of a
/// signed comparison per range: adding `k = 0x80 - lo` (wrapping) moves the range to
/// `-128..=-128 + (hi - lo)` and every other byte above it, so "in the range" is
/// `(b + k) as i8 < t` with `t = hi - lo - 127`.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64", test))]
#[derive(Clone, Copy)]
struct Ranges {
    k: [u8; RANGES],
    t: [u8; RANGES],
}

/// How many ranges of a class the vector scan tests per step (each is two vector
/// instructions, plus one to combine).
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64", test))]
const RANGES: usize = 5;

/// How much a range of a class is worth to the vector scan: the bytes of it that runs of
/// URL components are mostly made of (letters, digits and a few separators), then its
/// length. The scan confirms any other byte of the class with [`CLASS`], so the choice
/// only decides how often it leaves the vector loop for one byte.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64", test))]
const fn range_weight(lo: usize, hi: usize) -> usize {
    let mut w = 0;
    let mut b = lo;
    while b <= hi {
        let c = b as u8;
        let common =
            c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'/' | b'%' | b'=');
        w += if common { 256 } else { 1 };
        b += 1;
    }
    w
}

/// The [`RANGES`] heaviest maximal ranges of bytes in the class of bit `bit`.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64", test))]
const fn ranges_of(bit: u32) -> Ranges {
    let flag: Flag = 1 << bit;
    let mut best = [(0usize, 0usize, 0usize); RANGES]; // (weight, lo, hi), heaviest first
    let mut b = 0;
    while b < 256 {
        if CLASS[b] & flag == 0 {
            b += 1;
            continue;
        }
        let lo = b;
        while b < 256 && CLASS[b] & flag != 0 {
            b += 1;
        }
        // The whole byte range would not fit the signed comparison; no class is that.
        let hi = if b - 1 - lo == 255 { lo + 254 } else { b - 1 };
        let mut cand = (range_weight(lo, hi), lo, hi);
        let mut j = 0;
        while j < RANGES {
            if cand.0 > best[j].0 {
                let out = best[j];
                best[j] = cand;
                cand = out;
            }
            j += 1;
        }
    }
    // Every class has a byte (the vector scan has no form for an empty one).
    assert!(best[0].0 > 0);
    let mut r = Ranges {
        k: [0; RANGES],
        t: [0; RANGES],
    };
    let mut j = 0;
    while j < RANGES {
        // A class of fewer ranges repeats its heaviest one in the unused slots.
        let (_, lo, hi) = if best[j].0 > 0 { best[j] } else { best[0] };
        r.k[j] = 0x80u8.wrapping_sub(lo as u8);
        r.t[j] = ((hi - lo) as u8).wrapping_sub(127);
        j += 1;
    }
    r
}

/// The vector ranges of each class bit.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64", test))]
static RANGES_OF: [Ranges; 16] = {
    let mut t = [Ranges {
        k: [0; RANGES],
        t: [0; RANGES],
    }; 16];
    let mut bit = 0;
    while bit < 16 {
        t[bit] = ranges_of(bit as u32);
        bit += 1;
    }
    t
};

/// [`RANGES_OF`] as the vector scan loads it: each class's `k` and `t - 1` (outside the
/// range: `(b + k) as i8 > t - 1`), each byte repeated sixteen times (loads instead of
/// broadcasts at the start of every scan).
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
static SPLATS: [[[u8; 16]; 2 * RANGES]; 16] = {
    let mut out = [[[0; 16]; 2 * RANGES]; 16];
    let mut bit = 0;
    while bit < 16 {
        let mut j = 0;
        while j < RANGES {
            out[bit][j] = [RANGES_OF[bit].k[j]; 16];
            out[bit][RANGES + j] = [RANGES_OF[bit].t[j].wrapping_sub(1); 16];
            j += 1;
        }
        bit += 1;
    }
    out
};

/// Whether byte `b` is in one of the ranges `r` (the scalar form of the vector test).
#[cfg(test)]
fn in_ranges(b: u8, r: &Ranges) -> bool {
    (0..RANGES).any(|j| (b.wrapping_add(r.k[j]) as i8) < r.t[j] as i8)
}

/// The vector form of [`skip`]: sixteen bytes per step, safe code only.
///
/// Each step tests the sixteen bytes against the class's [`Ranges`] (a subset of the class)
/// and moves on when all are in; at the first byte that is not, [`CLASS`] decides: a byte
/// of the class outside the ranges (say `~` in a path) is stepped over and the scan goes
/// on, any other byte ends it. So the result is exactly the byte loop's, whatever the
/// ranges are (the exhaustive test below checks that). The last step reads the last
/// sixteen bytes (overlapping the one before); inputs shorter than sixteen bytes are left
/// to the byte loop.
#[cfg(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "aarch64", target_feature = "neon")
))]
mod vector {
    use super::{Flag, RANGES, SPLATS, is};

    #[cfg(target_arch = "aarch64")]
    use core::arch::aarch64 as arch;
    #[cfg(target_arch = "x86_64")]
    use core::arch::x86_64 as arch;

    /// Bits per byte in the mask [`misses`] returns.
    #[cfg(target_arch = "x86_64")]
    const BITS: u32 = 1;
    #[cfg(target_arch = "aarch64")]
    const BITS: u32 = 4;

    /// The class's ranges as vectors, broadcast once per scan.
    #[cfg(target_arch = "x86_64")]
    type Vector = arch::__m128i;
    #[cfg(target_arch = "aarch64")]
    type Vector = arch::int8x16_t;

    /// See the module documentation: the one `unsafe` block of the vector scan.
    ///
    /// The intrinsics are safe functions, but only inside a function compiled for their
    /// target feature; this is the one call from ordinary code into such a function, once
    /// per scan. The callgrind figures that justify it are in BENCHMARKS.md.
    #[allow(unsafe_code)]
    pub(super) fn skip(s: &[u8], i: usize, flag: Flag) -> usize {
        // SAFETY: a `target_feature` function may only run on a CPU with the feature. This
        // module is compiled only where the feature is enabled for the whole build
        // (`cfg(target_feature = ...)` on it): SSE2 on x86_64 and NEON on aarch64 are part
        // of those targets' baseline, so every CPU the binary can run on has it.
        unsafe { skip_vector(s, i, flag) }
    }

    /// The scan loop, compiled for the vector feature (where its intrinsics are safe).
    /// Flags of more than one bit (no caller has one) are left to the byte loop.
    #[cfg_attr(target_arch = "x86_64", target_feature(enable = "sse2"))]
    #[cfg_attr(target_arch = "aarch64", target_feature(enable = "neon"))]
    #[inline]
    fn skip_vector(s: &[u8], mut i: usize, flag: Flag) -> usize {
        let (Some(last), true) = (s.len().checked_sub(16), flag.count_ones() == 1) else {
            return i;
        };
        let splats = &SPLATS[(flag.trailing_zeros() & 15) as usize];
        let k: [Vector; RANGES] = core::array::from_fn(|j| load(&splats[j]));
        let t: [Vector; RANGES] = core::array::from_fn(|j| load(&splats[RANGES + j]));
        // Sixty-four bytes per step (the loop's own instructions counted once for four
        // vectors), while that many are left.
        loop {
            let Some(mut rest) = s.get(i..) else {
                return i;
            };
            let at = loop {
                let Some((step, after)) = rest.split_first_chunk::<64>() else {
                    break None;
                };
                let chunk = |c: usize| step.get(16 * c..).and_then(|v| v.first_chunk::<16>());
                let (Some(a), Some(b), Some(c), Some(d)) = (chunk(0), chunk(1), chunk(2), chunk(3))
                else {
                    break None;
                };
                let miss = [a, b, c, d].map(|v| misses(v, &k, &t));
                if let Some((n, m)) = miss.into_iter().enumerate().find(|&(_, m)| m != 0) {
                    break Some(16 * n + (m.trailing_zeros() / BITS) as usize);
                }
                rest = after;
            };
            i = s.len() - rest.len();
            let Some(at) = at else { break };
            i += at;
            match s.get(i) {
                Some(&b) if is(b, flag) => i += 1,
                _ => return i,
            }
        }
        // Fewer than sixty-four left: sixteen at a time, the last step reading the last
        // sixteen bytes (without those before `i`).
        while i < s.len() {
            let start = i.min(last);
            let Some(chunk) = s.get(start..).and_then(|c| c.first_chunk::<16>()) else {
                break;
            };
            let miss = misses(chunk, &k, &t) >> ((i - start) as u32 * BITS);
            if miss == 0 {
                i = start + 16;
                continue;
            }
            i += (miss.trailing_zeros() / BITS) as usize;
            match s.get(i) {
                Some(&b) if is(b, flag) => i += 1,
                _ => return i,
            }
        }
        i
    }

    /// Sixteen bytes as a vector. Two eight-byte integers, which LLVM joins into one
    /// unaligned vector load (`movdqu`, `ldr q`), without the raw-pointer load intrinsics
    /// and their `unsafe`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "sse2")]
    #[inline]
    fn load(chunk: &[u8; 16]) -> Vector {
        let (lo, hi) = halves(chunk);
        arch::_mm_set_epi64x(hi, lo)
    }

    #[cfg(target_arch = "aarch64")]
    #[target_feature(enable = "neon")]
    #[inline]
    fn load(chunk: &[u8; 16]) -> Vector {
        let (lo, hi) = halves(chunk);
        arch::vreinterpretq_s8_u64(arch::vcombine_u64(
            arch::vcreate_u64(lo as u64),
            arch::vcreate_u64(hi as u64),
        ))
    }

    /// A mask with [`BITS`] set bits for each byte of `chunk` in none of the ranges
    /// (`k`, and `t - 1`: see [`super::Ranges`]), the first byte lowest. SSE2: per range an add
    /// and a signed compare for "above it", their `and`, and a byte mask (the compare
    /// against the bound minus one overwrites the moved bytes, not the bound: no register
    /// copies in SSE2's two-operand forms).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "sse2")]
    #[inline]
    fn misses(chunk: &[u8; 16], k: &[Vector; RANGES], t: &[Vector; RANGES]) -> u64 {
        let x = load(chunk);
        let mut miss = arch::_mm_set1_epi8(-1);
        for j in 0..RANGES {
            let moved = arch::_mm_add_epi8(x, k[j]);
            miss = arch::_mm_and_si128(miss, arch::_mm_cmpgt_epi8(moved, t[j]));
        }
        u64::from(arch::_mm_movemask_epi8(miss) as u32 & 0xffff)
    }

    /// NEON: the same compares; the byte mask is narrowed to four bits per byte (there is
    /// no `movemask`: shift-right-narrow by four keeps one nibble of each byte).
    #[cfg(target_arch = "aarch64")]
    #[target_feature(enable = "neon")]
    #[inline]
    fn misses(chunk: &[u8; 16], k: &[Vector; RANGES], t: &[Vector; RANGES]) -> u64 {
        let x = load(chunk);
        let mut miss = arch::vdupq_n_u8(0xff);
        for j in 0..RANGES {
            let moved = arch::vaddq_s8(x, k[j]);
            miss = arch::vandq_u8(miss, arch::vcgtq_s8(moved, t[j]));
        }
        let nibbles = arch::vshrn_n_u16::<4>(arch::vreinterpretq_u16_u8(miss));
        arch::vget_lane_u64::<0>(arch::vreinterpret_u64_u8(nibbles))
    }

    /// The first and last eight bytes of `chunk`, little-endian.
    /// Inlined: called for every sixteen-byte block of the vector skip.
    #[inline(always)]
    fn halves(chunk: &[u8; 16]) -> (i64, i64) {
        let (lo, hi) = chunk.split_at(8);
        let word = |h: &[u8]| h.first_chunk::<8>().map_or(0, |w| i64::from_le_bytes(*w));
        (word(lo), word(hi))
    }
}

/// Whether `s` contains `\t`, `\n` or `\r` (<https://url.spec.whatwg.org/#ascii-tab-or-newline>,
/// step 3 of the basic URL parser): a machine word at a time on every target (four bytes
/// per step on a 32-bit microcontroller, eight on a 64-bit machine), then the tail: as the
/// last word again in the speed build (overlapping the words before: a repeat is
/// harmless), byte by byte in the build for flash size (less code there).
#[inline]
pub(crate) fn has_tab_or_newline(s: &[u8]) -> bool {
    const W: usize = core::mem::size_of::<usize>();
    const LO: usize = usize::MAX / 0xff;
    const HI: usize = LO << 7;
    // The classic zero-byte test: nonzero exactly when some byte of `x` is below `n`
    // (`n` at most 0x80). Bytes equal to `b` become zero after xor.
    let below = |x: usize, n: usize| x.wrapping_sub(LO * n) & !x & HI;
    let has = |x: usize, b: usize| below(x ^ (LO * b), 1) != 0;
    // Some byte below 0x0e (rare in URLs) is checked exactly.
    let word = |x: usize| below(x, 0x0e) != 0 && (has(x, 0x09) || has(x, 0x0a) || has(x, 0x0d));
    let mut rest = s;
    while let Some((chunk, after)) = rest.split_first_chunk::<W>() {
        if word(usize::from_le_bytes(*chunk)) {
            return true;
        }
        rest = after;
    }
    if cfg!(feature = "fast-path") {
        if let Some(last) = s.last_chunk::<W>() {
            return !rest.is_empty() && word(usize::from_le_bytes(*last));
        }
    }
    rest.iter().any(|&b| is_tab_or_newline(b))
}

#[cfg(test)]
#[path = "scan_tests.rs"]
mod tests;
