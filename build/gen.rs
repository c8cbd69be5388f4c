//! Turns the parsed UCD into the Rust source of `$OUT_DIR/idna_tables.rs`.
//!
//! Tables (all `static`, never decompressed at run time):
//! - `IDNA_*`: offset trie (build/offset_trie.rs) code point -> valid, ignored, disallowed
//!   or an entry of `IDNA_ENTRIES` (the first `IDNA_SHARED` read from any block): kind in bits 0-2, then a payload of `PAYLOAD_BITS`
//!   (stored in `2 + PAYLOAD_BITS` bits, see build/offset_trie.rs): a string of
//!   `MAPPING_BYTES` (length in its low `LEN_BITS`, above it the offset less the code point times the
//!   length, modulo `2^(PAYLOAD_BITS - LEN_BITS)`), a code point delta
//!   modulo `2^PAYLOAD_BITS` or a code point.
//! - `PROPS_*`: trie code point -> index into `PROPS` (ccc, bidi class, joining type, mark).
//! - `CJK_COMPATIBILITY_*`: the singleton decompositions of the CJK compatibility
//!   ideographs, as dense arrays.
//! - `UNSTABLE_STARTERS`: the valid characters of class 0 that NFC may change (see
//!   `nfc_unstable`), for `nfc::is_stable`.
//! - `DECOMP_*`, `SECONDS`: the other canonical single-step decompositions that UTS46
//!   processing can need (see `Reachable`) sorted by code point (low byte, per page of 256),
//!   with a bitset of the 256-code-point pages that have any; `COMPOSE`: the primary
//!   composites among them, by (second, first).
//!
//! Every choice the run-time code relies on is asserted here (decompositions of at most 4
//! code points, no composition second below U+0300, ...), so new Unicode data that breaks
//! one fails the build instead of the library.

use crate::layout::*;
use crate::offset_trie::{CHOSEN, Cell, DISALLOWED, OffsetTrie, PAYLOAD_BITS, SEARCHED, SPECIALS};
use crate::trie::{Out, Trie, emit_array, emit_level, level_bytes, width};
use crate::ucd::{CODE_POINTS, Idna, Ucd};
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write;

/// Bits of a mapping string's length in its entry's payload (emitted as `IDNA_LEN_BITS`,
/// which src/tables/mod.rs reads).
const LEN_BITS: u32 = 5;

/// VARIATION SELECTOR-17..256, the only code points past plane 3 that are not disallowed.
const IGNORED_PAST_PLANE_3: std::ops::RangeInclusive<u32> = 0xE0100..=0xE01EF;

const S_BASE: u32 = 0xAC00;
const S_COUNT: u32 = 11172;

fn utf8(cps: &[u32]) -> String {
    cps.iter()
        .map(|&c| char::from_u32(c).expect("scalar value"))
        .collect()
}

/// Deduplicates strings into one string table: a short common superstring of them, stored
/// in a byte encoding that is UTF-8 except for the most frequent non-ASCII characters,
/// which take one byte each (see `StringTable::encode`).
struct StringTable {
    text: String,
    /// Where each string starts in the encoded table.
    offsets: HashMap<String, usize>,
    /// The characters of the one-byte codes `0x80 + i` (bytes that UTF-8 uses only as
    /// continuation bytes, so never at the start of a character).
    frequent: Vec<u32>,
    /// The pages (code point >> 8) of the two-byte codes `PAGE_LEADS[i]`, low byte: other
    /// characters of three or four UTF-8 bytes.
    pages: Vec<u32>,
}

/// Bytes that never occur in UTF-8, the first byte of a two-byte code (see `pages`); keep in
/// sync with `mapping_char` in src/tables/mod.rs.
const PAGE_LEADS: [u8; 13] = [
    0xF5, 0xF6, 0xF7, 0xF8, 0xF9, 0xFA, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF, 0xC0, 0xC1,
];

/// Number of one-byte codes for non-ASCII characters: `0x80..=0xBF`.
const FREQUENT_CODES: usize = 64;

/// What chaining the strings of two consecutive code points is worth (half-bytes), against
/// an overlap of `k` bytes (`2 * k`): their one entry instead of two.
const RUN_WEIGHT: usize = 8;

/// The largest `k < a.len(), b.len()` such that `a` ends with the first `k` bytes of `b`,
/// on a character boundary of `b`.
fn overlap(a: &str, b: &str) -> usize {
    (1..a.len().min(b.len()))
        .rev()
        .find(|&k| b.is_char_boundary(k) && a.ends_with(&b[..k]))
        .unwrap_or(0)
}

fn find_root(root: &mut [usize], mut x: usize) -> usize {
    while root[x] != x {
        root[x] = root[root[x]];
        x = root[x];
    }
    x
}

impl StringTable {
    /// Greedy shortest common superstring: strings inside others are found there; the rest
    /// are chained, the largest overlaps (a suffix of one = a prefix of the next) first,
    /// except that two strings of `runs` (those of consecutive code points) are chained
    /// without overlap before any overlap smaller than `RUN_WEIGHT` half-bytes: the entries
    /// of the two code points are then one (see `entry`).
    fn new(strings: &[String], runs: &[(String, String)]) -> StringTable {
        let all: Vec<&str> = strings.iter().map(String::as_str).collect();
        let items: Vec<&str> = all
            .iter()
            .copied()
            .filter(|s| !all.iter().any(|t| t != s && t.contains(s)))
            .collect();
        let mut pairs = Vec::new();
        for (i, a) in items.iter().enumerate() {
            for (j, b) in items.iter().enumerate() {
                let k = if i == j { 0 } else { overlap(a, b) };
                if k > 0 {
                    pairs.push((2 * k, k, i, j));
                }
            }
        }
        let index: HashMap<&str, usize> = items.iter().enumerate().map(|(i, &s)| (s, i)).collect();
        for (a, b) in runs {
            if let (Some(&i), Some(&j)) = (index.get(a.as_str()), index.get(b.as_str())) {
                pairs.push((RUN_WEIGHT, 0, i, j));
            }
        }
        pairs.sort_by(|x, y| y.0.cmp(&x.0).then((x.2, x.3).cmp(&(y.2, y.3))));
        let n = items.len();
        let mut next: Vec<Option<(usize, usize)>> = vec![None; n];
        let mut has_previous = vec![false; n];
        let mut root: Vec<usize> = (0..n).collect();
        for (_, k, i, j) in pairs {
            if next[i].is_some() || has_previous[j] {
                continue;
            }
            let (ri, rj) = (find_root(&mut root, i), find_root(&mut root, j));
            if ri == rj {
                continue;
            }
            next[i] = Some((j, k));
            has_previous[j] = true;
            root[ri] = rj;
        }
        let mut text = String::new();
        for head in (0..n).filter(|&i| !has_previous[i]) {
            text.push_str(items[head]);
            let mut i = head;
            while let Some((j, k)) = next[i] {
                text.push_str(&items[j][k..]);
                i = j;
            }
        }
        let offsets = all
            .iter()
            .map(|&s| (s.to_string(), text.find(s).expect("in the superstring")))
            .collect();
        // The characters whose one-byte code saves the most (UTF-8 bytes beyond the first
        // times their count, less the two bytes of their entry in the code table).
        let mut counts: HashMap<char, usize> = HashMap::new();
        for c in text.chars().filter(|c| !c.is_ascii()) {
            *counts.entry(c).or_insert(0) += 1;
        }
        let mut ranked: Vec<(usize, char)> = counts
            .into_iter()
            .map(|(c, n)| ((c.len_utf8() - 1) * n, c))
            .filter(|&(saved, c)| saved > 2 && (c as u32) < 0x1_0000)
            .collect();
        ranked.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        let frequent: Vec<u32> = ranked
            .iter()
            .take(FREQUENT_CODES)
            .map(|&(_, c)| c as u32)
            .collect();
        // The pages whose two-byte code saves the most over UTF-8, less their table entry.
        let mut by_page: HashMap<u32, usize> = HashMap::new();
        for c in text.chars().filter(|&c| !frequent.contains(&(c as u32))) {
            *by_page.entry(c as u32 >> 8).or_insert(0) += c.len_utf8().saturating_sub(2);
        }
        let mut ranked: Vec<(usize, u32)> = by_page
            .into_iter()
            .map(|(page, saved)| (saved, page))
            .filter(|&(saved, _)| saved > 2)
            .collect();
        ranked.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        let pages = ranked
            .iter()
            .take(PAGE_LEADS.len())
            .map(|&(_, page)| page)
            .collect();
        let mut table = StringTable {
            text,
            offsets,
            frequent,
            pages,
        };
        // From offsets in UTF-8 to offsets in the encoded table.
        let mut encoded_at = vec![0; table.text.len() + 1];
        for (i, c) in table.text.char_indices() {
            encoded_at[i + c.len_utf8()] =
                encoded_at[i] + table.encode(c.encode_utf8(&mut [0; 4])).len();
        }
        for at in table.offsets.values_mut() {
            *at = encoded_at[*at];
        }
        table
    }

    /// ASCII as itself, a frequent character as `0x80 + its index`, one of `pages` as its
    /// lead byte and low byte, any other as UTF-8.
    fn encode(&self, s: &str) -> Vec<u8> {
        let mut out = Vec::new();
        for c in s.chars() {
            let frequent = self.frequent.iter().position(|&f| f == c as u32);
            let page = self.pages.iter().position(|&p| p == c as u32 >> 8);
            match (frequent, page) {
                (Some(i), _) => out.push(0x80 + i as u8),
                (None, Some(i)) if c.len_utf8() > 2 => {
                    out.extend_from_slice(&[PAGE_LEADS[i], c as u32 as u8]);
                }
                _ => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            }
        }
        out
    }

    fn entry(&self, kind: u32, cp: u32, s: &str) -> u32 {
        // Offset and length in the encoded table (the superstring was built on characters,
        // so `s` starts on a character there).
        let at = self.offsets[s] as u32;
        let len = self.encode(s).len() as u32;
        let span = 1 << (PAYLOAD_BITS - LEN_BITS);
        assert!(
            len < 1 << LEN_BITS && self.encode(&self.text).len() <= span as usize,
            "{s:?}"
        );
        // Stored as `at - cp * len` modulo the span: a run of code points whose strings
        // of one length follow each other in the table ("(a)(b)(c)...") has one entry.
        let from = at.wrapping_sub(cp.wrapping_mul(len)) & (span - 1);
        kind | (len | from << LEN_BITS) << 3
    }
}

/// A mapping never makes a disallowed code point: one that the mapped stream gives is the
/// input's own (`Mapped::failure_at` finds where the input writes it).
fn assert_no_mapping_to_disallowed(ucd: &Ucd) {
    for (cp, v) in ucd.idna.iter().enumerate() {
        if let Idna::Mapped(m) | Idna::Deviation(m) = v {
            let disallowed = |&t: &u32| matches!(ucd.idna.get(t as usize), Some(Idna::Disallowed));
            assert!(
                !m.iter().any(disallowed),
                "{cp:X} maps to a disallowed code point"
            );
        }
    }
}

/// A forbidden domain code point (<https://url.spec.whatwg.org/#forbidden-domain-code-point>)
/// that the mapped stream gives is in NFC's result unless a combining mark follows it: no
/// canonical composition has one as its second (none has a second below U+0300:
/// `decomposition_tables`), and every composition that has one as its first has a second
/// of non-zero class that begins the full decomposition of no character of class 0
/// (`Mapped::failure_at`, `Offender::Forbidden`).
fn assert_forbidden_composes_only_with_marks(ucd: &Ucd) {
    let forbidden =
        |c: u32| c <= 0x20 || c == 0x7F || b"#%/:<>?@[\\]^|".iter().any(|&b| u32::from(b) == c);
    let mut heads = BTreeSet::new();
    for &cp in ucd.decomp.keys() {
        let mut full = Vec::new();
        full_decomposition(ucd, cp, &mut full);
        if ucd.ccc[cp as usize] == 0 {
            heads.insert(full[0]);
        }
    }
    for (&cp, d) in &ucd.decomp {
        if is_primary_composite(ucd, cp, d) && forbidden(d[0]) {
            assert!(
                ucd.ccc[d[1] as usize] != 0 && !heads.contains(&d[1]),
                "{cp:X}: {:X} composes with {:X}",
                d[0],
                d[1]
            );
        }
    }
}

fn idna_tables(ucd: &Ucd, out: &mut Out) -> usize {
    assert_no_mapping_to_disallowed(ucd);
    assert_forbidden_composes_only_with_marks(ucd);
    // In code point order, so that runs of mapped code points stay runs in the table.
    let mut strings: Vec<String> = ucd
        .idna
        .iter()
        .enumerate()
        .filter_map(|(cp, v)| match v {
            Idna::Deviation(m) => Some(utf8(m)),
            // Canonical mappings are stored as valid (see below): no string.
            Idna::Mapped(m) if m.len() != 1 && !is_canonical_mapping(ucd, cp as u32, m) => {
                Some(utf8(m))
            }
            _ => None,
        })
        .collect();
    let mut seen = BTreeSet::new();
    let runs: Vec<(String, String)> = (1..CODE_POINTS)
        .filter_map(|cp| match (&ucd.idna[cp - 1], &ucd.idna[cp]) {
            (Idna::Mapped(a), Idna::Mapped(b)) if a.len() > 1 && a.len() == b.len() => {
                let (a, b) = (utf8(a), utf8(b));
                (a.len() == b.len() && a != b).then_some((a, b))
            }
            _ => None,
        })
        .collect();
    strings.retain(|s| seen.insert(s.clone()));
    let table = StringTable::new(&strings, &runs);
    let (mut targets, mut deltas) = (HashMap::new(), HashMap::new());
    for (cp, v) in ucd.idna.iter().enumerate() {
        let single = match v {
            Idna::Mapped(m) => match m[..] {
                [target] => Some(target),
                _ => None,
            },
            _ => None,
        };
        if let Some(target) = single {
            *targets.entry(target).or_insert(0) += 1;
            *deltas.entry(target as i32 - cp as i32).or_insert(0) += 1;
        }
    }
    let cells: Vec<Cell> = ucd
        .idna
        .iter()
        .enumerate()
        .map(|(cp, v)| match v {
            Idna::Valid => Cell::Special(KIND_VALID),
            // NFC follows mapping, so a mapping that is canonically equivalent to the code
            // point itself (CJK compatibility ideographs, Greek oxia, ...) needs no data: the
            // code point is kept and NFC produces the mapping.
            Idna::Mapped(m) if is_canonical_mapping(ucd, cp as u32, m) => Cell::Special(KIND_VALID),
            Idna::Ignored => Cell::Special(KIND_IGNORED),
            Idna::Disallowed => Cell::Special(KIND_DISALLOWED),
            Idna::Deviation(m) => Cell::Entry(table.entry(KIND_DEVIATION, cp as u32, &utf8(m))),
            Idna::Mapped(m) if m.len() == 1 => {
                let delta = m[0] as i32 - cp as i32;
                // Code point and target in one span of `2^PAYLOAD_BITS` (planes 0 and 1):
                // the delta modulo that span gives the target (the math letters of plane
                // 1, mapped to ASCII, need no wider delta).
                assert_eq!(cp as u32 >> PAYLOAD_BITS, m[0] >> PAYLOAD_BITS, "{cp:X}");
                // The form more code points share: runs of one delta (case pairs, letter
                // ranges) or one target (the isolated, initial, medial and final forms of
                // an Arabic letter; the repeated letter blocks of Arabic math).
                if targets[&m[0]] > deltas[&delta] + 1 {
                    Cell::Entry(KIND_CHAR | m[0] << 3)
                } else {
                    let modular = m[0].wrapping_sub(cp as u32) & ((1 << PAYLOAD_BITS) - 1);
                    Cell::Entry(KIND_DELTA | modular << 3)
                }
            }
            Idna::Mapped(m) => Cell::Entry(table.entry(KIND_MAPPED, cp as u32, &utf8(m))),
        })
        .collect();
    const { assert!(KIND_VALID < SPECIALS && KIND_IGNORED < SPECIALS && KIND_DISALLOWED == DISALLOWED) };
    // Past plane 3 only the variation selectors of plane 14 are not disallowed: a range
    // check instead of trie blocks out to plane 14 (the lookup tests it past the trie's end).
    let mut cells = cells;
    for (cp, cell) in cells.iter_mut().enumerate().skip(0x4_0000) {
        let expected = if IGNORED_PAST_PLANE_3.contains(&(cp as u32)) {
            Cell::Special(KIND_IGNORED)
        } else {
            Cell::Special(KIND_DISALLOWED)
        };
        assert!(*cell == expected, "{cp:X}: IGNORED_PAST_PLANE_3");
        *cell = Cell::Special(KIND_DISALLOWED);
    }
    let (lo, hi) = (IGNORED_PAST_PLANE_3.start(), IGNORED_PAST_PLANE_3.end());
    writeln!(out, "pub(crate) const IDNA_LEN_BITS: u32 = {LEN_BITS};").unwrap();
    writeln!(
        out,
        "pub(crate) const IDNA_IGNORED_PAST_PLANE_3: core::ops::RangeInclusive<u32> = {lo}..={hi};"
    )
    .unwrap();
    let trie = OffsetTrie::build(&cells, &CHOSEN);
    if std::env::var_os("MICROURL_TABLE_SEARCH").is_some() {
        let smallest = OffsetTrie::build(&cells, &SEARCHED);
        assert!(
            trie.bytes() <= smallest.bytes(),
            "the IDNA trie's geometry is no longer the smallest: {} B, another takes {} B \
             (build/offset_trie.rs, CHOSEN)",
            trie.bytes(),
            smallest.bytes()
        );
    }
    trie.emit("IDNA", out);
    let bytes: Vec<u32> = table
        .encode(&table.text)
        .into_iter()
        .map(u32::from)
        .collect();
    emit_array(out, "MAPPING_BYTES", &bytes);
    emit_array(out, "MAPPING_FREQUENT", &table.frequent);
    emit_array(out, "MAPPING_PAGES", &table.pages);
    assert!(table.frequent.iter().all(|&c| c < 0x1_0000));
    assert!(table.pages.iter().all(|&p| p < 0x1_0000));
    trie.bytes() + bytes.len() + table.frequent.len() * 2 + table.pages.len() * width(&table.pages)
}

fn is_canonical_mapping(ucd: &Ucd, cp: u32, mapping: &[u32]) -> bool {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    full_decomposition(ucd, cp, &mut a);
    for &c in mapping {
        full_decomposition(ucd, c, &mut b);
    }
    // Equal NFD (no reordering is involved: both are single characters' decompositions).
    let equivalent = a == b && ucd.decomp.contains_key(&cp);
    // NFC must then remove `cp`, or its status would be looked up after normalization.
    let d = &ucd.decomp.get(&cp);
    assert!(
        !(equivalent && d.is_some_and(|d| is_primary_composite(ucd, cp, d))),
        "{cp:X}"
    );
    equivalent
}

fn props_tables(ucd: &Ucd, out: &mut Out) -> usize {
    let mut values = vec![0u32; CODE_POINTS];
    let mut masks = vec![u32::MAX; CODE_POINTS];
    let mut validation = 0;
    for (cp, (slot, mask)) in values.iter_mut().zip(&mut masks).enumerate() {
        // Bidi class, joining type and "is a mark" are only read for the code points of a
        // label that passed the status check (valid or deviation): for every other code
        // point the label is an error whatever they are, so they are don't-cares (leaf
        // blocks that differ only there are stored once; a new block repeats the previous
        // code point's). NFC data (ccc, decomposition) stays exact.
        if matches!(ucd.idna[cp], Idna::Valid | Idna::Deviation(_)) {
            validation = u32::from(ucd.bidi[cp]) << PROP_BIDI_SHIFT
                | u32::from(ucd.joining[cp]) << PROP_JOINING_SHIFT
                | if ucd.mark[cp] { PROP_MARK } else { 0 };
        } else {
            *mask = 0xFF;
        }
        *slot = u32::from(ucd.ccc[cp]) | validation;
    }
    let mut trie = Trie::build_smallest(&values, &masks);
    // The leaf holds indices into `PROPS`, the distinct values it stores.
    let mut props: Vec<u32> = vec![0];
    let mut index: HashMap<u32, u32> = HashMap::from([(0, 0)]);
    for v in trie.levels[0].iter_mut() {
        *v = *index.entry(*v).or_insert_with(|| {
            props.push(*v);
            props.len() as u32 - 1
        });
    }
    assert_eq!(trie.default, 0);
    trie.emit("PROPS", out);
    emit_array(out, "PROPS", &props);
    trie.bytes() + props.len() * width(&props)
}

/// The second characters of canonical decompositions: `SECONDS`, what
/// `tables::is_composition_second` finds.
fn composition_seconds(ucd: &Ucd) -> BTreeSet<u32> {
    ucd.decomp
        .values()
        .filter_map(|d| d.get(1).copied())
        .collect()
}

/// Whether NFC may change text because of `cp`, of class 0, from U+0300 on (what
/// `nfc::is_stable` says): it is the second of a composition, or it has a decomposition in
/// the tables (`Reachable`) that is not the primary composite of its own: a singleton,
/// excluded from composition, or whose first part is not such a character again or is
/// itself the second of a composition (as U+113C5 TULU-TIGALARI VOWEL SIGN EE with its
/// first part U+113C2).
fn nfc_unstable(ucd: &Ucd, reachable: &Reachable, seconds: &BTreeSet<u32>, cp: u32) -> bool {
    let mut head = cp;
    while let Some(d) = ucd
        .decomp
        .get(&head)
        .filter(|_| reachable.keep.contains(&head))
    {
        if d.len() != 2 || !is_primary_composite(ucd, head, d) || seconds.contains(&d[0]) {
            return true;
        }
        head = d[0];
    }
    seconds.contains(&cp)
}

/// `UNSTABLE_STARTERS`: the characters valid or deviation in UTS46 (what mapping writes, as
/// the tables report it),
/// of class 0, from U+0300 on, outside the Hangul jamo block and the CJK compatibility
/// ideographs (which `nfc::is_stable` tells apart itself), that NFC may change; the low 16
/// bits, plane 0's then plane 1's.
fn unstable_starters_table(ucd: &Ucd, reachable: &Reachable, out: &mut Out) -> usize {
    let seconds = composition_seconds(ucd);
    let list: Vec<u32> = (0x300..CODE_POINTS as u32)
        .filter(|&cp| {
            let i = cp as usize;
            !(0x1100..0x1200).contains(&cp)
                && !in_cjk_compatibility(cp)
                && ucd.ccc[i] == 0
                && match &ucd.idna[i] {
                    Idna::Valid | Idna::Deviation(_) => true,
                    // Reported as valid: NFC produces the mapping (`is_canonical_mapping`).
                    Idna::Mapped(m) => is_canonical_mapping(ucd, cp, m),
                    Idna::Ignored | Idna::Disallowed => false,
                }
                && nfc_unstable(ucd, reachable, &seconds, cp)
        })
        .collect();
    emit_two_plane_list(out, "UNSTABLE_STARTERS", &list)
}

/// A sorted list of code points of planes 0 and 1 as `NAME` (their low 16 bits, plane 0's
/// first) and `NAME_PLANE0_END` (where plane 1's start; `tables::two_plane_index` reads
/// both); returns the list's bytes.
fn emit_two_plane_list(out: &mut Out, name: &str, list: &[u32]) -> usize {
    assert!(list.iter().all(|&c| c >> 16 <= 1), "{name} beyond plane 1");
    let plane0_end = list.iter().filter(|&&c| c >> 16 == 0).count();
    writeln!(
        out,
        "pub(crate) const {name}_PLANE0_END: usize = {plane0_end};"
    )
    .unwrap();
    let low: Vec<u32> = list.iter().map(|c| c & 0xFFFF).collect();
    emit_array(out, name, &low);
    low.len() * width(&low)
}

fn full_decomposition(ucd: &Ucd, cp: u32, out: &mut Vec<u32>) {
    match ucd.decomp.get(&cp) {
        Some(d) => {
            full_decomposition(ucd, d[0], out);
            for &c in &d[1..] {
                assert!(
                    !ucd.decomp.contains_key(&c),
                    "second component {c:X} decomposes"
                );
                out.push(c);
            }
        }
        None if (S_BASE..S_BASE + S_COUNT).contains(&cp) => out.extend([0x1100, 0x1161, 0x11A7]),
        None => out.push(cp),
    }
}

fn is_primary_composite(ucd: &Ucd, cp: u32, d: &[u32]) -> bool {
    d.len() == 2
        && !ucd.exclusions.contains(&cp)
        && ucd.ccc[cp as usize] == 0
        && ucd.ccc[d[0] as usize] == 0
}

/// The CJK compatibility ideographs: dense runs of singleton decompositions.
const CJK_COMPATIBILITY: [(u32, u32); 2] = [(0xF900, 0xFAD9), (0x2F800, 0x2FA1D)];

fn in_cjk_compatibility(cp: u32) -> bool {
    CJK_COMPATIBILITY
        .iter()
        .any(|&(lo, hi)| (lo..=hi).contains(&cp))
}

/// Dense arrays of the low 16 bits of the targets (0: no decomposition) and a bitset of
/// the targets in plane 2 (the others are in plane 0), indexed across both ranges.
fn cjk_compatibility_tables(ucd: &Ucd, reachable: &Reachable, out: &mut Out) -> usize {
    let mut low = Vec::new();
    let mut plane2 = Vec::new();
    for &(lo, hi) in &CJK_COMPATIBILITY {
        for cp in lo..=hi {
            let target = match ucd.decomp.get(&cp).map(Vec::as_slice) {
                Some(_) if !reachable.keep.contains(&cp) => 0,
                Some(&[t]) => t,
                None => 0,
                Some(d) => panic!("{cp:X} -> {d:X?} is not a singleton"),
            };
            assert!(target >> 16 == 0 || target >> 16 == 2, "{cp:X}");
            assert!(target == 0 || target & 0xFFFF != 0);
            low.push(target & 0xFFFF);
            plane2.push(target >> 16 == 2);
        }
    }
    let bits: Vec<u32> = plane2
        .chunks(8)
        .map(|c| c.iter().enumerate().map(|(i, &b)| u32::from(b) << i).sum())
        .collect();
    let [(a, b), (c, d)] = CJK_COMPATIBILITY;
    writeln!(
        out,
        "pub(crate) const CJK_COMPATIBILITY: [(u32, u32); 2] = [({a}, {b}), ({c}, {d})];"
    )
    .unwrap();
    emit_array(out, "CJK_COMPATIBILITY_LOW", &low);
    emit_array(out, "CJK_COMPATIBILITY_PLANE2", &bits);
    low.len() * 2 + bits.len()
}

/// The code points UTS46 processing can hand to NFC, and the decompositions NFC needs for
/// them.
///
/// NFC runs on the output of the mapping step: characters whose status is valid,
/// deviation or disallowed (kept as they are), characters whose mapping is canonically
/// equivalent to them (stored as valid: NFC produces the mapping, see `idna_tables`), and
/// the characters of mapping results. Other mapped and ignored characters never reach it
/// (an `xn--` label is checked for NFC too, but one holding such a character fails the
/// status check whatever NFC says). So a decomposition is kept when its character can
/// reach NFC (or is on the decomposition chain of one that can), and a primary composite
/// when its full decomposition consists of characters that can occur in NFD of such text.
/// That drops the decompositions of mapped characters such as uppercase precomposed
/// letters and singletons like U+212B ANGSTROM SIGN.
struct Reachable {
    /// Decompositions to keep.
    keep: BTreeSet<u32>,
}

impl Reachable {
    fn new(ucd: &Ucd) -> Reachable {
        let mut reaches = vec![false; CODE_POINTS];
        for (cp, idna) in ucd.idna.iter().enumerate() {
            let (itself, mapping) = match idna {
                Idna::Valid | Idna::Disallowed => (true, &[][..]),
                Idna::Deviation(m) => (true, &m[..]),
                Idna::Mapped(m) => (is_canonical_mapping(ucd, cp as u32, m), &m[..]),
                Idna::Ignored => (false, &[][..]),
            };
            reaches[cp] |= itself;
            for &c in mapping {
                reaches[c as usize] = true;
            }
        }
        let mut keep = BTreeSet::new();
        let mut nfd_chars = reaches.clone();
        // Only code points with a decomposition in the tables have an NFD that adds
        // characters (Hangul composes algorithmically, with no table).
        for &cp in ucd.decomp.keys().filter(|&&cp| reaches[cp as usize]) {
            let mut head = cp;
            while let Some(d) = ucd.decomp.get(&head) {
                keep.insert(head);
                head = d[0];
            }
            let mut full = Vec::new();
            full_decomposition(ucd, cp, &mut full);
            full.iter().for_each(|&c| nfd_chars[c as usize] = true);
        }
        for (&cp, d) in &ucd.decomp {
            let mut full = Vec::new();
            full_decomposition(ucd, cp, &mut full);
            if is_primary_composite(ucd, cp, d) && full.iter().all(|&c| nfd_chars[c as usize]) {
                keep.insert(cp);
            }
        }
        Reachable { keep }
    }
}

fn decomposition_tables(ucd: &Ucd, reachable: &Reachable, out: &mut Out) -> usize {
    let mut seconds = composition_seconds(ucd);
    assert!(
        seconds.iter().all(|&s| s >= 0x300),
        "src/idna/nfc.rs FIRST_SECOND"
    );
    assert!(
        (0..0x300).all(|c| ucd.ccc[c] == 0),
        "src/idna/nfc.rs FIRST_SECOND"
    );
    seconds.insert(0);
    let seconds: Vec<u32> = seconds.into_iter().collect();
    assert!(seconds.len() < 1 << 11);
    let compat = cjk_compatibility_tables(ucd, reachable, out);
    let general: Vec<(&u32, &Vec<u32>)> = ucd
        .decomp
        .iter()
        .filter(|(cp, _)| reachable.keep.contains(cp) && !in_cjk_compatibility(**cp))
        .collect();
    let keys: Vec<u32> = general.iter().map(|(cp, _)| **cp).collect();
    assert!(
        keys.iter().all(|&k| k < 0x3_0000),
        "decompositions beyond plane 2"
    );
    let plane_start: Vec<u32> = (0..4)
        .map(|p| keys.iter().filter(|&&k| k >> 16 < p).count() as u32)
        .collect();
    let (mut values, mut vals) = (Vec::new(), Vec::new());
    let mut compose = Vec::new();
    for (i, &(&cp, d)) in general.iter().enumerate() {
        assert!(d.len() <= 2);
        let second = d.get(1).copied().unwrap_or(0);
        let sidx = seconds.binary_search(&second).expect("second indexed") as u32;
        // One packed value: `sidx` (0 for a singleton, else 1..=127) in bits 0-6, the low
        // 16 bits of the first component above; its plane is the key's (asserted), so it is
        // not stored.
        assert!(sidx < 128);
        assert_eq!(
            d[0] >> 16,
            cp >> 16,
            "{cp:X}: first component in another plane"
        );
        values.push(sidx | (d[0] & 0xFFFF) << 7);
        vals.push(d[0] | sidx << 21);
        let mut full = Vec::new();
        full_decomposition(ucd, cp, &mut full);
        assert!(full.len() <= 4, "decomposition of {cp:X} longer than 4");
        if is_primary_composite(ucd, cp, d) {
            let parts = utf8(&full).len();
            assert!(utf8(&[cp]).len() <= parts, "composition grows {cp:X}");
            compose.push(i as u32);
        }
    }
    // Composition looks pairs up by (second, first).
    compose.sort_by_key(|&i| vals[i as usize]);
    // Keys by page of 256 code points: the pages that have any, where each page's keys
    // start, and the low byte of each key.
    let keys_lo: Vec<u32> = keys.iter().map(|k| k & 0xFF).collect();
    let mut page_list: Vec<u32> = keys.iter().map(|k| k >> 8).collect();
    page_list.dedup();
    let mut page_start: Vec<u32> = page_list
        .iter()
        .map(|&p| keys.iter().position(|k| k >> 8 == p).unwrap() as u32)
        .collect();
    page_start.push(keys.len() as u32);
    // Pages of 256 code points holding a decomposition, so most lookups skip the search.
    let mut pages = vec![0u32; 0x3_0000 >> 11];
    for &cp in &reachable.keep {
        pages[(cp >> 11) as usize] |= 1 << ((cp >> 8) & 7);
    }
    // `nfc::is_stable` takes a character of class 0 outside these pages for the second of
    // no composition.
    let in_pages = |c: u32| pages[(c >> 11) as usize] >> ((c >> 8) & 7) & 1 != 0;
    for &s in seconds
        .iter()
        .filter(|&&s| s != 0 && ucd.ccc[s as usize] == 0)
    {
        assert!(in_pages(s), "src/idna/nfc.rs is_stable: second {s:X}");
    }
    emit_array(out, "DECOMP_PAGES", &pages);
    emit_array(out, "DECOMP_PLANE_START", &plane_start);
    emit_array(out, "DECOMP_PAGE_LIST", &page_list);
    emit_array(out, "DECOMP_PAGE_START", &page_start);
    emit_array(out, "DECOMP_KEYS", &keys_lo);
    emit_level(out, "DECOMP_VALUES", &values);
    // Seconds by plane (0 and 1): the low 16 bits, plane 1's after plane 0's.
    let seconds_bytes = emit_two_plane_list(out, "SECONDS", &seconds);
    emit_level(out, "COMPOSE", &compose);
    compat
        + pages.len()
        + plane_start.len() * 2
        + page_list.len() * 2
        + page_start.len() * 2
        + keys_lo.len()
        + level_bytes(&values)
        + seconds_bytes
        + level_bytes(&compose)
}

/// The whole generated file, and the tables' bytes.
pub fn generate(ucd: &Ucd) -> Out {
    let mut out = Out::default();
    writeln!(
        out.source,
        "// @generated by build.rs from data/unicode/ (Unicode {}). Do not edit.\n\
         // Regenerate: `cargo build` (tables are rebuilt whenever build/ or data/ change).\n",
        ucd.version
    )
    .unwrap();
    let mut total = idna_tables(ucd, &mut out);
    let reachable = Reachable::new(ucd);
    total += props_tables(ucd, &mut out);
    total += decomposition_tables(ucd, &reachable, &mut out);
    total += unstable_starters_table(ucd, &reachable, &mut out);
    assert_eq!(total, out.table_bytes(), "counted and written table bytes");
    writeln!(
        out,
        "/// Total bytes of the generated tables, as counted by the generator."
    )
    .unwrap();
    writeln!(
        out,
        "pub(crate) const GENERATED_TABLE_BYTES: usize = {total};"
    )
    .unwrap();
    out
}
