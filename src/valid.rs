//! The URL-writing grammar: whether a string is a
//! [valid URL string](https://url.spec.whatwg.org/#valid-url-string), the question the
//! standard's validation errors answer for the parser, asked of the text alone.
//!
//! The grammar is checked directly, production by production, as whatwg-url 17.3.0's
//! `isValidURLString` does (the reference implementation, which follows the standard up to a
//! later commit than the `url.bs` this crate cites). It needs no arena: only a domain that is
//! not plain ASCII is run through strict UTS46 ToASCII, label by label in a fixed stack
//! buffer (`LABEL_SCRATCH` bytes) that holds every label that can be valid.
//!
//! Strings are searched for their ASCII delimiters byte by byte and cut with `get` and
//! `split_at_checked`, never indexed: no step of the checker can panic.

use crate::scheme::{SchemeType, scheme_of};
use crate::url::Url;

/// Stack bytes in which the checker runs strict UTS46 ToASCII on one label of a domain that
/// needs UTS46 (non-ASCII, or with an `xn--` label). A valid label's ASCII form has at most
/// 63 bytes, so at most 59 code points (each takes at least one byte after `xn--`).
/// Processing writes a label canonically decomposed, then puts each run of combining marks
/// in canonical order through scratch after the label, as much as the run: its marks are
/// code points of their own (at most 4 bytes, 8 with the copy) or the marks of the character
/// before them (at most 6 bytes: U+1F82's three). A character decomposes to at most 9 bytes
/// (a Hangul syllable's three jamo), but for four that IDNA allows since Unicode 16, which
/// decompose to three 4-byte code points: U+16126..U+16128 (Gurung Khema) and U+16D6A
/// (Kirat Rai). So 59 × 9 + 6 = 537 bytes hold every valid label of at most 47 of those
/// four, and 59 × 12 + 6 = 714 bytes would hold every one: a label of more than 47 of them
/// does not fit, and the checker answers that it is not valid although strict ToASCII
/// accepts it (up to 59). The larger buffer would take this entry point's stack past its
/// Cortex-M0 budget of 1,536 bytes. An `xn--` label is decoded after itself, 4 bytes a code
/// point: 59 + 236 bytes, which the verdict's decoding needs too
/// ([`bidi_rule_across_labels`]).
#[cfg(feature = "idna")]
const LABEL_SCRATCH: usize = 576;

#[cfg(feature = "idna")]
const _: () = assert!(LABEL_SCRATCH >= 59 * 9 + 6 && LABEL_SCRATCH >= 59 * 5);

/// Whether `input` is a [valid URL string](https://url.spec.whatwg.org/#valid-url-string):
/// an absolute-URL-with-fragment string, or, given a `base`, a relative-URL-with-fragment
/// string for that base. The answer depends on the base only through its scheme and whether
/// its path is opaque, as in the standard.
///
/// A valid URL string is exactly what the parser accepts without a single validation error
/// (credentials, backslashes, `%` not followed by two hex digits, code points that are not
/// URL code points, non-canonical IPv4 forms, a domain that strict UTS46 rejects, ...).
/// Without the `idna` feature a domain that needs UTS46 (non-ASCII, or an `xn--` label)
/// cannot be checked and is reported as not valid. One known false answer: a domain label
/// of more than 47 of the four characters U+16126..U+16128 and U+16D6A (Unicode 16 scripts),
/// valid up to 59, can be reported as not valid, where its decomposition does not fit the
/// checker's stack buffer, which the entry point's Cortex-M0 stack budget holds (strict mode
/// and [`Url::parse`] take it; a label written in a form that needs less room, such as 55 ×
/// U+16D6A, is answered right).
///
/// # Strict mode
/// [`Options::STRICT`](crate::Options::STRICT) fails a parse at the first validation error
/// the parser reports (named, with its position), so it accepts exactly the inputs the
/// parser reports no validation error for: for an input without a base, exactly the valid
/// URL strings this function accepts (but for the label above). Without the `idna` feature,
/// strict mode cannot check `xn--` labels either: it accepts them, and a `Url` records no
/// `domain-to-ASCII` error for them. Measured against whatwg-url 17.3.0 (the reference
/// implementation): the ordered validation errors and this checker agree on all of its 184
/// validation cases (`tests/validation.rs`) and on the differential
/// `scripts/whatwg-url-diff.sh` (its header lists what remains and why).
///
/// A failing parse (an input that is never valid) fails in either mode.
///
/// ```
/// use microurl::{is_valid_url_string, Url};
/// assert!(is_valid_url_string("https://example.com/a?b#c", None));
/// assert!(!is_valid_url_string("https://user@example.com/", None)); // credentials
/// assert!(!is_valid_url_string("https:\\\\example.com\\", None)); // backslashes
/// assert!(!is_valid_url_string("https://example.com/%zz", None));
/// assert!(!is_valid_url_string("/path", None)); // relative, and no base
///
/// let mut arena = [0u8; 64];
/// let base = Url::parse("https://example.com/dir/", &mut arena)?;
/// assert!(is_valid_url_string("../other?q", Some(&base)));
/// assert!(!is_valid_url_string("//[::1", Some(&base)));
/// # Ok::<(), microurl::Error>(())
/// ```
#[must_use]
pub fn is_valid_url_string(input: &str, base: Option<&Url<'_>>) -> bool {
    absolute_url_with_fragment(input) || base.is_some_and(|b| relative_url_with_fragment(input, b))
}

/// Splits at the first `delimiter` (ASCII, so a character boundary): before it, and from it
/// on.
fn split_at_byte(input: &str, delimiter: u8) -> Option<(&str, &str)> {
    let at = input.bytes().position(|b| b == delimiter)?;
    input.split_at_checked(at)
}

/// Splits at the first `delimiter` (ASCII): before, and after (`None` when there is none).
fn split_off(input: &str, delimiter: u8) -> (&str, Option<&str>) {
    match split_at_byte(input, delimiter) {
        Some((before, from)) => (before, from.get(1..)),
        None => (input, None),
    }
}

/// <https://url.spec.whatwg.org/#absolute-url-with-fragment-string>
fn absolute_url_with_fragment(input: &str) -> bool {
    let (before, fragment) = split_off(input, b'#');
    fragment.is_none_or(url_units) && absolute_url(before)
}

/// The type of a [URL-scheme string](https://url.spec.whatwg.org/#url-scheme-string)
/// followed by `:` at the start of `input`, and the rest after the `:`.
fn scheme_prefix(input: &str) -> Option<(SchemeType, &str)> {
    let (scheme, Some(rest)) = split_off(input, b':') else {
        return None;
    };
    Some((scheme_of(scheme.bytes())?, rest))
}

/// <https://url.spec.whatwg.org/#absolute-url-string>
fn absolute_url(input: &str) -> bool {
    let (before, query) = split_off(input, b'?');
    if !query.is_none_or(url_units) {
        return false;
    }
    let Some((scheme, rest)) = scheme_prefix(before) else {
        return false;
    };
    match scheme {
        SchemeType::File => return scheme_relative_file_url(rest),
        SchemeType::NotSpecial => {}
        _ => return scheme_relative_special_url(rest),
    }
    scheme_relative_url(rest) || path_absolute_non_authority_url(rest) || opaque_path_url(rest)
}

/// <https://url.spec.whatwg.org/#relative-url-with-fragment-string>
fn relative_url_with_fragment(input: &str, base: &Url<'_>) -> bool {
    if base.has_opaque_path() {
        return input.strip_prefix('#').is_some_and(url_units);
    }
    let (before, fragment) = split_off(input, b'#');
    relative_url(before, base.scheme_type()) && fragment.is_none_or(url_units)
}

/// <https://url.spec.whatwg.org/#relative-url-string>, for a base with this scheme.
fn relative_url(input: &str, base_scheme: SchemeType) -> bool {
    let (before, query) = split_off(input, b'?');
    if !query.is_none_or(url_units) {
        return false;
    }
    if path_absolute_non_authority_url(before) || path_relative_scheme_less_url(before) {
        return true;
    }
    match base_scheme {
        SchemeType::File => scheme_relative_file_url(before),
        SchemeType::NotSpecial => scheme_relative_url(before),
        _ => scheme_relative_special_url(before),
    }
}

/// Splits an authority from the path-absolute string after it, at the first `/`.
fn split_off_path(input: &str) -> (&str, Option<&str>) {
    match split_at_byte(input, b'/') {
        Some((authority, path)) => (authority, Some(path)),
        None => (input, None),
    }
}

/// <https://url.spec.whatwg.org/#scheme-relative-special-url-string>: `//`, a valid host
/// and optional port, then an optional path-absolute string.
fn scheme_relative_special_url(input: &str) -> bool {
    let Some(rest) = input.strip_prefix("//") else {
        return false;
    };
    let (authority, path) = split_off_path(rest);
    let host_and_port = split_host_and_port(authority)
        .is_some_and(|(host, port)| !host.is_empty() && host_string(host) && port_ok(port));
    host_and_port && path.is_none_or(path_absolute_url)
}

/// <https://url.spec.whatwg.org/#scheme-relative-url-string>: `//`, an optional opaque
/// host and port, then an optional path-absolute string.
fn scheme_relative_url(input: &str) -> bool {
    let Some(rest) = input.strip_prefix("//") else {
        return false;
    };
    let (authority, path) = split_off_path(rest);
    let host_and_port = authority.is_empty()
        || split_host_and_port(authority).is_some_and(|(host, port)| {
            !host.is_empty() && opaque_host_string(host) && port_ok(port)
        });
    host_and_port && path.is_none_or(path_absolute_url)
}

/// <https://url.spec.whatwg.org/#scheme-relative-file-url-string>: `//`, then nothing, a
/// host and an optional path-absolute string, or a path-absolute string.
fn scheme_relative_file_url(input: &str) -> bool {
    let Some(rest) = input.strip_prefix("//") else {
        return false;
    };
    if rest.is_empty() || path_absolute_url(rest) {
        return true;
    }
    let (host, path) = split_off_path(rest);
    host_string(host) && path.is_none_or(path_absolute_url)
}

/// Splits `host[:port]`, with the host possibly a bracketed IPv6 address; `None` when
/// something other than `:` follows the `]`.
fn split_host_and_port(input: &str) -> Option<(&str, Option<&str>)> {
    if input.as_bytes().first() == Some(&b'[') {
        let (address, _) = split_at_byte(input, b']')?;
        let (host, rest) = input.split_at_checked(address.len() + 1)?;
        return match rest.strip_prefix(':') {
            Some(port) => Some((host, Some(port))),
            None if rest.is_empty() => Some((input, None)),
            None => None,
        };
    }
    Some(split_off(input, b':'))
}

/// <https://url.spec.whatwg.org/#url-port-string>: empty, or ASCII digits of at most 65535.
fn port_ok(port: Option<&str>) -> bool {
    port.is_none_or(|p| {
        p.bytes().all(|b| b.is_ascii_digit())
            && p.bytes()
                .try_fold(0u32, |n, d| {
                    let n = n * 10 + u32::from(d - b'0');
                    (n <= 65535).then_some(n)
                })
                .is_some()
    })
}

/// <https://url.spec.whatwg.org/#valid-host-string>
fn host_string(input: &str) -> bool {
    domain_string(input)
        || ipv4_address_string(input.as_bytes())
        || bracketed(input).is_some_and(ipv6_address_string)
}

/// <https://url.spec.whatwg.org/#valid-opaque-host-string>
fn opaque_host_string(input: &str) -> bool {
    let ipv6 = bracketed(input).is_some_and(ipv6_address_string);
    ipv6 || (!input.is_empty() && url_units_except(input, is_forbidden_host))
}

/// What is between the `[` and `]` that `input` starts and ends with.
fn bracketed(input: &str) -> Option<&[u8]> {
    match input.as_bytes() {
        [b'[', inside @ .., b']'] => Some(inside),
        _ => None,
    }
}

/// <https://url.spec.whatwg.org/#forbidden-host-code-point>
fn is_forbidden_host(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t'
            | '\n'
            | '\r'
            | ' '
            | '#'
            | '/'
            | ':'
            | '<'
            | '>'
            | '?'
            | '@'
            | '['
            | '\\'
            | ']'
            | '^'
            | '|'
    )
}

/// <https://url.spec.whatwg.org/#valid-domain>: the domain parser with beStrict set to true
/// succeeds, and its result does not end in a number.
fn domain_string(input: &str) -> bool {
    let bytes = input.as_bytes();
    let plain = input.is_ascii()
        && !bytes
            .split(|&b| b == b'.')
            .any(|l| l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case(b"xn--")));
    if plain {
        // Strict UTS46 on ASCII without `xn--` labels only lowercases and checks the
        // STD3, hyphen and DNS length rules.
        return strictly_valid_ascii(bytes) && !crate::host::domain::ends_in_a_number(bytes);
    }
    strict_to_ascii_ok(input)
}

/// UTS46 ToASCII with the strict options (CheckHyphens, UseSTD3ASCIIRules, VerifyDnsLength)
/// on an ASCII domain without `xn--` labels.
fn strictly_valid_ascii(domain: &[u8]) -> bool {
    domain.len() <= 253
        && domain.split(|&b| b == b'.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && label
                    .iter()
                    .all(|&b| b.is_ascii_alphanumeric() || b == b'-')
                && label.first() != Some(&b'-')
                && label.last() != Some(&b'-')
                && label.get(2..4) != Some(b"--")
        })
}

/// Strict UTS46 ToASCII on a domain, one label at a time in [`LABEL_SCRATCH`] bytes of
/// stack, then what its labels decide together: its length (VerifyDnsLength), the Bidi rule
/// and the ends-in-a-number check.
///
/// Label by label because processing keeps the finished labels in its buffer, under the one
/// it processes: a whole domain would need up to 253 bytes more. Apart, each label is
/// processed as it is within the domain: mapping is per character, a full stop (what a
/// label separator maps to) is a normalization boundary, and the validity criteria and
/// Punycode are per label; only the Bidi rule spans labels. Not inlined: the buffer is on
/// the stack only for a domain that needs it.
#[cfg(feature = "idna")]
#[inline(never)]
fn strict_to_ascii_ok(input: &str) -> bool {
    let mut scratch = [0u8; LABEL_SCRATCH];
    let options = crate::idna::Uts46Options::url(true);
    // The ASCII domain's length so far, each label with the full stop after it.
    let mut len = 0usize;
    let mut rest = Some(input);
    while let Some(domain) = rest {
        let (label, after) = split_off_label(domain);
        // Running out of scratch: a label too long to be valid, or one of the few valid
        // ones LABEL_SCRATCH does not hold (see there), answered as not valid.
        let Ok(n) = crate::idna::to_ascii(label, options, &mut scratch) else {
            return false;
        };
        len += n + 1;
        let last = scratch.get(..n).unwrap_or_default();
        if after.is_none() && crate::host::domain::ends_in_a_number(last) {
            return false;
        }
        rest = after;
    }
    // At most 253 bytes: the last label has no full stop after it.
    len <= 254 && bidi_rule_across_labels(input, &mut scratch)
}

/// Splits a domain at its first label separator: U+002E FULL STOP or one of the three
/// characters UTS46 maps to it, the only ones whose mapping holds a full stop
/// (`tests::label_separators`).
#[cfg(feature = "idna")]
fn split_off_label(domain: &str) -> (&str, Option<&str>) {
    let separator = domain
        .char_indices()
        .find(|&(_, c)| matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}'));
    match separator {
        Some((at, c)) => (
            domain.get(..at).unwrap_or_default(),
            domain.get(at + c.len_utf8()..),
        ),
        None => (domain, None),
    }
}

/// The Bidi rule across the labels of a domain whose every label passes strict UTS46
/// ToASCII: RFC 5893 holds for every label once one is right-to-left. The verdict of domain
/// to ASCII (beStrict = false) decides it without a buffer, streaming the domain; its other
/// checks pass where the strict ones did. `scratch` decodes every `xn--` label whole (no
/// unknown verdict): a valid one has at most 59 characters after `xn--`, decoded to at most
/// as many code points of 4 bytes.
#[cfg(feature = "idna")]
fn bidi_rule_across_labels(domain: &str, scratch: &mut [u8]) -> bool {
    let mapped = crate::idna::Mapped::new(domain, false);
    matches!(
        crate::idna::verdict(mapped, scratch, crate::idna::Checks::Url),
        crate::idna::Verdict::Valid { .. }
    )
}

#[cfg(not(feature = "idna"))]
fn strict_to_ascii_ok(_input: &str) -> bool {
    false
}

/// <https://url.spec.whatwg.org/#valid-ipv4-address-string>: four decimal numbers of 0-255
/// written without leading zeros, separated by dots.
fn ipv4_address_string(input: &[u8]) -> bool {
    let mut parts = 0;
    input.split(|&b| b == b'.').all(|part| {
        parts += 1;
        ipv4_part(part)
    }) && parts == 4
}

/// A part of a valid IPv4-address string: a decimal number of 0-255 without leading zeros.
fn ipv4_part(part: &[u8]) -> bool {
    let digits = (1..=3).contains(&part.len()) && part.iter().all(u8::is_ascii_digit);
    let shortest = part.len() == 1 || part.first() != Some(&b'0');
    // At most three digits: the value fits.
    digits && shortest && part.iter().fold(0u16, |n, &d| n * 10 + u16::from(d - b'0')) <= 255
}

/// <https://url.spec.whatwg.org/#valid-ipv6-address-string>
fn ipv6_address_string(input: &[u8]) -> bool {
    pieces_len(input) == Some(8) || pieces_and_ipv4_len(input) == Some(8) || compressed_ipv6(input)
}

/// The third form: `::` once, with at most 7 effective pieces around it.
fn compressed_ipv6(input: &[u8]) -> bool {
    let mut pairs = input.windows(2);
    let Some(at) = pairs.position(|pair| pair == b"::") else {
        return false;
    };
    // No other `::`, not even one overlapping it (`:::`).
    if pairs.any(|pair| pair == b"::") {
        return false;
    }
    let before = input.get(..at).unwrap_or_default();
    let after = input.get(at + 2..).unwrap_or_default();
    let before = match before.is_empty() {
        true => Some(0),
        false => pieces_len(before),
    };
    let after = match after.is_empty() {
        true => Some(0),
        false => pieces_len(after).or_else(|| pieces_and_ipv4_len(after)),
    };
    matches!((before, after), (Some(b), Some(a)) if a + b <= 7)
}

/// The effective piece length of a valid IPv6-pieces string: its number of pieces.
fn pieces_len(input: &[u8]) -> Option<usize> {
    let mut n = 0;
    let ok = !input.is_empty()
        && input.split(|&b| b == b':').all(|piece| {
            n += 1;
            ipv6_piece(piece)
        });
    ok.then_some(n)
}

/// The effective piece length of a valid IPv6-pieces-and-IPv4 string: its pieces plus 2.
fn pieces_and_ipv4_len(input: &[u8]) -> Option<usize> {
    if ipv4_address_string(input) {
        return Some(2);
    }
    let at = input.iter().rposition(|&b| b == b':')?;
    let (pieces, ipv4) = (input.get(..at)?, input.get(at + 1..)?);
    match ipv4_address_string(ipv4) {
        true => pieces_len(pieces).map(|n| n + 2),
        false => None,
    }
}

/// <https://url.spec.whatwg.org/#valid-ipv6-piece-string>: 1-4 hex digits, without a
/// leading zero unless it is the only one.
fn ipv6_piece(piece: &[u8]) -> bool {
    (1..=4).contains(&piece.len())
        && piece.iter().all(u8::is_ascii_hexdigit)
        && (piece.len() == 1 || piece.first() != Some(&b'0'))
}

/// <https://url.spec.whatwg.org/#path-absolute-url-string>: `/` and path segments.
fn path_absolute_url(input: &str) -> bool {
    input.strip_prefix('/').is_some_and(path_segments)
}

/// <https://url.spec.whatwg.org/#path-absolute-non-windows-file-url-string>'s sibling used
/// by non-special URLs: a path-absolute string that does not start with `//`.
fn path_absolute_non_authority_url(input: &str) -> bool {
    path_absolute_url(input) && !input.as_bytes().starts_with(b"//")
}

/// <https://url.spec.whatwg.org/#path-relative-scheme-less-url-string>: path segments, not
/// starting with `/`, and not starting like a scheme followed by `:`.
fn path_relative_scheme_less_url(input: &str) -> bool {
    !starts_with_slash(input) && path_segments(input) && scheme_prefix(input).is_none()
}

/// [URL-path-segment strings](https://url.spec.whatwg.org/#url-path-segment-string) (URL
/// units other than `/` and `?`) separated by `/`: URL units other than `?`. (A
/// percent-encoded byte is `%` and two hex digits, so none spans a `/`.)
fn path_segments(input: &str) -> bool {
    url_units_except(input, |c| c == '?')
}

/// <https://url.spec.whatwg.org/#opaque-path-url-string> (the rest of an absolute URL
/// string of a non-special scheme): URL units other than `?`, not starting with `/`.
fn opaque_path_url(input: &str) -> bool {
    !starts_with_slash(input) && url_units_except(input, |c| c == '?')
}

fn starts_with_slash(input: &str) -> bool {
    input.as_bytes().first() == Some(&b'/')
}

/// <https://url.spec.whatwg.org/#url-units>: URL code points and percent-encoded bytes (the
/// URL-query and URL-fragment strings).
fn url_units(input: &str) -> bool {
    url_units_except(input, |_| false)
}

/// [URL units](https://url.spec.whatwg.org/#url-units) none of which is `excluded`.
fn url_units_except(input: &str, excluded: impl Fn(char) -> bool) -> bool {
    let bytes = input.as_bytes();
    let mut chars = input.char_indices();
    while let Some((i, c)) = chars.next() {
        if c == '%' {
            let escape = bytes.get(i + 1..i + 3);
            if !escape.is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)) {
                return false;
            }
            chars.nth(1);
            continue;
        }
        if !is_url_code_point(c) || excluded(c) {
            return false;
        }
    }
    true
}

/// <https://url.spec.whatwg.org/#url-code-points>: ASCII alphanumerics, 19 punctuation
/// characters, and scalar values from U+00A0 up that are not noncharacters.
fn is_url_code_point(c: char) -> bool {
    let n = u32::from(c);
    match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' => true,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | '-' | '.' | '/' | ':' | ';'
        | '=' | '?' | '@' | '_' | '~' => true,
        _ => n >= 0xA0 && !(0xFDD0..=0xFDEF).contains(&n) && n & 0xFFFE != 0xFFFE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts() {
        for (host, valid) in [
            ("example.com", true),
            ("EXAMPLE.com", true),
            ("a.", false),
            ("a..b", false),
            ("-a.b", false),
            ("ab--c.d", false),
            ("a_b.c", false),
            ("1.2.3.4", true),
            ("1.2.3.04", false),
            ("1.2.3.256", false),
            ("1.2.3", false),
            ("0x7f.0.0.1", false),
            ("example.1", false),
            ("[::1]", true),
            ("[::01]", false),
            ("[1:2:3:4:5:6:7:8]", true),
            ("[1:2:3:4:5:6:7::]", true),
            ("[1:2:3:4:5:6:7:8::]", false),
            ("[::ffff:1.2.3.4]", true),
            ("[1:2:3:4:5:6:1.2.3.4]", true),
            ("[1::2::3]", false),
            ("[:::]", false),
        ] {
            assert_eq!(host_string(host), valid, "{host}");
        }
    }

    #[test]
    fn url_code_points() {
        assert!(is_url_code_point('\u{A0}'));
        assert!(is_url_code_point('\u{FFFD}'));
        assert!(!is_url_code_point('\u{9F}'));
        assert!(!is_url_code_point('\u{FDD0}'));
        assert!(!is_url_code_point('\u{1FFFF}'));
        assert!(!is_url_code_point('"'));
        assert!(!is_url_code_point('%'));
        assert!(url_units("a%2Fb"));
        assert!(!url_units("a%2"));
        assert!(!url_units("a%g0"));
    }

    /// Strict mode accepts exactly the valid URL strings (the differences once listed are
    /// among the cases: `'` in a special query, the `|` of a drive letter, a host copied from
    /// the base).
    #[test]
    fn strict_mode_is_the_checker() {
        let strict = crate::Options::STRICT;
        let accepts = |input: &str, base: Option<&str>| {
            let mut a = [0u8; 256];
            let mut b = [0u8; 256];
            let base = base.map(|s| Url::parse(s, &mut b).unwrap());
            let ok = Url::parse_with(input, base.as_ref(), &mut a, strict).is_ok();
            (ok, is_valid_url_string(input, base.as_ref()))
        };
        for (input, base) in [
            ("https://example.com/a?b=c#d", None),
            ("https://user@example.com/", None),
            ("https:\\\\example.com/", None),
            ("https://example.com/%zz", None),
            ("https://EXAMPLE.com/", None),
            ("http://a./", None),
            ("http://127.0.0.1./", None),
            ("https://[::1]:8080/", None),
            ("https://[0::1]/", None),
            ("http://0x7f.1/", None),
            ("foo://h/p?q", None),
            ("foo:opaque path", None),
            ("file:///C:/x", None),
            ("../x?y#z", Some("https://example.com/a/b")),
            ("//other/x", Some("https://example.com/")),
            ("/x", None),
            ("https://a/?'", None),
            ("file:///C|/x", None),
            ("/C|/x", Some("file:///")),
            ("x", Some("https://a_b/")),
        ] {
            let (strict_ok, valid) = accepts(input, base);
            assert_eq!(strict_ok, valid, "{input:?} against {base:?}");
        }
        assert_eq!(accepts("https://a/?'", None), (true, true));
        assert_eq!(accepts("file:///C|/x", None), (false, false));
        assert_eq!(accepts("x", Some("https://a_b/")), (true, true));
    }

    /// [`split_off_label`]'s separators: the characters whose mapping holds a full stop, each
    /// mapped to a full stop alone.
    #[cfg(feature = "idna")]
    #[test]
    fn label_separators() {
        let mut separators = std::vec::Vec::new();
        for c in (0..=0x10_FFFFu32).filter_map(char::from_u32) {
            let mut utf8 = [0u8; 4];
            let mut mapped = crate::idna::Mapped::new(c.encode_utf8(&mut utf8), false);
            if mapped.clone().any(|m| m == '.') {
                assert_eq!((mapped.next(), mapped.next()), (Some('.'), None), "{c:?}");
                separators.push(c);
            }
        }
        assert_eq!(separators, ['.', '\u{3002}', '\u{FF0E}', '\u{FF61}']);
        assert_eq!(split_off_label("a\u{3002}b.c"), ("a", Some("b.c")));
        assert_eq!(split_off_label("\u{FF61}"), ("", Some("")));
        assert_eq!(split_off_label("ab"), ("ab", None));
    }

    /// Domains checked label by label as strict ToASCII checks them whole: labels split at
    /// every separator, the domain's length, the Bidi rule across labels (a left-to-right
    /// label that fails it only next to a right-to-left one), the last label a number.
    #[cfg(feature = "idna")]
    #[test]
    fn labels_together() {
        let whole = |domain: &str| {
            let mut out = [0u8; 1024];
            let options = crate::idna::Uts46Options::url(true);
            crate::idna::to_ascii(domain, options, &mut out)
                .is_ok_and(|n| !crate::host::domain::ends_in_a_number(&out[..n]))
        };
        let a = |n: usize| "a".repeat(n);
        let near_limits = [
            std::format!("{0}.{0}.{0}.büé", a(63)),
            std::format!("{0}.{0}.{0}.büéx", a(63)),
            // 253 and 254 bytes: `é` is `xn--9ca`.
            std::format!("{0}.{0}.{0}.{1}.é", a(63), a(53)),
            std::format!("{0}.{0}.{0}.{1}.é", a(63), a(54)),
            std::format!("é.{}", a(64)),
        ];
        let cases = [
            "bücher.example",
            "bücher\u{3002}example\u{FF0E}org\u{FF61}net",
            "bücher\u{3002}\u{3002}example",
            "bücher.example\u{3002}",
            "\u{5d0}.1a",
            "\u{5d0}.a1",
            "xn--4db.1a",
            "\u{e9}.1a",
            "\u{5d0}\u{3002}\u{e9}1",
            "\u{e9}.1",
            "\u{e9}.0x1f",
            "\u{e9}.0x1g",
            "1\u{FF0E}\u{e9}",
            "\u{e9}\u{FF0E}xn--a",
            "\u{e9}.xn--bcher-kva",
            "\u{e9}.xn--bcher-kva-",
            "\u{e9}.-a",
            "\u{e9}.a_b",
            "\u{e9}--a.b",
        ];
        let mut valid = 0;
        for domain in cases
            .into_iter()
            .chain(near_limits.iter().map(|d| d.as_str()))
        {
            assert_eq!(domain_string(domain), whole(domain), "{domain:?}");
            valid += usize::from(whole(domain));
        }
        assert!(valid >= 5, "{valid}");
    }

    /// A label whose decomposition is the longest a valid label's can be: 56 Hangul syllables
    /// of three jamo (63 bytes encoded), written decomposed so that no fast path takes it.
    #[cfg(feature = "idna")]
    #[test]
    fn longest_decomposed_label() {
        let syllable = "\u{1112}\u{1175}\u{11c2}";
        let (long, short) = ("a".repeat(63), "a".repeat(61));
        let label = syllable.repeat(56);
        // 253 bytes in all.
        assert!(domain_string(&std::format!(
            "{long}.{long}.{short}.{label}"
        )));
        // 57 syllables: 64 bytes encoded.
        assert!(!domain_string(&std::format!("{label}{syllable}")));
    }

    #[cfg(feature = "idna")]
    #[test]
    fn unicode_domains() {
        assert!(domain_string("bücher.example"));
        assert!(domain_string("xn--bcher-kva.example"));
        assert!(!domain_string("xn--a.example"));
        assert!(!domain_string("１２７.０.０.１"));
        assert!(!domain_string("bücher.example."));
    }
}
