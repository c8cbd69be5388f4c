//! [`defmt::Format`] for the public types (feature `defmt`).
//!
//! Strings travel as `{=str}` (interned format string plus the bytes; no `core::fmt` on the
//! device), numbers as defmt integers. Error kinds print their names (the spec's
//! validation-error names for [`ParseErrorKind`]) as `{=str}`: no `Display2Format` or
//! `Debug2Format`, so logging an error does not link `core::fmt`.

use defmt::{Format, Formatter, write};

use crate::error::{
    Error, NetError, ParseError, ParseErrorKind, ValidationError, ValidationErrors,
};
use crate::host::{Host, HostKind};
use crate::origin::Origin;
use crate::url::Url;
use crate::urlbuf::UrlBuf;

/// The serialization (`href`).
impl Format for Url<'_> {
    fn format(&self, f: Formatter<'_>) {
        write!(f, "{=str}", self.as_str())
    }
}

/// The serialization (`href`).
impl<const N: usize> Format for UrlBuf<N> {
    fn format(&self, f: Formatter<'_>) {
        write!(f, "{=str}", self.as_str())
    }
}

impl Format for Host<'_> {
    fn format(&self, f: Formatter<'_>) {
        match self {
            Host::Domain(s) => write!(f, "Domain({=str})", s),
            Host::Opaque(s) => write!(f, "Opaque({=str})", s),
            Host::Ipv4(a) => {
                let [a, b, c, d] = a.octets();
                write!(f, "Ipv4({=u8}.{=u8}.{=u8}.{=u8})", a, b, c, d)
            }
            Host::Ipv6(a) => {
                // uncompressed hex pieces; `Display` gives the compressed form
                let p = a.segments();
                write!(
                    f,
                    "Ipv6([{=u16:x}:{=u16:x}:{=u16:x}:{=u16:x}:{=u16:x}:{=u16:x}:{=u16:x}:{=u16:x}])",
                    p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]
                )
            }
            Host::Empty => write!(f, "Empty"),
        }
    }
}

impl Format for HostKind {
    fn format(&self, f: Formatter<'_>) {
        let name = match self {
            HostKind::None => "None",
            HostKind::Empty => "Empty",
            HostKind::Domain => "Domain",
            HostKind::Ipv4 => "Ipv4",
            HostKind::Ipv6 => "Ipv6",
            HostKind::Opaque => "Opaque",
        };
        write!(f, "{=str}", name)
    }
}

/// The ASCII serialization of the origin, as `URL.origin` gives it.
impl Format for Origin<'_> {
    fn format(&self, f: Formatter<'_>) {
        match *self {
            Origin::Opaque => write!(f, "null"),
            Origin::Tuple {
                scheme,
                host,
                port: None,
            } => write!(f, "{=str}://{=str}", scheme, host),
            Origin::Tuple {
                scheme,
                host,
                port: Some(p),
            } => {
                write!(f, "{=str}://{=str}:{=u16}", scheme, host, p)
            }
        }
    }
}

impl Format for Error {
    fn format(&self, f: Formatter<'_>) {
        match self {
            Error::Parse(e) => write!(f, "{}", e),
            Error::ArenaTooSmall { needed } => {
                write!(f, "arena too small: {=usize} bytes needed", needed)
            }
            Error::InputTooLong => {
                write!(f, "input longer than {=usize} bytes", crate::MAX_INPUT_LEN)
            }
            Error::NotUtf8 { valid_up_to } => {
                write!(f, "not UTF-8 (valid up to byte {=usize})", valid_up_to)
            }
        }
    }
}

impl Format for ParseError {
    fn format(&self, f: Formatter<'_>) {
        write!(f, "{} at byte {=usize}", self.kind, self.position)
    }
}

/// The spec's name (`strict mode: ` and the name for [`ParseErrorKind::Strict`]).
impl Format for ParseErrorKind {
    fn format(&self, f: Formatter<'_>) {
        match self {
            ParseErrorKind::Strict(v) => write!(f, "strict mode: {=str}", v.name()),
            k => write!(f, "{=str}", k.name()),
        }
    }
}

impl Format for NetError {
    fn format(&self, f: Formatter<'_>) {
        match self {
            NetError::HostNotAName { position } => {
                write!(
                    f,
                    "{=str} (byte {=usize} of the host)",
                    self.name(),
                    position
                )
            }
            NetError::BadOption { number } => {
                write!(f, "{=str} (option {=u16})", self.name(), number)
            }
            NetError::Url(e) => write!(f, "{}", e),
            _ => write!(f, "{=str}", self.name()),
        }
    }
}

/// The spec's name, e.g. `invalid-URL-unit`.
impl Format for ValidationError {
    fn format(&self, f: Formatter<'_>) {
        write!(f, "{=str}", self.name())
    }
}

/// The names in the set, comma-separated (empty if none).
impl Format for ValidationErrors {
    fn format(&self, f: Formatter<'_>) {
        for (i, e) in self.iter().enumerate() {
            if i > 0 {
                write!(f, ", ");
            }
            write!(f, "{=str}", e.name());
        }
    }
}

/// The variant's name and its figure (a label index or a byte count).
#[cfg(feature = "idna")]
impl Format for crate::idna::IdnaError {
    fn format(&self, f: Formatter<'_>) {
        use crate::idna::IdnaError as E;
        match *self {
            E::Disallowed { label } => write!(f, "Disallowed {{ label: {=usize} }}", label),
            E::Std3 { label } => write!(f, "Std3 {{ label: {=usize} }}", label),
            E::NotNfc { label } => write!(f, "NotNfc {{ label: {=usize} }}", label),
            E::Hyphen { label } => write!(f, "Hyphen {{ label: {=usize} }}", label),
            E::LeadingMark { label } => write!(f, "LeadingMark {{ label: {=usize} }}", label),
            E::Joiner { label } => write!(f, "Joiner {{ label: {=usize} }}", label),
            E::Bidi { label } => write!(f, "Bidi {{ label: {=usize} }}", label),
            E::Punycode { label } => write!(f, "Punycode {{ label: {=usize} }}", label),
            E::LabelTooLong { label } => write!(f, "LabelTooLong {{ label: {=usize} }}", label),
            E::BufferTooSmall { needed } => {
                write!(f, "BufferTooSmall {{ needed: {=usize} }}", needed)
            }
            E::EmptyLabel { label } => write!(f, "EmptyLabel {{ label: {=usize} }}", label),
            E::DnsLength => write!(f, "DnsLength"),
            E::EmptyHost => write!(f, "EmptyHost"),
            E::ForbiddenDomainCodePoint { position } => {
                write!(
                    f,
                    "ForbiddenDomainCodePoint {{ position: {=usize} }}",
                    position
                )
            }
        }
    }
}
