//! `Url::can_parse(input, Some(base))` against the parse with the real base:
//! `can_parse` does not store a base that is not canonical, it checks the base's validity
//! and parses the input against a stand-in that keeps only the base's special scheme, or
//! whether it has an opaque path (`src/parser/can_parse.rs`, `base_stand_in`). Every WPT input
//! against every WPT base and a set of bases of each kind (special, `file`, non-special with
//! and without an opaque path, with tabs, spaces, uppercase, invalid), then generated
//! inputs and bases spliced from their pieces.

use microurl::Url;
use serde_json::Value;

/// The answer of the parser itself: the base parses, and the input parses against it.
fn parses(input: &str, base: &str) -> bool {
    let mut a = vec![0u8; 1 << 16];
    let mut b = vec![0u8; 1 << 16];
    match Url::parse(base, &mut a) {
        Ok(base) => Url::parse_with_base(input, Some(&base), &mut b).is_ok(),
        Err(_) => false,
    }
}

fn wpt() -> (Vec<String>, Vec<String>) {
    let data: Value =
        serde_json::from_str(&std::fs::read_to_string("data/urltestdata.json").unwrap()).unwrap();
    let (mut inputs, mut bases) = (Vec::new(), Vec::new());
    for case in data.as_array().unwrap() {
        if let Some(input) = case["input"].as_str() {
            inputs.push(input.to_string());
        }
        if let Some(base) = case["base"].as_str() {
            bases.push(base.to_string());
        }
    }
    inputs.sort();
    inputs.dedup();
    bases.sort();
    bases.dedup();
    (inputs, bases)
}

/// Bases of every kind the stand-in tells apart, written in ways the scheme scan must see
/// through.
const BASES: &[&str] = &[
    "http://example.org/foo/bar?q#f",
    "HTTP://EXAMPLE.ORG",
    "https://h:8080/a/b/",
    "ws://h/",
    "wss://h/p",
    "ftp://u:p@h/d/",
    "  \thttp:\n//h/ ",
    "file:///C:/dir/file",
    "file://host/share/x",
    "FILE:/x",
    "file:",
    "a:x",
    "a:",
    "a: /x",
    "a:\t/x",
    "sc://host/path",
    "sc:/path",
    "sc:opaque?q#f",
    "mailto:someone@example.org",
    "javascript:void(0)",
    "blob:https://example.org/uuid",
    "data:text/plain,x",
    "httpx://h/",
    "http+s://h/",
    "h\ttp://h/",
    "http",
    "",
    "1http://h/",
    "http://[::1",
    "http://exa mple/",
    "//h/",
    "/path",
    "http://ex%41mple.org/\u{e9}",
    "http://\u{fb03}.example/",
];

fn check(input: &str, base: &str, checked: &mut usize) {
    assert_eq!(
        Url::can_parse(input, Some(base)),
        parses(input, base),
        "input {input:?} base {base:?}"
    );
    *checked += 1;
}

#[test]
fn every_wpt_input_against_every_base() {
    let (inputs, wpt_bases) = wpt();
    let mut checked = 0;
    for base in wpt_bases
        .iter()
        .map(String::as_str)
        .chain(BASES.iter().copied())
    {
        for input in &inputs {
            check(input, base, &mut checked);
        }
    }
    println!("can_parse with a base: {checked} pairs");
    assert!(checked > 50_000, "{checked}");
}

/// A deterministic generator (xorshift): inputs and bases spliced from pieces of WPT inputs
/// and bases and from URL punctuation.
#[test]
fn generated_inputs_and_bases() {
    let (inputs, mut bases) = wpt();
    bases.extend(BASES.iter().map(|b| b.to_string()));
    let pieces: Vec<&str> = [
        "/", "//", "\\", "?", "#", ":", "@", ".", "..", "%", "%2e", "\t", "\n", " ", "[", "]",
        "xn--", "a", "h", "1", "0x", "http:", "https:", "file:", "a:", "ws:", "\u{e9}", "\u{3002}",
    ]
    .to_vec();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut checked = 0;
    for _ in 0..20_000 {
        let pick = |pool: &[String], next: &mut dyn FnMut(usize) -> usize| {
            let s = &pool[next(pool.len())];
            let cut = next(s.len() + 1);
            s.get(..cut).unwrap_or(s).to_string()
        };
        let mut input = pick(&inputs, &mut next);
        for _ in 0..next(3) {
            input.push_str(pieces[next(pieces.len())]);
        }
        let mut base = pick(&bases, &mut next);
        if next(2) == 0 {
            base.push_str(pieces[next(pieces.len())]);
        }
        check(&input, &base, &mut checked);
    }
    assert_eq!(checked, 20_000);
}

/// `can_parse` reads an input only through its head (scheme, slashes, authority, and the
/// byte that ends them): whatever follows (a long path, query or fragment, with tabs,
/// spaces, `%`, brackets or non-ASCII) gives the same answer as the parse, with and
/// without a base.
#[test]
fn long_tails_after_the_head() {
    let (inputs, _) = wpt();
    let tails = [
        String::new(),
        format!("/{}", "a/".repeat(200)),
        format!("?{}", "q=1&".repeat(100)),
        format!("#{}", "f".repeat(300)),
        format!("/\t{}\n?x y#[%zz]\u{e9}", "p".repeat(200)),
        "\t/x".to_string(),
        "/[::1]:99999@h".to_string(),
    ];
    let mut checked = 0;
    for input in &inputs {
        for tail in &tails {
            let long = format!("{input}{tail}");
            let mut arena = vec![0u8; 1 << 16];
            let parses_alone = Url::parse(&long, &mut arena).is_ok();
            assert_eq!(Url::can_parse(&long, None), parses_alone, "input {long:?}");
            for base in ["http://example.org/a/b", "sc:opaque", "file:///C:/x"] {
                check(&long, base, &mut checked);
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}
