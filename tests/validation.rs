//! whatwg-url's validation cases (`data/whatwg-url/validation.json`, 184 cases from its
//! `test/validation.js`, MIT licence beside it): for each input (and base), whether it is a
//! valid URL string, the ordered validation errors the parser reports, and whether it fails.
//!
//! Checked here, on every case (all must agree): the valid-URL-string checker, the parser's
//! failure flag, and the ordered list of validation errors the parser reports (repeats
//! included, and those before a failure) through its error log ([`ErrorLog`]).
//!
//! One input holds a lone surrogate (`https://example.com/#\ud800`), which a Rust `&str`
//! cannot: it is converted as the URL API's USVString conversion does (to U+FFFD), and the
//! expected answers are whatwg-url's for the converted input (checked with whatwg-url 17.3.0:
//! `isValidURLString` true, no validation error, no failure): U+FFFD is a URL code point.

use microurl::{Error, ErrorLog, Options, Reported, Url, is_valid_url_string};
use serde_json::Value;
use std::collections::BTreeSet;

mod common;

struct Case {
    input: String,
    base: Option<String>,
    valid: bool,
    errors: Vec<String>,
    failure: bool,
}

/// The JSON text with each lone-surrogate escape replaced by U+FFFD (serde_json refuses
/// them), and whether one was.
fn usv(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let bytes = text.as_bytes();
    let mut i = 0;
    let unit = |at: usize| -> Option<u32> {
        let hex = text.get(at + 2..at + 6)?;
        (text.get(at..at + 2) == Some("\\u"))
            .then(|| u32::from_str_radix(hex, 16).ok())
            .flatten()
    };
    while i < bytes.len() {
        if let Some(u) = unit(i) {
            let high = (0xD800..0xDC00).contains(&u);
            let paired = high && unit(i + 6).is_some_and(|l| (0xDC00..0xE000).contains(&l));
            if paired {
                out.push_str(&text[i..i + 12]);
                i += 12;
                continue;
            }
            if (0xD800..0xE000).contains(&u) {
                out.push_str("\\ufffd");
                i += 6;
                continue;
            }
        }
        let c = text[i..].chars().next().unwrap();
        out.push(c);
        i += c.len_utf8();
    }
    out
}

fn cases() -> Vec<Case> {
    let raw = std::fs::read_to_string("data/whatwg-url/validation.json").unwrap();
    let data: Value = serde_json::from_str(&usv(&raw)).unwrap();
    let names: BTreeSet<&str> = data["names"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    let mut cases = Vec::new();
    for c in data["cases"].as_array().unwrap() {
        let input = c["input"].as_str().unwrap().to_string();
        let mut case = Case {
            base: c["base"].as_str().map(String::from),
            valid: c["validURLString"].as_bool().unwrap(),
            errors: c["parserValidationErrors"]
                .as_array()
                .map(|a| a.iter().map(|e| e.as_str().unwrap().into()).collect())
                .unwrap_or_default(),
            failure: c["parserFailure"].as_bool().unwrap_or(false),
            input,
        };
        for e in &case.errors {
            assert!(names.contains(e.as_str()), "unknown error name {e}");
        }
        if case.input.contains('\u{FFFD}') {
            // The converted lone surrogate (see the module docs): whatwg-url 17.3.0 on
            // "https://example.com/#\u{FFFD}".
            assert_eq!(case.input, "https://example.com/#\u{FFFD}");
            case.valid = true;
            case.errors.clear();
            case.failure = false;
        }
        cases.push(case);
    }
    assert_eq!(cases.len(), 184);
    cases
}

/// The parser's result: the validation errors it reports, in order, with their positions
/// (on failure, those before it and the failure's), and whether it failed.
fn parse_logged(input: &str, base: Option<&Url<'_>>) -> (Vec<(String, usize)>, bool) {
    let mut arena = vec![0u8; 64 + 4 * input.len()];
    let mut slots = [Reported::default(); 32];
    loop {
        let log = ErrorLog::new(&mut slots);
        let options = Options {
            errors: Some(&log),
            ..Options::default()
        };
        let failed = match Url::parse_with(input, base, &mut arena, options) {
            Ok(url) => {
                // The set is the log's, but for `domain-to-ASCII`, which the set derives
                // from the URL's host (also when it is the base's).
                let set: BTreeSet<_> = log.iter().map(|r| r.error.name()).collect();
                let summary: BTreeSet<_> =
                    url.validation_errors().iter().map(|e| e.name()).collect();
                assert!(set.is_subset(&summary), "{input:?}: {set:?} {summary:?}");
                false
            }
            Err(Error::ArenaTooSmall { needed }) => {
                arena = vec![0u8; needed];
                continue;
            }
            Err(Error::Parse(e)) => {
                let last = log.iter().last().map(|r| r.error);
                if let Some(v) = e.kind.validation_error() {
                    assert_eq!(last, Some(v), "{input:?}: the failure's error comes last");
                }
                true
            }
            Err(e) => panic!("{input:?}: {e}"),
        };
        assert_eq!(log.dropped(), 0);
        for r in log.iter() {
            assert!(r.at <= input.len(), "{input:?}: {r:?}");
        }
        let list = log.iter().map(|r| (r.error.name().to_string(), r.at));
        return (list.collect(), failed);
    }
}

/// [`parse_logged`] without the positions.
fn parse(input: &str, base: Option<&Url<'_>>) -> (Vec<String>, bool) {
    let (list, failed) = parse_logged(input, base);
    (list.into_iter().map(|(e, _)| e).collect(), failed)
}

fn with_base<T>(case: &Case, f: impl FnOnce(Option<&Url<'_>>) -> T) -> T {
    let mut arena = vec![0u8; 4096];
    let base = case
        .base
        .as_deref()
        .map(|b| Url::parse(b, &mut arena).expect("base parses"));
    f(base.as_ref())
}

#[test]
fn valid_url_string_checker_agrees_on_every_case() {
    let cases = cases();
    let mut wrong = Vec::new();
    for case in &cases {
        let valid = with_base(case, |base| is_valid_url_string(&case.input, base));
        if valid != case.valid {
            wrong.push(format!(
                "{:?} base {:?}: checker {valid}, whatwg-url {}",
                case.input, case.base, case.valid
            ));
        }
    }
    println!(
        "valid URL string: {}/{} agree",
        cases.len() - wrong.len(),
        cases.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn parser_failure_agrees_on_every_case() {
    let cases = cases();
    let mut wrong = Vec::new();
    for case in &cases {
        let (_, failed) = with_base(case, |base| parse(&case.input, base));
        if failed != case.failure {
            wrong.push(format!(
                "{:?}: failure {failed}, expected {}",
                case.input, case.failure
            ));
        }
    }
    println!(
        "failure flag: {}/{} agree",
        cases.len() - wrong.len(),
        cases.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn ordered_validation_errors_agree_on_every_case() {
    let cases = cases();
    let mut wrong = Vec::new();
    for case in &cases {
        let (list, _) = with_base(case, |base| parse(&case.input, base));
        if list != case.errors {
            wrong.push(format!(
                "{:?} base {:?}: parser {:?}, whatwg-url {:?}",
                case.input, case.base, list, case.errors
            ));
        }
    }
    println!(
        "ordered validation errors: {}/{} agree",
        cases.len() - wrong.len(),
        cases.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The host-side fixes, against whatwg-url 17.3.0's answers (its
/// `parseURLWithValidationErrors` and `isValidURLString`, ordered lists): strict UTS46 runs on
/// every domain (trailing dots, over-long labels before an IPv4 address, the Bidi rule
/// across `xn--` labels), a forbidden domain code point is `domain-to-ASCII`, and
/// `IPv4-non-ASCII-input`.
#[test]
fn host_validation_errors_are_whatwg_urls() {
    let long = format!("http://{}1.1/", "0".repeat(66));
    let cases: &[(&str, &[&str], bool, bool)] = &[
        // (input, errors, failure, valid URL string)
        ("http://a./", &["domain-to-ASCII"], false, false),
        (
            "https://127.0.0.1./",
            &["domain-to-ASCII", "IPv4-empty-part"],
            false,
            false,
        ),
        ("https://ex ample.org/", &["domain-to-ASCII"], true, false),
        (
            "https://１２７.０.０.１",
            &["IPv4-non-ASCII-input"],
            false,
            false,
        ),
        ("https://①.②.③.④", &["IPv4-non-ASCII-input"], false, false),
        (
            "https://%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1/",
            &["domain-percent-encoded", "IPv4-non-ASCII-input"],
            false,
            false,
        ),
        ("http://xn--mgbh0fb.1a/", &["domain-to-ASCII"], false, false),
        ("http://1a.xn--mgbh0fb/", &["domain-to-ASCII"], false, false),
        ("http://ab.xn--mgbh0fb/", &[], false, true),
        ("http://bücher.de./", &["domain-to-ASCII"], false, false),
        (
            &long,
            &[
                "domain-to-ASCII",
                "IPv4-too-few-parts",
                "IPv4-non-decimal-part",
            ],
            false,
            false,
        ),
    ];
    for &(input, errors, failure, valid) in cases {
        let expected: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(parse(input, None), (expected, failure), "{input}");
        assert_eq!(is_valid_url_string(input, None), valid, "{input}");
    }
}

/// Strict mode accepts exactly the URLs whose set of validation errors
/// (`Url::validation_errors`, which the C API's `microurl_validation_errors` gives) is
/// empty, for input without a base: whatwg-url's cases without one and the benchmark corpora
/// (real URLs and WPT's inputs). The README tells C users, whose API has no strict mode, to
/// test the set instead.
#[test]
fn strict_mode_accepts_exactly_the_urls_without_validation_errors() {
    let mut inputs: Vec<String> = cases()
        .into_iter()
        .filter(|c| c.base.is_none())
        .map(|c| c.input)
        .collect();
    inputs.extend(common::corpus_lines());
    let (mut parsed, mut clean) = (0, 0);
    for input in &inputs {
        let mut arena = vec![0u8; 64 + 8 * input.len()];
        let Ok(url) = Url::parse(input, &mut arena) else {
            continue;
        };
        let mut strict_arena = vec![0u8; 64 + 8 * input.len()];
        let strict = Url::parse_with(input, None, &mut strict_arena, Options::STRICT);
        let none = url.validation_errors().is_empty();
        assert_eq!(
            strict.is_ok(),
            none,
            "{input:?}: {:?}",
            url.validation_errors()
        );
        parsed += 1;
        clean += usize::from(none);
    }
    // Both answers are common: the check is not vacuous either way.
    assert!(
        parsed > 2000 && clean > 1000 && parsed - clean > 100,
        "{parsed} {clean}"
    );
    println!("{parsed} inputs parse, {clean} without a validation error: strict mode agrees");
}
