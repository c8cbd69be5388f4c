//! Tests of `can_parse` (the body of its `#[cfg(test)] mod tests`).

use crate::Url;
use crate::scheme::SchemeType;

/// The stand-ins built from their records are what their parse finds.
#[test]
fn stand_ins_are_their_parse() {
    use SchemeType as S;
    for (scheme, opaque) in [
        (S::Http, false),
        (S::Https, false),
        (S::Ws, false),
        (S::Wss, false),
        (S::Ftp, false),
        (S::File, false),
        (S::NotSpecial, true),
        (S::NotSpecial, false),
    ] {
        let built = super::stand_in(scheme, opaque);
        let mut arena = [0u8; 32];
        let parsed = Url::parse(built.as_str(), &mut arena).unwrap();
        assert_eq!(parsed.as_str(), built.as_str());
        assert_eq!(parsed.record(), built.record(), "{}", built.as_str());
        assert_eq!(parsed.has_opaque_path(), opaque, "{}", built.as_str());
    }
}

/// Input with C0 controls or spaces to trim answers as `parse`: with a canonical head
/// or not, valid or not after trimming, with or without a base, and with nothing but
/// them.
#[test]
fn can_parse_answers_parse_for_input_to_trim() {
    use std::{format, vec};
    let parses = |input: &str, base: Option<&str>| {
        let mut arena = vec![0u8; 1 << 12];
        match base {
            None => Url::parse(input, &mut arena).is_ok(),
            Some(b) => {
                let mut base_arena = vec![0u8; 1 << 12];
                let Ok(base) = Url::parse(b, &mut base_arena) else {
                    return false;
                };
                Url::parse_with_base(input, Some(&base), &mut arena).is_ok()
            }
        }
    };
    let (mut valid, mut invalid) = (0, 0);
    for pad in ["", " ", "\u{0}", "\u{1f} \t", "  \n"] {
        for url in [
            "https://example.com/a?b#c",
            "http://example.com:80/",
            "mqtt://u:p@broker:1883",
            "http://[::1",
            "http://ex ample.com/",
            "http://[fe80::1]/",
            "a:b",
            "/p",
            "",
            "\t",
        ] {
            for base in [None, Some("https://example.com/x"), Some("a:b")] {
                let input = format!("{pad}{url}{pad}");
                let expected = parses(&input, base);
                assert_eq!(Url::can_parse(&input, base), expected, "{input:?} {base:?}");
                match expected {
                    true => valid += 1,
                    false => invalid += 1,
                }
            }
        }
    }
    assert!(valid > 50 && invalid > 50, "{valid} {invalid}");
}

/// A validity-only run does not Punycode-encode a label (only the start of the
/// encoding, the label's ASCII, is checked further): every ASCII byte beside a non-ASCII
/// one in a label, and labels that end a domain in a number or not, answer as `parse`.
#[cfg(feature = "idna")]
#[test]
fn can_parse_answers_parse_for_labels_it_does_not_encode() {
    use std::{format, vec};
    let parses = |input: &str| Url::parse(input, &mut vec![0u8; 1 << 12]).is_ok();
    let mut checked = 0;
    for b in 0x20u8..0x7f {
        let c = char::from(b);
        for input in [
            format!("http://\u{e9}{c}x/"),
            format!("http://{c}\u{e9}/p"),
            format!("http://a.\u{e9}{c}1"),
            format!("http://\u{e9}.0x{c}"),
            format!("http://\u{e9}{c}.1"),
            format!("sc://\u{e9}{c}x/"),
        ] {
            let expected = parses(&input);
            assert_eq!(Url::can_parse(&input, None), expected, "{input:?}");
            checked += usize::from(expected);
        }
    }
    assert!(checked > 100, "{checked}");
}

/// `can_parse` needs no arena: a host whose UTS46 result outgrows `can_parse`'s scratch,
/// and fails on a forbidden code point of that result (U+FDFA maps to 18 characters, spaces among
/// them), is not taken as valid; hosts that outgrow it and are valid still are.
#[cfg(feature = "idna")]
#[test]
fn can_parse_answers_parse_for_hosts_beyond_the_scratch() {
    use std::{format, vec};
    let parses = |input: &str| Url::parse(input, &mut vec![0u8; 1 << 16]).is_ok();
    let long = "\u{e9}".repeat(600);
    for input in [
        format!("http://{}/", "\u{FDFA}".repeat(19)),
        format!("http://{}/x?y", "\u{FDFA}".repeat(100)),
        format!("https://a<{long}/"),
        format!("https://{long}\u{FF05}/"),
        format!("http://{long}/"),
        format!("http://{long}.{long}/"),
        format!("sc://{long}/"),
    ] {
        for base in [None, Some("https://example.com/")] {
            let expected = parses(&input);
            assert_eq!(Url::can_parse(&input, base), expected, "{input:?}");
        }
    }
    assert!(!parses(&format!("http://{}/", "\u{FDFA}".repeat(19))));
    assert!(parses(&format!("http://{long}/")));
}

/// Heads too long for the scratch once tabs and newlines are removed, with them in each
/// part that can be long (so that the copy is squeezed): `can_parse` answers what the
/// spec says and `parse` finds, in every build (`tests/promises.rs` has 1,000 generated
/// ones, with IDNA).
#[test]
fn can_parse_answers_parse_on_long_heads_with_tabs() {
    use std::{format, string::String, vec};
    let parses = |input: &str, base: Option<&str>| {
        let mut b = vec![0u8; 64];
        let base = base.map(|b_| Url::parse(b_, &mut b).unwrap());
        Url::parse_with_base(input, base.as_ref(), &mut vec![0u8; 1 << 16]).is_ok()
    };
    let r = |s: &str, n: usize| s.repeat(n);
    let cases: [(String, Option<&str>, bool); 21] = [
        (format!("http://{}/", r("a\t", 700)), None, true),
        // An ASCII domain is only lowercased, whatever its `xn--` labels decode to (the
        // fuzz target `parse` found this one answered false).
        (format!("http://xn--ebb--e\n{}/", r("b", 200)), None, true),
        (
            format!("http://xn--ebb--e\n{}%3C/", r("b", 200)),
            None,
            false,
        ),
        (format!("http://{}</", r("a\t", 700)), None, false),
        (format!("http://{}%4\t1.com/", r("a", 600)), None, true),
        (format!("http://0x{}7f.1/", r("0\t", 700)), None, true),
        (format!("http://{}/", r("1.\t", 600)), None, false),
        (format!("sc://{}/", r("b\t%zz", 300)), None, true),
        (format!("sc://{}^/", r("b\t", 700)), None, false),
        (format!("http://[{}]/", r("1:\t", 600)), None, false),
        (format!("http://h:{}80/", r("0\t", 700)), None, true),
        (format!("http://h:{}99999/", r("0\t", 700)), None, false),
        (format!("{}://h/", r("a\t", 700)), None, true),
        (format!("{}://h^/", r("a\t", 700)), None, false),
        (format!("http:{}h/", r("/\t", 700)), None, true),
        (format!("http:{}?q", r("/\t", 700)), None, false),
        (format!("sc://\\{}@h/", r("\t/", 600)), None, false),
        (format!("file:{}C:/x", r("/\t", 700)), None, true),
        (format!("//{}/", r("a\t", 700)), Some("sc://x/"), true),
        (r("a\t<", 600), Some("https://x/"), true),
        (format!("//{}/", r("a\t<", 600)), Some("https://x/"), false),
    ];
    for (input, base, valid) in cases {
        assert_eq!(parses(&input, base), valid, "parse {input:?}");
        assert_eq!(Url::can_parse(&input, base), valid, "{input:?}");
    }
    // Non-ASCII, decoded across a tab: valid where there is IDNA.
    let input = format!("http://{}%C3%\tA9/", r("a\t", 700));
    assert_eq!(parses(&input, None), cfg!(feature = "idna"));
    assert_eq!(Url::can_parse(&input, None), cfg!(feature = "idna"));
}

/// The head `deciding_part` finds with its scans is the one its definition gives, byte by
/// byte (written here from the scheme state and the authority state: tabs and newlines
/// passed over, an ASCII alpha then scheme bytes then `:`, the slashes after it, then up to
/// the first `/`, `?` or `#`), for every string of up to six bytes over the bytes that
/// matter to it.
#[test]
fn deciding_part_is_its_definition() {
    fn by_bytes(t: &[u8]) -> usize {
        let kept = |b: u8| !matches!(b, b'\t' | b'\n' | b'\r');
        let start = t.iter().take_while(|&&b| b <= b' ').count();
        let (mut i, mut scheme) = (start, 0);
        while let Some(&b) = t.get(i) {
            match b {
                b':' if scheme > 0 => break,
                _ if !kept(b) => {}
                _ if b.is_ascii_alphabetic()
                    || (scheme > 0 && (b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.'))) =>
                {
                    scheme += 1
                }
                _ => break,
            }
            i += 1;
        }
        let mut at = match t.get(i) {
            Some(b':') if scheme > 0 => i + 1,
            _ => start,
        };
        while t
            .get(at)
            .is_some_and(|&b| matches!(b, b'/' | b'\\') || !kept(b))
        {
            at += 1;
        }
        let rest = &t[at..];
        rest.iter()
            .position(|&b| matches!(b, b'/' | b'?' | b'#'))
            .map_or(t.len(), |end| at + end + 1)
    }
    crate::testgen::each_string(b"a1+:/\\?#\t\n @[]. ", 6, |s| {
        let input = core::str::from_utf8(s).unwrap();
        assert_eq!(super::deciding_part(input).len(), by_bytes(s), "{input:?}");
    });
    // Runs longer than the scan's four-byte steps.
    for input in [
        "https://user:pass@www.example.com:8080/path?q#f",
        "h\tt\ttps://exa\nmple.com?x",
        "web+scheme-name.v2://a.b.c.d.e.f.g.h.i/j",
        "abcdefghijk\t:////\\\\a@b@c:1]/x",
        "notascheme-because-of space:x/y",
    ] {
        assert_eq!(
            super::deciding_part(input).len(),
            by_bytes(input.as_bytes()),
            "{input:?}"
        );
    }
}

/// `can_parse` reads the input in place and keeps the verdict when what the states read
/// has no tabs or newlines: it answers as `parse` for every string of up to four bytes over
/// the bytes the states before the path look at (tabs and newlines among them), after
/// prefixes that lead to each of those states (file states and drive letters included),
/// against bases of each kind.
#[test]
fn can_parse_in_place_answers_parse() {
    use std::{string::String, vec};
    let bases: [Option<&str>; 5] = [
        None,
        Some("file:///c:/x"),
        Some("http://h/p"),
        Some("a:/b"),
        Some("a:b"),
    ];
    let mut base_arenas = vec![vec![0u8; 64]; bases.len()];
    let parsed: vec::Vec<Option<Url<'_>>> = bases
        .iter()
        .zip(base_arenas.iter_mut())
        .map(|(b, arena)| b.map(|b| Url::parse(b, arena).unwrap()))
        .collect();
    let mut arena = vec![0u8; 256];
    let mut checked = 0;
    for prefix in ["", "file:", "file://", "http:", "http://", "a:", "a://"] {
        crate::testgen::each_string(b"c:/\\|\t\n?#@[", 4, |s| {
            let mut input = String::from(prefix);
            input.push_str(core::str::from_utf8(s).unwrap());
            for (b, base) in bases.iter().zip(&parsed) {
                let expected = Url::parse_with_base(&input, base.as_ref(), &mut arena).is_ok();
                assert_eq!(Url::can_parse(&input, *b), expected, "{input:?} {b:?}");
                checked += 1;
            }
        });
    }
    assert!(checked > 500_000, "{checked}");
}

/// A tab or newline that ends the scheme state's scan in the input as it is hides a scheme
/// the tab-free input has: against a base, the in-place run reads such input as a relative
/// URL, and its verdict does not stand (without a base, it fails as it is, and the tab-free
/// input is read); the answer is the tab-free input's, as `parse` gives it.
#[test]
fn can_parse_sees_a_scheme_split_by_tabs() {
    use std::vec;
    let mut base_arena = vec![0u8; 64];
    let base = Url::parse("http://h/p", &mut base_arena).unwrap();
    let mut arena = vec![0u8; 256];
    let cases = [
        // Without tabs: `http://[`, whose host fails; as it is: a relative path.
        ("ht\ttp://[", Some("http://h/p"), false),
        ("http\n://[/", Some("http://h/p"), false),
        ("h\r\nttp://[", Some("http://h/p"), false),
        ("ht\ttp://x/", Some("http://h/p"), true),
        ("ht\ttp://x/", None, true),
        ("sc\th\t:x", Some("http://h/p"), true),
        ("ws\t:/[", Some("http://h/p"), false),
    ];
    for (input, b, valid) in cases {
        let parsed = match b {
            Some(_) => Url::parse_with_base(input, Some(&base), &mut arena).is_ok(),
            None => Url::parse(input, &mut arena).is_ok(),
        };
        assert_eq!(parsed, valid, "parse {input:?} {b:?}");
        assert_eq!(Url::can_parse(input, b), valid, "{input:?} {b:?}");
    }
}
