//! `Url::make_relative`: on every (page, href) pair of the benches' "relative" workload, and
//! on generated pairs, the reference rebased onto the page (and normalized) gives the target,
//! resolving it gives the target, and it is never longer than the target's href.
use microurl::{Error, Reference, Url};
use proptest::prelude::*;

// The workload's own definition (benches/compare/workloads.rs), not a copy of it.
#[allow(dead_code)]
#[path = "../benches/compare/workloads.rs"]
mod workloads;

fn grow<T>(mut f: impl FnMut(&mut [u8]) -> Result<T, Error>) -> Result<T, Error> {
    match f(&mut [0u8; 16]) {
        Err(Error::ArenaTooSmall { needed }) => f(&mut vec![0u8; needed]),
        r => r,
    }
}

/// Checks one (page, target) pair; `Ok(None)` when there is no reference.
fn check(page: &Url<'_>, target: &Url<'_>) -> Result<Option<String>, String> {
    let mut arena = vec![0u8; target.as_str().len() + 16];
    let Some(r) = page
        .make_relative(target, &mut arena)
        .map_err(|e| e.to_string())?
    else {
        return Ok(None);
    };
    let text = r.to_string();
    let base = Reference::parse(page.as_str()).map_err(|e| e.to_string())?;
    let rebased = grow(|a| {
        let x = r.rebase(Some(&base), a)?;
        grow(|b| x.normalize(b).map(|n| n.to_string()))
    })
    .map_err(|e| format!("{text:?}: {e}"))?;
    if rebased != target.as_str() {
        return Err(format!(
            "{text:?} rebased onto {page} gives {rebased}, not {target}"
        ));
    }
    let resolved = grow(|a| r.resolve(Some(&base), a).map(|u| u.as_str().to_owned()))
        .map_err(|e| format!("{text:?} resolve: {e}"))?;
    if resolved != target.as_str() {
        return Err(format!(
            "{text:?} resolved onto {page} gives {resolved}, not {target}"
        ));
    }
    // The text itself, joined onto the page as any URL client joins a link (the URL
    // Standard's parse with a base), gives the target too.
    let joined = grow(|a| page.join(&text, a).map(|u| u.as_str().to_owned()))
        .map_err(|e| format!("{text:?} joined: {e}"))?;
    if joined != target.as_str() {
        return Err(format!(
            "{text:?} joined onto {page} gives {joined}, not {target}"
        ));
    }
    if text.len() > target.as_str().len() {
        return Err(format!("{text:?} longer than {target}"));
    }
    Ok(Some(text))
}

#[test]
fn relative_workload() {
    let pairs = workloads::relative_refs();
    let (mut checked, mut none, mut shorter_sum, mut fails) = (0, 0, 0usize, Vec::new());
    let mut skipped = 0;
    for (href, page) in &pairs {
        let mut pa = vec![0u8; 4 * page.len() + 256];
        let mut ta = vec![0u8; 8 * (page.len() + href.len()) + 256];
        let Ok(page) = Url::parse(page, &mut pa) else {
            skipped += 1;
            continue;
        };
        let Ok(target) = Url::parse_with_base(href, Some(&page), &mut ta) else {
            skipped += 1; // the href does not resolve: nothing to relativize
            continue;
        };
        match check(&page, &target) {
            Ok(Some(r)) => {
                checked += 1;
                shorter_sum += target.as_str().len() - r.len();
            }
            Ok(None) => none += 1,
            Err(e) => fails.push(e),
        }
    }
    eprintln!(
        "relative workload: {} pairs, {checked} relativized and verified, {none} none, \
         {skipped} unparsable, {} failures; {shorter_sum} bytes saved in all",
        pairs.len(),
        fails.len()
    );
    for f in fails.iter().take(20) {
        eprintln!("FAIL {f}");
    }
    assert!(fails.is_empty());
    assert_eq!(none, 0, "same-scheme http(s) pairs always have a reference");
    assert!(checked > 1000);
}

fn segment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("a".to_owned()),
        Just("b".to_owned()),
        Just("c:".to_owned()),
        Just("x:y".to_owned()),
        Just("%2e".to_owned()),
        Just("é".to_owned()),
        "[a-c]{1,3}",
    ]
}

/// Query and fragment text, with the characters whose escaping differs between the
/// components and between special and other schemes.
fn query_or_fragment() -> impl Strategy<Value = String> {
    "[a-c'\"<>`{}^|\\\\ %?/:@;=]{0,3}"
}

fn url_string() -> impl Strategy<Value = String> {
    (
        prop_oneof![
            Just("http://h"),
            Just("http://h:81"),
            Just("https://u:p@h"),
            Just("file://"),
            Just("file://host"),
            Just("sch://h"),
            Just("sch:"),
            Just("ws://g"),
            Just("mqtt:"),
            Just("mqtt://h"),
            Just("mqtt://h:1883"),
        ],
        prop::collection::vec(segment(), 0..5),
        prop::option::of(query_or_fragment()),
        prop::option::of(query_or_fragment()),
        any::<bool>(),
    )
        .prop_map(|(prefix, segs, q, f, rooted)| {
            let mut s = prefix.to_owned();
            if rooted || prefix.ends_with("//") || !segs.is_empty() && prefix != "sch:" {
                s.push('/');
            }
            s += &segs.join("/");
            if let Some(q) = q {
                s += "?";
                s += &q;
            }
            if let Some(f) = f {
                s += "#";
                s += &f;
            }
            s
        })
}

/// A page and target the text of whose reference did not join back (a non-special query
/// with `'`, which a reference without a scheme prints as `%27`).
#[test]
fn text_joins_back_on_non_special_schemes() {
    for (page, target) in [
        ("mqtt:/x", "mqtt://h/?'"),
        ("mqtt://h/a", "mqtt://h/b?'"),
        ("mqtt://h/a?x", "mqtt://h/a?'"),
        ("sc://h/a/b", "sc://h/c?it's"),
    ] {
        let (mut pa, mut ta) = ([0u8; 64], [0u8; 64]);
        let page = Url::parse(page, &mut pa).unwrap();
        let target = Url::parse(target, &mut ta).unwrap();
        assert!(check(&page, &target).is_ok(), "{:?}", check(&page, &target));
    }
}

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

proptest! {
    // About one generated pair in 400 is no URL (`sch://x:y`) and is rejected: the limit of
    // rejects grows with the cases (proptest's default, 1,024, ends a run of 1,000,000).
    #![proptest_config(ProptestConfig {
        cases: cases(3000),
        max_global_rejects: cases(3000) / 10 + 1024,
        ..ProptestConfig::default()
    })]
    #[test]
    fn make_relative_round_trips(page in url_string(), target in url_string()) {
        let (mut pa, mut ta) = (vec![0u8; 512], vec![0u8; 512]);
        let (p, t) = (Url::parse(&page, &mut pa), Url::parse(&target, &mut ta));
        // A few generated strings are not URLs (`sch://x:y`): proptest fails the test if it
        // has to reject more than `max_global_rejects`.
        prop_assume!(p.is_ok() && t.is_ok());
        let result = check(&p.unwrap(), &t.unwrap());
        prop_assert!(result.is_ok(), "{}", result.unwrap_err());
    }
}
