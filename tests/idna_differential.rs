//! Differential test against the `idna` crate (rust-url's, on ICU4X data) for the URL
//! Standard's domain to ASCII with beStrict = false, on generated non-ASCII domains.
#![cfg(feature = "idna")]

use proptest::prelude::*;
use std::sync::LazyLock;

const TABLE: &str = include_str!("../data/unicode/IdnaMappingTable.txt");

/// Non-ASCII code points assigned in Unicode 16.0 or earlier (the age in the comments of
/// IdnaMappingTable.txt): the oracle's Unicode version differs from ours (17.0.0), so only
/// code points both versions agree on are generated.
static OLD_CODE_POINTS: LazyLock<Vec<char>> = LazyLock::new(|| {
    let mut out = Vec::new();
    for line in TABLE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (data, comment) = line.split_once('#').unwrap();
        let age = comment.split_whitespace().next().unwrap();
        if age == "NA" || age == "17.0" {
            continue;
        }
        let range = data.split(';').next().unwrap().trim();
        let (lo, hi) = range.split_once("..").unwrap_or((range, range));
        let hex = |s: &str| u32::from_str_radix(s, 16).unwrap();
        out.extend(
            (hex(lo)..=hex(hi))
                .filter(|&c| c >= 0x80)
                .filter_map(char::from_u32),
        );
    }
    out
});

fn ours(domain: &str) -> Option<String> {
    let mut out = vec![0u8; 64 * domain.len() + 64];
    let n = microurl::idna::domain_to_ascii(domain, false, &mut out).ok()?;
    Some(String::from_utf8(out[..n].to_vec()).unwrap())
}

fn theirs(domain: &str) -> Option<String> {
    let r = idna_oracle::domain_to_ascii(domain).ok()?;
    let forbidden = |c: char| c <= ' ' || "#%/:<>?@[\\]^|\u{7f}".contains(c);
    (!r.is_empty() && !r.contains(forbidden)).then_some(r)
}

/// A known divergence of the oracle: it does not apply UTS46 §4.1 criterion 4 ("If not
/// CheckHyphens, the label must not begin with `xn--`") to a Punycode label that decodes to
/// `xn--...`, which IdnaTestV2.txt expects (line 312: `xn--xn--a--gua.pt`, status V4).
fn decodes_to_xn_label(d: &str) -> bool {
    let mut out = vec![0u8; 64 * d.len() + 64];
    let options = microurl::idna::Uts46Options::url(false);
    let (n, _) = microurl::idna::to_unicode(d, options, &mut out).unwrap();
    let unicode = std::str::from_utf8(&out[..n]).unwrap();
    unicode
        .split('.')
        .any(|l| l.starts_with("xn--") && !l.is_ascii())
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
        "\u{FFFD}",
        "xn--ls8h",
        "\u{2488}",
        "\u{F900}",
        "\u{660}",
        "\u{6F0}",
        "\u{E0100}",
        "\u{1D400}",
        "\u{3300}",
        "\u{AC00}",
        "\u{1100}",
        "\u{1161}",
        "Ⅻ",
        "٣",
    ]);
    let any = (0..OLD_CODE_POINTS.len()).prop_map(|i| OLD_CODE_POINTS[i].to_string());
    prop::collection::vec(
        prop_oneof![3 => piece.prop_map(String::from), 1 => any],
        1..12,
    )
    // For ASCII input the URL Standard only lowercases (WPT toascii.json checks it); the
    // `idna` crate's function still applies UTS46 there: always add a non-ASCII piece.
    .prop_map(|v| {
        let d = v.concat();
        if d.is_ascii() { d + "é" } else { d }
    })
}

proptest! {
    #![proptest_config(ProptestConfig { max_global_rejects: 1 << 20, ..ProptestConfig::with_cases(20_000) })]

    #[test]
    fn agrees_with_the_idna_crate(d in domain()) {
        prop_assume!(!decodes_to_xn_label(&d));
        prop_assert_eq!(ours(&d), theirs(&d), "{:?}", d);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { max_global_rejects: 1 << 20, ..ProptestConfig::with_cases(20_000) })]

    /// UTS46 ToUnicode with the URL Standard's flags: same output, same error verdict.
    #[test]
    fn to_unicode_agrees_with_the_idna_crate(d in domain()) {
        prop_assume!(!decodes_to_xn_label(&d));
        let options = microurl::idna::Uts46Options::url(false);
        let mut out = vec![0u8; 64 * d.len() + 64];
        let (n, error) = microurl::idna::to_unicode(&d, options, &mut out).unwrap();
        let ours = std::str::from_utf8(&out[..n]).unwrap();
        let (theirs, result) = idna_oracle::domain_to_unicode(&d);
        prop_assert_eq!(error, result.is_err(), "{:?}", d);
        // With an error recorded the output is only informative: the oracle replaces
        // disallowed code points by U+FFFD (UTS46 allows it) and shows an `xn--` label that
        // decodes to nothing as `xn-\u{FFFD}` where IdnaTestV2.txt (line 550) expects "".
        if !error {
            prop_assert_eq!(ours, theirs.as_str(), "{:?}", d);
        }
    }
}
