//! `Reference` on arbitrary and URL-shaped strings: no panic in any operation, and every
//! `ArenaTooSmall { needed }` followed by a retry with exactly `needed` bytes succeeds.
use microurl::{Error, Reference, Url};
use proptest::prelude::*;

/// Runs `f` on an arena of `start` bytes; on `ArenaTooSmall`, once more with `needed`, which
/// must not be too small again.
fn retry<T>(start: usize, mut f: impl FnMut(&mut [u8]) -> Result<T, Error>) -> Result<T, Error> {
    match f(&mut vec![0u8; start]) {
        Err(Error::ArenaTooSmall { needed }) => {
            let r = f(&mut vec![0u8; needed]);
            assert!(
                !matches!(r, Err(Error::ArenaTooSmall { .. })),
                "needed = {needed} was not enough"
            );
            r
        }
        r => r,
    }
}

fn exercise(input: &str, base: &str, start: usize) {
    let Ok(b) = Reference::parse(base) else {
        return;
    };
    let _ = b.to_string();
    let _ = b.unicode().to_string();
    let Ok(r) = Reference::parse_against(input, Some(&b)) else {
        return;
    };
    let _ = (
        r.to_string(),
        r.unicode().to_string(),
        r.pathname().to_string(),
    );
    let _ = r.dirs().count();
    let _ = retry(start, |a| r.href_into(a).map(str::len));
    if let Ok(rebased) = retry(start, |a| r.rebase(Some(&b), a).map(|x| x.to_string())) {
        // The rebased reference, once more, then normalized.
        let mut a = vec![0u8; rebased.len() * 2 + input.len() + base.len() + 64];
        if let Ok(x) = r.rebase(Some(&b), &mut a) {
            let _ = retry(start, |n| x.normalize(n).map(|y| y.to_string()));
        }
    }
    let _ = retry(start, |a| r.normalize(a).map(|y| y.to_string()));
    let _ = retry(start, |a| r.resolve(Some(&b), a).map(|u| u.as_str().len()));
    let _ = retry(start, |a| r.resolve(None, a).map(|u| u.as_str().len()));
    // make_relative between two URLs, when both resolve.
    let mut ua = vec![0u8; 4096];
    let mut ub = vec![0u8; 4096];
    if let (Ok(u), Ok(v)) = (
        Url::parse(base, &mut ua),
        Url::parse_with_base(input, None, &mut ub),
    ) {
        let _ = retry(start, |a| {
            u.make_relative(&v, a).map(|x| x.map(|x| x.to_string()))
        });
        let _ = retry(start, |a| v.unicode_href(a).map(str::len));
    }
}

fn urlish() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            Just("http:"),
            Just("file:"),
            Just("sch:"),
            Just("//"),
            Just("\\\\"),
            Just("/"),
            Just("\\"),
            Just("h"),
            Just("u:p@"),
            Just(":8"),
            Just("[::1]"),
            Just("c:"),
            Just("C|"),
            Just("."),
            Just(".."),
            Just("%2e"),
            Just("?"),
            Just("#"),
            Just(" "),
            Just("\t"),
            Just("é"),
            Just("🌲"),
            Just("\u{0}"),
            Just("xn--"),
            Just("@"),
        ],
        0..14,
    )
    .prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn arbitrary_strings_never_panic(input in any::<String>(), base in any::<String>(), start in 0usize..64) {
        exercise(&input, &base, start);
    }

    #[test]
    fn url_shaped_strings_never_panic(input in urlish(), base in urlish(), start in 0usize..64) {
        exercise(&input, &base, start);
    }
}

/// `unicode_href` keeps default-ignorable code points percent-encoded (invisible, or
/// reordering what follows, as U+202E), at both ends of each of their ranges, and decodes
/// the visible characters beside them.
#[test]
fn unicode_href_keeps_invisible_characters_escaped() {
    let escaped = [
        '\u{AD}',
        '\u{34F}',
        '\u{61C}',
        '\u{115F}',
        '\u{1160}',
        '\u{17B4}',
        '\u{180B}',
        '\u{180F}',
        '\u{200B}',
        '\u{200F}',
        '\u{202A}',
        '\u{202E}',
        '\u{2060}',
        '\u{2066}',
        '\u{206F}',
        '\u{3164}',
        '\u{FE00}',
        '\u{FE0F}',
        '\u{FEFF}',
        '\u{FFA0}',
        '\u{FFF0}',
        '\u{FFF8}',
        '\u{1BCA0}',
        '\u{1BCA3}',
        '\u{1D173}',
        '\u{1D17A}',
        '\u{E0001}',
        '\u{E007F}',
        '\u{E0100}',
        '\u{E0FFF}',
    ];
    let shown = [
        '\u{AE}',
        '\u{350}',
        '\u{61D}',
        '\u{1161}',
        '\u{17B6}',
        '\u{180A}',
        '\u{2010}',
        '\u{202F}',
        '\u{2070}',
        '\u{3165}',
        '\u{FE10}',
        '\u{FFA1}',
        '\u{1BCA4}',
        '\u{1D17B}',
        'α',
    ];
    for (list, decoded) in [(&escaped[..], false), (&shown[..], true)] {
        for &c in list {
            let mut utf8 = [0u8; 4];
            let pct: String = c
                .encode_utf8(&mut utf8)
                .bytes()
                .map(|b| format!("%{b:02X}"))
                .collect();
            let input = format!("http://h/a{pct}b?{pct}#{pct}");
            let mut arena = [0u8; 128];
            let url = Url::parse(&input, &mut arena).unwrap();
            let mut out = [0u8; 128];
            let shown = url.unicode_href(&mut out).unwrap();
            let want = match decoded {
                true => format!("http://h/a{c}b?{c}#{c}"),
                false => input.clone(),
            };
            assert_eq!(shown, want, "U+{:04X}", c as u32);
        }
    }
}
