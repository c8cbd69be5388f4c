//! Byte classes: every per-byte table the parser uses, as one bit each in a single
//! `[u16; 256]` (512 bytes of flash instead of one 256-byte table per question).

use crate::host::{is_forbidden_domain, is_forbidden_host};
use crate::percent::{self, EncodeSet};

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
