//! NFC conformance: `NormalizationTest.txt` (Unicode 17.0.0), and agreement with the
//! `unicode-normalization` crate on random strings of code points assigned in 17.0.0.
#![cfg(feature = "idna")]

use microurl::idna::{IdnaError, nfc};
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::sync::LazyLock;
use unicode_normalization::UnicodeNormalization;

const TEST: &str = include_str!("../data/unicode/NormalizationTest.txt");
const UNICODE_DATA: &str = include_str!("../data/unicode/UnicodeData.txt");

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
    let (mut passed, mut failed) = (0, 0);
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
    for &c in ASSIGNED.iter().filter(|c| !part1.contains(c)) {
        let s = c.to_string();
        if ours(&s) == s {
            passed += 1;
        } else {
            failed += 1;
            println!("NFC({s:?}) = {:?}", ours(&s));
        }
    }
    println!("{passed} passed, {failed} failed");
    assert!(passed > 100_000);
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
    prop::collection::vec(prop_oneof![interesting, any], 0..24).prop_map(String::from_iter)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn agrees_with_unicode_normalization(s in assigned_string()) {
        let expected: String = s.nfc().collect();
        prop_assert_eq!(ours(&s), expected);
    }
}
