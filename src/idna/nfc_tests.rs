//! Unit tests of `nfc` (a file of their own to keep `nfc.rs` short).

use super::in_place::normalize_counted;
use super::streamed::decomposes;
use super::*;

/// The Hangul divisions by multiplication equal the divisions, over every syllable.
#[test]
fn hangul_division_by_multiplication() {
    for s in 0..super::S_COUNT {
        assert_eq!(super::div_n_count(s), s / super::N_COUNT, "{s}");
        assert_eq!(super::div_t_count(s), s / super::T_COUNT, "{s}");
    }
}

/// Whether `c` has no canonical decomposition, or one of two characters that compose back
/// to `c` (so it is not excluded from composition), the first of them such a character
/// again and the second of no composition (it could otherwise compose with what precedes
/// `c`, as U+113C2 TULU-TIGALARI VOWEL SIGN EE does in U+113C5): NFC keeps `c` then.
fn is_primary_composite(mut c: char) -> bool {
    while let Some(parts) = decompose_once(c) {
        let (first, Some(second)) = parts else {
            return false;
        };
        if compose_pair(first, second) != Some(c) || is_composition_second(first) {
            return false;
        }
        c = first;
    }
    true
}

/// [`is_stable`], one property lookup and at most one search of the generator's list, gives
/// its definition's answer, evaluated here on the decomposition and composition tables, for
/// every character it is asked about: valid or deviation in UTS46.
#[test]
fn stable_shortcut_matches_its_definition() {
    use crate::tables::{Mapping, idna_mapping};
    let (mut unstable, mut asked) = (0, 0);
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        if !matches!(idna_mapping(c), Mapping::Valid | Mapping::Deviation(_)) {
            continue;
        }
        let u = c as u32;
        let defined = u < FIRST_SECOND
            || (!(0x1100..0x1200).contains(&u)
                && (!may_decompose(c) || is_primary_composite(c))
                && props(c).ccc() == 0
                && !is_composition_second(c));
        assert_eq!(is_stable(c), defined, "{u:04X}");
        unstable += usize::from(!defined);
        asked += 1;
    }
    assert!(unstable > 1_000 && asked > 100_000, "{unstable} {asked}");
}

/// Every character NFC can meet here (UTS46 status valid or deviation: mapping leaves
/// them, and its outputs are such) that [`is_stable`] accepts has NFC_Quick_Check=Yes
/// (from the Unicode 17.0.0 data) and combining class 0 (from `UnicodeData.txt`); and it
/// accepts all of ASCII, Latin-1, the CJK unified ideographs and the Hangul syllables.
#[test]
fn stable_means_quick_check_yes() {
    let range = |field: &str| -> (u32, u32) {
        let hex = |h: &str| u32::from_str_radix(h.trim(), 16).unwrap();
        match field.split_once("..") {
            Some((a, b)) => (hex(a), hex(b)),
            None => (hex(field), hex(field)),
        }
    };
    let mut not_yes = std::vec::Vec::new();
    for line in include_str!("../../data/unicode/DerivedNormalizationProps-NFC_QC.txt").lines() {
        let line = line.split('#').next().unwrap();
        if let Some((cps, _)) = line.split_once(';') {
            not_yes.push(range(cps));
        }
    }
    assert!(not_yes.len() > 100);
    let mut nonzero_ccc = std::vec::Vec::new();
    for line in include_str!("../../data/unicode/UnicodeData-fields.txt").lines() {
        let fields: std::vec::Vec<&str> = line.split(';').collect();
        if fields[3] != "0" {
            nonzero_ccc.push(range(fields[0]).0);
        }
    }
    assert!(nonzero_ccc.len() > 900);
    let mut stable = 0;
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        use crate::tables::{Mapping, idna_mapping};
        let in_domain = |c| matches!(idna_mapping(c), Mapping::Valid | Mapping::Deviation(_));
        let outputs: std::vec::Vec<char> = match idna_mapping(c) {
            Mapping::Mapped(s) | Mapping::Deviation(s) => s.collect(),
            Mapping::MappedChar(m) => std::vec![m],
            _ => std::vec![],
        };
        assert!(outputs.into_iter().all(in_domain), "{c:?}");
        let domain = in_domain(c);
        if !domain || !is_stable(c) {
            continue;
        }
        stable += 1;
        let u = c as u32;
        assert!(
            !not_yes.iter().any(|&(a, b)| (a..=b).contains(&u)),
            "{u:04X}"
        );
        assert!(nonzero_ccc.binary_search(&u).is_err(), "{u:04X}");
    }
    // Also the letters of the Cyrillic and Greek alphabets in their pages with
    // decompositions (й, ё and the Greek tonos letters are primary composites).
    for c in ('\0'..='\u{2FF}')
        .chain('\u{430}'..='\u{45F}')
        .chain('\u{3AC}'..='\u{3CE}')
        .chain('\u{4E00}'..='\u{9FFF}')
        .chain('\u{AC00}'..='\u{D7A3}')
    {
        assert!(is_stable(c), "{c:?}");
    }
    assert!(stable > 100_000, "{stable}");
}

fn check(input: &str, expected: &str) {
    let mut out = [0u8; 64];
    let n = nfc(input, &mut out).unwrap();
    assert_eq!(core::str::from_utf8(&out[..n]), Ok(expected), "{input:?}");
}

#[test]
fn composes_reorders_and_handles_hangul() {
    check("a\u{300}", "à");
    check("a\u{323}\u{302}", "ậ");
    check("a\u{302}\u{323}", "ậ");
    check("\u{1100}\u{1161}\u{11A8}", "각");
    check("\u{F900}", "\u{8C48}");
    check("\u{301}a", "\u{301}a");
    check("\u{0B47}\u{0B3E}", "\u{0B4B}");
    check("\u{1D160}", "\u{1D158}\u{1D165}\u{1D16E}");
}

/// NormalizationTest.txt's NFC invariants on the buffer-free path alone (the public
/// function mostly takes the buffered fast path; tests/idna_nfc.rs checks that one), on
/// the lines whose characters UTS46 keeps as they are (the tables hold only what UTS46
/// processing can need, see [`nfc`]).
#[test]
fn buffer_free_path_passes_normalization_test() {
    use crate::tables::{Mapping, idna_mapping};
    let kept = |c: char| {
        matches!(
            idna_mapping(c),
            Mapping::Valid | Mapping::Deviation(_) | Mapping::Disallowed
        )
    };
    let text = include_str!("../../tests/data/unicode/NormalizationTest.txt");
    let column = |f: &'static str| {
        f.split_whitespace()
            .filter_map(|h| u32::from_str_radix(h, 16).ok().and_then(char::from_u32))
    };
    let mut checked = 0;
    for line in text.lines() {
        let data = line.split('#').next().unwrap_or("");
        if data.trim().is_empty() || data.starts_with('@') {
            continue;
        }
        let mut f = data.split(';');
        let c: [&'static str; 5] = core::array::from_fn(|_| f.next().unwrap_or(""));
        if !c.iter().all(|s| column(s).all(kept)) {
            continue;
        }
        for (expected, source) in [(1, 0), (1, 1), (1, 2), (3, 3), (3, 4)] {
            let slow = Nfc::new(Decomposed::new(column(c[source])));
            assert!(slow.eq(column(c[expected])), "{line}");
            checked += 1;
        }
    }
    assert!(checked > 70_000, "{checked}");
}

/// The quick check of [`is_nfc`] never says yes wrongly: for every code point `c` (and
/// `c` between neighbours that compose or reorder), `is_nfc` equals NFC(s) == s.
#[test]
fn is_nfc_agrees_with_normalizing() {
    let full = |s: &str| nfc_chars(s.chars()).eq(s.chars());
    let mut buf = [0u8; 16];
    let mut checked = 0;
    for c in (0..0x3_2000u32).filter_map(char::from_u32) {
        for (before, after) in [
            ("", ""),
            ("e", ""),
            ("", "\u{301}"),
            ("\u{1100}", "\u{11A8}"),
        ] {
            let mut w = Writer::new(&mut buf);
            before
                .chars()
                .chain([c])
                .chain(after.chars())
                .for_each(|c| w.push_char(c));
            let n = w.finish().unwrap();
            let s = core::str::from_utf8(&buf[..n]).unwrap();
            assert_eq!(is_nfc(s), full(s), "{s:?}");
            checked += 1;
        }
    }
    assert!(checked > 700_000);
}

/// A character source that counts the characters read from it, clones included (the
/// buffer-free path re-reads runs through clones).
#[derive(Clone)]
struct Counted<'a> {
    chars: core::str::Chars<'a>,
    reads: &'a core::cell::Cell<u64>,
}

impl Iterator for Counted<'_> {
    type Item = char;
    fn next(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        self.reads.set(self.reads.get() + 1);
        Some(c)
    }
}

/// Characters read from the source per input character while normalizing `s`.
fn reads_per_char(s: &str) -> f64 {
    let reads = core::cell::Cell::new(0);
    let source = Counted {
        chars: s.chars(),
        reads: &reads,
    };
    let n = Nfc::new(Decomposed::new(source)).count();
    assert!(n > 0);
    reads.get() as f64 / s.chars().count() as f64
}

/// NFC is linear on any run of marks, timing-free: the work on a run of combining marks is
/// linear in its length (reads per character the same at 1 Ki and 64 Ki characters), for runs of 1,
/// 4 and 16 distinct combining classes. The constant grows with the number of classes
/// (the buffer-free path re-reads a run once per class present): printed against an
/// ASCII label, and bounded here at what it is (LIMITS.md: "Work and stack").
#[test]
fn work_on_combining_marks_is_linear() {
    const MARKS: [char; 16] = [
        '\u{334}', '\u{321}', '\u{316}', '\u{301}', '\u{345}', '\u{5b0}', '\u{5b1}', '\u{5b2}',
        '\u{5b3}', '\u{5b4}', '\u{5b5}', '\u{5b6}', '\u{5b7}', '\u{5b8}', '\u{5b9}', '\u{5bb}',
    ];
    let classes: std::collections::BTreeSet<u8> = MARKS.iter().map(|&c| ccc(c)).collect();
    assert_eq!(classes.len(), 16);
    let ascii = |n: usize| -> std::string::String { "a".repeat(n) };
    let marks = |n: usize, k: usize| -> std::string::String {
        core::iter::once('a')
            .chain((1..n).map(|i| MARKS[i % k]))
            .collect()
    };
    let base = reads_per_char(&ascii(1 << 16));
    for k in [1, 4, 16] {
        let small = reads_per_char(&marks(1 << 10, k));
        let large = reads_per_char(&marks(1 << 16, k));
        std::println!(
            "nfc: {k} classes: {small:.1} reads per char at 1 Ki, {large:.1} at 64 Ki; \
             ASCII {base:.1}"
        );
        assert!(large <= small * 1.05, "{k} classes: {small} -> {large}");
        assert!(large <= 2.0 * k as f64 + 6.0, "{k} classes: {large}");
    }
}

/// Decomposes `s` (without reordering) as UTS46 processing writes a label.
fn decomposed(s: &str) -> std::string::String {
    Decomposed::new(s.chars()).collect()
}

/// The in-place normalization of a decomposed string, with room for its scratch.
fn in_place(s: &str) -> std::string::String {
    let d = decomposed(s);
    let mut buf = std::vec![0u8; 2 * d.len() + 4];
    buf[..d.len()].copy_from_slice(d.as_bytes());
    let n = normalize_decomposed_in_place(&mut buf, d.len()).unwrap();
    std::string::String::from_utf8(buf[..n].to_vec()).unwrap()
}

/// No canonical composite is longer in UTF-8 than its two parts: the in-place
/// composition never writes past what it has read.
#[test]
fn composites_are_never_longer_than_their_parts() {
    let mut checked = 0;
    for x in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        let parts: std::vec::Vec<char> = Decomposed::new(core::iter::once(x)).collect();
        let n = parts.len();
        for k in 1..n {
            // Every prefix of the decomposition composes step by step.
            let prefix: std::string::String = parts[..=k].iter().collect();
            let composed = nfc_chars(prefix.chars()).collect::<std::string::String>();
            let parts_len: usize = parts[..=k].iter().map(|c| c.len_utf8()).sum();
            assert!(composed.len() <= parts_len, "{x:?}");
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// Marks, starters that compose and Hangul: the random strings' characters.
const ALPHABET: [char; 20] = [
    'a',
    'e',
    '\u{300}',
    '\u{301}',
    '\u{316}',
    '\u{323}',
    '\u{327}',
    '\u{345}',
    '\u{3B1}',
    '\u{1100}',
    '\u{1161}',
    '\u{11A8}',
    '\u{0B47}',
    '\u{0B3E}',
    '\u{0F71}',
    '\u{0F72}',
    '\u{1D158}',
    '\u{1D165}',
    '\u{1E0A}',
    '\u{AC00}',
];

/// The in-place normalization agrees with the streaming one on NormalizationTest.txt
/// (the lines within the tables' domain) and on random strings of marks, starters that
/// compose and Hangul, long runs included.
#[test]
fn in_place_agrees_with_streaming() {
    use crate::tables::{Mapping, idna_mapping};
    let kept = |c: char| {
        matches!(
            idna_mapping(c),
            Mapping::Valid | Mapping::Deviation(_) | Mapping::Disallowed
        )
    };
    let text = include_str!("../../tests/data/unicode/NormalizationTest.txt");
    let mut checked = 0;
    for line in text.lines() {
        let data = line.split('#').next().unwrap_or("");
        if data.trim().is_empty() || data.starts_with('@') {
            continue;
        }
        for field in data.split(';').take(5) {
            let s: std::string::String = field
                .split_whitespace()
                .filter_map(|h| u32::from_str_radix(h, 16).ok().and_then(char::from_u32))
                .collect();
            if !s.chars().all(kept) {
                continue;
            }
            let streaming: std::string::String = nfc_chars(s.chars()).collect();
            assert_eq!(in_place(&s), streaming, "{line}");
            checked += 1;
        }
    }
    assert!(checked > 70_000, "{checked}");
    let mut g = crate::testgen::Gen::new(7);
    for _ in 0..20_000 {
        let len = g.below(80);
        let s: std::string::String = (0..len)
            .map(|_| ALPHABET[g.below(ALPHABET.len())])
            .collect();
        let streaming: std::string::String = nfc_chars(s.chars()).collect();
        assert_eq!(in_place(&s), streaming, "{s:?}");
    }
}

/// NFC is linear on any run of marks, timing-free: the in-place normalization UTS46
/// processing uses reads each character a fixed number of times, whatever the number of
/// combining classes in a run (at most 5: the run scan, the histogram, two radix passes,
/// composition), and an ASCII label twice (the run scan and composition).
#[test]
fn in_place_work_does_not_depend_on_the_classes() {
    const MARKS: [char; 16] = [
        '\u{334}', '\u{321}', '\u{316}', '\u{301}', '\u{345}', '\u{5b0}', '\u{5b1}', '\u{5b2}',
        '\u{5b3}', '\u{5b4}', '\u{5b5}', '\u{5b6}', '\u{5b7}', '\u{5b8}', '\u{5b9}', '\u{5bb}',
    ];
    let steps_per_char = |s: &str| {
        let d = decomposed(s);
        let mut buf = std::vec![0u8; 2 * d.len()];
        buf[..d.len()].copy_from_slice(d.as_bytes());
        let mut steps = 0;
        normalize_counted(&mut buf, d.len(), &mut steps).unwrap();
        steps as f64 / d.chars().count() as f64
    };
    let ascii = steps_per_char(&"a".repeat(1 << 16));
    assert!(ascii <= 2.0, "{ascii}");
    for k in [1, 4, 16] {
        for n in [1 << 10, 1 << 16] {
            // Marks out of order: the largest classes first.
            let s: std::string::String = core::iter::once('a')
                .chain((1..n).map(|i| MARKS[k - 1 - i % k]))
                .collect();
            let steps = steps_per_char(&s);
            std::println!("nfc in place: {k} classes, {n} chars: {steps:.2} reads per char");
            assert!(steps <= 5.0, "{k} classes, {n} chars: {steps}");
        }
    }
}

#[test]
fn too_small_reports_exact_length() {
    let mut out = [0u8; 2];
    assert_eq!(
        nfc("\u{1D160}", &mut out),
        Err(IdnaError::BufferTooSmall { needed: 12 })
    );
}

/// [`StreamedNfc`] on `s` with a buffer of `room` bytes.
fn streamed(s: &str, room: usize) -> Option<bool> {
    let mut part = std::vec![0u8; room];
    let mut check = StreamedNfc::new(&mut part);
    s.chars().for_each(|c| check.push(c));
    check.finish()
}

/// What [`StreamedNfc`] relies on, for every character (with these tables): a mark is in
/// NFC alone exactly when it has no decomposition; a class-0 character in NFC alone
/// decomposes to a class-0 character first; a primary composite has class 0 and its
/// second is a composition second. And its buffer holds every part: the first character,
/// the longest mark of each class that has composition seconds (not decomposing), one
/// mark more and the last character.
#[test]
fn streamed_nfc_room_holds_every_part() {
    let mut longest = [0usize; 256];
    let mut any_mark = 0;
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        let mut utf8 = [0u8; 4];
        let alone = is_nfc(c.encode_utf8(&mut utf8));
        let class = ccc(c);
        if class != 0 {
            assert_eq!(alone, !decomposes(c), "{c:?}");
            if !decomposes(c) {
                any_mark = any_mark.max(c.len_utf8());
                if is_composition_second(c) {
                    let l = &mut longest[usize::from(class)];
                    *l = (*l).max(c.len_utf8());
                }
            }
        } else if alone {
            let first = Decomposed::new(core::iter::once(c)).next().unwrap();
            assert_eq!(ccc(first), 0, "{c:?}");
        }
        if let Some((_, Some(b))) =
            decompose_once(c).filter(|&(a, b)| b.is_some_and(|b| compose_pair(a, b) == Some(c)))
        {
            assert_eq!(ccc(c), 0, "{c:?}");
            assert!(is_composition_second(b), "{c:?}");
        }
    }
    let classes = longest.iter().filter(|&&l| l > 0).count();
    let worst = 4 + longest.iter().sum::<usize>() + any_mark + 4;
    std::println!("{classes} classes with composition seconds; worst part {worst} bytes");
    assert!(worst <= STREAMED_NFC_ROOM, "{worst}");
}

/// Characters for [`streamed_nfc_equals_is_nfc`]: starters plain and decomposing (é, ǖ,
/// ǘ, ṩ, Cyrillic й, a CJK compatibility ideograph), Hangul L, V, T, LV and LVT, class-0
/// composition seconds and the starters they compose with (Bengali, Oriya, Kannada,
/// Myanmar, Sinhala, Malayalam, Tamil, Balinese; composites of two steps such as U+0CCB),
/// marks of many classes, composition seconds or not, and characters never in NFC
/// (U+0344, U+0340, U+0343, U+0F73, U+0958).
const STREAM_POOL: [char; 78] = [
    'a',
    'e',
    'u',
    'o',
    's',
    'A',
    '\u{e9}',
    '\u{1d6}',
    '\u{1d8}',
    '\u{1e69}',
    '\u{439}',
    '\u{f900}',
    '\u{4e00}',
    '\u{1100}',
    '\u{1161}',
    '\u{11a8}',
    '\u{ac00}',
    '\u{ac01}',
    '\u{9c7}',
    '\u{9be}',
    '\u{9d7}',
    '\u{9cb}',
    '\u{b47}',
    '\u{b3e}',
    '\u{b56}',
    '\u{b57}',
    '\u{cbf}',
    '\u{cc6}',
    '\u{cc2}',
    '\u{cca}',
    '\u{ccb}',
    '\u{cd5}',
    '\u{cd6}',
    '\u{1025}',
    '\u{102e}',
    '\u{dd9}',
    '\u{dcf}',
    '\u{dca}',
    '\u{ddc}',
    '\u{ddd}',
    '\u{d46}',
    '\u{d3e}',
    '\u{d57}',
    '\u{bc6}',
    '\u{bbe}',
    '\u{bd7}',
    '\u{1b05}',
    '\u{1b35}',
    '\u{300}',
    '\u{301}',
    '\u{304}',
    '\u{307}',
    '\u{308}',
    '\u{323}',
    '\u{327}',
    '\u{328}',
    '\u{31b}',
    '\u{345}',
    '\u{338}',
    '\u{93c}',
    '\u{94d}',
    '\u{5b0}',
    '\u{64b}',
    '\u{e38}',
    '\u{f71}',
    '\u{f72}',
    '\u{3099}',
    '\u{315}',
    '\u{35c}',
    '\u{1dce}',
    '\u{16ff0}',
    '\u{1d165}',
    '\u{c55}',
    '\u{344}',
    '\u{340}',
    '\u{343}',
    '\u{f73}',
    '\u{958}',
];

/// [`StreamedNfc`] answers [`is_nfc`] of the whole text, in its buffer of
/// [`STREAMED_NFC_ROOM`] bytes: on every text of up to 3 characters of [`STREAM_POOL`],
/// and on generated texts of starters each followed by a run of marks (in canonical order,
/// with repeats, sometimes shuffled) up to hundreds of characters long.
#[test]
fn streamed_nfc_equals_is_nfc() {
    let counts = core::cell::Cell::new([0usize; 2]);
    let agree = |s: &str| {
        let whole = is_nfc(s);
        assert_eq!(streamed(s, STREAMED_NFC_ROOM), Some(whole), "{s:?}");
        let mut c = counts.get();
        c[usize::from(whole)] += 1;
        counts.set(c);
    };
    let pool = &STREAM_POOL;
    let mut s = std::string::String::new();
    for &a in pool {
        for &b in pool {
            for &c in pool {
                s.clear();
                s.extend([a, b, c]);
                agree(&s);
                agree(&s[..a.len_utf8() + b.len_utf8()]);
            }
            agree(&s[..a.len_utf8()]);
        }
    }
    let short = counts.get();
    let mut g = crate::testgen::Gen::new(0x16_0c);
    let (starters, marks) = pool.split_at(48);
    for round in 0..60_000 {
        s.clear();
        for _ in 0..1 + g.below(3) {
            if g.below(8) != 0 {
                s.push(starters[g.below(starters.len())]);
            }
            // A run of marks from a few of them, repeated: long in one round in 20.
            let few: std::vec::Vec<char> = (0..1 + g.below(4))
                .map(|_| marks[g.below(marks.len())])
                .collect();
            let len = match round % 20 {
                0 => 60 + g.below(300),
                _ => g.below(8),
            };
            let mut run: std::vec::Vec<char> = (0..len).map(|_| few[g.below(few.len())]).collect();
            if g.below(4) != 0 {
                run.sort_by_key(|&c| ccc(c));
            }
            s.extend(run);
        }
        agree(&s);
    }
    let counts = counts.get();
    std::println!(
        "up to 3 characters: {} in NFC, {} not; generated: {} in NFC, {} not",
        short[1],
        short[0],
        counts[1] - short[1],
        counts[0] - short[0]
    );
    assert!(counts[1] - short[1] > 10_000 && counts[0] - short[0] > 10_000);
}
