//! Domains: percent-decoding, the ASCII fast path and the hand-off to IDNA (`to_ascii`, in
//! the `idna` build) (<https://url.spec.whatwg.org/#concept-host-parser>, steps 4-9).

use super::{HostError, Parsed, ipv4};
use crate::arena::Writer;
use crate::error::{ParseErrorKind, Report, ValidationError};
use crate::percent;
use crate::scan::{self as class, CLASS};

#[cfg(feature = "idna")]
mod to_ascii;
#[cfg(feature = "idna")]
pub(crate) use to_ascii::undecided_host_valid;
#[cfg(feature = "idna")]
use to_ascii::{parse_unicode, xn_domain_ok, xn_labels_ok};

/// <https://url.spec.whatwg.org/#ends-in-a-number-checker>
#[inline]
pub(crate) fn ends_in_a_number(domain: &[u8]) -> bool {
    // A number's last byte is a digit, a hex digit or the `x` of `0x` (a domain's, or the
    // one before its last dot): most domains end in a letter that rules them out at once,
    // before a call.
    if matches!(
        domain.last(),
        Some(b'g'..=b'w' | b'y' | b'z' | b'G'..=b'W' | b'Y' | b'Z')
    ) {
        return false;
    }
    last_label_is_a_number(domain)
}

/// [`ends_in_a_number`] past its first check.
fn last_label_is_a_number(domain: &[u8]) -> bool {
    let domain = match domain {
        [rest @ .., b'.'] => rest,
        _ => domain,
    };
    // The last label (the whole domain without a dot).
    let last = domain.rsplit(|&b| b == b'.').next().unwrap_or(domain);
    if !last.is_empty() && last.iter().all(u8::is_ascii_digit) {
        return true;
    }
    matches!(last, [b'0', b'x' | b'X', rest @ ..] if rest.iter().all(u8::is_ascii_hexdigit))
}

/// Parses a special URL's host that is not an IPv6 address and writes the result.
/// (Inlined into the host parser in the speed build: one call less per host.)
#[cfg_attr(feature = "fast-path", inline(always))]
pub(crate) fn parse(input: &[u8], out: &mut Writer<'_>, v: &mut impl Report) -> Parsed {
    // Fast path: ASCII without `%` or forbidden code points only needs lowercasing.
    let mut seen = 0;
    for &b in input {
        seen |= CLASS[b as usize];
    }
    if seen & class::DOMAIN_SLOW == 0 {
        return plain_ascii(input, seen & class::UPPER != 0, out, v);
    }
    // A byte loop: `contains` calls `memchr`, costly on hosts this short.
    #[allow(clippy::manual_contains)]
    let escaped = input.iter().any(|&b| b == b'%');
    // With `%`, or ASCII: then what needs the slow path is a forbidden domain code point,
    // which decoding leaves in place, and which `decoded` fails the host at. (A byte loop
    // on this rare path: the word check's registers would grow this frame, which UTS46's
    // are under.)
    if escaped || input.iter().all(u8::is_ascii) {
        if let Some(result) = decoded(input, out, v) {
            return result;
        }
    }
    // Non-ASCII, raw or decoded. One call, here, not in `decoded`: UTS46's frames stay off
    // the others (the deepest stack, Cortex-M budget).
    parse_unicode(input, escaped, out, v)
}

/// A domain with `%` (or ASCII with a forbidden code point), percent-decoded, lowercased
/// and written in one pass while it is ASCII without forbidden code points: "set result to
/// domain, lowercased", then the IPv4 check.
/// At a byte that is neither, the rest decides: a non-ASCII byte (raw or decoded) anywhere
/// sends the whole domain to UTS46 (which may absorb a forbidden code point: NFC maps `<`
/// U+0338 to U+226E): `None`, with nothing written; otherwise the forbidden code point
/// fails the host, at its byte (the `%` of its escape). Out of line: its locals are not in
/// the host parser's frame, under which UTS46 runs (every parse's Cortex-M0 stack bound).
#[inline(never)]
fn decoded(input: &[u8], out: &mut Writer<'_>, v: &mut impl Report) -> Option<Parsed> {
    let start = out.len();
    let mut i = 0;
    // One `domain-percent-encoded` for the whole domain (the host parser's step 4).
    let mut escaped = false;
    while let Some(&b) = input.get(i) {
        let at = i;
        let decoded = match b {
            b'%' => percent::decode_at(input, i),
            _ => None,
        };
        let d = if let Some(d) = decoded {
            if !escaped {
                v.insert(ValidationError::DomainPercentEncoded);
                escaped = true;
            }
            i += 3;
            d
        } else {
            i += 1;
            b
        };
        // For ASCII, the class bit is the forbidden domain code points.
        if CLASS[d as usize] & class::DOMAIN_SLOW != 0 {
            // A valid escape from here on is still a validation error, reported first.
            if !escaped && (at..input.len()).any(|j| percent::decode_at(input, j).is_some()) {
                v.insert(ValidationError::DomainPercentEncoded);
            }
            let rest = input.get(i..).unwrap_or_default();
            if d < 0x80 && percent::decode(rest).all(|b| b < 0x80) {
                v.report_rel(ValidationError::DomainToAscii, at);
                let kind = ParseErrorKind::DomainInvalidCodePoint;
                return Some(HostError::new(kind, at).into());
            }
            out.truncate(start);
            return None;
        }
        out.push(d.to_ascii_lowercase());
    }
    // The input, not the output: past a full arena the output is not all stored.
    Some(match ipv4_scan(input, false, v) {
        Ok(ipv4) => finish(start, ipv4, out),
        Err(e) => ipv4_failure(e, part_start(input, e.part), v).into(),
    })
}

/// An ASCII domain with nothing to decode or reject: lowercased, then the IPv4 check.
/// Not inlined (nor [`decoded`]): their IPv4 scanners stay off the stack of the
/// UTS46 path, the deepest one (Cortex-M budget).
#[inline(never)]
fn plain_ascii(input: &[u8], has_upper: bool, out: &mut Writer<'_>, v: &mut impl Report) -> Parsed {
    let domain = |out: &mut Writer<'_>| {
        if has_upper {
            for &b in input {
                out.push(b.to_ascii_lowercase());
            }
        } else {
            out.push_slice(input);
        }
    };
    if !ends_in_a_number(input) {
        domain(out);
        return Parsed::Domain;
    }
    // The IPv4 serializer would write a canonical dotted quad back: nothing to parse or
    // rewrite (a shortcut for speed, left out of the build for flash size).
    if cfg!(feature = "fast-path") && is_canonical_dotted_quad(input) {
        out.push_slice(input);
        return Parsed::Ipv4;
    }
    // The IPv4 parser reads either case: the domain is written only if it is not an
    // address (so the arena never holds both).
    match ipv4_scan(input, false, v) {
        Ok(Some(addr)) => {
            ipv4::serialize(addr, out);
            Parsed::Ipv4
        }
        Ok(None) => {
            domain(out);
            Parsed::Domain
        }
        Err(e) => ipv4_failure(e, part_start(input, e.part), v).into(),
    }
}

/// The kind [`plain_ascii`] gives `input`, which ends in a number, without writing it: an
/// IPv4 address when the IPv4 parser accepts it, `None` when it fails. (`plain_ascii`
/// writes the address from its value: it runs the scan itself.)
pub(crate) fn ipv4_kind(input: &[u8]) -> Option<super::HostKind> {
    match ipv4_address(input).ok()? {
        Some(_) => Some(super::HostKind::Ipv4),
        None => Some(super::HostKind::Domain),
    }
}

/// The IPv4 parser on an ASCII domain, with no validation error kept: the address, `None`
/// when the domain does not end in a number, `Err` when the parser fails.
pub(crate) fn ipv4_address(input: &[u8]) -> Result<Option<u32>, ipv4::Failure> {
    let mut v = crate::error::ValidationErrors::EMPTY;
    ipv4_scan(input, false, &mut v)
}

/// Whether `host` is four decimal numbers of 0-255 without leading zeros, separated by
/// dots: an IPv4 address already in the form the IPv4 serializer writes, which the IPv4
/// parser accepts with no validation error.
#[inline]
pub(crate) fn is_canonical_dotted_quad(host: &[u8]) -> bool {
    dotted_quad(host).is_some()
}

/// The address `host` stands for when it is four decimal numbers of 0-255 without leading
/// zeros, separated by dots ([`is_canonical_dotted_quad`]): the one form every reader takes
/// for the same address (RFC 3986's `IPv4address`, what `Ipv4Addr::from_str` accepts), for
/// the helpers that tell an address in an opaque host from a name.
pub(crate) fn dotted_quad(host: &[u8]) -> Option<u32> {
    // One pass: the dots seen, the address so far, and the value and digit count of the
    // part being read.
    let (mut dots, mut address, mut value, mut digits) = (0, 0u32, 0u32, 0);
    for &b in host {
        match b {
            b'0'..=b'9' => {
                // A leading zero, or a part past 255 (which three digits can reach first).
                if digits == 1 && value == 0 {
                    return None;
                }
                value = value * 10 + u32::from(b - b'0');
                digits += 1;
                if value > 255 {
                    return None;
                }
            }
            b'.' if digits > 0 && dots < 3 => {
                (dots, address, value, digits) = (dots + 1, address << 8 | value, 0, 0);
            }
            _ => return None,
        }
    }
    (dots == 3 && digits > 0).then_some(address << 8 | value)
}

/// The ends-in-a-number checker and the IPv4 parser over the (percent-decoded) domain;
/// ASCII case does not matter to either. With strict UTS46 ToASCII's checks that need no
/// decoding on the way: in a parse that reports in order, `domain-to-ASCII` comes before
/// the IPv4 parser's errors. When only the domain's `xn--` labels can decide it
/// ([`streamed_strict_rules`]), it is left to the host parser, which decodes them in its
/// own frame (the stack bound: not under this one and its callers'), then runs
/// [`ipv4_after_strict_check`]: `Ok(None)` here, and the caller writes the domain.
/// A failure names the part that fails: the caller says where it is ([`ipv4_failure`]).
/// Not inlined: the scanner's state stays off the callers' frames.
#[inline(never)]
fn ipv4_scan<R: Report>(
    domain: &[u8],
    non_ascii_input: bool,
    v: &mut R,
) -> Result<Option<u32>, ipv4::Failure> {
    let mut scan = ipv4::Ipv4Scan::new();
    percent::decode(domain).for_each(|b| scan.feed(b));
    scan.end();
    // Only the order of the errors needs strict ToASCII here (the set alone derives
    // `domain-to-ASCII` from the URL), and only for a domain the IPv4 parser gets.
    let strict = match R::IN_ORDER && scan.number_like() {
        true => streamed_strict_rules(domain),
        false => Some(false),
    };
    if strict == Some(true) {
        return Ok(None);
    }
    scan.result(non_ascii_input, strict.is_some(), v)
}

/// The IPv4 parser's failure `e`, at offset `at` of the host parser's input, with its
/// validation error there: the first byte of the part that fails ([`part_start`]) for a
/// domain the IPv4 parser reads as the input has it, percent-decoded; for UTS46's result,
/// whose parts are the mapped domain's labels (mapping and normalization rewrite their
/// characters, not where they begin), the start of the label that holds the failing part.
fn ipv4_failure(e: ipv4::Failure, at: usize, v: &mut impl Report) -> HostError {
    v.report_rel(e.error, at);
    HostError::new(e.kind, at)
}

/// The offset in `domain` (percent-encoded, as the host parser got it: decoding can make a
/// dot, `1%2E2`) of the first byte of its dot-separated part `part` once percent-decoded
/// (past its last dot, when it has fewer).
fn part_start(domain: &[u8], part: u8) -> usize {
    let mut bytes = percent::decode(domain);
    for _ in 0..part {
        if !bytes.any(|b| b == b'.') {
            break;
        }
    }
    bytes.offset()
}

/// Strict UTS46 ToASCII's checks that need no decoding (those of [`strict_ascii_rules`])
/// on a domain as it streams by, percent-decoded, in either case: `None` when one fails,
/// else whether it has `xn--` labels, whose decoding is left. Out of line, its state in
/// this frame only.
#[inline(never)]
fn streamed_strict_rules(domain: &[u8]) -> Option<bool> {
    // The label being read: its length, first four bytes (lowercase), last byte, and
    // whether all are letters, digits or `-`.
    let (mut len, mut head, mut last, mut ldh) = (0usize, [0u8; 4], 0u8, true);
    let (mut total, mut has_xn) = (0usize, false);
    let mut bytes = percent::decode(domain).map(|b| b.to_ascii_lowercase());
    loop {
        let b = bytes.next();
        if b.is_none() || b == Some(b'.') {
            // VerifyDnsLength (an empty label, the root label's included, fails), STD3,
            // CheckHyphens (no `--` in the third and fourth places but in `xn--`).
            let xn = len >= 4 && head == *b"xn--";
            let hyphens = head[0] == b'-' || last == b'-' || (head[2..] == *b"--" && !xn);
            if !(1..=63).contains(&len) || !ldh || hyphens {
                return None;
            }
            has_xn |= xn;
            (len, head, last, ldh) = (0, [0; 4], 0, true);
        }
        let Some(b) = b else {
            break;
        };
        total += 1;
        if b != b'.' {
            if let Some(slot) = head.get_mut(len) {
                *slot = b;
            }
            (len, last) = (len + 1, b);
            ldh &= b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-';
        }
    }
    (total <= 253).then_some(has_xn)
}

/// The host parser's end for a domain the IPv4 scan left to it ([`ipv4_scan`]), in a parse
/// that reports in order, once `domain-to-ASCII` is decided: a domain written at `start..`
/// that ends in a number (it has `xn--` labels) goes to the IPv4 parser, which fails it,
/// with its validation errors. Any other domain is one (`Ok`). A host past a full arena
/// cannot be read back: the run asks for more arena then (the strict check left it
/// undecided).
pub(crate) fn ipv4_after_strict_check<R: Report>(
    out: &Writer<'_>,
    start: usize,
    input: &[u8],
    v: &mut R,
) -> Parsed {
    let host = out.bytes().get(start..).unwrap_or_default();
    if out.overflowed() || !ends_in_a_number(host) {
        return Parsed::Domain;
    }
    // UTS46's result when the input, percent-decoded, is not ASCII (IPv4-non-ASCII-input).
    let non_ascii = percent::decode(input).any(|b| !b.is_ascii());
    let mut scan = ipv4::Ipv4Scan::new();
    host.iter().for_each(|&b| scan.feed(b));
    scan.end();
    // Strict ToASCII's other checks passed ([`ipv4_scan`] left the host here).
    match scan.result(non_ascii, true, v) {
        Err(e) => {
            let at = match non_ascii {
                true => 0,
                false => part_start(input, e.part),
            };
            ipv4_failure(e, at, v).into()
        }
        // (Not reached: an `xn--` label is no number, so the IPv4 parser failed.)
        Ok(_) => Parsed::Domain,
    }
}

/// The "ends in a number" step: an IPv4 address replaces the domain text written from
/// `start`.
fn finish(start: usize, ipv4: Option<u32>, out: &mut Writer<'_>) -> Parsed {
    match ipv4 {
        Some(addr) => {
            out.truncate(start);
            ipv4::serialize(addr, out);
            Parsed::Ipv4
        }
        None => Parsed::Domain,
    }
}

/// Whether strict UTS46 ToASCII (beStrict = true) would accept this ASCII domain: the
/// `domain-to-ASCII` validation error, derived from the serialized host when asked for
/// (see `Url::validation_errors`) rather than on every parse. A domain with `xn--` labels
/// is judged by IDNA as a whole: the Bidi rule applies to every label of a domain that has
/// a right-to-left one (`xn--mgbh0fb.1a` fails on `1a`). Only a URL that keeps its
/// validation errors derives it (and its unit test reads it in every build).
#[cfg_attr(not(feature = "validation-errors"), allow(dead_code))]
pub(crate) fn strictly_valid_ascii(domain: &[u8]) -> bool {
    match strict_ascii_rules(domain) {
        None => false,
        Some(None) => true,
        Some(Some(_)) => xn_domain_ok(domain),
    }
}

/// The checks of strict UTS46 ToASCII on an ASCII domain that need no decoding (each label
/// is lowercase LDH and 1 to 63 bytes, the domain at most 253; CheckHyphens on the labels
/// that are not `xn--`): `None` when one fails. Else the scratch that decoding its `xn--`
/// labels takes in the verdict, `idna::verdict` (`None`: it has none): it copies a label's
/// characters after `xn--`, then decodes at most one code point of 4 bytes per character.
fn strict_ascii_rules(domain: &[u8]) -> Option<Option<usize>> {
    // VerifyDnsLength rejects every empty label, the root label of `a.` included.
    if domain.is_empty() || domain.len() > 253 {
        return None;
    }
    let mut scratch = None;
    for label in domain.split(|&b| b == b'.') {
        let ldh = !label.is_empty()
            && label.len() <= 63
            && label
                .iter()
                .all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            && label.first() != Some(&b'-')
            && label.last() != Some(&b'-');
        let xn = label.starts_with(b"xn--");
        if !ldh || (label.get(2..4) == Some(b"--") && !xn) {
            return None;
        }
        if xn {
            let needs = 5 * (label.len() - 4);
            scratch = Some(scratch.unwrap_or(0).max(needs));
        }
    }
    Some(scratch)
}

/// [`strictly_valid_ascii`] on the host the parser just wrote at `start..` of `out`, for a
/// parse that reports in order (a log, or strict mode): its `xn--` labels are decoded in the
/// arena past the output rather than on the stack (this is under the parser's
/// deepest frames), and that scratch counts in what the arena needs, so that `needed`
/// always decides it. `None`: the arena is short of it or did not hold the host; the check
/// is left undecided ([`Writer::undecided`]) and the parse asks for more arena.
#[inline(never)]
pub(crate) fn strictly_valid_written(
    out: &mut Writer<'_>,
    start: usize,
    input: &[u8],
) -> Option<bool> {
    // Past a full arena the output is counted, not all written (`Writer::skip_checked`
    // writes nothing even within it): the host cannot be read back. Its `xn--` labels
    // need at most a label's worth of the host's length after `xn--`; it has none when
    // the host parser's `input` (ASCII without `%`: only lowercased) has none.
    if out.overflowed() {
        let host = out.len().saturating_sub(start);
        match may_have_xn_labels(input) {
            true => out.undecided(5 * host.saturating_sub(4).min(XN_LABEL_CHARS)),
            false => out.undecided(0),
        }
        return None;
    }
    let (written, free) = out.written_and_free();
    let host = written.get(start..).unwrap_or_default();
    let scratch = match strict_ascii_rules(host) {
        None => return Some(false),
        Some(None) => return Some(true),
        Some(Some(scratch)) => scratch,
    };
    let found = free
        .get_mut(..scratch)
        .and_then(|free| xn_labels_ok(host, free));
    match found {
        Some(_) => out.reserve_scratch(scratch),
        None => out.undecided(scratch),
    }
    found
}

/// Whether a host parsed from `input` (a host, or a whole URL) can have `xn--` labels: not
/// when it has no `xn--` (in any case, tabs and newlines passed over as the parser drops
/// them: `xn\n--` is `xn--`), `%` or non-ASCII byte, since an ASCII domain is only
/// lowercased.
pub(crate) fn may_have_xn_labels(input: &[u8]) -> bool {
    let mut matched = 0;
    for &b in input {
        if !b.is_ascii() || b == b'%' {
            return true;
        }
        if crate::scan::is_tab_or_newline(b) {
            continue;
        }
        let b = b.to_ascii_lowercase();
        matched = match b"xn--".get(matched) {
            Some(&want) if want == b => matched + 1,
            _ => usize::from(b == b'x'),
        };
        if matched == 4 {
            return true;
        }
    }
    false
}

/// What decoding the `xn--` labels of a domain takes at most: 5 bytes for each of the at
/// most [`XN_LABEL_CHARS`] characters of a label after `xn--`.
pub(crate) const XN_LABEL_SCRATCH: usize = 5 * XN_LABEL_CHARS;

/// The most characters after `xn--` in a label of at most 63 bytes.
const XN_LABEL_CHARS: usize = 59;

#[cfg(not(feature = "idna"))]
fn xn_domain_ok(_domain: &[u8]) -> bool {
    // Without IDNA the labels cannot be checked; lowercasing is all the spec does with them.
    true
}

#[cfg(not(feature = "idna"))]
fn xn_labels_ok(_domain: &[u8], _scratch: &mut [u8]) -> Option<bool> {
    Some(true)
}

/// A domain that is not ASCII after percent-decoding: UTF-8 decode, then UTS46, which this
/// build does not have: the domain as a whole needs it, so the failure is at the host's
/// start (no byte of the input is wrong).
#[cfg(not(feature = "idna"))]
fn parse_unicode(
    _input: &[u8],
    _escaped: bool,
    _out: &mut Writer<'_>,
    _v: &mut impl Report,
) -> Parsed {
    HostError::new(ParseErrorKind::IdnaUnavailable, 0).into()
}

/// Without IDNA no host is left undecided (the check that needs arena is UTS46's): only a
/// host too long for `can_parse`'s scratch gets here, after [`ascii_domain_valid`] found a
/// byte that is not ASCII, which needs IDNA.
#[cfg(not(feature = "idna"))]
pub(crate) fn undecided_host_valid(_input: &[u8], _scratch: &mut [u8]) -> bool {
    false
}

/// The host parser's steps 4-9 (<https://url.spec.whatwg.org/#concept-host-parser>) on a
/// domain as written in `can_parse`'s input (tabs and newlines in it skipped as it is
/// read), while it is ASCII once percent-decoded: domain to ASCII then only lowercases it
/// (whatever its `xn--` labels), a forbidden domain code point fails it, and a result that
/// ends in a number goes to the IPv4 parser. `None`: a decoded byte is not ASCII, and the
/// domain needs UTS46 ([`undecided_host_valid`]). Out of line: its IPv4 scanner is not on
/// the chain of UTS46's frames (stack bound).
#[inline(never)]
pub(crate) fn ascii_domain_valid(input: &[u8]) -> Option<bool> {
    let (mut scan, mut forbidden) = (ipv4::Ipv4Scan::new(), false);
    let mut rest = input;
    while let Some((b, n)) = percent::decode_first_kept(rest) {
        if !b.is_ascii() {
            return None;
        }
        forbidden |= class::is_forbidden_domain(b);
        scan.feed(b.to_ascii_lowercase());
        rest = rest.get(n..).unwrap_or_default();
    }
    let mut ignored = crate::error::ValidationErrors::EMPTY;
    scan.end();
    Some(!forbidden && scan.result(false, true, &mut ignored).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::format;

    /// The strict check of an ASCII domain (the verdict, `xn--` labels decoded in the
    /// scratch it is given: [`strictly_valid_written`], [`strictly_valid_ascii`]) decides as
    /// strict UTS46 ToASCII (`idna::domain_to_ascii` with beStrict) does, on generated ASCII
    /// domains: LDH labels, `xn--` labels encoded from characters that fail each strict
    /// rule (hyphens in the third and fourth code points or at an end, ASCII outside STD3,
    /// uppercase, marks, joiners, right-to-left and digits for the Bidi rule, mapped and
    /// disallowed code points) and `xn--` labels of random digits. With the scratch it asks
    /// for it always decides; with less, it decides the same or not at all.
    #[cfg(feature = "idna")]
    #[test]
    fn strict_check_in_scratch_is_strict_to_ascii() {
        use std::string::String;
        let pool = [
            'a',
            'z',
            '0',
            '9',
            '-',
            '_',
            'A',
            '.',
            '\u{e9}',
            '\u{fc}',
            '\u{df}',
            '\u{627}',
            '\u{644}',
            '\u{5d0}',
            '\u{661}',
            '\u{301}',
            '\u{200d}',
            '\u{200c}',
            '\u{94d}',
            '\u{915}',
            '\u{ff57}',
            '\u{4e00}',
            '\u{2665}',
            '\u{1f600}',
        ];
        let mut g = crate::testgen::Gen::new(0x57_1c7);
        let (mut valid, mut invalid, mut short) = (0, 0, 0);
        for _ in 0..20_000 {
            let labels = 1 + g.below(3);
            let mut domain = String::new();
            for k in 0..labels {
                if k > 0 {
                    domain.push('.');
                }
                match g.below(4) {
                    0 => (0..1 + g.below(8))
                        .for_each(|_| domain.push(['a', '1', '-', 'q'][g.below(4)])),
                    1 => {
                        domain.push_str("xn--");
                        (0..g.below(12))
                            .for_each(|_| domain.push(['a', 'b', '9', '-', 'k'][g.below(5)]));
                    }
                    _ => {
                        let label: String = (0..1 + g.below(10))
                            .map(|_| match g.below(3) {
                                0 => pool[g.below(pool.len())],
                                _ => ['\u{e9}', 'x', '\u{627}', '-'][g.below(4)],
                            })
                            .collect();
                        let mut out = std::vec![0u8; 16 * label.len() + 16];
                        let n = crate::idna::encode_any(&label, &mut out);
                        domain.push_str("xn--");
                        domain.push_str(core::str::from_utf8(&out[..n]).unwrap());
                    }
                }
            }
            // The check reads a serialized host: lowercase.
            domain.make_ascii_lowercase();
            let d = domain.as_bytes();
            let expected = crate::idna::domain_to_ascii(&domain, true, &mut [0u8; 1024]).is_ok();
            assert_eq!(strictly_valid_ascii(d), expected, "{domain}");
            let got = match strict_ascii_rules(d) {
                None => false,
                Some(None) => true,
                Some(Some(scratch)) => {
                    let found = xn_labels_ok(d, &mut std::vec![0u8; scratch]);
                    assert_eq!(found, Some(expected), "{domain}");
                    let less = xn_labels_ok(d, &mut std::vec![0u8; scratch / 2]);
                    assert!(less.is_none() || less == Some(expected), "{domain}");
                    short += usize::from(less.is_none());
                    expected
                }
            };
            assert_eq!(got, expected, "{domain}");
            match expected {
                true => valid += 1,
                false => invalid += 1,
            }
        }
        std::println!("valid {valid}, invalid {invalid}, undecided with half the scratch {short}");
        assert!(
            valid > 1_000 && invalid > 1_000 && short > 100,
            "{valid} {invalid} {short}"
        );
    }

    /// The dotted-quad shortcut agrees with the IPv4 parser and serializer: it says yes
    /// exactly when they accept the host with no validation error and write it back as is.
    #[test]
    fn canonical_dotted_quad_is_what_the_serializer_writes() {
        let parts = [
            "0", "1", "9", "10", "99", "100", "255", "256", "00", "01", "012", "0x1", "a", "",
        ];
        let mut checked = 0;
        for a in parts {
            for b in parts {
                for (c, d) in [
                    ("0", "1"),
                    ("255", "255"),
                    ("1", "256"),
                    ("01", "2"),
                    ("3", ""),
                ] {
                    for host in [
                        format!("{a}.{b}.{c}.{d}"),
                        format!("{a}.{b}.{c}"),
                        format!("{a}.{b}.{c}.{d}."),
                    ] {
                        let mut v = crate::ValidationErrors::EMPTY;
                        let mut arena = [0u8; 64];
                        let mut out = Writer::new(&mut arena, &[]);
                        let parsed = ipv4_scan(host.as_bytes(), false, &mut v);
                        let written = parsed.is_ok_and(|p| finish(0, p, &mut out) == Parsed::Ipv4)
                            && v.is_empty()
                            && out.bytes() == host.as_bytes();
                        assert_eq!(is_canonical_dotted_quad(host.as_bytes()), written, "{host}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 2_000);
    }

    /// The dotted-quad shortcut over every host of up to 8 bytes from digits, dots and a
    /// letter, against the IPv4 parser and serializer as above.
    #[test]
    fn canonical_dotted_quad_exhaustive() {
        crate::testgen::each_string(b"0125.a", 8, |host| {
            let mut v = crate::ValidationErrors::EMPTY;
            let mut arena = [0u8; 64];
            let mut out = Writer::new(&mut arena, &[]);
            let parsed = ipv4_scan(host, false, &mut v);
            let written = parsed.is_ok_and(|p| finish(0, p, &mut out) == Parsed::Ipv4)
                && v.is_empty()
                && out.bytes() == host;
            assert_eq!(is_canonical_dotted_quad(host), written, "{host:?}");
        });
    }

    /// The dotted quad's address is `core::net`'s reading of the same text: over every host
    /// of up to 9 bytes from digits (`0`, `1`, `2`, `5`, `9`), dots and a letter,
    /// `dotted_quad` gives an address exactly when `Ipv4Addr::from_str` accepts the host,
    /// and the same address.
    #[test]
    fn dotted_quad_is_ipv4addr_from_str() {
        let mut accepted = 0;
        crate::testgen::each_string(b"01259.a", 9, |host| {
            let text = std::str::from_utf8(host).unwrap();
            let expected = text.parse::<core::net::Ipv4Addr>().ok().map(u32::from);
            assert_eq!(dotted_quad(host), expected, "{text}");
            accepted += usize::from(expected.is_some());
        });
        for text in [
            "255.255.255.255",
            "192.0.2.1",
            "256.0.0.1",
            "1.2.3.04",
            "0.0.0.0",
        ] {
            let expected = text.parse::<core::net::Ipv4Addr>().ok().map(u32::from);
            assert_eq!(dotted_quad(text.as_bytes()), expected, "{text}");
        }
        assert!(accepted > 1_000, "{accepted}");
    }

    /// The strict checks as the IPv4 scan streams them (percent-decoded, either case) decide
    /// as [`strict_ascii_rules`] does on the whole domain, lowercase, decoded: over every
    /// domain of up to 6 bytes from letters of both cases, a digit, `-`, `.`, `_` (STD3), and
    /// the same with `xn--` before it and with its first byte percent-encoded.
    #[test]
    fn streamed_strict_rules_are_strict_ascii_rules() {
        let (mut pass, mut fail, mut xn) = (0, 0, 0);
        crate::testgen::each_string(b"xnX-1._", 6, |d| {
            let escaped = d
                .first()
                .map(|b| format!("%{b:02X}{}", std::str::from_utf8(&d[1..]).unwrap()));
            let prefixed = [b"xn--".as_slice(), d].concat();
            for input in [
                d.to_vec(),
                prefixed,
                escaped.unwrap_or_default().into_bytes(),
            ] {
                let lower: std::vec::Vec<u8> = percent::decode(&input)
                    .map(|b| b.to_ascii_lowercase())
                    .collect();
                let expected = strict_ascii_rules(&lower).map(|s| s.is_some());
                assert_eq!(streamed_strict_rules(&input), expected, "{input:?}");
                match expected {
                    None => fail += 1,
                    Some(true) => xn += 1,
                    Some(false) => pass += 1,
                }
            }
        });
        assert!(
            pass > 1_000 && fail > 100_000 && xn > 1_000,
            "{pass} {fail} {xn}"
        );
    }

    /// The ends-in-a-number checker (<https://url.spec.whatwg.org/#ends-in-a-number-checker>)
    /// as the standard words it, over every domain of up to 7 bytes from a small alphabet.
    #[test]
    fn ends_in_a_number_exhaustive() {
        fn spec(domain: &[u8]) -> bool {
            let mut parts: std::vec::Vec<&[u8]> = domain.split(|&b| b == b'.').collect();
            if parts.last() == Some(&&b""[..]) {
                if parts.len() == 1 {
                    return false;
                }
                parts.pop();
            }
            let last = parts.last().copied().unwrap_or_default();
            if !last.is_empty() && last.iter().all(u8::is_ascii_digit) {
                return true;
            }
            // "If parsing last as an IPv4 number does not return failure": `0x`/`0X` and
            // hex digits (decimal and octal are all digits, covered above).
            last.len() >= 2
                && last[0] == b'0'
                && matches!(last[1], b'x' | b'X')
                && last[2..].iter().all(u8::is_ascii_hexdigit)
        }
        crate::testgen::each_string(b"09.xXafgG", 7, |domain| {
            assert_eq!(ends_in_a_number(domain), spec(domain), "{domain:?}");
        });
    }
}
