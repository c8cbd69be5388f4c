//! Domains: percent-decoding, the ASCII fast path and the hand-off to IDNA
//! (<https://url.spec.whatwg.org/#concept-host-parser>, steps 4-9).

use super::{HostKind, ipv4};
use crate::arena::Writer;
use crate::error::{ParseErrorKind, Report, ValidationError};
#[cfg(feature = "idna")]
use crate::idna::{DomainToAscii::NotStrict, Mapped, Verdict};
use crate::percent;
use crate::scan::{self as class, CLASS};

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
#[inline(never)]
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
pub(crate) fn parse(
    input: &[u8],
    out: &mut Writer<'_>,
    v: &mut impl Report,
) -> Result<HostKind, ParseErrorKind> {
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
    if escaped {
        if let Some(result) = decoded(input, out, v) {
            return result;
        }
    } else if crate::ascii::is_ascii(input) {
        // Neither `%` nor non-ASCII: what needs the slow path is a forbidden domain code
        // point, which decoding leaves in place.
        // Strict UTS46 rejects it first: the standard reports `domain-to-ASCII`.
        v.insert(ValidationError::DomainToAscii);
        return Err(ParseErrorKind::DomainInvalidCodePoint);
    }
    // Non-ASCII, raw or decoded. One call, here, not in `decoded`: UTS46's frames stay off
    // the others (the deepest stack, Cortex-M budget).
    parse_unicode(input, escaped, out, v)
}

/// A domain with `%`, percent-decoded, lowercased and written in one pass while it is ASCII
/// without forbidden code points: "set result to domain, lowercased", then the IPv4 check.
/// At a byte that is neither, the rest decides: a non-ASCII byte (raw or decoded) anywhere
/// sends the whole domain to UTS46 (which may absorb a forbidden code point: NFC maps `<`
/// U+0338 to U+226E): `None`, with nothing written; otherwise the forbidden code point
/// fails the host.
#[inline(never)]
fn decoded(
    input: &[u8],
    out: &mut Writer<'_>,
    v: &mut impl Report,
) -> Option<Result<HostKind, ParseErrorKind>> {
    let start = out.len();
    let mut i = 0;
    // One `domain-percent-encoded` for the whole domain (the host parser's step 4).
    let mut escaped = false;
    while let Some(&b) = input.get(i) {
        let at = i;
        let d = if b == b'%'
            && let Some(d) = percent::decode_at(input, i)
        {
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
                v.insert(ValidationError::DomainToAscii);
                return Some(Err(ParseErrorKind::DomainInvalidCodePoint));
            }
            out.truncate(start);
            return None;
        }
        out.push(d.to_ascii_lowercase());
    }
    // The input, not the output: past a full arena the output is not all stored.
    let ipv4 = ipv4_scan(input, false, v);
    Some(finish(start, ipv4, out))
}

/// An ASCII domain with nothing to decode or reject: lowercased, then the IPv4 check.
/// Not inlined (nor [`decoded`]): their IPv4 scanners stay off the stack of the
/// UTS46 path, the deepest one (Cortex-M budget).
#[inline(never)]
fn plain_ascii(
    input: &[u8],
    has_upper: bool,
    out: &mut Writer<'_>,
    v: &mut impl Report,
) -> Result<HostKind, ParseErrorKind> {
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
        return Ok(HostKind::Domain);
    }
    // The IPv4 serializer would write a canonical dotted quad back: nothing to parse or
    // rewrite (a shortcut for speed, left out of the build for flash size).
    if cfg!(feature = "fast-path") && is_canonical_dotted_quad(input) {
        out.push_slice(input);
        return Ok(HostKind::Ipv4);
    }
    // The IPv4 parser reads either case: the domain is written only if it is not an
    // address (so the arena never holds both).
    match ipv4_scan(input, false, v)? {
        Some(addr) => {
            ipv4::serialize(addr, out);
            Ok(HostKind::Ipv4)
        }
        None => {
            domain(out);
            Ok(HostKind::Domain)
        }
    }
}

/// Whether `host` is four decimal numbers of 0-255 without leading zeros, separated by
/// dots: an IPv4 address already in the form the IPv4 serializer writes, which the IPv4
/// parser accepts with no validation error.
pub(crate) fn is_canonical_dotted_quad(host: &[u8]) -> bool {
    // One pass: the dots seen, and the value and digit count of the part being read.
    let (mut dots, mut value, mut digits) = (0, 0u32, 0);
    for &b in host {
        match b {
            b'0'..=b'9' => {
                // A leading zero, or a part past 255 (which three digits can reach first).
                if digits == 1 && value == 0 {
                    return false;
                }
                value = value * 10 + u32::from(b - b'0');
                digits += 1;
                if value > 255 {
                    return false;
                }
            }
            b'.' if digits > 0 && dots < 3 => (dots, value, digits) = (dots + 1, 0, 0),
            _ => return false,
        }
    }
    dots == 3 && digits > 0
}

/// The ends-in-a-number checker and the IPv4 parser over the (percent-decoded) domain;
/// ASCII case does not matter to either. Not inlined: the scanner's state stays off the
/// callers' frames.
#[inline(never)]
fn ipv4_scan<R: Report>(
    domain: &[u8],
    non_ascii_input: bool,
    v: &mut R,
) -> Result<Option<u32>, ParseErrorKind> {
    let mut scan = ipv4::Ipv4Scan::new();
    percent::decode(domain).for_each(|b| scan.feed(b));
    // A byte other than a letter, a digit, `-` or `.` makes its part non-numeric, so the
    // IPv4 parser fails: only the order of the errors before it needs to know.
    let ldh = !R::IN_ORDER
        || percent::decode(domain).all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
    scan.result(non_ascii_input, ldh, v)
}

/// The "ends in a number" step: an IPv4 address replaces the domain text written from
/// `start`.
fn finish(
    start: usize,
    ipv4: Result<Option<u32>, ParseErrorKind>,
    out: &mut Writer<'_>,
) -> Result<HostKind, ParseErrorKind> {
    match ipv4? {
        Some(addr) => {
            out.truncate(start);
            ipv4::serialize(addr, out);
            Ok(HostKind::Ipv4)
        }
        None => Ok(HostKind::Domain),
    }
}

/// Whether strict UTS46 ToASCII (beStrict = true) would accept this ASCII domain: the
/// `domain-to-ASCII` validation error, derived from the serialized host when asked for
/// (see `Url::validation_errors`) rather than on every parse. A domain with `xn--` labels
/// is judged by IDNA as a whole: the Bidi rule applies to every label of a domain that has
/// a right-to-left one (`xn--mgbh0fb.1a` fails on `1a`).
pub(crate) fn strictly_valid_ascii(domain: &[u8]) -> bool {
    // VerifyDnsLength rejects every empty label, the root label of `a.` included.
    if domain.is_empty() || domain.len() > 253 {
        return false;
    }
    let mut punycode = false;
    let ldh = domain.split(|&b| b == b'.').all(|label| {
        punycode |= label.starts_with(b"xn--");
        !label.is_empty()
            && label.len() <= 63
            && label
                .iter()
                .all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            && label.first() != Some(&b'-')
            && label.last() != Some(&b'-')
            && (label.get(2..4) != Some(b"--") || label.starts_with(b"xn--"))
    });
    ldh && (!punycode || xn_domain_ok(domain))
}

/// Stack for [`xn_domain_ok`]: UTS46 needs at most the output before a label plus 5 bytes per
/// byte of an `xn--` label while decoding it (the `idna` module's bound), so 253 + 5 · 63
/// for a domain that passed the length checks.
#[cfg(feature = "idna")]
const XN_DOMAIN_SCRATCH: usize = 253 + 5 * 63;

/// Out of line: its scratch must not be inlined into the frame of the parse that checks a
/// URL strictly (stack budget on Cortex-M0).
#[cfg(feature = "idna")]
#[inline(never)]
fn xn_domain_ok(domain: &[u8]) -> bool {
    let Ok(s) = core::str::from_utf8(domain) else {
        return false;
    };
    let mut scratch = [0u8; XN_DOMAIN_SCRATCH];
    crate::idna::domain_to_ascii(s, true, &mut scratch).is_ok()
}

#[cfg(not(feature = "idna"))]
fn xn_domain_ok(_domain: &[u8]) -> bool {
    // Without IDNA the labels cannot be checked; lowercasing is all the spec does with them.
    true
}

/// A domain that is not ASCII after percent-decoding: UTF-8 decode, then UTS46.
#[cfg(not(feature = "idna"))]
fn parse_unicode(
    _input: &[u8],
    _escaped: bool,
    _out: &mut Writer<'_>,
    _v: &mut impl Report,
) -> Result<HostKind, ParseErrorKind> {
    Err(ParseErrorKind::IdnaUnavailable)
}

/// A domain that is not ASCII after percent-decoding: UTF-8 decode, then UTS46 domain to
/// ASCII with beStrict = false, using the arena past the output as scratch.
#[cfg(feature = "idna")]
fn parse_unicode(
    input: &[u8],
    escaped: bool,
    out: &mut Writer<'_>,
    v: &mut impl Report,
) -> Result<HostKind, ParseErrorKind> {
    let start = out.len();
    // Without `%`, the decoded domain is the input itself, already a string (no copy, no
    // UTF-8 check); the arena is still accounted as if it held the copy, so that the size
    // reported when it runs out does not depend on where the host came from.
    let source = match escaped {
        true => None,
        false => out.input_str(input),
    };
    // Room for the decoded domain (shorter than the input when escaped: counted first, so
    // that the size asked for when there is none is the decoded one).
    let decoded_len = match escaped {
        true => percent::decode(input).count(),
        false => input.len(),
    };
    // A validity-only run keeps no host: its labels need not be encoded.
    let encode = out.keeps_output();
    let buf = out.owned_buf();
    let Some(region) = buf.get_mut(start..).filter(|r| r.len() >= decoded_len) else {
        return unicode_without_room(input, out, v);
    };
    let (d, decoded, rest) = match source {
        Some(s) => {
            // `region` holds at least `input.len()` bytes (checked above).
            let rest = region.get_mut(input.len()..).unwrap_or_default();
            (input.len(), s, rest)
        }
        None => match percent_decode_into(input, region) {
            Some(decoded) => decoded,
            None => return domain_to_ascii_failure(v),
        },
    };
    let n = match crate::idna::domain_to_ascii_in(decoded, NotStrict { encode }, rest) {
        Ok(n) => n,
        // The verdict decodes `xn--` labels in the whole region, the domain streamed from
        // the input: a bigger arena never gives it less scratch than a smaller one, which
        // has no room for the decoded domain (`unicode_without_room`).
        Err(e) => {
            let domain = source.map_or(Mapped::escaped(input), |s| Mapped::new(s, false));
            return verdict_in_free_arena(e, domain, d, out, v);
        }
    };
    out.reserve_scratch(d + n);
    crate::arena::shift(out.owned_buf(), start + d..start + d + n, start);
    out.commit(n);
    let ascii = out.bytes().get(start..).unwrap_or_default();
    if !ends_in_a_number(ascii) {
        return Ok(HostKind::Domain);
    }
    // IPv4-non-ASCII-input (after domain-to-ASCII): see `Ipv4Scan::result`.
    let ipv4 = ipv4_scan(ascii, true, v);
    finish(start, ipv4, out)
}

/// Step 3 of <https://url.spec.whatwg.org/#concept-host-parser> (percent-decode, then UTF-8
/// decode without BOM or failure) into `region`: the decoded length, the domain, and the
/// rest of `region`; `None` when the bytes are not UTF-8 (U+FFFD would fail UTS46 anyway).
#[cfg(feature = "idna")]
fn percent_decode_into<'r>(
    input: &[u8],
    region: &'r mut [u8],
) -> Option<(usize, &'r str, &'r mut [u8])> {
    // Decoding never lengthens: `region` (at least `input.len()`) holds it all.
    let mut d = 0;
    for (slot, b) in region.iter_mut().zip(percent::decode(input)) {
        *slot = b;
        d += 1;
    }
    // `d` counts the slots written: within `region`, which `min` shows the compiler.
    let (decoded, rest) = region.split_at_mut(d.min(region.len()));
    let decoded = core::str::from_utf8(decoded).ok()?;
    Some((d, decoded, rest))
}

/// The arena cannot even hold the decoded domain: still check validity when the domain needs
/// no decoding (UTS46 can tell without a buffer), and record how much arena would do.
#[cfg(feature = "idna")]
fn unicode_without_room(
    input: &[u8],
    out: &mut Writer<'_>,
    v: &mut impl Report,
) -> Result<HostKind, ParseErrorKind> {
    if input.contains(&b'%') {
        return escaped_without_room(input, out, v);
    }
    let Ok(domain) = core::str::from_utf8(input) else {
        return domain_to_ascii_failure(v);
    };
    // With room, the decoded copy (`input.len()` bytes) precedes the UTS46 buffer.
    let e = crate::idna::domain_to_ascii_no_room(domain);
    verdict_in_free_arena(e, Mapped::new(domain, false), input.len(), out, v)
}

/// [`unicode_without_room`] for a domain with `%`: decoding needs room. A domain that
/// decodes to at most [`ESCAPED_ON_STACK`] bytes (a DNS label's worth) is decoded on the
/// stack, so UTS46 can say what it needs (and whether it fails) as for an unescaped one;
/// a longer one is decoded as it streams by ([`Mapped::escaped`]), for its verdict and for
/// UTS46's count, once that buffer is gone (issue 20: it is not under the verdict's frames on
/// the stack).
#[cfg(feature = "idna")]
fn escaped_without_room(
    input: &[u8],
    out: &mut Writer<'_>,
    v: &mut impl Report,
) -> Result<HostKind, ParseErrorKind> {
    let Some((decoded, ascii)) = escaped_decoded_length(input) else {
        // As with room: UTF-8 decode without BOM or fail.
        return domain_to_ascii_failure(v);
    };
    // Counted from the input as it is decoded (the decoding's buffer is gone: issue 20,
    // Cortex-M0 bound), as the decoded domain would be.
    let e = match ascii {
        true if decoded == 0 => crate::idna::IdnaError::EmptyHost,
        true => crate::idna::IdnaError::BufferTooSmall { needed: decoded },
        false => crate::idna::IdnaError::BufferTooSmall {
            needed: crate::idna::ascii_needed_escaped(input),
        },
    };
    verdict_in_free_arena(e, Mapped::escaped(input), decoded, out, v)
}

/// The decoded length of [`escaped_without_room`]'s domain and whether it is ASCII; `None`
/// when the decoded bytes are not UTF-8. A domain that decodes to more than
/// [`ESCAPED_ON_STACK`] bytes is taken as its input length and not ASCII (its UTF-8 is left
/// to the verdict's stream). Not inlined: the buffer is on the stack only here.
#[cfg(feature = "idna")]
#[inline(never)]
fn escaped_decoded_length(input: &[u8]) -> Option<(usize, bool)> {
    let mut buf = [0u8; ESCAPED_ON_STACK];
    let mut d = 0;
    for b in percent::decode(input) {
        if let Some(slot) = buf.get_mut(d) {
            *slot = b;
        }
        d += 1;
    }
    let Some(decoded) = buf.get(..d) else {
        return Some((input.len(), false));
    };
    let decoded = core::str::from_utf8(decoded).ok()?;
    Some((d, decoded.is_ascii()))
}

/// Decoded bytes of an escaped domain that [`escaped_without_room`] decodes on the stack.
#[cfg(feature = "idna")]
const ESCAPED_ON_STACK: usize = 64;

/// Maps a UTS46 error: running out of buffer is an arena overflow (with the size that
/// suffices, past `decoded` bytes of decoded input) unless the host's [`host_verdict`]
/// found the failure the parse with room reports (then it is the answer at once); after a
/// valid host later checks decide, after an undecided one validity is left undecided.
/// Anything else fails the host.
#[cfg(feature = "idna")]
#[inline(never)]
fn idna_error(
    e: crate::idna::IdnaError,
    decoded: usize,
    verdict: Result<Verdict, ParseErrorKind>,
    out: &mut Writer<'_>,
    v: &mut impl Report,
) -> Result<HostKind, ParseErrorKind> {
    // The verdict's failure first, with its own validation error, as the parse with room
    // reports it last. (Taken apart here, then the verdict with if-lets: matching the
    // `Result` with the error made LLVM emit a jump table the static stack bound cannot
    // follow, issue 20; in the caller, inlined into the host parser, it cost 8 B there.)
    let verdict = verdict.inspect_err(|kind| {
        if let Some(error) = kind.validation_error() {
            v.insert(error);
        }
    })?;
    let needed = match e {
        crate::idna::IdnaError::BufferTooSmall { needed } => needed,
        crate::idna::IdnaError::ForbiddenDomainCodePoint { .. } => {
            v.insert(ValidationError::DomainToAscii);
            return Err(ParseErrorKind::DomainInvalidCodePoint);
        }
        _ => return domain_to_ascii_failure(v),
    };
    if let Verdict::Unknown { fails, scratch, .. } = verdict {
        out.decides_with(scratch);
        if fails {
            // The host fails whatever its `xn--` labels decode to: only the room to decode
            // them (past the host's start, where the verdict's scratch begins) decides the
            // error.
            out.reserve_scratch(scratch);
            out.skip_unwritten(0);
            return Ok(HostKind::Domain);
        }
    }
    // The result is at most `needed` bytes: count them, so the rest of the URL is counted
    // after them. An ASCII result that ends in a number becomes an IPv4 address, up to 15
    // bytes.
    out.reserve_scratch(decoded + needed);
    if let Verdict::Valid { ends_in_number } = verdict {
        out.skip_checked(if ends_in_number { 15 } else { needed });
    } else {
        out.skip_unwritten(needed.max(15));
    }
    Ok(HostKind::Domain)
}

/// [`idna_error`] after [`host_verdict`], with the arena's free bytes (past the output) as
/// the verdict's scratch: how a host ends whose UTS46 step found no room.
#[cfg(feature = "idna")]
#[inline(always)]
fn verdict_in_free_arena(
    e: crate::idna::IdnaError,
    domain: Mapped<'_>,
    decoded: usize,
    out: &mut Writer<'_>,
    v: &mut impl Report,
) -> Result<HostKind, ParseErrorKind> {
    let free = out.len();
    let scratch = out.owned_buf().get_mut(free..).unwrap_or_default();
    let verdict = host_verdict(&e, domain, scratch);
    idna_error(e, decoded, verdict, out, v)
}

/// How the host parser ends on `domain` (<https://url.spec.whatwg.org/#concept-host-parser>
/// steps 5-9 after decoding) when there is no room for its UTS46 result (`scratch` only
/// decodes `xn--` labels): [`crate::idna::verdict`] streams the mapped and normalized
/// domain through every UTS46 check and the URL Standard's, and [`decided`] reads it.
/// `Err`: the failure the parse with room reports. An `xn--` label whose decoding does not
/// fit `scratch` leaves it [`Verdict::Unknown`]: `can_parse` settles that host after its
/// run ([`undecided_host_valid`]), so that the in-order decoder is not linked into every
/// parse (issue 20: flash, and the Cortex-M0 stack bound). Meaningful only when `e` is the
/// buffer running out (`Ok(Unknown)` otherwise).
#[cfg(feature = "idna")]
#[inline(never)]
fn host_verdict(
    e: &crate::idna::IdnaError,
    domain: Mapped<'_>,
    scratch: &mut [u8],
) -> Result<Verdict, ParseErrorKind> {
    if !matches!(e, crate::idna::IdnaError::BufferTooSmall { .. }) {
        return Ok(Verdict::Unknown {
            fails: false,
            scratch: 0,
            known: Default::default(),
        });
    }
    let found = crate::idna::verdict(domain.clone(), scratch, true);
    decided(domain, found)
}

/// The host parser's steps after domain to ASCII, on a [`Verdict`] on `domain`: a failure
/// of UTS46 or a forbidden domain code point fails the host, and a result that ends in a
/// number goes to the IPv4 parser ([`ipv4_verdict`]). `Err`: the failure the parse with
/// room reports.
#[cfg(feature = "idna")]
fn decided(domain: Mapped<'_>, verdict: Verdict) -> Result<Verdict, ParseErrorKind> {
    match verdict {
        Verdict::Fails => Err(ParseErrorKind::DomainToAscii),
        Verdict::Forbidden => Err(ParseErrorKind::DomainInvalidCodePoint),
        Verdict::Valid {
            ends_in_number: true,
        } => ipv4_verdict(domain),
        verdict => Ok(verdict),
    }
}

/// `can_parse`'s answer on a host its validity-only run left undecided (the host parser's
/// `input`, which its UTS46 step had no room for and whose [`host_verdict`] was
/// [`Verdict::Unknown`]), with `scratch` free: the verdict again, then
/// [`crate::idna::settle`] decodes in order the `xn--` labels whose decoding does not fit,
/// and [`decided`] ends the host as the parser does. Undecided still (a scratch under
/// `STREAM_SCRATCH`, which `can_parse` never gives): taken as valid, unless the host fails
/// whatever its labels decode to. Called from `can_parse`'s own frame, not under the
/// parser's.
#[cfg(feature = "idna")]
#[inline(never)]
pub(crate) fn undecided_host_valid(input: &[u8], scratch: &mut [u8]) -> bool {
    // What `parse_unicode` streams for a host that is not a slice of the input it reads:
    // percent-decoded (if it has `%`) and UTF-8-decoded as it streams by.
    let domain = Mapped::escaped(input);
    let found = crate::idna::verdict(domain.clone(), scratch, true);
    match decided(domain.clone(), crate::idna::settle(&domain, scratch, found)) {
        Err(_) => false,
        Ok(Verdict::Unknown { fails, .. }) => !fails,
        Ok(_) => true,
    }
}

/// [`host_verdict`] for a result that ends in a number: the IPv4 parser over it as it
/// streams by. Apart, so that its scanner is not on the frame that streams UTS46.
#[cfg(feature = "idna")]
#[inline(never)]
fn ipv4_verdict(domain: Mapped<'_>) -> Result<Verdict, ParseErrorKind> {
    let mut scan = ipv4::Ipv4Scan::new();
    crate::idna::mapped_bytes(domain).for_each(|b| scan.feed(b));
    // Only the failure matters here: the errors it would report are not kept.
    let mut ignored = crate::error::ValidationErrors::EMPTY;
    scan.result(false, true, &mut ignored)?;
    Ok(Verdict::Valid {
        ends_in_number: true,
    })
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
/// the chain of UTS46's frames (issue 20).
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
    Some(!forbidden && scan.result(false, true, &mut ignored).is_ok())
}

#[cfg(feature = "idna")]
fn domain_to_ascii_failure(v: &mut impl Report) -> Result<HostKind, ParseErrorKind> {
    v.insert(ValidationError::DomainToAscii);
    Err(ParseErrorKind::DomainToAscii)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::format;

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
                        let mut out = Writer::new(&mut arena, "");
                        let parsed = ipv4_scan(host.as_bytes(), false, &mut v);
                        let written = matches!(finish(0, parsed, &mut out), Ok(HostKind::Ipv4))
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
            let mut out = Writer::new(&mut arena, "");
            let parsed = ipv4_scan(host, false, &mut v);
            let written = matches!(finish(0, parsed, &mut out), Ok(HostKind::Ipv4))
                && v.is_empty()
                && out.bytes() == host;
            assert_eq!(is_canonical_dotted_quad(host), written, "{host:?}");
        });
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
