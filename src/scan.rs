//! Byte classes and the scans over them, below the parser, the host parser and IDNA: every
//! per-byte table they use, as one bit each in a single `[u16; 256]` (512 bytes of flash
//! instead of one 256-byte table per question), the forbidden-code-point predicates, and the
//! tab-and-newline check of the basic URL parser's step 3. Each word-at-a-time scan has an
//! exhaustive test against the plain byte loop.

use crate::percent::{self, EncodeSet};

/// <https://url.spec.whatwg.org/#forbidden-host-code-point>
#[inline]
pub(crate) const fn is_forbidden_host(b: u8) -> bool {
    matches!(
        b,
        0 | b'\t'
            | b'\n'
            | b'\r'
            | b' '
            | b'#'
            | b'/'
            | b':'
            | b'<'
            | b'>'
            | b'?'
            | b'@'
            | b'['
            | b'\\'
            | b']'
            | b'^'
            | b'|'
    )
}

/// <https://url.spec.whatwg.org/#forbidden-domain-code-point>
#[inline]
pub(crate) const fn is_forbidden_domain(b: u8) -> bool {
    is_forbidden_host(b) || b <= 0x1f || b == b'%' || b == 0x7f
}

/// <https://url.spec.whatwg.org/#c0-control-or-space>
#[inline(always)]
pub(crate) fn is_c0_or_space(b: u8) -> bool {
    b <= 0x20
}

/// <https://url.spec.whatwg.org/#ascii-tab-or-newline>
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
#[inline(always)]
pub(crate) fn is(b: u8, flag: Flag) -> bool {
    CLASS[b as usize] & flag != 0
}

/// Advances over bytes of class `flag`; returns the first position not in it. Four bytes
/// per step while all four are in the class (one branch per four bytes). Without the
/// `fast-path` feature (the build for flash size) only the byte loop: the same result in
/// less code at each of the places this is inlined.
#[inline(always)]
pub(crate) fn skip(s: &[u8], mut i: usize, flag: Flag) -> usize {
    #[cfg(feature = "fast-path")]
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

/// Whether `s` contains `\t`, `\n` or `\r`, sixteen bytes at a time.
#[inline(always)]
pub(crate) fn has_tab_or_newline(s: &[u8]) -> bool {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    // The classic zero-byte test: nonzero when some byte of `x` is below `n` (exact in the
    // lowest one, and never a miss). Bytes equal to `b` become zero after xor.
    let below = |x: u64, n: u64| x.wrapping_sub(LO * n) & !x & HI;
    let has = |x: u64, b: u64| below(x ^ (LO * b), 1) != 0;
    // Some byte below 0x0e (rare in URLs) is checked exactly.
    let word = |x: u64| below(x, 0x0e) != 0 && (has(x, 0x09) || has(x, 0x0a) || has(x, 0x0d));
    let Some(last) = s.last_chunk::<8>() else {
        return s.iter().any(|&b| is_tab_or_newline(b));
    };
    let mut rest = s;
    // Two words per step in the speed build, with one branch for both when neither has a
    // byte below 0x0e; then one at a time.
    while cfg!(feature = "fast-path") {
        let Some((a, after)) = rest.split_first_chunk::<8>() else {
            break;
        };
        let Some((b, after)) = after.split_first_chunk::<8>() else {
            break;
        };
        let (a, b) = (u64::from_le_bytes(*a), u64::from_le_bytes(*b));
        if below(a, 0x0e) | below(b, 0x0e) != 0 && (word(a) || word(b)) {
            return true;
        }
        rest = after;
    }
    while let Some((chunk, after)) = rest.split_first_chunk::<8>() {
        if word(u64::from_le_bytes(*chunk)) {
            return true;
        }
        rest = after;
    }
    // The tail as the last eight bytes (overlapping the words before: a repeat is harmless).
    !rest.is_empty() && word(u64::from_le_bytes(*last))
}

#[cfg(test)]
mod tests {
    /// The word-at-a-time check agrees with a byte loop at every length and position, for
    /// every byte value (the three it looks for, their neighbours, and the rest).
    #[test]
    fn has_tab_or_newline_is_exact() {
        for len in 0..40 {
            for at in 0..len {
                for b in 0..=255u8 {
                    let mut s = std::vec![b'a'; len];
                    s[at] = b;
                    let expected = s.iter().any(|&c| matches!(c, b'\t' | b'\n' | b'\r'));
                    assert_eq!(super::has_tab_or_newline(&s), expected, "{len} {at} {b}");
                }
            }
            assert!(!super::has_tab_or_newline(&std::vec![b'a'; len]));
        }
    }

    /// `skip` agrees with the byte loop for every class, start, length and position of a
    /// byte outside the run, for every byte value there (the word steps and the tail).
    #[test]
    fn skip_is_exact() {
        for bit in 0..16 {
            let flag: super::Flag = 1 << bit;
            let Some(fill) = (0..=255u8).find(|&b| super::is(b, flag)) else {
                continue;
            };
            for len in 0..19 {
                for start in 0..3.min(len + 1) {
                    for at in start..len {
                        for b in 0..=255u8 {
                            let mut s = std::vec![fill; len];
                            s[at] = b;
                            let expected = (start..len)
                                .find(|&i| !super::is(s[i], flag))
                                .unwrap_or(len);
                            assert_eq!(
                                super::skip(&s, start, flag),
                                expected,
                                "{bit} {len} {at} {b}"
                            );
                        }
                    }
                    assert_eq!(super::skip(&std::vec![fill; len], start, flag), len);
                }
            }
        }
    }
}
