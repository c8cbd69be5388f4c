//! `Url::can_parse` on hosts with long `xn--` labels (the last gap): a
//! label whose decoding does not fit what `can_parse`'s scratch has left is decoded in order
//! with bounded memory (`src/idna/ordered.rs`) and checked as it streams by; before, it was
//! taken as valid. `can_parse` must answer what `parse` (with room) answers, for labels that
//! pass and that fail each check of UTS46 on a decoded label, up to Punycode's cap of 2,000
//! code points and past it, with and without a base.

use microurl::Url;

/// The `CAN_PARSE_SCRATCH` these cases were sized around (1 KiB, before the stack bound took it to
/// 128 bytes): the hosts and userinfos stay as long, and with the smaller scratch more of
/// them are decided after the run (`can_parse::host_valid`) or by the streamed verdict.
const SIZED_FOR: usize = 1024;

/// RFC 3492 §6.3 encoding with no cap of its own (the crate's encoder stops at 1,000 code
/// points; the decoder's cap is 2,000).
fn encode(label: &str) -> String {
    const BASE: u32 = 36;
    let digit = |d: u32| {
        char::from(if d < 26 {
            b'a' + d as u8
        } else {
            b'0' + (d - 26) as u8
        })
    };
    let adapt = |delta: u32, points: u32, first: bool| {
        let mut delta = if first { delta / 700 } else { delta / 2 };
        delta += delta / points;
        let mut k = 0;
        while delta > 455 {
            delta /= 35;
            k += BASE;
        }
        k + 36 * delta / (delta + 38)
    };
    let chars: Vec<u32> = label.chars().map(|c| c as u32).collect();
    let mut out: String = label.chars().filter(char::is_ascii).collect();
    let basic = out.len();
    if basic > 0 {
        out.push('-');
    }
    let (mut n, mut delta, mut bias, mut h) = (128u32, 0u32, 72u32, basic);
    while h < chars.len() {
        let m = chars.iter().copied().filter(|&c| c >= n).min().unwrap();
        delta += (m - n) * (h as u32 + 1);
        n = m;
        for &c in &chars {
            if c < n {
                delta += 1;
            } else if c == n {
                let (mut q, mut k) = (delta, BASE);
                loop {
                    let t = k.saturating_sub(bias).clamp(1, 26);
                    if q < t {
                        out.push(digit(q));
                        break;
                    }
                    out.push(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                bias = adapt(delta, h as u32 + 1, h == basic);
                delta = 0;
                h += 1;
            }
        }
        delta += 1;
        n += 1;
    }
    out
}

/// A deterministic generator (xorshift64*).
struct Gen(u64);

impl Gen {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }

    /// `len` valid code points: Latin, CJK, Devanagari, digits and ASCII letters.
    fn valid(&mut self, len: usize) -> String {
        let pool = [
            '\u{e9}', '\u{fc}', 'x', '7', '\u{4e00}', '\u{4e8c}', '\u{915}', '\u{3b1}',
        ];
        (0..len).map(|_| pool[self.below(pool.len())]).collect()
    }
}

/// A label of `len` code points of the kind `kind`, and whether UTS46 accepts it.
fn label(g: &mut Gen, kind: &str, len: usize) -> (String, bool) {
    let mut s = g.valid(len.saturating_sub(2));
    let (insert, ok) = match kind {
        "valid" => ("\u{e9}\u{e9}", true),
        // `e` and a combining acute: NFC composes them.
        "nfc" => ("e\u{301}", false),
        // ZWJ after a letter that is no virama.
        "contextj" => ("\u{e9}\u{200d}", false),
        // ZWJ after a virama: valid.
        "virama" => ("\u{94d}\u{200d}", true),
        // A private-use and a noncharacter code point.
        "disallowed" => ("\u{e000}\u{ffff}", false),
        "mark" => {
            s.insert(0, '\u{301}');
            ("\u{e9}", false)
        }
        // A right-to-left letter in a label with left-to-right ones.
        "bidi" => ("\u{5d0}\u{5d1}", false),
        // A right-to-left label: valid.
        "rtl" => {
            s = "\u{5d0}\u{5d1}".repeat(len / 2);
            ("", true)
        }
        _ => unreachable!(),
    };
    // Anywhere after the first character (a leading mark stays first).
    let at = 1 + g.below(s.chars().count());
    let at = s.char_indices().nth(at).map_or(s.len(), |(i, _)| i);
    s.insert_str(at, insert);
    let len = s.chars().count();
    (s, ok && len <= 2000)
}

fn parses(input: &str, base: Option<&str>) -> bool {
    let mut a = vec![0u8; 1 << 17];
    let mut b = vec![0u8; 1 << 17];
    match base {
        None => Url::parse(input, &mut a).is_ok(),
        Some(base) => match Url::parse(base, &mut b) {
            Ok(base) => Url::parse_with_base(input, Some(&base), &mut a).is_ok(),
            Err(_) => false,
        },
    }
}

/// Every kind of label at lengths from 300 code points to the cap and past it, in hosts
/// whose UTS46 result does not fit the scratch (with a long non-ASCII label before or after
/// it, or alone), with and without a base: `can_parse` answers what `parse` answers, and
/// that is what UTS46 says of the label.
#[test]
fn can_parse_decides_long_xn_labels() {
    let mut g = Gen(0x16b);
    let kinds = [
        "valid",
        "nfc",
        "contextj",
        "virama",
        "disallowed",
        "mark",
        "bidi",
        "rtl",
    ];
    let mut lengths = vec![300, 301, 1000, 1999, 2000, 2001, 2500];
    lengths.extend((0..4).map(|_| 300 + g.below(1700)));
    let filler = "\u{e9}".repeat(SIZED_FOR / 2);
    let (mut valid, mut invalid) = (0, 0);
    for kind in kinds {
        for &len in &lengths {
            let (text, ok) = label(&mut g, kind, len);
            let xn = format!("xn--{}", encode(&text));
            let hosts = [
                format!("{filler}.{xn}"),
                format!("{xn}.{filler}"),
                xn.clone(),
                // Userinfo takes half the scratch before the host: the rest decides.
                format!("{}@{filler}.{xn}", "u".repeat(SIZED_FOR - 500)),
            ];
            for (i, host) in hosts.iter().enumerate() {
                let expected = ok;
                for (input, base) in [
                    (format!("http://{host}/"), None),
                    (format!("//{host}/p"), Some("https://example.com/")),
                    (format!("https://{host}:8080/"), Some("file:///x")),
                ] {
                    let parsed = parses(&input, base);
                    // An ASCII domain is only lowercased (`host::domain`), `xn--` labels or
                    // not: the others are judged by UTS46.
                    if i != 2 {
                        assert_eq!(parsed, expected, "{kind} {len} {i}");
                    }
                    assert_eq!(Url::can_parse(&input, base), parsed, "{kind} {len} {i}");
                    if parsed {
                        valid += 1;
                    } else {
                        invalid += 1;
                    }
                }
            }
        }
    }
    assert_eq!(valid + invalid, kinds.len() * lengths.len() * 4 * 3);
    assert!(valid > 100 && invalid > 300, "{valid} {invalid}");
}

/// A label that decodes to ASCII is not Punycode's output: it fails, at any length.
#[test]
fn can_parse_fails_long_xn_labels_that_decode_to_ascii() {
    let filler = "\u{e9}".repeat(SIZED_FOR / 2);
    for len in [10, 300, 1500, 2000, 2001] {
        let input = format!("http://{filler}.xn--{}-/", "a".repeat(len));
        assert!(!parses(&input, None), "{len}");
        assert!(!Url::can_parse(&input, None), "{len}");
    }
}

/// A host is decided after the run, in the whole scratch: the output before it (a long
/// userinfo) does not shrink the room to decode in. A head with tabs or newlines is copied
/// without them into the end of the scratch for the run; after it, the host alone is copied
/// again without them (`can_parse::host_valid`: at most 1 KiB, then) into a scratch of its
/// own that leaves 384 bytes or more to decode in. Before, a copy that left less than
/// `idna::verdict::STREAM_SCRATCH` (384) bytes took such a label as valid.
#[test]
fn can_parse_decides_long_xn_labels_in_long_heads_with_tabs() {
    let filler = "\u{e9}".repeat(SIZED_FOR / 2);
    let invalid = format!(
        "xn--{}",
        encode(&format!("{}\u{200d}", "\u{e9}".repeat(300)))
    );
    let valid = format!("xn--{}", encode(&"\u{e9}\u{4e00}".repeat(150)));
    for (xn, ok) in [(&valid, true), (&invalid, false)] {
        assert!(xn.len() < 600, "{}", xn.len());
        for user in ["u".repeat(SIZED_FOR - 200), "u".repeat(SIZED_FOR - 500)] {
            let input = format!("http://{user}@{filler}.{xn}/");
            assert_eq!(parses(&input, None), ok);
            assert_eq!(Url::can_parse(&input, None), ok, "{}", user.len());
        }
        // Heads of more than 640 bytes without their tabs: a tab in the userinfo, in the
        // host as well, inside the `xn--` label and inside a `%XX` of the host, and a short
        // head; hosts of more than 640 bytes with tabs.
        let user = "u".repeat(SIZED_FOR - 100 - xn.len());
        let (x, n) = xn.split_at(7);
        let long = "\u{e9}".repeat((700 - xn.len()) / 2);
        for input in [
            format!("http://\t{user}@\u{e9}.{xn}/"),
            format!("http://\t{user}@\u{e9}\t.{xn}/"),
            format!("http://\t{user}@\u{e9}.{x}\n{n}/"),
            format!("http://\t{user}@%C3%\tA9.{x}\r\n{n}/"),
            format!("http://\t{}@\u{e9}.{xn}/", "u".repeat(10)),
            format!("http://{long}\t.{xn}/"),
            format!("http://{long}.{x}\t{n}/"),
        ] {
            assert_eq!(parses(&input, None), ok, "{input}");
            assert_eq!(Url::can_parse(&input, None), ok, "{input}");
        }
    }
}

/// What follows a host left undecided by `can_parse`'s run is still checked, and a host
/// decided after the run ends as the parser ends it: a bad port fails whatever the label
/// decodes to, a good one does not; a result that ends in a number goes to the IPv4 parser,
/// which fails on the `xn--` label; with tabs in the head, and in a `file:` host.
#[test]
fn can_parse_checks_what_follows_a_long_xn_label() {
    let filler = "\u{e9}".repeat(SIZED_FOR / 2);
    let valid = format!("xn--{}", encode(&"\u{e9}\u{4e00}".repeat(200)));
    let invalid = format!(
        "xn--{}",
        encode(&format!("{}\u{200d}", "\u{e9}".repeat(400)))
    );
    let mut checked = 0;
    for (xn, ok) in [(&valid, true), (&invalid, false)] {
        for (input, expected) in [
            (format!("http://{filler}.{xn}/"), ok),
            (format!("http://{filler}.{xn}:8080/"), ok),
            (format!("http://{filler}.{xn}:80x/"), false),
            (format!("http://{filler}.{xn}:99999/"), false),
            (format!("http://\u{e9}.{xn}:x/"), false),
            (format!("ht\ttp://\u{e9}.{xn}:1/"), ok),
            (format!("ht\ttp://\u{e9}.{xn}:1x/"), false),
            (format!("http://{filler}.{xn}.1/"), false),
            (format!("http://\u{e9}.{xn}.0x1./"), false),
            (format!("file://{filler}.{xn}/x"), ok),
        ] {
            assert_eq!(parses(&input, None), expected, "{input:.40} {ok}");
            assert_eq!(Url::can_parse(&input, None), expected, "{input:.40} {ok}");
            checked += 1;
        }
    }
    assert_eq!(checked, 20);
}

/// Two long `xn--` labels decided in order join the Bidi rule of the domain: a label that
/// starts with a digit is valid, but not in a domain with a right-to-left label, which here
/// is the other long one (either order), or a short one that fits.
#[test]
fn long_xn_labels_join_the_bidi_rule() {
    let filler = "\u{e9}".repeat(SIZED_FOR / 2);
    let digit = format!("xn--{}", encode(&format!("1{}", "\u{e9}".repeat(400))));
    let rtl = format!("xn--{}", encode(&"\u{5d0}\u{5d1}".repeat(200)));
    let short_rtl = format!("xn--{}", encode("\u{5d0}\u{5d1}"));
    for (host, valid) in [
        (format!("{filler}.{digit}"), true),
        (format!("{filler}.{rtl}"), true),
        (format!("{filler}.{digit}.{rtl}"), false),
        (format!("{rtl}.{filler}.{digit}"), false),
        (format!("{short_rtl}.{filler}.{digit}"), false),
        (format!("{digit}.{digit}.{filler}"), true),
    ] {
        let input = format!("http://{host}/");
        assert_eq!(parses(&input, None), valid, "{valid}");
        assert_eq!(Url::can_parse(&input, None), valid, "{valid}");
    }
}

/// A label that holds a run of combining marks longer than the 128 bytes that were the
/// in-order NFC check's chunk (`can_parse` took it as valid, whatever NFC said):
/// now decided, in NFC or not, with the run alone, after a starter that composes with its
/// first mark or not, in canonical order or not, with a mark never in NFC, and with a
/// class-0 character after the run that composes with the starter unless a mark is left
/// between them. `can_parse` answers what `parse` answers, and that is what NFC says
/// (`unicode-normalization`, an independent implementation).
#[test]
fn can_parse_decides_long_runs_of_combining_marks() {
    use unicode_normalization::UnicodeNormalization;
    let filler = "\u{e9}".repeat(SIZED_FOR / 2);
    let run = |marks: &str, n: usize| marks.repeat(n);
    let labels = [
        // In NFC: no composition of `x` with these marks, in canonical order.
        format!("x{}", run("\u{301}", 300)),
        format!("x{}{}", run("\u{323}", 100), run("\u{301}", 100)),
        format!("\u{e9}{}y", run("\u{301}", 200)),
        format!("\u{4e00}{}\u{4e00}", run("\u{308}\u{301}", 150)),
        // Bengali: a virama run between the vowel sign e and the length mark, which it
        // blocks (after a letter: a label does not start with a mark).
        format!("\u{995}\u{9c7}{}\u{9be}", run("\u{9cd}", 70)),
        format!("x{}", run("\u{94d}", 1000)),
        // Not in NFC: `e` composes with the acute; the run ends out of order; a mark that
        // decomposes; `é` followed by a mark of a lower class than its acute; the length
        // mark composes with e when nothing is between them.
        format!("e{}", run("\u{301}", 300)),
        format!("x{}\u{323}", run("\u{301}", 300)),
        format!("x{}\u{344}", run("\u{301}", 300)),
        format!("x{}\u{340}{}", run("\u{301}", 100), run("\u{301}", 100)),
        format!("\u{e9}{}", run("\u{323}", 200)),
        format!("x{}\u{9c7}\u{9be}", run("\u{301}", 200)),
        format!(
            "\u{4e00}{}\u{e9}{}",
            run("\u{308}", 100),
            run("\u{323}", 100)
        ),
    ];
    let (mut valid, mut invalid) = (0, 0);
    for text in &labels {
        assert!(text.len() > 140 && text.chars().count() <= 2000, "{text:?}");
        let nfc = text.nfc().eq(text.chars());
        let xn = format!("xn--{}", encode(text));
        let head: String = text.chars().take(4).collect();
        for host in [format!("{filler}.{xn}"), format!("{xn}.{filler}")] {
            let input = format!("http://{host}/");
            let parsed = parses(&input, None);
            assert_eq!(parsed, nfc, "{head:?}");
            assert_eq!(Url::can_parse(&input, None), parsed, "{head:?}");
            if parsed { valid += 1 } else { invalid += 1 }
        }
    }
    assert_eq!((valid, invalid), (12, 14));
}
