//! WPT `urltestdata.json` and `urltestdata-javascript-only.json`: every entry, every field.
//!
//! With the `idna` feature off, entries whose host needs UTS46 (non-ASCII after
//! percent-decoding, or an expected `xn--` hostname) are listed and counted as left out.

mod common;

use common::{FIELDS, field, usv_json};
use microurl::{Error, Url};
use serde_json::Value;

/// The authority of `input` (after `//`), percent-decoded, has non-ASCII bytes.
fn needs_idna(case: &Value) -> bool {
    let input = case["input"].as_str().unwrap_or("");
    if case["hostname"]
        .as_str()
        .is_some_and(|h| h.contains("xn--"))
    {
        return true;
    }
    let Some(start) = input.find("//") else {
        return !input.is_ascii() && case.get("failure").is_some() && input.contains(':');
    };
    let rest = &input[start + 2..];
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest.as_bytes()[..end];
    microurl::percent::decode(authority).any(|b| b >= 0x80)
}

/// Whether parsing the entry fails only because UTS46 is not compiled in.
fn idna_unavailable(case: &Value) -> bool {
    let input = case["input"].as_str().unwrap_or("");
    let mut base_arena = vec![0u8; 4096];
    let base = case["base"]
        .as_str()
        .and_then(|b| Url::parse(b, &mut base_arena).ok());
    let mut arena = vec![0u8; 4096];
    matches!(
        Url::parse_with_base(input, base.as_ref(), &mut arena),
        Err(Error::Parse(e)) if e.kind == microurl::ParseErrorKind::IdnaUnavailable
    )
}

fn parse_owned(input: &str, base: Option<&Url<'_>>) -> Result<Vec<(String, String)>, Error> {
    let mut arena = vec![0u8; 16];
    loop {
        match Url::parse_with_base(input, base, &mut arena) {
            Ok(url) => {
                url.check()
                    .map_err(|e| panic!("{input:?}: invariant: {e}: {url:?}"))
                    .ok();
                return Ok(FIELDS
                    .iter()
                    .map(|f| (f.to_string(), field(&url, f)))
                    .collect());
            }
            Err(Error::ArenaTooSmall { needed }) => {
                assert!(
                    needed > arena.len(),
                    "{input:?}: needed {needed} <= {}",
                    arena.len()
                );
                arena = vec![0u8; needed];
            }
            Err(e) => return Err(e),
        }
    }
}

/// Runs one entry; `Ok(())` on a match, `Err(description)` otherwise.
fn run_case(case: &Value) -> Result<(), String> {
    let input = case["input"].as_str().ok_or("no input")?;
    let mut base_arena = vec![0u8; 4096];
    let base = match case["base"].as_str() {
        Some(b) => match Url::parse(b, &mut base_arena) {
            Ok(u) => Some(u),
            Err(e) => {
                return if case.get("failure").is_some() {
                    Ok(())
                } else {
                    Err(format!("base {b:?} failed: {e}"))
                };
            }
        },
        None => None,
    };
    let result = parse_owned(input, base.as_ref());
    let can = Url::can_parse(input, case["base"].as_str());
    match (case.get("failure").is_some(), result) {
        (true, Err(_)) if !can => Ok(()),
        (true, Err(_)) => Err("can_parse says true for a failure".into()),
        (true, Ok(got)) => Err(format!("expected failure, got {}", got[0].1)),
        (false, Err(e)) => Err(format!("unexpected failure: {e}")),
        (false, Ok(got)) => {
            if !can {
                return Err("can_parse says false".into());
            }
            let mut diffs = String::new();
            for (name, value) in got {
                let want = case.get(&name).and_then(Value::as_str);
                if let Some(want) = want.filter(|w| *w != value) {
                    diffs += &format!(" {name}: want {want:?} got {value:?};");
                }
            }
            if diffs.is_empty() { Ok(()) } else { Err(diffs) }
        }
    }
}

fn run_file(path: &str) -> (usize, usize, Vec<String>) {
    let text = usv_json(&std::fs::read_to_string(path).unwrap());
    let cases: Vec<Value> = serde_json::from_str(&text).unwrap();
    let (mut passed, mut failed, mut skipped) = (0, 0, Vec::new());
    for case in cases.iter().filter(|c| c.is_object()) {
        if needs_idna(case) && idna_unavailable(case) {
            skipped.push(format!("{:?}", case["input"]));
            continue;
        }
        match run_case(case) {
            Ok(()) => passed += 1,
            Err(e) => {
                failed += 1;
                eprintln!("FAIL {:?} base {:?}:{e}", case["input"], case["base"]);
            }
        }
    }
    (passed, failed, skipped)
}

#[test]
fn wpt_urltestdata() {
    let mut total = (0, 0);
    for file in [
        "data/urltestdata.json",
        "data/urltestdata-javascript-only.json",
    ] {
        let (p, f, skipped) = run_file(file);
        println!(
            "{file}: {p} passed, {f} failed, {} left out (need IDNA)",
            skipped.len()
        );
        for s in &skipped {
            println!("  left out (IDNA): {s}");
        }
        total.0 += p;
        total.1 += f;
    }
    println!("wpt: {} passed, {} failed", total.0, total.1);
    assert_eq!(total.1, 0, "WPT failures");
}

/// WPT `toascii.json` as `toascii.window.js` runs it: `new URL("https://" + input + "/x")`,
/// then host, hostname, pathname and href, or failure (through the whole URL parser).
#[cfg(feature = "idna")]
#[test]
fn wpt_toascii_through_the_url_parser() {
    let text = usv_json(&std::fs::read_to_string("data/toascii.json").unwrap());
    let cases: Vec<Value> = serde_json::from_str(&text).unwrap();
    let (mut passed, mut failed) = (0, 0);
    for case in cases.iter().filter(|c| c.is_object()) {
        let input = format!("https://{}/x", case["input"].as_str().unwrap());
        let mut arena = vec![0u8; 4 * input.len() + 256];
        let got = Url::parse(&input, &mut arena);
        let ok = match (case["output"].as_str(), &got) {
            (Some(host), Ok(url)) => {
                url.host_with_port() == host
                    && url.hostname() == host
                    && url.pathname() == "/x"
                    && url.href() == format!("https://{host}/x")
            }
            (None, Err(_)) => true,
            _ => false,
        };
        if ok {
            passed += 1;
        } else {
            failed += 1;
            eprintln!(
                "FAIL toascii {:?}: want {:?} got {got:?}",
                case["input"], case["output"]
            );
        }
    }
    println!("toascii.json via Url::parse: {passed} passed, {failed} failed");
    assert_eq!(failed, 0);
}
