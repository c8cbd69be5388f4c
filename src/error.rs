//! Errors: fatal parse failures, arena exhaustion, and non-fatal validation errors.
//!
//! Names follow the URL Standard's validation error table
//! (<https://url.spec.whatwg.org/#validation-error>).

use core::fmt;

/// Why a URL could not be parsed: a URL Standard failure, or an arena that is too small.
///
/// ```
/// let mut arena = [0u8; 4];
/// let err = microurl::Url::parse("HTTPS://EXAMPLE.COM/", &mut arena).unwrap_err();
/// assert!(matches!(err, microurl::Error::ArenaTooSmall { .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The input is not a valid URL (the spec's "failure").
    Parse(ParseError),
    /// The caller's arena is too small. `needed` bytes always suffice for this input and base
    /// (it is exact or a tight upper bound; see [`crate::Url::parse`]).
    ArenaTooSmall {
        /// Arena bytes that are guaranteed to be enough.
        needed: usize,
    },
    /// The input is longer than [`crate::MAX_INPUT_LEN`] bytes (offsets are `u32`).
    InputTooLong,
}

impl Error {
    /// The parse failure, if this is one.
    pub fn parse_error(&self) -> Option<ParseError> {
        match self {
            Error::Parse(e) => Some(*e),
            _ => None,
        }
    }
}

impl From<ParseError> for Error {
    fn from(e: ParseError) -> Self {
        Error::Parse(e)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Parse(e) => e.fmt(f),
            Error::ArenaTooSmall { needed } => {
                write!(f, "arena too small: {needed} bytes needed")
            }
            Error::InputTooLong => write!(f, "input longer than {} bytes", crate::MAX_INPUT_LEN),
        }
    }
}

impl core::error::Error for Error {}

/// A fatal parse failure: what went wrong and the byte offset in the input where it was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// What failed.
    pub kind: ParseErrorKind,
    /// Byte offset into the caller's input (before trimming) where the failure was found.
    pub position: usize,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind, self.position)
    }
}

impl core::error::Error for ParseError {}

/// The kinds of fatal failure. Most carry the name of the spec's validation error that the
/// standard raises just before returning failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// `missing-scheme-non-relative-URL`: no scheme and no usable base.
    MissingSchemeNonRelativeUrl,
    /// `host-missing`: a special URL, or credentials or a port, without a host.
    HostMissing,
    /// `port-out-of-range`: the port is larger than 65535.
    PortOutOfRange,
    /// `port-invalid`: the port contains a non-digit.
    PortInvalid,
    /// `host-invalid-code-point`: an opaque host contains a forbidden host code point.
    HostInvalidCodePoint,
    /// `domain-invalid-code-point`: a domain contains a forbidden domain code point.
    DomainInvalidCodePoint,
    /// `domain-to-ASCII`: UTS46 processing of the domain failed.
    DomainToAscii,
    /// The domain needs UTS46 processing and the `idna` feature is off.
    IdnaUnavailable,
    /// `IPv4-too-many-parts`.
    Ipv4TooManyParts,
    /// `IPv4-non-numeric-part`.
    Ipv4NonNumericPart,
    /// `IPv4-out-of-range-part`.
    Ipv4OutOfRangePart,
    /// `IPv6-unclosed`.
    Ipv6Unclosed,
    /// `IPv6-invalid-compression`.
    Ipv6InvalidCompression,
    /// `IPv6-too-many-pieces`.
    Ipv6TooManyPieces,
    /// `IPv6-multiple-compression`.
    Ipv6MultipleCompression,
    /// `IPv6-invalid-code-point`.
    Ipv6InvalidCodePoint,
    /// `IPv6-too-few-pieces`.
    Ipv6TooFewPieces,
    /// `IPv4-in-IPv6-too-many-pieces`.
    Ipv4InIpv6TooManyPieces,
    /// `IPv4-in-IPv6-invalid-code-point`.
    Ipv4InIpv6InvalidCodePoint,
    /// `IPv4-in-IPv6-out-of-range-part`.
    Ipv4InIpv6OutOfRangePart,
    /// `IPv4-in-IPv6-too-few-parts`.
    Ipv4InIpv6TooFewParts,
    /// Strict mode: a validation error was found (the first one is named).
    Strict(ValidationError),
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseErrorKind::*;
        let name = match self {
            MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL",
            HostMissing => "host-missing",
            PortOutOfRange => "port-out-of-range",
            PortInvalid => "port-invalid",
            HostInvalidCodePoint => "host-invalid-code-point",
            DomainInvalidCodePoint => "domain-invalid-code-point",
            DomainToAscii => "domain-to-ASCII",
            IdnaUnavailable => "IDNA not available (the `idna` feature is off)",
            Ipv4TooManyParts => "IPv4-too-many-parts",
            Ipv4NonNumericPart => "IPv4-non-numeric-part",
            Ipv4OutOfRangePart => "IPv4-out-of-range-part",
            Ipv6Unclosed => "IPv6-unclosed",
            Ipv6InvalidCompression => "IPv6-invalid-compression",
            Ipv6TooManyPieces => "IPv6-too-many-pieces",
            Ipv6MultipleCompression => "IPv6-multiple-compression",
            Ipv6InvalidCodePoint => "IPv6-invalid-code-point",
            Ipv6TooFewPieces => "IPv6-too-few-pieces",
            Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces",
            Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point",
            Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part",
            Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts",
            Strict(v) => return write!(f, "strict mode: {v}"),
        };
        f.write_str(name)
    }
}

macro_rules! validation_errors {
    ($($variant:ident = $name:literal,)*) => {
        /// A non-fatal validation error of the URL Standard
        /// (<https://url.spec.whatwg.org/#validation-error>). `Display` prints the spec's name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum ValidationError { $($variant,)* }

        impl ValidationError {
            /// Every validation error, in the spec's table order.
            pub const ALL: &'static [ValidationError] = &[$(ValidationError::$variant,)*];

            /// The spec's name, e.g. `"invalid-URL-unit"`.
            pub const fn name(self) -> &'static str {
                match self { $(ValidationError::$variant => $name,)* }
            }
        }
    };
}

validation_errors! {
    DomainToAscii = "domain-to-ASCII",
    DomainToUnicode = "domain-to-Unicode",
    DomainInvalidCodePoint = "domain-invalid-code-point",
    DomainPercentEncoded = "domain-percent-encoded",
    HostInvalidCodePoint = "host-invalid-code-point",
    Ipv4EmptyPart = "IPv4-empty-part",
    Ipv4TooFewParts = "IPv4-too-few-parts",
    Ipv4TooManyParts = "IPv4-too-many-parts",
    Ipv4NonNumericPart = "IPv4-non-numeric-part",
    Ipv4NonDecimalPart = "IPv4-non-decimal-part",
    Ipv4OutOfRangePart = "IPv4-out-of-range-part",
    Ipv6Unclosed = "IPv6-unclosed",
    Ipv6InvalidCompression = "IPv6-invalid-compression",
    Ipv6TooManyPieces = "IPv6-too-many-pieces",
    Ipv6MultipleCompression = "IPv6-multiple-compression",
    Ipv6InvalidCodePoint = "IPv6-invalid-code-point",
    Ipv6TooFewPieces = "IPv6-too-few-pieces",
    Ipv6PieceLeadingZero = "IPv6-piece-leading-zero",
    Ipv4InIpv6TooManyPieces = "IPv4-in-IPv6-too-many-pieces",
    Ipv4InIpv6InvalidCodePoint = "IPv4-in-IPv6-invalid-code-point",
    Ipv4InIpv6OutOfRangePart = "IPv4-in-IPv6-out-of-range-part",
    Ipv4InIpv6TooFewParts = "IPv4-in-IPv6-too-few-parts",
    InvalidUrlUnit = "invalid-URL-unit",
    SpecialSchemeMissingFollowingSolidus = "special-scheme-missing-following-solidus",
    MissingSchemeNonRelativeUrl = "missing-scheme-non-relative-URL",
    InvalidReverseSolidus = "invalid-reverse-solidus",
    InvalidCredentials = "invalid-credentials",
    HostMissing = "host-missing",
    PortOutOfRange = "port-out-of-range",
    PortInvalid = "port-invalid",
    FileInvalidWindowsDriveLetter = "file-invalid-Windows-drive-letter",
    FileInvalidWindowsDriveLetterHost = "file-invalid-Windows-drive-letter-host",
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The set of non-fatal validation errors seen while parsing, one bit per
/// [`ValidationError`].
///
/// ```
/// use microurl::{Url, ValidationError};
/// let mut arena = [0u8; 64];
/// let url = Url::parse("https:\\\\example.com\\a", &mut arena).unwrap();
/// assert!(url.validation_errors().contains(ValidationError::InvalidReverseSolidus));
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ValidationErrors(u32);

impl ValidationErrors {
    /// No errors.
    pub const EMPTY: ValidationErrors = ValidationErrors(0);

    /// Adds `e` to the set.
    pub fn insert(&mut self, e: ValidationError) {
        self.0 |= 1 << (e as u8);
    }

    /// Both sets' errors (the parser merges what a step found apart).
    pub(crate) fn union(self, other: ValidationErrors) -> ValidationErrors {
        ValidationErrors(self.0 | other.0)
    }

    /// Whether `e` is in the set.
    pub fn contains(self, e: ValidationError) -> bool {
        self.0 & (1 << (e as u8)) != 0
    }

    /// Whether the set is empty (the input was a valid URL string, as far as the parser saw).
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The raw bits (bit `n` is `ValidationError::ALL[n]`).
    pub fn bits(self) -> u32 {
        self.0
    }

    /// The errors in the set, in table order.
    pub fn iter(self) -> impl Iterator<Item = ValidationError> {
        ValidationError::ALL
            .iter()
            .copied()
            .filter(move |e| self.contains(*e))
    }

    /// The first error in table order, if any.
    pub fn first(self) -> Option<ValidationError> {
        self.iter().next()
    }
}

impl fmt::Debug for ValidationErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|e| e.name()))
            .finish()
    }
}

impl fmt::Display for ValidationErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(e.name())?;
        }
        Ok(())
    }
}
