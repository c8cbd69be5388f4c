//! Every code point against `IdnaMappingTable.txt` (Unicode 17.0.0), through the public
//! API: ToUnicode of a lone code point with every optional check off is the NFC of its
//! mapping, and a disallowed code point records an error.
#![cfg(feature = "idna")]

use microurl::idna::{Uts46Options, to_unicode};
use std::collections::HashSet;
use unicode_normalization::UnicodeNormalization;

const TABLE: &str = include_str!("../data/unicode/IdnaMappingTable.txt");
const UNICODE_DATA: &str = include_str!("../data/unicode/UnicodeData.txt");

const OFF: Uts46Options = Uts46Options {
    check_hyphens: false,
    check_bidi: false,
    check_joiners: false,
    use_std3_ascii_rules: false,
    transitional_processing: false,
    verify_dns_length: false,
    ignore_invalid_punycode: false,
};

fn hex(s: &str) -> u32 {
    u32::from_str_radix(s.trim(), 16).unwrap()
}

/// Code points assigned in 17.0.0; `unicode-normalization` (a later Unicode version) is only
/// asked about those, as normalization is stable for assigned characters.
fn assigned() -> HashSet<u32> {
    let mut set = HashSet::new();
    let mut first = None;
    for line in UNICODE_DATA.lines() {
        let f: Vec<&str> = line.split(';').collect();
        let cp = hex(f[0]);
        if f[1].ends_with("First>") {
            first = Some(cp);
            continue;
        }
        set.extend(first.take().unwrap_or(cp)..=cp);
    }
    set
}

#[test]
fn every_code_point_maps_as_the_table_says() {
    let assigned = assigned();
    let nfc = |s: String| -> String {
        if s.chars().all(|c| assigned.contains(&(c as u32))) {
            s.nfc().collect()
        } else {
            s
        }
    };
    let (mut checked, mut failed) = (0, 0);
    let mut out = [0u8; 256];
    for line in TABLE.lines() {
        let data = line.split('#').next().unwrap().trim();
        if data.is_empty() {
            continue;
        }
        let f: Vec<&str> = data.split(';').map(str::trim).collect();
        let (lo, hi) = match f[0].split_once("..") {
            Some((a, b)) => (hex(a), hex(b)),
            None => (hex(f[0]), hex(f[0])),
        };
        for c in (lo..=hi).filter_map(char::from_u32) {
            let mapping: String = f.get(2).map_or(String::new(), |m| {
                m.split_whitespace()
                    .map(|h| char::from_u32(hex(h)).unwrap())
                    .collect()
            });
            let expected = match f[1] {
                "mapped" => nfc(mapping),
                "ignored" => String::new(),
                _ => nfc(c.to_string()),
            };
            let (n, error) = to_unicode(&c.to_string(), OFF, &mut out).unwrap();
            let got = std::str::from_utf8(&out[..n]).unwrap();
            checked += 1;
            if got != expected || (f[1] == "disallowed" && !error) {
                failed += 1;
                if failed < 20 {
                    println!(
                        "U+{:04X} {}: got {got:?} ({error}), expected {expected:?}",
                        c as u32, f[1]
                    );
                }
            }
        }
    }
    println!("{checked} code points checked, {failed} failed");
    assert_eq!(checked, 0x11_0000 - 0x800);
    assert_eq!(failed, 0);
}

/// The UnicodeData.txt that build.rs reads (and the package ships) is the vendored one with
/// its names emptied (`scripts/derive-unicode-data.sh`): every line and every other field
/// the same.
#[test]
fn build_unicode_data_is_the_vendored_file_without_names() {
    let derived = include_str!("../data/unicode/UnicodeData-fields.txt");
    let (mut lines, mut kept_names) = (0, 0);
    for (full, fields) in UNICODE_DATA.lines().zip(derived.lines()) {
        let full: Vec<&str> = full.split(';').collect();
        let fields: Vec<&str> = fields.split(';').collect();
        assert_eq!(full.len(), fields.len(), "{full:?}");
        for (i, (a, b)) in full.iter().zip(&fields).enumerate() {
            match i {
                1 if a.starts_with('<') => {
                    assert_eq!(a, b);
                    kept_names += 1;
                }
                1 | 10 => assert_eq!(*b, "", "{full:?}"),
                _ => assert_eq!(a, b, "field {i} of {full:?}"),
            }
        }
        lines += 1;
    }
    assert_eq!(lines, UNICODE_DATA.lines().count());
    assert_eq!(lines, derived.lines().count());
    assert!(
        lines > 40_000 && kept_names > 60,
        "{lines} lines, {kept_names} kept names"
    );
}
