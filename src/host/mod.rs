//! The host parser (<https://url.spec.whatwg.org/#host-parsing>): domains, IPv4, IPv6 and
//! opaque hosts, written straight into the output.

pub(crate) mod domain;
pub(crate) mod ipv4;
pub(crate) mod ipv6;

use crate::arena::Writer;
use crate::error::{ParseErrorKind, Report, ValidationError};
use core::net::{Ipv4Addr, Ipv6Addr};

/// What kind of host a URL has (<https://url.spec.whatwg.org/#concept-host>).
///
/// ```
/// use microurl::{HostKind, Url};
/// let mut arena = [0u8; 64];
/// assert_eq!(Url::parse("https://example.com/", &mut arena)?.host_kind(), HostKind::Domain);
/// assert_eq!(Url::parse("http://0x0A.1/", &mut arena)?.host_kind(), HostKind::Ipv4);
/// assert_eq!(Url::parse("coap://[fe80::1]/", &mut arena)?.host_kind(), HostKind::Ipv6);
/// assert_eq!(Url::parse("mqtt://broker.local/", &mut arena)?.host_kind(), HostKind::Opaque);
/// assert_eq!(Url::parse("file:///etc/ca.pem", &mut arena)?.host_kind(), HostKind::Empty);
/// assert_eq!(Url::parse("mailto:ops@example.com", &mut arena)?.host_kind(), HostKind::None);
/// # Ok::<(), microurl::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// No host (null): `mailto:x`, `foo:/path`.
    None,
    /// The empty host: `file:///p`, `foo:///p`.
    Empty,
    /// An ASCII domain (already lowercased and punycoded).
    Domain,
    /// An IPv4 address.
    Ipv4,
    /// An IPv6 address (serialized with brackets).
    Ipv6,
    /// An opaque host of a non-special URL (percent-encoded).
    Opaque,
}

/// A parsed host, borrowed from the URL's serialization.
///
/// ```
/// use microurl::{Host, Url};
/// let mut arena = [0u8; 64];
/// let url = Url::parse("http://127.1/", &mut arena).unwrap();
/// assert_eq!(url.host(), Some(Host::Ipv4(core::net::Ipv4Addr::new(127, 0, 0, 1))));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Host<'a> {
    /// A domain, ASCII, as serialized.
    Domain(&'a str),
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address.
    Ipv6(Ipv6Addr),
    /// An opaque host (non-special URLs), as serialized.
    Opaque(&'a str),
    /// The empty host.
    Empty,
}

/// The [host serializer](https://url.spec.whatwg.org/#concept-host-serializer): the same
/// text as the URL's host, so an IPv6 address is written as the URL Standard writes it
/// (`[::ffff:102:304]`), not as `core::net::Ipv6Addr` displays it (`[::ffff:1.2.3.4]`).
///
/// ```
/// use microurl::Url;
/// let mut arena = [0u8; 64];
/// let url = Url::parse("http://[::ffff:1.2.3.4]/", &mut arena).unwrap();
/// assert_eq!(url.host().unwrap().to_string(), "[::ffff:102:304]");
/// assert_eq!(url.host().unwrap().to_string(), url.host_str().unwrap());
/// ```
impl core::fmt::Display for Host<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Host::Domain(s) | Host::Opaque(s) => f.write_str(s),
            Host::Ipv4(a) => a.fmt(f),
            Host::Ipv6(a) => f.write_str(serialize_ipv6(a, &mut [0u8; IPV6_SERIALIZED_MAX])),
            Host::Empty => Ok(()),
        }
    }
}

use crate::scan::is_forbidden_host;

/// The longest IPv6 host serialization: brackets, 8 pieces of 4 digits, 7 separators.
pub(crate) const IPV6_SERIALIZED_MAX: usize = 41;

/// <https://url.spec.whatwg.org/#concept-ipv6-serializer> in brackets, into `buf`, through
/// the same serializer the parser uses (and `Reference`'s printing).
pub(crate) fn serialize_ipv6<'b>(
    address: &Ipv6Addr,
    buf: &'b mut [u8; IPV6_SERIALIZED_MAX],
) -> &'b str {
    let mut out = Writer::new(buf, &[]);
    ipv6::serialize_host(&address.segments(), &mut out);
    // 41 bytes always suffice and the serializer writes ASCII.
    out.finish().unwrap_or("")
}

/// Whether the host just written from `start` on, parsed from `input`, is `localhost`
/// (the file host state's check, <https://url.spec.whatwg.org/#file-host-state>). Decided
/// from the logical output, never from a stored prefix of an output that ran past the arena:
/// when the output cannot tell, an input that percent-decodes to ASCII `localhost` in any
/// case is one (the host parser only lowercases such a domain); any other is counted as not,
/// which can only make the reported arena size larger, never too small.
pub(crate) fn is_localhost(input: &[u8], out: &Writer<'_>, start: usize) -> bool {
    const LOCALHOST: &[u8] = b"localhost";
    out.tail_is(start, LOCALHOST).unwrap_or_else(|| {
        let mut decoded = crate::percent::decode(input);
        LOCALHOST
            .iter()
            .all(|&l| decoded.next().is_some_and(|b| b.to_ascii_lowercase() == l))
            && decoded.next().is_none()
    })
}

/// The canonical run of a host from `start`: bytes that a host made only of them serializes
/// as themselves. For a special URL's domain, lowercase ASCII that is not a forbidden domain
/// code point ([`canonical_domain_kind`] then says whether the IPv4 parser takes it); for an
/// opaque host, URL code points that are neither forbidden host code points nor in the C0
/// control percent-encode set. The recognizer's host scan and the opaque-host parser's.
/// Inlined: the recognizer's host scan runs it on every URL with a host, with no call
/// around its loop.
#[inline(always)]
pub(crate) fn canonical_run(s: &[u8], start: usize, special: bool) -> usize {
    let class = match special {
        true => crate::scan::DOMAIN_CANONICAL,
        false => crate::scan::OPAQUE_HOST,
    };
    crate::scan::skip(s, start, class)
}

/// The run of a special URL's host from `start` that the domain parser's ASCII path takes
/// (`domain::plain_ascii`): ASCII without `%` or forbidden domain code points, which is
/// [`canonical_run`] with uppercase letters (lowercased by that path).
pub(crate) fn plain_run(s: &[u8], start: usize) -> usize {
    // Most hosts are lowercase: the canonical run's scan, then bytes one by one from the
    // first uppercase letter, if any.
    let end = canonical_run(s, start, true);
    if !s.get(end).is_some_and(u8::is_ascii_uppercase) {
        return end;
    }
    let slow = |b: &u8| crate::scan::is(*b, crate::scan::DOMAIN_SLOW);
    let rest = s.get(end..).unwrap_or_default();
    end + rest.iter().position(slow).unwrap_or(rest.len())
}

/// The kind of a special URL's host made of [`canonical_run`] bytes when the host parser
/// writes it back unchanged: a domain that does not end in a number, or an IPv4 address as
/// the IPv4 serializer writes it; `None` when the IPv4 parser must decide (it rewrites or
/// refuses every other host that ends in a number). The same two checks start the domain
/// parser's ASCII path (`domain::plain_ascii`).
/// Inlined: its two checks run in the recognizer's host scan, for every special URL's host,
/// not behind a call.
#[inline(always)]
pub(crate) fn canonical_domain_kind(host: &[u8]) -> Option<HostKind> {
    if !domain::ends_in_a_number(host) {
        Some(HostKind::Domain)
    } else {
        domain::is_canonical_dotted_quad(host).then_some(HostKind::Ipv4)
    }
}

/// The kind the host parser gives a special URL's host made of [`plain_run`] bytes,
/// whatever it writes: a domain that does not end in a number, or an IPv4 address the IPv4
/// parser accepts in any form (`0x7f.1`); `None` when the host parser fails. For
/// `can_parse`'s recognizer, which needs no serialization ([`canonical_domain_kind`]'s
/// counterpart).
/// Inlined: its one caller, `can_parse`'s host check in the recognizer, keeps it in its own
/// body, not behind a call.
#[inline(always)]
pub(crate) fn plain_domain_kind(host: &[u8]) -> Option<HostKind> {
    canonical_domain_kind(host).or_else(|| domain::ipv4_kind(host))
}

/// A failure of the host parser: what failed, and where: the offset in the host parser's
/// input of the byte that failed it (which byte each failure names:
/// [`crate::ParseError::position`]), where the host parser reports the validation error the
/// standard reports with the failure (its last one). The caller, which knows where the host
/// starts in the URL, adds that start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HostError {
    pub(crate) kind: ParseErrorKind,
    pub(crate) at: u32,
}

impl HostError {
    /// The failure `kind` at offset `at` of the host parser's input.
    pub(crate) fn new(kind: ParseErrorKind, at: usize) -> Self {
        // Offsets are below `MAX_INPUT_LEN`, which fits in 32 bits.
        HostError {
            kind,
            at: at as u32,
        }
    }

    /// The offset of the byte that failed the host, in the host parser's input.
    pub(crate) fn offset(self) -> usize {
        self.at as usize
    }
}

/// The host parser's answer: the kind of host it wrote, or its failure. What a
/// `Result<HostKind, HostError>` says, in a type the compiler returns in two registers (the
/// offset and one byte): every variant but the failure carries nothing, and the failure's
/// kind leaves byte values free for them. A `Result` of a kind and a failure is returned
/// through memory on 32-bit Arm, a stack slot in every caller, under the deepest chain of
/// frames (the Cortex-M0 stack bound).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Parsed {
    Empty,
    Domain,
    Ipv4,
    Ipv6,
    Opaque,
    Failed(HostError),
}

impl Parsed {
    /// The kind of host written; `None` for a failure.
    pub(crate) fn kind(self) -> Option<HostKind> {
        Some(match self {
            Parsed::Empty => HostKind::Empty,
            Parsed::Domain => HostKind::Domain,
            Parsed::Ipv4 => HostKind::Ipv4,
            Parsed::Ipv6 => HostKind::Ipv6,
            Parsed::Opaque => HostKind::Opaque,
            Parsed::Failed(_) => return None,
        })
    }
}

// The offset and one byte, no tag of its own: the pair the callers get in two registers.
const _: () = assert!(core::mem::size_of::<Parsed>() == 8);

impl From<HostError> for Parsed {
    fn from(e: HostError) -> Self {
        Parsed::Failed(e)
    }
}

/// <https://url.spec.whatwg.org/#concept-host-parser>: parses `input` and writes the host
/// serializer's output.
pub(crate) fn parse<R: Report>(
    input: &[u8],
    is_opaque: bool,
    out: &mut Writer<'_>,
    v: &mut R,
) -> Parsed {
    if input.first() == Some(&b'[') {
        // A slice pattern, not `strip_suffix` (whose `memcmp` call links `memcmp`).
        let [b'[', inner @ .., b']'] = input else {
            // At the `[` that is not closed.
            v.insert(ValidationError::Ipv6Unclosed);
            return HostError::new(ParseErrorKind::Ipv6Unclosed, 0).into();
        };
        let mut address = [0u16; 8];
        if let Err(e) = ipv6::parse_into(inner, &mut address, v) {
            return e.into();
        }
        ipv6::serialize_host(&address, out);
        return Parsed::Ipv6;
    }
    if is_opaque {
        return parse_opaque(input, out, v);
    }
    let start = out.len();
    let parsed = domain::parse(input, out, v);
    // `domain-to-ASCII` where the standard reports it, when the order matters (the set
    // alone derives it from the URL: `Url::validation_errors`). An IPv4 address reported
    // it already. A domain the arena cannot hold, or check, leaves it undecided: the run
    // then asks for more arena. Here, in this frame, not under the domain parser's: its
    // `xn--` labels are decoded under the verdict's deep frames (the stack bound).
    if R::IN_ORDER && parsed == Parsed::Domain {
        if domain::strictly_valid_written(out, start, input) == Some(false) {
            v.insert(ValidationError::DomainToAscii);
        }
        // A domain that ends in a number with `xn--` labels, which the IPv4 parser fails
        // after `domain-to-ASCII`.
        return domain::ipv4_after_strict_check(out, start, input, v);
    }
    parsed
}

/// `can_parse`'s answer on a domain its validity-only run left undecided (its UTS46 result
/// needs storage, which that run has none for), as written in the input (no tab or newline
/// in it): the host parser with `scratch` as its arena, storing nothing that is kept.
/// `None`: the UTS46 result does not fit `scratch` either ([`domain::undecided_host_valid`]
/// decides then).
pub(crate) fn domain_valid_in(input: &[u8], scratch: &mut [u8]) -> Option<bool> {
    let mut out = Writer::new(scratch, input);
    out.set_validity_only(true);
    let mut ignored = crate::error::ValidationErrors::EMPTY;
    match parse(input, false, &mut out, &mut ignored) {
        Parsed::Failed(_) => Some(false),
        _ => (!out.skipped_checks()).then_some(true),
    }
}

/// <https://url.spec.whatwg.org/#concept-opaque-host-parser>
///
/// Not inlined: with a log, its gathering of errors is not in the host parser's frame,
/// which is under the deepest chain (stack bound).
#[inline(never)]
fn parse_opaque<R: Report>(input: &[u8], out: &mut Writer<'_>, v: &mut R) -> Parsed {
    let kind = match input.is_empty() {
        true => Parsed::Empty,
        false => Parsed::Opaque,
    };
    // Already canonical (URL code points that are neither forbidden nor encoded): copied as
    // it is, without the per-byte checks below.
    if canonical_run(input, 0, false) == input.len() {
        out.push_slice(input);
        return kind;
    }
    // At the first forbidden host code point.
    if let Some(at) = input.iter().position(|&b| is_forbidden_host(b)) {
        v.report_rel(ValidationError::HostInvalidCodePoint, at);
        return HostError::new(ParseErrorKind::HostInvalidCodePoint, at).into();
    }
    // The C0 control percent-encoding, with the invalid-URL-unit checks of the same pass
    // gathered: the opaque-host parser reports at most two (steps 2 and 3), not one per unit.
    // (The set alone needs no gathering: one more instance of the loop would cost flash.)
    if !R::IN_ORDER {
        crate::units::push_component(out, v, input, &crate::units::C0_COMPONENT);
        return kind;
    }
    let mut units = OpaqueHostUnits {
        input,
        unit: None,
        percent: None,
    };
    crate::units::push_component(out, &mut units, input, &crate::units::C0_COMPONENT);
    for at in [units.unit, units.percent].into_iter().flatten() {
        v.report_rel(ValidationError::InvalidUrlUnit, at);
    }
    kind
}

/// The first code point that is not a URL code point, and the first `%` not followed by two
/// hex digits, of an opaque host (<https://url.spec.whatwg.org/#concept-opaque-host-parser>,
/// steps 2 and 3).
struct OpaqueHostUnits<'i> {
    input: &'i [u8],
    unit: Option<usize>,
    percent: Option<usize>,
}

impl Report for OpaqueHostUnits<'_> {
    fn report(&mut self, _e: ValidationError, at: usize) {
        let first = match self.input.get(at) {
            Some(b'%') => &mut self.percent,
            _ => &mut self.unit,
        };
        first.get_or_insert(at);
    }
    fn set(&self) -> crate::ValidationErrors {
        crate::ValidationErrors::EMPTY
    }
}
