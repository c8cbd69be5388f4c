//! [`defmt::Format`] for the public types (feature `defmt`).
//!
//! Strings travel as `{=str}` (interned format string plus the bytes; no `core::fmt` on the
//! device), numbers as defmt integers. The one exception is [`ParseErrorKind`], which borrows its
//! `Display` (the spec's validation-error names) through [`defmt::Display2Format`] so that new
//! kinds never need a second list here.

use defmt::{Format, Formatter, write};

use crate::error::{Error, ParseError, ParseErrorKind, ValidationError, ValidationErrors};
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
        }
    }
}

impl Format for ParseError {
    fn format(&self, f: Formatter<'_>) {
        write!(f, "{} at byte {=usize}", self.kind, self.position)
    }
}

impl Format for ParseErrorKind {
    fn format(&self, f: Formatter<'_>) {
        write!(f, "{}", defmt::Display2Format(self))
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

/// Through `Debug` (via [`defmt::Debug2Format`]), so the impl follows the type's variants.
#[cfg(feature = "idna")]
impl Format for crate::idna::IdnaError {
    fn format(&self, f: Formatter<'_>) {
        write!(f, "{}", defmt::Debug2Format(self))
    }
}
