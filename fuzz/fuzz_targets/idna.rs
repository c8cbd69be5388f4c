//! `idna`: `microurl::idna::domain_to_ascii` (beStrict false, the URL host parser's domain to
//! ASCII, §3.3) against the `idna` crate 1.1.0 (`domain_to_ascii_cow` with
//! `AsciiDenyList::URL`, plus the spec's ASCII fast path and empty/forbidden checks), and the
//! Punycode round trip: `decode(encode(s)) == s` for every label that encodes.
//!
//! Documented differences (allowlist):
//! - Code point status: microurl's tables are Unicode 17.0.0 IdnaMappingTable, where
//!   unassigned (reserved) code points are `disallowed` (UTS46 §5). `idna` 1.1.0 (with
//!   idna_adapter 1.2.2, ICU4X) accepts unassigned code points (seen: U+058C, U+3D010, both
//!   reserved in Unicode 17), and its Unicode version is older. Detected by checking each
//!   non-ASCII code point alone (`a` + code point) on both sides, including the code points
//!   of `xn--` labels (seen: U+3EBE6 inside `xn--uuuu...`).
//! - Punycode caps (LIMITS.md): labels that decode to more than
//!   `punycode::MAX_DECODED_CODE_POINTS` or encode more than `MAX_ENCODED_CODE_POINTS` code
//!   points fail here. `idna` re-encodes decoded `xn--` labels and caps encoding at 1000
//!   code points, so an `xn--` label that decodes to 1001-2000 code points is accepted here
//!   (kept as it is) and rejected there.
//! - `xn--` labels that decode to a label starting with `xn--`: UTS46 §4.1 ("the label must
//!   not begin with `xn--`"), which §4 step 4 applies to decoded labels; microurl fails with
//!   `Hyphen`, the `idna` crate keeps the label (ada agrees with microurl; the same class as
//!   `rust-url-xn-decoding-to-xn` in the differential targets).
#![no_main]

use libfuzzer_sys::fuzz_target;
use microurl::idna::{self as mi, IdnaError, punycode};

/// `needed` suffices: at a buffer size taken from the input, `call` gives
/// `BufferTooSmall { needed }` or the same as with a big buffer, and that `needed` suffices
/// at once.
fn retry_needed(what: &str, size: usize, call: impl Fn(&mut [u8]) -> Result<usize, IdnaError>) {
    let mut big = vec![0u8; 1 << 16];
    let full = call(&mut big).map(|n| big[..n].to_vec());
    let mut out = vec![0u8; size];
    match call(&mut out) {
        Err(IdnaError::BufferTooSmall { needed }) => {
            assert!(needed > size, "{what}: needed {needed} <= {size}");
            let mut out = vec![0u8; needed];
            let again = call(&mut out).map(|n| out[..n].to_vec());
            assert_eq!(again, full, "{what}: needed {needed} (from {size})");
        }
        other => assert_eq!(
            other.map(|n| out[..n].to_vec()),
            full,
            "{what}: size {size}"
        ),
    }
}

fn ours(domain: &str) -> Result<String, IdnaError> {
    let mut out = vec![0u8; 0];
    let n = match mi::domain_to_ascii(domain, false, &mut out) {
        Ok(n) => n,
        Err(IdnaError::BufferTooSmall { needed }) => {
            out = vec![0u8; needed];
            match mi::domain_to_ascii(domain, false, &mut out) {
                Ok(n) => n,
                Err(IdnaError::BufferTooSmall { needed: again }) => {
                    panic!("{domain:?}: needed {needed} then {again}")
                }
                Err(e) => return Err(e),
            }
        }
        Err(e) => return Err(e),
    };
    let s = std::str::from_utf8(&out[..n]).expect("ASCII output");
    assert!(s.is_ascii(), "{domain:?} -> {s:?} is not ASCII");
    Ok(s.to_owned())
}

fn forbidden_domain(b: u8) -> bool {
    b <= 0x20 || b"#%/:<>?@[\\]^|\x7f".contains(&b)
}

/// The URL Standard's domain to ASCII (beStrict false) built on the `idna` crate.
fn theirs(domain: &str) -> Result<String, ()> {
    let result = if domain.is_ascii() {
        domain.to_ascii_lowercase()
    } else {
        idna::domain_to_ascii_cow(domain.as_bytes(), idna::AsciiDenyList::URL)
            .map_err(|_| ())?
            .into_owned()
    };
    if result.is_empty() || result.bytes().any(forbidden_domain) {
        return Err(());
    }
    Ok(result)
}

/// Whether some code point of `domain`, or of an `xn--` label of a result, gets different
/// treatment alone (a Unicode version difference in the mapping tables; an `xn--` label can
/// carry an unassigned code point that only its decoding shows).
fn unicode_version_difference(domain: &str, results: [Option<&str>; 2]) -> bool {
    let decoded: String = results
        .into_iter()
        .flatten()
        .flat_map(|r| r.split('.'))
        .filter_map(|l| {
            l.strip_prefix("xn--")
                .and_then(idna::punycode::decode_to_string)
        })
        .collect();
    domain
        .chars()
        .chain(decoded.chars())
        .filter(|c| !c.is_ascii())
        .any(|c| {
            let label = format!("a{c}");
            ours(&label).is_ok() != theirs(&label).is_ok()
        })
}

/// Whether our result has an `xn--` label that decodes to more than 1000 code points: the
/// `idna` crate re-encodes decoded labels for ToASCII and caps the encoding at 1000 code
/// points (`PUNYCODE_ENCODE_MAX_INPUT_LENGTH`); microurl keeps such a label as it is (its
/// own encoding) and caps decoding at `punycode::MAX_DECODED_CODE_POINTS` (LIMITS.md).
fn idna_crate_encode_cap(ours: &str) -> bool {
    ours.split('.').any(|l| {
        l.strip_prefix("xn--")
            .and_then(idna::punycode::decode_to_string)
            .is_some_and(|d| d.chars().count() > 1000)
    })
}

/// Whether the `idna` crate's result has an `xn--` label whose Punycode decodes to a label
/// that itself starts with `xn--` (UTS46 §4.1 validity criteria, applied to decoded labels by
/// §4 step 4): such a label is an error here.
fn xn_label_decoding_to_xn(theirs: &str) -> bool {
    theirs.split('.').any(|l| {
        l.strip_prefix("xn--")
            .and_then(idna::punycode::decode_to_string)
            .is_some_and(|d| d.starts_with("xn--"))
    })
}

/// With `MICROURL_DIFF_LOG=all`, allowed differences are printed (for counting them).
fn log(class: &str, domain: &str, a: &Result<String, IdnaError>, b: &Result<String, ()>) {
    if std::env::var_os("MICROURL_DIFF_LOG").is_some_and(|v| v == "all") {
        eprintln!("DIFF {class} domain={domain:?} ours={a:?} idna={b:?}");
    }
}

fuzz_target!(|data: &[u8]| {
    let domain = String::from_utf8_lossy(data);
    let size = data.first().map_or(0, |&b| usize::from(b));
    let d: &str = &domain;
    retry_needed("domain_to_ascii", size, |o| {
        mi::domain_to_ascii(d, false, o)
    });
    retry_needed("domain_to_unicode", size, |o| mi::domain_to_unicode(d, o));
    retry_needed("nfc", size, |o| mi::nfc(d, o));
    retry_needed("punycode::encode", size, |o| punycode::encode(d, o));
    retry_needed("punycode::decode", size, |o| punycode::decode(d, o));
    let a = ours(&domain);
    let b = theirs(&domain);
    match (&a, &b) {
        (Ok(x), Ok(y)) if x == y => {}
        (Err(_), Err(())) => {}
        (Err(IdnaError::LabelTooLong { .. }), _) => log("punycode-cap", &domain, &a, &b),
        (Ok(x), Err(())) if idna_crate_encode_cap(x) => log("punycode-cap", &domain, &a, &b),
        (Err(IdnaError::Hyphen { .. }), Ok(y)) if xn_label_decoding_to_xn(y) => {
            log("xn-decoding-to-xn", &domain, &a, &b)
        }
        _ if unicode_version_difference(&domain, [a.as_deref().ok(), b.as_deref().ok()]) => {
            log("code-point-status", &domain, &a, &b)
        }
        _ => panic!("domain_to_ascii({domain:?}): microurl {a:?}, idna crate {b:?}"),
    }

    // Punycode round trip, label by label.
    for label in domain.split('.') {
        let mut enc = vec![0u8; label.len() * 8 + 16];
        let Ok(n) = punycode::encode(label, &mut enc) else {
            continue;
        };
        let enc = std::str::from_utf8(&enc[..n]).expect("ASCII");
        let mut dec = vec![0u8; enc.len() * 4 + 16];
        let m = punycode::decode(enc, &mut dec)
            .unwrap_or_else(|e| panic!("decode(encode({label:?}) = {enc:?}): {e:?}"));
        assert_eq!(&dec[..m], label.as_bytes(), "round trip via {enc:?}");
        if let Some(theirs) = idna::punycode::encode_str(label) {
            assert_eq!(enc, theirs, "Punycode encoding of {label:?}");
        }
    }
});
