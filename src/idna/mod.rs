//! IDNA: [UTS46](https://www.unicode.org/reports/tr46/) (Unicode 17.0.0) as the
//! [URL Standard](https://url.spec.whatwg.org/#idna) uses it, without a heap.
//!
//! Pipeline per domain: map (IDNA Mapping Table) → NFC → break into labels → for `xn--`
//! labels Punycode-decode → validity criteria (hyphens, marks, statuses, STD3, ContextJ,
//! Bidi) → Punycode-encode (ToASCII) → DNS lengths. Mapping and NFC are lazy iterators over
//! the input; the only memory is the caller's output buffer, also used as scratch.
//!
//! # Buffer sizes
//! When `out` is too small the functions return [`IdnaError::BufferTooSmall`] with a size
//! that is guaranteed to be enough. With `U` the UTF-8 length of the mapped and normalized
//! domain without its full stops, and `L` its number of labels:
//! - ToASCII needs at most `7U + 6L + 5`: label `k` uses its mapped form (`u` bytes) plus
//!   its encoding `xn--`, one `-` and at most 11 digits per non-ASCII code point (each at
//!   least 2 bytes), or the decoding of an `xn--` label (4 bytes per code point, fewer code
//!   points than bytes);
//! - ToUnicode needs at most `5U + L`.
//!
//! The size reported is that bound, not the exact length: computing the exact length of a
//! Punycode encoding needs the label in memory.
//!
//! # Limits
//! Punycode labels decode to at most [`punycode::MAX_DECODED_CODE_POINTS`] code points and
//! labels of at most [`punycode::MAX_ENCODED_CODE_POINTS`] are encoded; both are errors
//! ([`IdnaError::LabelTooLong`]) beyond. Nothing else is capped: runs of combining marks of
//! any length are normalized in linear time with no scratch at all.

mod error;
mod mapping;
mod nfc;
mod process;
pub mod punycode;
mod validate;
mod writer;

pub use error::IdnaError;
pub use nfc::nfc;

use process::{Target, needed_bound};

/// The UTS46 processing options ([§4](https://www.unicode.org/reports/tr46/#Processing)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)]
pub struct Uts46Options {
    /// V2, V3: no `--` in positions 3-4, no leading or trailing `-`.
    pub check_hyphens: bool,
    /// RFC 5893 Bidi rule for Bidi domain names.
    pub check_bidi: bool,
    /// RFC 5892 ContextJ rules for ZWJ and ZWNJ.
    pub check_joiners: bool,
    /// Only `a-z`, `0-9` and `-` among ASCII code points.
    pub use_std3_ascii_rules: bool,
    /// Map the deviation characters (ß, ς, ZWJ, ZWNJ) as IDNA2003 did (deprecated).
    pub transitional_processing: bool,
    /// ToASCII: labels of 1-63 bytes, domain of 1-253 bytes without the root label.
    /// ToUnicode: no empty label other than the root label.
    pub verify_dns_length: bool,
    /// Keep `xn--` labels that are not valid Punycode instead of failing on decoding (they
    /// are then validated as they are).
    pub ignore_invalid_punycode: bool,
}

impl Uts46Options {
    /// Every check on, nontransitional: the flags `IdnaTestV2.txt` is written for.
    pub const STRICT: Uts46Options = Uts46Options {
        check_hyphens: true,
        check_bidi: true,
        check_joiners: true,
        use_std3_ascii_rules: true,
        transitional_processing: false,
        verify_dns_length: true,
        ignore_invalid_punycode: false,
    };

    /// The options of the URL Standard's
    /// [domain parser ToASCII](https://url.spec.whatwg.org/#concept-domain-to-ascii) for a
    /// given `beStrict`.
    #[must_use]
    pub const fn url(be_strict: bool) -> Uts46Options {
        Uts46Options {
            check_hyphens: be_strict,
            check_bidi: true,
            check_joiners: true,
            use_std3_ascii_rules: be_strict,
            transitional_processing: false,
            verify_dns_length: be_strict,
            ignore_invalid_punycode: false,
        }
    }
}

/// UTS46 [ToASCII](https://www.unicode.org/reports/tr46/#ToASCII): writes the ASCII form
/// of `domain` to `out[..n]` and returns `n`. `out` is also used as scratch.
///
/// # Errors
/// The first error recorded, or [`IdnaError::BufferTooSmall`] (see the module docs).
///
/// # Examples
/// ```
/// use microurl::idna::{to_ascii, Uts46Options};
/// let mut out = [0u8; 64];
/// let n = to_ascii("Bücher.example", Uts46Options::STRICT, &mut out).unwrap();
/// assert_eq!(&out[..n], b"xn--bcher-kva.example");
/// ```
pub fn to_ascii(domain: &str, options: Uts46Options, out: &mut [u8]) -> Result<usize, IdnaError> {
    match process::process(domain, &options, Target::Ascii, out) {
        Ok(outcome) => outcome.error.map_or(Ok(outcome.len), Err),
        Err(_) => Err(IdnaError::BufferTooSmall {
            needed: needed_bound(domain, &options, Target::Ascii),
        }),
    }
}

/// UTS46 [ToUnicode](https://www.unicode.org/reports/tr46/#ToUnicode): writes the Unicode
/// form of `domain` (UTF-8) to `out[..n]` and returns `n` and whether an error was
/// recorded; as UTS46 says, the output is produced even then.
///
/// # Errors
/// Only [`IdnaError::BufferTooSmall`] (see the module docs).
///
/// # Examples
/// ```
/// use microurl::idna::{to_unicode, Uts46Options};
/// let mut out = [0u8; 64];
/// let (n, error) = to_unicode("xn--bcher-kva.example", Uts46Options::STRICT, &mut out).unwrap();
/// assert_eq!((&out[..n], error), ("bücher.example".as_bytes(), false));
/// ```
pub fn to_unicode(
    domain: &str,
    options: Uts46Options,
    out: &mut [u8],
) -> Result<(usize, bool), IdnaError> {
    match process::process(domain, &options, Target::Unicode, out) {
        Ok(outcome) => Ok((outcome.len, outcome.error.is_some())),
        Err(_) => Err(IdnaError::BufferTooSmall {
            needed: needed_bound(domain, &options, Target::Unicode),
        }),
    }
}

/// A [forbidden domain code point](https://url.spec.whatwg.org/#forbidden-domain-code-point).
fn is_forbidden_domain_code_point(b: u8) -> bool {
    matches!(
        b,
        0x00..=0x20
            | b'#'
            | b'%'
            | b'/'
            | b':'
            | b'<'
            | b'>'
            | b'?'
            | b'@'
            | b'['
            | b'\\'
            | b']'
            | b'^'
            | b'|'
            | 0x7F
    )
}

/// The URL Standard's [domain to ASCII](https://url.spec.whatwg.org/#concept-domain-to-ascii)
/// ("domain parser"): writes the ASCII domain to `out[..n]` and returns `n`. `out` is also
/// used as scratch. An ASCII `domain` with `be_strict` false is only lowercased, touching no
/// Unicode table.
///
/// # Errors
/// The UTS46 error, [`IdnaError::EmptyHost`], [`IdnaError::ForbiddenDomainCodePoint`], or
/// [`IdnaError::BufferTooSmall`] (see the module docs; `domain.len()` for ASCII input).
///
/// # Examples
/// ```
/// let mut out = [0u8; 64];
/// let n = microurl::idna::domain_to_ascii("EXAMPLE.إختبار", false, &mut out).unwrap();
/// assert_eq!(&out[..n], b"example.xn--kgbechtv");
/// assert!(microurl::idna::domain_to_ascii("a b", false, &mut out).is_err());
/// ```
pub fn domain_to_ascii(domain: &str, be_strict: bool, out: &mut [u8]) -> Result<usize, IdnaError> {
    if be_strict {
        return to_ascii(domain, Uts46Options::url(true), out);
    }
    let n = if domain.is_ascii() {
        let dst = out
            .get_mut(..domain.len())
            .ok_or(IdnaError::BufferTooSmall {
                needed: domain.len(),
            })?;
        dst.copy_from_slice(domain.as_bytes());
        dst.make_ascii_lowercase();
        domain.len()
    } else {
        to_ascii(domain, Uts46Options::url(false), out)?
    };
    let result = out.get(..n).unwrap_or_default();
    if result.is_empty() {
        return Err(IdnaError::EmptyHost);
    }
    match result
        .iter()
        .position(|&b| is_forbidden_domain_code_point(b))
    {
        Some(position) => Err(IdnaError::ForbiddenDomainCodePoint { position }),
        None => Ok(n),
    }
}

/// The URL Standard's [domain to Unicode](https://url.spec.whatwg.org/#concept-domain-to-unicode):
/// writes the UTF-8 result to `out[..n]` and returns `n`. If UTS46 records an error the
/// result is `domain` itself, as the standard says.
///
/// # Errors
/// Only [`IdnaError::BufferTooSmall`] (see the module docs; at least `domain.len()`).
///
/// # Examples
/// ```
/// let mut out = [0u8; 64];
/// let n = microurl::idna::domain_to_unicode("xn--kgbechtv.example", &mut out).unwrap();
/// assert_eq!(&out[..n], "إختبار.example".as_bytes());
/// let n = microurl::idna::domain_to_unicode("xn--8i7caa", &mut out).unwrap();
/// assert_eq!(&out[..n], b"xn--8i7caa");
/// ```
pub fn domain_to_unicode(domain: &str, out: &mut [u8]) -> Result<usize, IdnaError> {
    let options = Uts46Options {
        verify_dns_length: false,
        ..Uts46Options::url(false)
    };
    let too_small = |needed: usize| IdnaError::BufferTooSmall {
        needed: needed.max(domain.len()),
    };
    match to_unicode(domain, options, out) {
        Ok((n, false)) => Ok(n),
        Ok((_, true)) => {
            let dst = out.get_mut(..domain.len()).ok_or(too_small(0))?;
            dst.copy_from_slice(domain.as_bytes());
            Ok(domain.len())
        }
        Err(IdnaError::BufferTooSmall { needed }) => Err(too_small(needed)),
        Err(e) => Err(e),
    }
}

/// Total bytes of the Unicode tables generated by `build.rs` (pinned by a test).
#[doc(hidden)]
#[must_use]
pub fn table_bytes() -> usize {
    crate::tables::table_bytes()
}
