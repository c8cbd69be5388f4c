//! Parsing of the vendored Unicode Character Database files in `data/unicode/`.
//!
//! Every parser reads the whole code space into a `Vec` indexed by code point, so the table
//! builders can treat each property as a plain function of the code point.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Number of Unicode code points.
pub const CODE_POINTS: usize = 0x11_0000;

/// One row of `IdnaMappingTable.txt`, reduced to what UTS46 processing needs.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Idna {
    Valid,
    Ignored,
    Disallowed,
    Deviation(Vec<u32>),
    Mapped(Vec<u32>),
}

/// Bidi classes as RFC 5893 needs them; every class the RFC does not name is `OTHER`.
pub mod bidi {
    pub const L: u8 = 0;
    pub const R: u8 = 1;
    pub const AL: u8 = 2;
    pub const AN: u8 = 3;
    pub const EN: u8 = 4;
    pub const ES: u8 = 5;
    pub const CS: u8 = 6;
    pub const ET: u8 = 7;
    pub const ON: u8 = 8;
    pub const BN: u8 = 9;
    pub const NSM: u8 = 10;
    pub const OTHER: u8 = 11;
}

/// Joining types (DerivedJoiningType.txt); `U` (non-joining) is the default.
pub mod joining {
    pub const U: u8 = 0;
    pub const D: u8 = 1;
    pub const L: u8 = 2;
    pub const R: u8 = 3;
    pub const T: u8 = 4;
    pub const C: u8 = 5;
}

/// All the properties the library needs, per code point.
pub struct Ucd {
    /// The Unicode version of the data (`IdnaMappingTable.txt`'s, which the property files
    /// are checked to share).
    pub version: String,
    pub idna: Vec<Idna>,
    pub ccc: Vec<u8>,
    pub mark: Vec<bool>,
    /// Canonical single-step decompositions (`UnicodeData.txt` field 5 without a tag).
    pub decomp: BTreeMap<u32, Vec<u32>>,
    /// `CompositionExclusions.txt` (script-specific and post-composition-version exclusions).
    pub exclusions: BTreeSet<u32>,
    pub bidi: Vec<u8>,
    pub joining: Vec<u8>,
}

fn read(dir: &Path, name: &str) -> String {
    let path = dir.join(name);
    println!("cargo:rerun-if-changed={}", path.display());
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

fn hex(s: &str) -> u32 {
    u32::from_str_radix(s.trim(), 16).unwrap_or_else(|e| panic!("bad hex {s:?}: {e}"))
}

fn hex_list(s: &str) -> Vec<u32> {
    s.split_whitespace().map(hex).collect()
}

fn range(s: &str) -> (u32, u32) {
    match s.trim().split_once("..") {
        Some((lo, hi)) => (hex(lo), hex(hi)),
        None => (hex(s), hex(s)),
    }
}

/// `(first, last, fields)` for every data line of a UCD file in the usual
/// `range ; field ; field # comment` format.
fn records(text: &str) -> impl Iterator<Item = (u32, u32, Vec<&str>)> {
    text.lines().filter_map(|line| {
        let data = line.split('#').next().unwrap_or("").trim();
        if data.is_empty() {
            return None;
        }
        let mut fields: Vec<&str> = data.split(';').map(str::trim).collect();
        let (lo, hi) = range(fields.remove(0));
        Some((lo, hi, fields))
    })
}

fn fill<T: Clone>(v: &mut [T], lo: u32, hi: u32, value: T) {
    for slot in &mut v[lo as usize..=hi as usize] {
        *slot = value.clone();
    }
}

fn parse_idna(text: &str) -> Vec<Idna> {
    let mut v = vec![Idna::Disallowed; CODE_POINTS];
    for (lo, hi, f) in records(text) {
        let mapping = || f.get(1).map(|s| hex_list(s)).unwrap_or_default();
        let value = match f[0] {
            "valid" => Idna::Valid,
            "ignored" => Idna::Ignored,
            "disallowed" => Idna::Disallowed,
            "deviation" => Idna::Deviation(mapping()),
            "mapped" => Idna::Mapped(mapping()),
            other => panic!("unknown IDNA status {other}"),
        };
        fill(&mut v, lo, hi, value);
    }
    v
}

fn bidi_code(name: &str) -> u8 {
    use bidi::*;
    match name {
        "L" | "Left_To_Right" => L,
        "R" | "Right_To_Left" => R,
        "AL" | "Arabic_Letter" => AL,
        "AN" => AN,
        "EN" => EN,
        "ES" => ES,
        "CS" => CS,
        "ET" | "European_Terminator" => ET,
        "ON" => ON,
        "BN" => BN,
        "NSM" => NSM,
        "B" | "S" | "WS" | "LRE" | "LRO" | "RLE" | "RLO" | "PDF" | "LRI" | "RLI" | "FSI"
        | "PDI" => OTHER,
        other => panic!("unknown bidi class {other}"),
    }
}

fn parse_bidi(text: &str) -> Vec<u8> {
    let mut v = vec![bidi::L; CODE_POINTS];
    // The `@missing` lines give the defaults for unassigned code points, in order.
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# @missing:") {
            let (r, name) = rest.split_once(';').expect("@missing line");
            let (lo, hi) = range(r);
            fill(&mut v, lo, hi, bidi_code(name.trim()));
        }
    }
    for (lo, hi, f) in records(text) {
        fill(&mut v, lo, hi, bidi_code(f[0]));
    }
    v
}

fn parse_joining(text: &str) -> Vec<u8> {
    use joining::*;
    let mut v = vec![U; CODE_POINTS];
    for (lo, hi, f) in records(text) {
        let jt = match f[0] {
            "D" => D,
            "L" => L,
            "R" => R,
            "T" => T,
            "C" => C,
            "U" => U,
            other => panic!("unknown joining type {other}"),
        };
        fill(&mut v, lo, hi, jt);
    }
    v
}

/// UnicodeData.txt: general category (only "is a mark" matters), canonical combining class
/// and canonical decompositions. Ranges (`<..., First>`) are letters with no decomposition.
fn parse_unicode_data(text: &str, ucd: &mut Ucd) {
    for line in text.lines().filter(|l| !l.is_empty()) {
        let f: Vec<&str> = line.split(';').collect();
        let cp = hex(f[0]);
        let i = cp as usize;
        ucd.mark[i] = matches!(f[2], "Mn" | "Mc" | "Me");
        ucd.ccc[i] = f[3].parse().expect("ccc");
        if !f[5].is_empty() && !f[5].starts_with('<') {
            ucd.decomp.insert(cp, hex_list(f[5]));
        }
    }
}

/// Reads every file the generator uses.
pub fn load(dir: &Path) -> Ucd {
    let idna = read(dir, "IdnaMappingTable.txt");
    let version = idna
        .lines()
        .find_map(|l| l.strip_prefix("# Version: "))
        .expect("IdnaMappingTable.txt names its version")
        .trim()
        .to_string();
    let exclusions = read(dir, "CompositionExclusions.txt");
    let bidi = read(dir, "DerivedBidiClass.txt");
    let joining = read(dir, "DerivedJoiningType.txt");
    // Each property file names its version in its first line (`# NAME-VERSION.txt`).
    for (name, text) in [
        ("CompositionExclusions", &exclusions),
        ("DerivedBidiClass", &bidi),
        ("DerivedJoiningType", &joining),
    ] {
        let first = text.lines().next().unwrap_or_default();
        assert_eq!(
            first,
            format!("# {name}-{version}.txt"),
            "data/unicode/{name}.txt is not of Unicode {version}"
        );
    }
    let mut ucd = Ucd {
        version,
        idna: parse_idna(&idna),
        ccc: vec![0; CODE_POINTS],
        mark: vec![false; CODE_POINTS],
        decomp: BTreeMap::new(),
        exclusions: records(&exclusions).map(|r| r.0).collect(),
        bidi: parse_bidi(&bidi),
        joining: parse_joining(&joining),
    };
    parse_unicode_data(&read(dir, "UnicodeData-fields.txt"), &mut ucd);
    ucd
}
