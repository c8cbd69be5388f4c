//! NFC conformance: `NormalizationTest.txt` (Unicode 17.0.0), and agreement with the
//! `unicode-normalization` crate on random strings of code points assigned in 17.0.0.
//!
//! `microurl::idna::nfc` is NFC as UTS46 applies it: exact on text that the mapping step
//! can produce (see its docs). The inputs here are restricted to that domain, computed
//! independently from `IdnaMappingTable.txt` and `unicode-normalization`; every excluded
//! NormalizationTest line is counted and printed.
#![cfg(feature = "idna")]

use microurl::idna::{IdnaError, nfc};
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::sync::LazyLock;
use unicode_normalization::UnicodeNormalization;

const TEST: &str = include_str!("data/unicode/NormalizationTest.txt");
const UNICODE_DATA: &str = include_str!("../data/unicode/UnicodeData.txt");
const IDNA_MAPPING: &str = include_str!("../data/unicode/IdnaMappingTable.txt");

/// Characters UTS46 processing can hand to NFC: status valid, deviation or disallowed
/// (unlisted code points are disallowed), mapped to something canonically equivalent
/// (such characters are kept and NFC produces the mapping), or part of a mapping.
static UTS46_DOMAIN: LazyLock<std::collections::HashSet<char>> = LazyLock::new(|| {
    let mut out: std::collections::HashSet<char> =
        (0..0x11_0000).filter_map(char::from_u32).collect();
    let mut mapped_out = Vec::new();
    for line in IDNA_MAPPING.lines() {
        let data = line.split('#').next().unwrap().trim();
        if data.is_empty() {
            continue;
        }
        let f: Vec<&str> = data.split(';').map(str::trim).collect();
        let (lo, hi) = match f[0].split_once("..") {
            Some((a, b)) => (a, b),
            None => (f[0], f[0]),
        };
        let range = u32::from_str_radix(lo, 16).unwrap()..=u32::from_str_radix(hi, 16).unwrap();
        let mapping: String = f.get(2).map(|m| column(m)).unwrap_or_default();
        mapped_out.extend(mapping.chars());
        for c in range.filter_map(char::from_u32) {
            let kept = match f[1] {
                "valid" | "deviation" | "disallowed" => true,
                "mapped" => c.to_string().nfd().eq(mapping.nfd()),
                _ => false,
            };
            if !kept {
                out.remove(&c);
            }
        }
    }
    out.extend(mapped_out);
    out
});

fn in_domain(s: &str) -> bool {
    s.chars().all(|c| UTS46_DOMAIN.contains(&c))
}

fn ours(s: &str) -> String {
    let mut out = vec![0u8; 3 * s.len() + 4];
    let n = nfc(s, &mut out).unwrap();
    String::from_utf8(out[..n].to_vec()).unwrap()
}

fn column(field: &str) -> String {
    field
        .split_whitespace()
        .map(|h| char::from_u32(u32::from_str_radix(h, 16).unwrap()).unwrap())
        .collect()
}

/// Code points assigned in Unicode 17.0.0 (UnicodeData.txt, ranges expanded), without
/// surrogates.
static ASSIGNED: LazyLock<Vec<char>> = LazyLock::new(|| {
    let mut out = Vec::new();
    let mut first = None;
    for line in UNICODE_DATA.lines() {
        let f: Vec<&str> = line.split(';').collect();
        let cp = u32::from_str_radix(f[0], 16).unwrap();
        if f[1].ends_with("First>") {
            first = Some(cp);
            continue;
        }
        let start = first.take().unwrap_or(cp);
        out.extend((start..=cp).filter_map(char::from_u32));
    }
    out
});

#[test]
fn normalization_test_nfc_invariants() {
    let (mut passed, mut failed, mut outside) = (0, 0, 0);
    let mut part1 = BTreeSet::new();
    for line in TEST.lines() {
        let data = line.split('#').next().unwrap().trim();
        if data.is_empty() || data.starts_with('@') {
            continue;
        }
        let c: Vec<String> = data.split(';').take(5).map(column).collect();
        if let [single] = c[0].chars().collect::<Vec<_>>()[..] {
            part1.insert(single);
        }
        if !c.iter().all(|s| in_domain(s)) {
            outside += 1;
            continue;
        }
        // c2 == toNFC(c1) == toNFC(c2) == toNFC(c3); c4 == toNFC(c4) == toNFC(c5)
        let checks = [
            (&c[1], &c[0]),
            (&c[1], &c[1]),
            (&c[1], &c[2]),
            (&c[3], &c[3]),
            (&c[3], &c[4]),
        ];
        for (expected, source) in checks {
            if ours(source) == *expected {
                passed += 1;
            } else {
                failed += 1;
                println!(
                    "NFC({source:?}) = {:?}, expected {expected:?}",
                    ours(source)
                );
            }
        }
    }
    // Part 2: every other assigned code point is its own NFC.
    for &c in ASSIGNED
        .iter()
        .filter(|c| !part1.contains(c) && UTS46_DOMAIN.contains(c))
    {
        let s = c.to_string();
        if ours(&s) == s {
            passed += 1;
        } else {
            failed += 1;
            println!("NFC({s:?}) = {:?}", ours(&s));
        }
    }
    println!("{passed} passed, {failed} failed, {outside} lines outside the UTS46 domain");
    assert!(passed > 100_000);
    // 4,816 of the lines hold a character outside (uppercase letters, most singletons).
    assert!(outside < 5_000, "{outside} lines left out");
    assert_eq!(failed, 0);
}

#[test]
fn long_runs_of_marks_need_no_fixed_buffer() {
    // 10 000 marks of alternating classes 230 and 220 after a base: canonical order puts
    // every 220 first; no mark composes with `a` except the first U+0301.
    let mut s = String::from("a");
    for _ in 0..5000 {
        s.push('\u{301}');
        s.push('\u{316}');
    }
    let got = ours(&s);
    let expected: String = s.nfc().collect();
    assert_eq!(got, expected);
    assert!(got.starts_with("á\u{316}"));
}

#[test]
fn too_small_buffer_reports_the_exact_length() {
    let s = "e\u{301}\u{1D160}";
    let exact = ours(s).len();
    let mut out = vec![0u8; exact - 1];
    assert_eq!(
        nfc(s, &mut out),
        Err(IdnaError::BufferTooSmall { needed: exact })
    );
}

fn assigned_string() -> impl Strategy<Value = String> {
    // Mostly marks and letters that interact, plus any assigned code point.
    let interesting = prop::sample::select(vec![
        'a',
        'A',
        'e',
        'o',
        'u',
        '\u{300}',
        '\u{301}',
        '\u{302}',
        '\u{308}',
        '\u{323}',
        '\u{327}',
        '\u{345}',
        '\u{3B1}',
        '\u{1100}',
        '\u{1161}',
        '\u{11A8}',
        '\u{AC00}',
        '\u{0B47}',
        '\u{0B3E}',
        '\u{0F71}',
        '\u{0F72}',
        '\u{1D158}',
        '\u{1D165}',
        '\u{05B0}',
        '\u{094D}',
    ]);
    let any = (0..ASSIGNED.len()).prop_map(|i| ASSIGNED[i]);
    prop::collection::vec(prop_oneof![interesting, any], 0..24)
        .prop_map(|v| v.into_iter().filter(|c| UTS46_DOMAIN.contains(c)).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn agrees_with_unicode_normalization(s in assigned_string()) {
        let expected: String = s.nfc().collect();
        prop_assert_eq!(ours(&s), expected);
    }
}

/// What lets the IDNA pipeline (`Run::labels` in `src/idna/process.rs`) normalize the segments between ASCII full stops apart: a
/// full stop composes with nothing before or after it (checked with the
/// `unicode-normalization` crate's full NFC, every code point on either side).
#[test]
fn full_stop_is_a_normalization_boundary() {
    let nfc = |s: &str| -> String { s.nfc().collect() };
    let mut checked = 0;
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        let alone = nfc(c.encode_utf8(&mut [0; 4]));
        assert_eq!(nfc(&format!(".{c}")), format!(".{alone}"), "{c:?}");
        assert_eq!(nfc(&format!("{c}.")), format!("{alone}."), "{c:?}");
        checked += 1;
    }
    assert_eq!(checked, 0x110000 - 0x800);
}
