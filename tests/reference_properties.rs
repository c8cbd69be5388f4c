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
