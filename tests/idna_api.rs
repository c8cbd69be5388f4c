//! Behaviour of the public IDNA API: buffer sizes, limits, URL Standard wrappers, the pinned
//! table size, and no panics on arbitrary input.
#![cfg(feature = "idna")]

use microurl::idna::punycode::{self, MAX_DECODED_CODE_POINTS, MAX_ENCODED_CODE_POINTS};
use microurl::idna::{
    IdnaError, Uts46Options, domain_to_ascii, domain_to_unicode, to_ascii, to_unicode,
};
use proptest::prelude::*;

/// Growth of the generated tables is a visible decision: update this figure on purpose.
#[test]
fn generated_tables_size_is_pinned() {
    let bytes = microurl::idna::table_bytes();
    assert_eq!(bytes, 24_566);
    assert!(bytes <= 40 * 1024);
}

fn ascii(domain: &str, options: Uts46Options) -> Result<String, IdnaError> {
    let mut out = vec![0u8; 64 * domain.len() + 64];
    to_ascii(domain, options, &mut out).map(|n| String::from_utf8(out[..n].to_vec()).unwrap())
}

#[test]
fn url_domain_to_ascii_examples() {
    let mut out = [0u8; 128];
    let mut run = |d: &str| {
        domain_to_ascii(d, false, &mut out).map(|n| String::from_utf8(out[..n].to_vec()).unwrap())
    };
    assert_eq!(run("EXAMPLE.COM").as_deref(), Ok("example.com"));
    assert_eq!(run("xn--8i7caa").as_deref(), Ok("xn--8i7caa"));
    assert_eq!(run("☕.example").as_deref(), Ok("xn--53h.example"));
    assert_eq!(run("a\u{AD}"), Ok("a".into()));
    assert_eq!(run("\u{AD}"), Err(IdnaError::EmptyHost));
    assert_eq!(
        run("a<b"),
        Err(IdnaError::ForbiddenDomainCodePoint { position: 1 })
    );
    // The position is in the output: `xn--<b-...`.
    assert_eq!(
        run("ä<b"),
        Err(IdnaError::ForbiddenDomainCodePoint { position: 4 })
    );
    assert!(run("xn--a.ß").is_err());
}

#[test]
fn url_domain_to_ascii_strict_applies_std3_and_lengths() {
    let mut out = [0u8; 512];
    assert!(domain_to_ascii("a_b.example", true, &mut out).is_err());
    assert!(domain_to_ascii("a_b.example", false, &mut out).is_ok());
    let long = "a".repeat(64);
    assert_eq!(
        domain_to_ascii(&long, true, &mut out),
        Err(IdnaError::DnsLength)
    );
    assert!(domain_to_ascii(&long, false, &mut out).is_ok());
}

#[test]
fn url_domain_to_unicode_returns_input_on_error() {
    let mut out = [0u8; 64];
    let n = domain_to_unicode("xn--bcher-kva.example", &mut out).unwrap();
    assert_eq!(&out[..n], "bücher.example".as_bytes());
    let n = domain_to_unicode("xn--a.example", &mut out).unwrap();
    assert_eq!(&out[..n], b"xn--a.example");
}

#[test]
fn to_unicode_keeps_output_when_an_error_is_recorded() {
    let mut out = [0u8; 64];
    let (n, error) = to_unicode("A\u{5D0}.xn---", Uts46Options::STRICT, &mut out).unwrap();
    assert!(error);
    assert_eq!(&out[..n], "a\u{5D0}.xn---".as_bytes());
    // "xn--a" is valid Punycode for U+0080, which is disallowed: the label is replaced.
    let (n, error) = to_unicode("xn--a", Uts46Options::STRICT, &mut out).unwrap();
    assert_eq!((&out[..n], error), ("\u{80}".as_bytes(), true));
}

#[test]
fn encode_cap_is_enforced_but_to_unicode_is_not_capped() {
    let at_cap = "é".repeat(MAX_ENCODED_CODE_POINTS);
    assert!(ascii(&at_cap, Uts46Options::url(false)).is_ok());
    let over = "é".repeat(MAX_ENCODED_CODE_POINTS + 1);
    assert_eq!(
        ascii(&over, Uts46Options::url(false)),
        Err(IdnaError::LabelTooLong { label: 0 })
    );
    let mut out = vec![0u8; 8 * over.len()];
    let (n, error) = to_unicode(&over, Uts46Options::url(false), &mut out).unwrap();
    assert_eq!((n, error), (over.len(), false));
}

#[test]
fn decode_cap_is_enforced() {
    let mut buf = vec![0u8; 16 * MAX_DECODED_CODE_POINTS];
    let at_cap = format!("{}-", "a".repeat(MAX_DECODED_CODE_POINTS));
    assert_eq!(
        punycode::decode(&at_cap, &mut buf),
        Ok(MAX_DECODED_CODE_POINTS)
    );
    let over = format!("{}-", "a".repeat(MAX_DECODED_CODE_POINTS + 1));
    assert_eq!(
        punycode::decode(&over, &mut buf),
        Err(IdnaError::LabelTooLong { label: 0 })
    );
    // Inserted code points count too: 1001 basic + 1000 encoded `é`.
    let mut long = "é".repeat(MAX_ENCODED_CODE_POINTS);
    let n = punycode::encode(&long, &mut buf).unwrap();
    let digits = String::from_utf8(buf[..n].to_vec()).unwrap();
    long = format!(
        "{}-{digits}",
        "b".repeat(MAX_DECODED_CODE_POINTS - MAX_ENCODED_CODE_POINTS + 1)
    );
    assert_eq!(
        punycode::decode(&long, &mut buf),
        Err(IdnaError::LabelTooLong { label: 0 })
    );
    let domain = format!("xn--{over}");
    assert_eq!(
        ascii(&domain, Uts46Options::url(false)),
        Err(IdnaError::LabelTooLong { label: 0 })
    );
}

#[test]
fn errors_display() {
    assert_eq!(
        IdnaError::BufferTooSmall { needed: 7 }.to_string(),
        "output buffer too small, 7 bytes needed"
    );
}

fn domain() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "a",
        "B",
        "-",
        ".",
        "xn--",
        "ß",
        "ς",
        "\u{200C}",
        "\u{200D}",
        "\u{5D0}",
        "\u{627}",
        "1",
        "\u{300}",
        "\u{94D}",
        "ｘｎ－－",
        "。",
        "\u{AD}",
        "bcher-kva",
        "zca",
        "☕",
        "\u{FDFA}",
        "\u{1E9E}",
        "_",
        " ",
        "%",
        "\u{FFFD}",
        "xn--ls8h",
        "\u{2488}",
        "\u{F900}",
    ]);
    prop::collection::vec(
        prop_oneof![
            piece.prop_map(String::from),
            any::<char>().prop_map(String::from)
        ],
        0..16,
    )
    .prop_map(|v| v.concat())
}

fn options() -> impl Strategy<Value = Uts46Options> {
    prop::array::uniform7(any::<bool>()).prop_map(|b| Uts46Options {
        check_hyphens: b[0],
        check_bidi: b[1],
        check_joiners: b[2],
        use_std3_ascii_rules: b[3],
        transitional_processing: b[4],
        verify_dns_length: b[5],
        ignore_invalid_punycode: b[6],
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// A too-small buffer never changes the answer: it is the same result, or
    /// `BufferTooSmall` whose `needed` is enough.
    #[test]
    fn buffer_size_never_changes_the_result(d in domain(), opts in options(), size in 0usize..64) {
        let big = ascii(&d, opts);
        let mut out = vec![0u8; size];
        match to_ascii(&d, opts, &mut out) {
            Err(IdnaError::BufferTooSmall { needed }) => {
                prop_assert!(needed > size);
                let mut exact = vec![0u8; needed];
                let r = to_ascii(&d, opts, &mut exact).map(|n| String::from_utf8(exact[..n].to_vec()).unwrap());
                prop_assert_eq!(r, big);
            }
            r => prop_assert_eq!(r.map(|n| String::from_utf8(out[..n].to_vec()).unwrap()), big),
        }
    }

    #[test]
    fn to_unicode_buffer_size_never_changes_the_result(d in domain(), opts in options(), size in 0usize..64) {
        let mut big = vec![0u8; 64 * d.len() + 64];
        let (n, e) = to_unicode(&d, opts, &mut big).unwrap();
        let mut out = vec![0u8; size];
        let (m, f, small) = match to_unicode(&d, opts, &mut out) {
            Err(IdnaError::BufferTooSmall { needed }) => {
                prop_assert!(needed > size);
                out = vec![0u8; needed];
                let (m, f) = to_unicode(&d, opts, &mut out).unwrap();
                (m, f, &out)
            }
            r => { let (m, f) = r.unwrap(); (m, f, &out) }
        };
        prop_assert_eq!((&small[..m], f), (&big[..n], e));
    }

    /// ToASCII output is ASCII, and ToUnicode of it gives the ToUnicode of the input.
    #[test]
    fn to_ascii_round_trips_through_to_unicode(d in domain()) {
        let opts = Uts46Options::url(false);
        if let Ok(a) = ascii(&d, opts) {
            prop_assert!(a.is_ascii());
            let mut x = vec![0u8; 64 * d.len() + 64];
            let mut y = vec![0u8; 64 * a.len() + 64];
            let (n, e1) = to_unicode(&d, opts, &mut x).unwrap();
            let (m, e2) = to_unicode(&a, opts, &mut y).unwrap();
            prop_assert_eq!((&x[..n], e1), (&y[..m], e2));
        }
    }

    #[test]
    fn url_wrappers_never_panic(d in domain(), strict in any::<bool>(), size in 0usize..300) {
        let mut out = vec![0u8; size];
        let _ = domain_to_ascii(&d, strict, &mut out);
        let _ = domain_to_unicode(&d, &mut out);
        let _ = punycode::decode(&d, &mut out);
        let _ = punycode::encode(&d, &mut out);
        let _ = microurl::idna::nfc(&d, &mut out);
    }
}

/// The size reported by `BufferTooSmall` is enough, also for labels at the caps.
#[test]
fn reported_size_is_enough_for_extreme_inputs() {
    let mut buf = vec![0u8; 1 << 16];
    let n = punycode::encode(&"\u{20000}\u{10FFFD}".repeat(500), &mut buf).unwrap();
    let long_xn = format!("xn--{}", std::str::from_utf8(&buf[..n]).unwrap());
    let inputs = [
        "\u{20000}".repeat(MAX_ENCODED_CODE_POINTS),
        format!("{}.", "\u{20000}a".repeat(500)).repeat(4),
        long_xn.clone(),
        format!("{long_xn}.{long_xn}.a"),
        "\u{FDFA}".repeat(300),
        "a.".repeat(2000),
        "ü.".repeat(2000),
    ];
    for input in &inputs {
        for opts in [Uts46Options::url(false), Uts46Options::STRICT] {
            let big = ascii(input, opts);
            let Err(IdnaError::BufferTooSmall { needed }) = to_ascii(input, opts, &mut []) else {
                panic!("an empty buffer is too small");
            };
            let mut out = vec![0u8; needed];
            let got = to_ascii(input, opts, &mut out)
                .map(|n| String::from_utf8(out[..n].to_vec()).unwrap());
            assert_eq!(got, big, "{needed}");
            let Err(IdnaError::BufferTooSmall { needed }) = to_unicode(input, opts, &mut []) else {
                panic!("an empty buffer is too small");
            };
            let mut out = vec![0u8; needed];
            assert!(to_unicode(input, opts, &mut out).is_ok(), "{needed}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    #[test]
    fn punycode_round_trips(s in "\\PC{0,40}") {
        let mut enc = vec![0u8; 16 * s.len() + 16];
        let n = punycode::encode(&s, &mut enc).unwrap();
        let encoded = String::from_utf8(enc[..n].to_vec()).unwrap();
        let mut dec = vec![0u8; 4 * encoded.len() + 16];
        let m = punycode::decode(&encoded, &mut dec).unwrap();
        prop_assert_eq!(std::str::from_utf8(&dec[..m]).unwrap(), s.as_str());
    }

    /// Decoding is injective on lowercase input: whatever decodes re-encodes to itself.
    /// ToASCII relies on this to keep a valid `xn--` label as it is.
    #[test]
    fn punycode_encoding_is_unique(d in "[a-z0-9-]{0,24}") {
        let mut dec = vec![0u8; 4 * d.len() + 16];
        if let Ok(m) = punycode::decode(&d, &mut dec) {
            let decoded = String::from_utf8(dec[..m].to_vec()).unwrap();
            let mut enc = vec![0u8; 16 * decoded.len() + 16];
            let n = punycode::encode(&decoded, &mut enc).unwrap();
            let basic_only = decoded.is_ascii();
            // An all-ASCII result is an error for `xn--` labels anyway.
            if !basic_only {
                prop_assert_eq!(std::str::from_utf8(&enc[..n]).unwrap(), d.as_str());
            }
        }
    }
}

/// ASCII labels cost exactly their length; others what their processing writes, counted by
/// running Punycode without storing (both builds: the speed build's `exact`, the size
/// build's `punycode::encoded_len`; the size build answered per-label bounds before, 61
/// for `bücher.example`, 65 for `xn--bcher-kva.example`).
#[test]
fn reported_size_is_exact_for_ascii_and_counted_otherwise() {
    let needed = |d: &str| match to_ascii(d, Uts46Options::url(false), &mut []) {
        Err(IdnaError::BufferTooSmall { needed }) => needed,
        other => panic!("{other:?}"),
    };
    assert_eq!(needed("Example.COM"), 11);
    // "bücher" (7 bytes; 8 decomposed, as the size build writes it first), then
    // "xn--bcher-kva" after it while encoding (20 bytes); then the result, 21 bytes, is the
    // most.
    assert_eq!(needed("bücher.example"), "xn--bcher-kva.example".len());
    // The label, then 6 decoded code points of 4 bytes each.
    assert_eq!(needed("xn--bcher-kva.example"), 13 + 6 * 4);
}

/// A valid label with a run of 1000 combining marks (far past any fixed buffer) converts.
#[test]
fn long_combining_runs_are_valid_labels() {
    use unicode_normalization::UnicodeNormalization;
    let label = format!("a{}", "\u{316}\u{301}".repeat(500));
    let encoded = ascii(&label, Uts46Options::url(false)).unwrap();
    assert!(encoded.starts_with("xn--"));
    let mut out = vec![0u8; 8 * label.len()];
    let (n, error) = to_unicode(&encoded, Uts46Options::url(false), &mut out).unwrap();
    let expected: String = label.nfc().collect();
    assert_eq!(
        (std::str::from_utf8(&out[..n]).unwrap(), error),
        (expected.as_str(), false)
    );
}
