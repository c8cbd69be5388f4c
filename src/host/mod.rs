//! The host parser (<https://url.spec.whatwg.org/#host-parsing>): domains, IPv4, IPv6 and
//! opaque hosts, written straight into the output.

pub(crate) mod domain;
pub(crate) mod ipv4;
pub(crate) mod ipv6;

use crate::arena::Writer;
use crate::error::{ParseErrorKind, ValidationError, ValidationErrors};
use core::net::{Ipv4Addr, Ipv6Addr};

/// What kind of host a URL has (<https://url.spec.whatwg.org/#concept-host>).
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

impl core::fmt::Display for Host<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Host::Domain(s) | Host::Opaque(s) => f.write_str(s),
            Host::Ipv4(a) => a.fmt(f),
            Host::Ipv6(a) => write!(f, "[{a}]"),
            Host::Empty => Ok(()),
        }
    }
}

use crate::scan::is_forbidden_host;

/// <https://url.spec.whatwg.org/#concept-host-parser>: parses `input` and writes the host
/// serializer's output.
pub(crate) fn parse(
    input: &[u8],
    is_opaque: bool,
    out: &mut Writer<'_>,
    v: &mut ValidationErrors,
) -> Result<HostKind, ParseErrorKind> {
    if input.first() == Some(&b'[') {
        let Some(inner) = input.strip_suffix(b"]").and_then(|s| s.get(1..)) else {
            v.insert(ValidationError::Ipv6Unclosed);
            return Err(ParseErrorKind::Ipv6Unclosed);
        };
        let address = ipv6::parse(inner, v)?;
        out.push(b'[');
        ipv6::serialize(&address, out);
        out.push(b']');
        return Ok(HostKind::Ipv6);
    }
    if is_opaque {
        return parse_opaque(input, out, v);
    }
    domain::parse(input, out, v)
}

/// <https://url.spec.whatwg.org/#concept-opaque-host-parser>
fn parse_opaque(
    input: &[u8],
    out: &mut Writer<'_>,
    v: &mut ValidationErrors,
) -> Result<HostKind, ParseErrorKind> {
    let kind = match input.is_empty() {
        true => HostKind::Empty,
        false => HostKind::Opaque,
    };
    // Already canonical (URL code points that are neither forbidden nor encoded): copied as
    // it is, without the per-byte checks below.
    let canonical = crate::scan::OPAQUE_HOST;
    if crate::scan::skip(input, 0, canonical) == input.len() {
        out.push_slice(input);
        return Ok(kind);
    }
    if input.iter().any(|&b| is_forbidden_host(b)) {
        v.insert(ValidationError::HostInvalidCodePoint);
        return Err(ParseErrorKind::HostInvalidCodePoint);
    }
    // The invalid-URL-unit checks and the C0 control percent-encoding, in one pass.
    crate::units::push_component(out, v, input, &crate::units::C0_COMPONENT);
    Ok(kind)
}
