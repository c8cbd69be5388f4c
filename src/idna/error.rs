//! The one error type of the IDNA module.

use core::fmt;

/// Why a domain failed UTS46 processing, or why the output did not fit.
///
/// `label` is the 0-based index of the label (after mapping) where the error was found.
/// Status codes in parentheses are those of `IdnaTestV2.txt`.
///
/// # Examples
/// ```
/// use microurl::idna::{to_ascii, IdnaError, Uts46Options};
/// let mut out = [0u8; 128];
/// let e = to_ascii("\u{200D}.example", Uts46Options::url(false), &mut out);
/// assert_eq!(e, Err(IdnaError::Joiner { label: 0 }));
/// let e = to_ascii("bücher.example", Uts46Options::url(false), &mut out[..8]);
/// assert!(matches!(e, Err(IdnaError::BufferTooSmall { needed }) if needed > 8));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum IdnaError {
    /// A disallowed code point, a full stop, or (in a Punycode label) a mapped or ignored
    /// one (V5, V7).
    Disallowed {
        /// Index of the label.
        label: usize,
    },
    /// An ASCII code point other than `a-z`, `0-9` and `-` under UseSTD3ASCIIRules (U1).
    Std3 {
        /// Index of the label.
        label: usize,
    },
    /// A Punycode label that does not decode to NFC (V1).
    NotNfc {
        /// Index of the label.
        label: usize,
    },
    /// `--` in positions 3 and 4, or a leading or trailing `-` under CheckHyphens (V2, V3);
    /// a leading `xn--` otherwise (V4).
    Hyphen {
        /// Index of the label.
        label: usize,
    },
    /// A label that begins with a combining mark (V6).
    LeadingMark {
        /// Index of the label.
        label: usize,
    },
    /// ZERO WIDTH (NON-)JOINER outside its ContextJ rule, RFC 5892 Appendix A (C1, C2).
    Joiner {
        /// Index of the label.
        label: usize,
    },
    /// A Bidi domain name with a label that breaks the Bidi rule, RFC 5893 §2 (B1-B6).
    Bidi {
        /// Index of the label.
        label: usize,
    },
    /// An `xn--` label that is not valid Punycode, contains non-ASCII, or decodes to an empty
    /// or all-ASCII label (P4, A3).
    Punycode {
        /// Index of the label.
        label: usize,
    },
    /// A label over the Punycode caps
    /// ([`MAX_DECODED_CODE_POINTS`](crate::idna::punycode::MAX_DECODED_CODE_POINTS),
    /// [`MAX_ENCODED_CODE_POINTS`](crate::idna::punycode::MAX_ENCODED_CODE_POINTS)).
    LabelTooLong {
        /// Index of the label.
        label: usize,
    },
    /// An empty label (X4_2), under VerifyDnsLength.
    EmptyLabel {
        /// Index of the label.
        label: usize,
    },
    /// A label over 63 bytes, a domain over 253 bytes, or an empty one (A4_1, A4_2), under
    /// VerifyDnsLength.
    DnsLength,
    /// URL Standard: the domain is empty after processing.
    EmptyHost,
    /// URL Standard: the result contains a forbidden domain code point at this byte offset.
    ForbiddenDomainCodePoint {
        /// Byte offset in the output.
        position: usize,
    },
    /// The output buffer is too small; a buffer of `needed` bytes is guaranteed to be enough
    /// (an exact size or a documented upper bound, see the function's documentation).
    BufferTooSmall {
        /// Bytes that are enough.
        needed: usize,
    },
}

impl IdnaError {
    /// The label the error was found in, for the errors of one label.
    pub(crate) fn label(self) -> Option<usize> {
        use IdnaError::*;
        match self {
            Disallowed { label }
            | Std3 { label }
            | NotNfc { label }
            | Hyphen { label }
            | LeadingMark { label }
            | Joiner { label }
            | Bidi { label }
            | Punycode { label }
            | LabelTooLong { label }
            | EmptyLabel { label } => Some(label),
            DnsLength | EmptyHost | ForbiddenDomainCodePoint { .. } | BufferTooSmall { .. } => None,
        }
    }
}

impl fmt::Display for IdnaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IdnaError::*;
        match *self {
            Disallowed { label } => write!(f, "disallowed code point in label {label}"),
            Std3 { label } => write!(f, "ASCII code point outside STD3 rules in label {label}"),
            NotNfc { label } => write!(f, "Punycode label {label} is not in NFC"),
            Hyphen { label } => write!(f, "misplaced hyphen in label {label}"),
            LeadingMark { label } => write!(f, "label {label} begins with a combining mark"),
            Joiner { label } => write!(f, "invalid zero width joiner in label {label}"),
            Bidi { label } => write!(f, "label {label} breaks the Bidi rule"),
            Punycode { label } => write!(f, "invalid Punycode in label {label}"),
            LabelTooLong { label } => write!(f, "label {label} exceeds the Punycode length cap"),
            EmptyLabel { label } => write!(f, "label {label} is empty"),
            DnsLength => f.write_str("domain or label length outside DNS limits"),
            EmptyHost => f.write_str("domain is empty"),
            ForbiddenDomainCodePoint { position } => {
                write!(f, "forbidden domain code point at byte {position}")
            }
            BufferTooSmall { needed } => {
                write!(f, "output buffer too small, {needed} bytes needed")
            }
        }
    }
}

impl core::error::Error for IdnaError {}
