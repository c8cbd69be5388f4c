//! Errors: fatal parse failures, arena exhaustion, and non-fatal validation errors.
//!
//! Names follow the URL Standard's validation error table
//! (<https://url.spec.whatwg.org/#validation-error>).

use core::fmt;

mod reporting;
pub use reporting::{ErrorLog, Reported};
pub(crate) use reporting::{Logged, Report};

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
    /// The caller's arena is too small. `needed` bytes always suffice for this input and base,
    /// at the first retry. It is often exact and otherwise an upper bound: within twice the
    /// smallest arena that works on the inputs the test command sweeps, and looser for an
    /// input with tabs or newlines whose tab-free copy does not fit the arena (LIMITS.md,
    /// "Arena").
    ArenaTooSmall {
        /// Arena bytes that are guaranteed to be enough.
        needed: usize,
    },
    /// The input is longer than [`crate::MAX_INPUT_LEN`] bytes (offsets are `u32`).
    InputTooLong,
    /// The input bytes (or decoded bytes) are not UTF-8 ([`crate::Url::parse_bytes`],
    /// [`crate::percent::decode_utf8_into`]); the bytes before `valid_up_to` are.
    NotUtf8 {
        /// Length of the longest valid UTF-8 prefix.
        valid_up_to: usize,
    },
}

impl Error {
    /// The parse failure, if this is one.
    ///
    /// ```
    /// use microurl::{ParseErrorKind, Url};
    /// let e = Url::parse("http://example.com:99999/", &mut [0u8; 64]).unwrap_err();
    /// assert_eq!(e.parse_error().unwrap().kind, ParseErrorKind::PortOutOfRange);
    /// // An arena too small is not a parse failure.
    /// let e = Url::parse("HTTPS://EXAMPLE.COM/", &mut [0u8; 4]).unwrap_err();
    /// assert_eq!(e.parse_error(), None);
    /// ```
    #[must_use]
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
            Error::NotUtf8 { valid_up_to } => {
                write!(f, "not UTF-8 (valid up to byte {valid_up_to})")
            }
        }
    }
}

impl core::error::Error for Error {}

/// A fatal parse failure: what went wrong and the byte offset in the input where it was found.
///
/// ```
/// use microurl::{ParseErrorKind, Url};
/// let e = Url::parse("http://exa mple.com/", &mut [0u8; 64]).unwrap_err();
/// let e = e.parse_error().unwrap();
/// // The space, not the host's start (byte 7).
/// assert_eq!((e.kind, e.position), (ParseErrorKind::DomainInvalidCodePoint, 10));
/// let e = Url::parse("http://1.2.3.4.5/", &mut [0u8; 64]).unwrap_err();
/// assert_eq!(e.parse_error().unwrap().position, 15); // the fifth part
/// # #[cfg(feature = "idna")]
/// # {
/// // A label that UTS46 fails (a joiner out of context): at the label's start.
/// let e = Url::parse("http://ok.a\u{200D}b/", &mut [0u8; 64]).unwrap_err();
/// assert_eq!(e.parse_error().unwrap().position, 10);
/// // A code point UTS46 disallows (U+FFFF): where it is.
/// let e = Url::parse("http://ok.ab\u{FFFF}/", &mut [0u8; 64]).unwrap_err();
/// assert_eq!(e.parse_error().unwrap().position, 12);
/// // A forbidden code point in UTS46's result (`＜` maps to `<`): where the input has it.
/// let e = Url::parse("http://b\u{fc}\u{FF1C}cher/", &mut [0u8; 64]).unwrap_err();
/// assert_eq!(e.parse_error().unwrap().position, 10);
/// // An IPv4 part UTS46 makes out of range (`９９９`): at the start of its label.
/// let e = Url::parse("http://１.２.３.９９９/", &mut [0u8; 64]).unwrap_err();
/// assert_eq!(e.parse_error().unwrap().position, 19);
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// What failed.
    pub kind: ParseErrorKind,
    /// Byte offset into the caller's input (before trimming, tabs and newlines included)
    /// of the byte that failed the URL:
    /// - a code point a state cannot take: a port's first non-digit, the digit that takes
    ///   the port past 65535, a forbidden host code point of an opaque host;
    /// - a forbidden domain code point, or the `%` of the escape that decodes to one (an
    ///   invalid escape's `%` is itself one);
    /// - the first byte of the IPv4 part that fails (the fifth of too many; the first that
    ///   is not a number, or out of range), percent-decoded dots counted;
    /// - where the IPv6 parser stops: the code point it cannot take, the closing `]` when
    ///   the address ends too early, the `[` that is never closed;
    /// - where something is missing: the host's start for `host-missing`, the first byte
    ///   after the leading C0 controls and spaces (which the parser trims) for a missing
    ///   scheme.
    ///
    /// A domain that is not ASCII once percent-decoded goes through UTS46 (mapping,
    /// normalization and Punycode rewrite its characters, not where its labels begin): a
    /// label that holds a code point UTS46 disallows fails at the first such code point, and
    /// a forbidden domain code point in UTS46's result at the input character that makes it
    /// (mapping makes `<` of `＜`); a label that fails UTS46's other rules (hyphens,
    /// joiners, Bidi, Punycode), that holds the IPv4 part that fails in UTS46's result
    /// (mapping makes `1` of `１`), or whose forbidden code point a combining mark follows
    /// (normalization may compose the two: `<` and U+0338 make `≮`), fails at the label's
    /// start, as the input writes it (a label begins after a full stop, or after a
    /// character that mapping makes one, such as `。`). A failure with no byte of its own
    /// is at the host's start: an empty result, a domain written with percent-escapes (its
    /// bytes need not be UTF-8 once decoded), and a domain that needs IDNA in a build
    /// without the `idna` feature.
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
///
/// ```
/// use microurl::{ParseErrorKind, Url};
/// let mut arena = [0u8; 64];
/// let err = Url::parse("http://example.com:99999/", &mut arena).unwrap_err();
/// let kind = err.parse_error().unwrap().kind;
/// assert_eq!(kind, ParseErrorKind::PortOutOfRange);
/// assert_eq!(kind.to_string(), "port-out-of-range");
/// let err = Url::parse("coap://[fe80::1/", &mut arena).unwrap_err();
/// assert_eq!(err.parse_error().unwrap().kind, ParseErrorKind::Ipv6Unclosed);
/// ```
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
    /// A domain contains a forbidden domain code point. The standard reports this as a
    /// `domain-to-ASCII` validation error (strict UTS46 rejects it first; see
    /// [`ParseErrorKind::validation_error`]); the kind says which rule failed.
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

impl ParseErrorKind {
    /// The validation error the standard reports when it returns this failure (its last
    /// one), or `None` for a failure the standard does not have ([`Self::IdnaUnavailable`]).
    ///
    /// ```
    /// use microurl::{ParseErrorKind, Url, ValidationError};
    /// let e = Url::parse("https://ex ample.org/", &mut [0u8; 64]).unwrap_err();
    /// let kind = e.parse_error().unwrap().kind;
    /// assert_eq!(kind.validation_error(), Some(ValidationError::DomainToAscii));
    /// ```
    #[must_use]
    pub const fn validation_error(self) -> Option<ValidationError> {
        use ParseErrorKind::*;
        use ValidationError as V;
        Some(match self {
            MissingSchemeNonRelativeUrl => V::MissingSchemeNonRelativeUrl,
            HostMissing => V::HostMissing,
            PortOutOfRange => V::PortOutOfRange,
            PortInvalid => V::PortInvalid,
            HostInvalidCodePoint => V::HostInvalidCodePoint,
            DomainInvalidCodePoint | DomainToAscii => V::DomainToAscii,
            IdnaUnavailable => return None,
            Ipv4TooManyParts => V::Ipv4TooManyParts,
            Ipv4NonNumericPart => V::Ipv4NonNumericPart,
            Ipv4OutOfRangePart => V::Ipv4OutOfRangePart,
            Ipv6Unclosed => V::Ipv6Unclosed,
            Ipv6InvalidCompression => V::Ipv6InvalidCompression,
            Ipv6TooManyPieces => V::Ipv6TooManyPieces,
            Ipv6MultipleCompression => V::Ipv6MultipleCompression,
            Ipv6InvalidCodePoint => V::Ipv6InvalidCodePoint,
            Ipv6TooFewPieces => V::Ipv6TooFewPieces,
            Ipv4InIpv6TooManyPieces => V::Ipv4InIpv6TooManyPieces,
            Ipv4InIpv6InvalidCodePoint => V::Ipv4InIpv6InvalidCodePoint,
            Ipv4InIpv6OutOfRangePart => V::Ipv4InIpv6OutOfRangePart,
            Ipv4InIpv6TooFewParts => V::Ipv4InIpv6TooFewParts,
            Strict(v) => v,
        })
    }

    /// The spec's validation-error name of the failure (for [`ParseErrorKind::Strict`], the
    /// name of the validation error that strict mode refused).
    ///
    /// ```
    /// assert_eq!(microurl::ParseErrorKind::HostMissing.name(), "host-missing");
    /// ```
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            ParseErrorKind::DomainInvalidCodePoint => {
                "domain-to-ASCII (forbidden domain code point)"
            }
            // Every other failure is named after its validation error, but for the one the
            // standard does not have.
            kind => match kind.validation_error() {
                Some(v) => v.name(),
                None => "IDNA not available (the `idna` feature is off)",
            },
        }
    }
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::Strict(v) => write!(f, "strict mode: {v}"),
            k => f.write_str(k.name()),
        }
    }
}

macro_rules! validation_errors {
    ($($variant:ident = $name:literal,)*) => {
        /// A non-fatal validation error of the URL Standard
        /// (<https://url.spec.whatwg.org/#validation-error>). `Display` prints the spec's name.
        ///
        /// ```
        /// use microurl::{Options, ParseErrorKind, Url, ValidationError};
        /// let mut arena = [0u8; 64];
        /// let input = "https://example.com/fw\\v2.bin";
        /// // Parsed as `https://example.com/fw/v2.bin`, but strict mode refuses the backslash.
        /// let err = Url::parse_with(input, None, &mut arena, Options::STRICT).unwrap_err();
        /// let v = ValidationError::InvalidReverseSolidus;
        /// assert_eq!(err.parse_error().unwrap().kind, ParseErrorKind::Strict(v));
        /// assert_eq!(v.to_string(), "invalid-reverse-solidus");
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(u8)]
        #[non_exhaustive]
        #[allow(missing_docs)]
        pub enum ValidationError { $($variant,)* }

        impl ValidationError {
            /// Every validation error, in the spec's table order (`domain-to-Unicode`, which
            /// the standard no longer lists, after `domain-to-ASCII`; never reported).
            pub const ALL: &'static [ValidationError] = &[$(ValidationError::$variant,)*];

            /// The spec's name, e.g. `"invalid-URL-unit"`.
            ///
            /// ```
            /// use microurl::ValidationError;
            /// assert_eq!(ValidationError::InvalidUrlUnit.name(), "invalid-URL-unit");
            /// assert_eq!(ValidationError::HostMissing.to_string(), "host-missing");
            /// ```
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self { $(ValidationError::$variant => $name,)* }
            }
        }
    };
}

validation_errors! {
    DomainToAscii = "domain-to-ASCII",
    // Older than the url.bs this crate cites, which no longer lists it (domain to Unicode's
    // errors are the host parser's, signified when the host was parsed): never reported,
    // kept so that the names and bit positions C and Rust callers hold stay as they were.
    DomainToUnicode = "domain-to-Unicode",
    DomainPercentEncoded = "domain-percent-encoded",
    HostInvalidCodePoint = "host-invalid-code-point",
    Ipv4EmptyPart = "IPv4-empty-part",
    Ipv4TooFewParts = "IPv4-too-few-parts",
    Ipv4TooManyParts = "IPv4-too-many-parts",
    Ipv4NonNumericPart = "IPv4-non-numeric-part",
    Ipv4NonDecimalPart = "IPv4-non-decimal-part",
    Ipv4OutOfRangePart = "IPv4-out-of-range-part",
    // Newer than the url.bs this crate cites: the URL Standard up to whatwg/url commit
    // fde3f74f063341a28d437216f75735b8b40128f5, as whatwg-url 17.3.0 implements it.
    Ipv4NonAsciiInput = "IPv4-non-ASCII-input",
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
/// [`ValidationError`]: what a URL keeps of its parse (`Url::validation_errors`, with the
/// `validation-errors` feature).
///
/// ```
/// use microurl::{Url, ValidationError};
/// let mut arena = [0u8; 64];
/// let url = Url::parse("https:\\\\example.com\\a", &mut arena).unwrap();
/// #[cfg(feature = "validation-errors")]
/// assert!(url.validation_errors().contains(ValidationError::InvalidReverseSolidus));
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ValidationErrors(u32);

// One bit per validation error: a 33rd error must not compile into a wrapped shift.
const _: () = assert!(ValidationError::ALL.len() <= 32);

impl ValidationErrors {
    /// No errors.
    ///
    /// ```
    /// use microurl::ValidationErrors;
    /// assert!(ValidationErrors::EMPTY.is_empty());
    /// assert_eq!(ValidationErrors::default(), ValidationErrors::EMPTY);
    /// // A clean parse keeps no errors (`Url::validation_errors` needs `validation-errors`).
    /// #[cfg(feature = "validation-errors")]
    /// {
    ///     let url = microurl::Url::parse("https://example.com/fw.bin", &mut [])?;
    ///     assert_eq!(url.validation_errors(), ValidationErrors::EMPTY);
    ///     let mut arena = [0u8; 64];
    ///     let url = microurl::Url::parse("https://example.com/fw\\v2.bin", &mut arena)?;
    ///     assert_ne!(url.validation_errors(), ValidationErrors::EMPTY);
    /// }
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub const EMPTY: ValidationErrors = ValidationErrors(0);

    /// The set of `bits`, each one a `ValidationError`'s (`ValidationErrors::from_bits`
    /// drops the others).
    pub(crate) const fn from_known_bits(bits: u32) -> ValidationErrors {
        ValidationErrors(bits)
    }

    /// Adds `e` to the set.
    ///
    /// ```
    /// use microurl::{ValidationError as V, ValidationErrors};
    /// let mut set = ValidationErrors::EMPTY;
    /// set.insert(V::InvalidUrlUnit);
    /// set.insert(V::InvalidUrlUnit); // a set: each error once, not a count
    /// assert!(set.contains(V::InvalidUrlUnit));
    /// assert_eq!(set.iter().count(), 1);
    /// ```
    pub fn insert(&mut self, e: ValidationError) {
        self.0 |= 1 << (e as u8);
    }

    /// Both sets' errors (the parser merges what a step found apart).
    pub(crate) fn union(self, other: ValidationErrors) -> ValidationErrors {
        ValidationErrors(self.0 | other.0)
    }

    /// Whether `e` is in the set.
    ///
    /// ```
    /// use microurl::{ValidationError as V, ValidationErrors};
    /// let mut set = ValidationErrors::EMPTY;
    /// set.insert(V::InvalidReverseSolidus);
    /// assert!(set.contains(V::InvalidReverseSolidus));
    /// assert!(!set.contains(V::InvalidUrlUnit));
    /// ```
    #[must_use]
    pub fn contains(self, e: ValidationError) -> bool {
        self.0 & (1 << (e as u8)) != 0
    }

    /// Whether the set is empty (the input was a valid URL string, as far as the parser saw).
    ///
    /// ```
    /// use microurl::{ValidationError, ValidationErrors};
    /// let mut set = ValidationErrors::default();
    /// assert!(set.is_empty());
    /// set.insert(ValidationError::PortInvalid);
    /// assert!(!set.is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The raw bits (bit `n` is `ValidationError::ALL[n]`).
    ///
    /// ```
    /// use microurl::{ValidationError as V, ValidationErrors};
    /// let mut set = ValidationErrors::EMPTY;
    /// set.insert(V::InvalidCredentials);
    /// let n = V::ALL.iter().position(|&e| e == V::InvalidCredentials).unwrap();
    /// assert_eq!(set.bits(), 1 << n);
    /// assert_eq!(ValidationErrors::EMPTY.bits(), 0);
    /// ```
    #[must_use]
    pub fn bits(self) -> u32 {
        self.0
    }

    /// The errors in the set, in table order.
    ///
    /// ```
    /// use microurl::{ValidationError as V, ValidationErrors};
    /// let mut set = ValidationErrors::EMPTY;
    /// set.insert(V::InvalidReverseSolidus);
    /// set.insert(V::InvalidUrlUnit);
    /// // The spec's table order (invalid-URL-unit comes first), not the order inserted.
    /// let errors: Vec<V> = set.iter().collect();
    /// assert_eq!(errors, [V::InvalidUrlUnit, V::InvalidReverseSolidus]);
    /// ```
    pub fn iter(self) -> impl Iterator<Item = ValidationError> {
        ValidationError::ALL
            .iter()
            .copied()
            .filter(move |e| self.contains(*e))
    }

    /// The first error in table order, if any.
    ///
    /// ```
    /// use microurl::{ValidationError as V, ValidationErrors};
    /// let mut set = ValidationErrors::EMPTY;
    /// assert_eq!(set.first(), None);
    /// set.insert(V::PortInvalid);
    /// set.insert(V::InvalidUrlUnit);
    /// assert_eq!(set.first(), Some(V::InvalidUrlUnit)); // first in the table, not inserted
    /// ```
    #[must_use]
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

/// Why a network helper ([`crate::Url::server_name`], the CoAP, MQTT and HTTP helpers, the
/// [`crate::UrlBuilder`]) cannot give what was asked for this URL.
///
/// ```
/// let mut arena = [0u8; 64];
/// let url = microurl::Url::parse("mqtt://0x7f.1/", &mut arena)?;
/// assert_eq!(url.server_name(), Err(microurl::NetError::NumericHost));
/// # Ok::<(), microurl::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NetError {
    /// The URL has no host, or an empty one.
    NoHost,
    /// An opaque host a resolver would read as an IPv4 address in another form (`0x7f.1`,
    /// `127.1`, `017.0.0.1`): refused rather than handed out as a name.
    NumericHost,
    /// A host that is not a plain ASCII DNS name (percent-encoded, non-ASCII, a character a
    /// resolver does not take, an empty label once one trailing dot is dropped, a label over
    /// 63 bytes or a name over 253);
    /// `position` is its byte offset in the host.
    HostNotAName {
        /// Byte offset in the host.
        position: usize,
    },
    /// No port in the URL and none known for the scheme.
    NoPort,
    /// The scheme is not one the helper handles.
    WrongScheme,
    /// The URL has a fragment where the protocol forbids one (CoAP, RFC 7252 §6.4 step 4).
    Fragment,
    /// The URL's path is opaque (`mailto:x`: no segments) or, for a request-target, does
    /// not start with `/`.
    OpaquePath,
    /// A path segment that is `.` or `..` (in any encoding) cannot be written: the URL parser
    /// would remove it (and the one before it).
    DotSegment,
    /// [`crate::UrlBuilder`]: a part after one that must follow it (a host after a path
    /// segment, a port without a host).
    OutOfOrder,
    /// A CoAP option that cannot stand in a URL (a Uri-Port longer than two bytes, a
    /// Uri-Host that is not a host), or a Uri-Host or Uri-Port that occurs more than once
    /// (RFC 7252 §5.4.5: the repeat is an unrecognized critical option).
    BadOption {
        /// The option number.
        number: u16,
    },
    /// A byte the output cannot carry on the wire: a space, a control or a non-ASCII byte
    /// on an HTTP request line, or a byte outside RFC 3986's `reg-name` (or a `,`, which
    /// HTTP reads as a list separator) in a `Host` value or an authority-form target;
    /// `position` is its byte offset in the URL's serialization ([`crate::Url::as_str`]).
    UnsafeByte {
        /// Byte offset in the URL's serialization.
        position: usize,
    },
    /// A username or password the protocol cannot carry once percent-decoded: for HTTP
    /// Basic (RFC 7617 §2), a `:` in the username or a control character in either; for an
    /// MQTT username (MQTT 3.1.1 §1.5.3, MQTT 5.0 §1.5.4), bytes that are not UTF-8, a NUL,
    /// or more than 65,535 bytes (also the MQTT password's limit).
    BadCredentials,
    /// A CoAP option value longer than RFC 7252 §5.10 allows (255 bytes for Uri-Host,
    /// Uri-Path and Uri-Query, percent-decoded).
    OptionTooLong {
        /// The option number.
        number: u16,
    },
    /// Writing or parsing the result failed: a buffer too small
    /// ([`Error::ArenaTooSmall`]), bytes that are not UTF-8, or a composed URL that does not
    /// parse.
    Url(Error),
    /// [`crate::UrlBuilder`]: a scheme or host given as text holds a byte that would end it
    /// and start another part of the URL (a scheme's first byte that is not a letter, or a
    /// later one that is not a letter, digit, `+`, `-` or `.`; a host's `@`, `/`, `?`, `#`,
    /// `\` or `:` outside `[...]`, and the other cases [`crate::UrlBuilder::host`] lists);
    /// `position` is its byte offset in that text.
    BadPart {
        /// Byte offset in the scheme or host given.
        position: usize,
    },
    /// [`crate::UrlBuilder::build_buf`]: the URL was built in the builder's buffer, but the
    /// [`crate::UrlBuf`] is too small to hold it; a capacity of `needed` bytes does. (The
    /// builder's buffer too small is [`NetError::Url`] with [`Error::ArenaTooSmall`], as
    /// from [`crate::UrlBuilder::build`].)
    UrlBufTooSmall {
        /// The `UrlBuf` capacity `N` that holds the URL.
        needed: usize,
    },
}

impl From<Error> for NetError {
    fn from(e: Error) -> Self {
        NetError::Url(e)
    }
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::HostNotAName { position } => {
                write!(f, "{} (byte {position} of the host)", self.name())
            }
            NetError::BadOption { number } | NetError::OptionTooLong { number } => {
                write!(f, "{} (option {number})", self.name())
            }
            NetError::UnsafeByte { position } => {
                write!(f, "{} (byte {position} of the URL)", self.name())
            }
            NetError::Url(e) => e.fmt(f),
            NetError::UrlBufTooSmall { needed } => {
                write!(f, "{}: {needed} bytes needed", self.name())
            }
            NetError::BadPart { position } => {
                write!(f, "{} (byte {position} of the part)", self.name())
            }
            _ => f.write_str(self.name()),
        }
    }
}

impl NetError {
    /// A short description of the kind (no figures).
    ///
    /// ```
    /// use microurl::NetError;
    /// let e = NetError::HostNotAName { position: 3 };
    /// assert_eq!(e.name(), "host is not a plain ASCII name");
    /// // `Display` adds the figures.
    /// assert_eq!(e.to_string(), "host is not a plain ASCII name (byte 3 of the host)");
    /// ```
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            NetError::NoHost => "no host",
            NetError::NumericHost => "opaque host a resolver would read as an IPv4 address",
            NetError::HostNotAName { .. } => "host is not a plain ASCII name",
            NetError::NoPort => "no port and no default port for the scheme",
            NetError::WrongScheme => "scheme not handled by this helper",
            NetError::Fragment => "fragment not allowed",
            NetError::OpaquePath => "opaque path",
            NetError::DotSegment => "`.` or `..` path segment",
            NetError::OutOfOrder => "URL part out of order",
            NetError::BadOption { .. } => "CoAP option cannot stand in a URL",
            NetError::UnsafeByte { .. } => "byte not allowed on the wire here",
            NetError::BadCredentials => "username or password the protocol cannot carry",
            NetError::OptionTooLong { .. } => "CoAP option value over 255 bytes",
            NetError::Url(_) => "URL error",
            NetError::UrlBufTooSmall { .. } => "UrlBuf too small",
            NetError::BadPart { .. } => "builder part would change the URL's other parts",
        }
    }
}

impl core::error::Error for NetError {}
