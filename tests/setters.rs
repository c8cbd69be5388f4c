//! WPT `setters_tests.json`: every setter entry, every expected field.

mod common;

use common::field;
use microurl::Url;
use serde_json::Value;

fn apply<'b>(url: &Url<'b>, setter: &str, value: &'b str, arena: &'b mut [u8]) -> Url<'b> {
    match setter {
        // The href setter throws on failure, leaving the URL unchanged.
        "href" => Url::parse(value, arena).unwrap_or(*url),
        _ => common::set(url, setter, value, arena)
            .unwrap_or_else(|e| panic!("{setter} {value:?} on {url}: {e}")),
    }
}

/// Whether UTS46 is compiled in (without it non-ASCII domains fail with IdnaUnavailable).
fn idna_available() -> bool {
    let mut arena = [0u8; 64];
    !matches!(
        Url::parse("http://\u{df}/", &mut arena),
        Err(microurl::Error::Parse(e)) if e.kind == microurl::ParseErrorKind::IdnaUnavailable
    )
}

/// A host setter value whose domain is non-ASCII after percent-decoding.
fn needs_idna(setter: &str, value: &str) -> bool {
    (setter == "host" || setter == "hostname")
        && microurl::percent::decode(value.as_bytes()).any(|b| b >= 0x80)
}

#[test]
fn wpt_setters() {
    let idna = idna_available();
    let mut left_out = Vec::new();
    let text = std::fs::read_to_string("data/setters_tests.json").unwrap();
    let data: Value = serde_json::from_str(&text).unwrap();
    let (mut passed, mut failed) = (0, 0);
    for (setter, cases) in data.as_object().unwrap() {
        if setter == "comment" {
            continue;
        }
        for case in cases.as_array().unwrap() {
            let href = case["href"].as_str().unwrap();
            let value = case["new_value"].as_str().unwrap();
            if !idna && needs_idna(setter, value) {
                // Where the standard's answer needs UTS46, the setter says it cannot give
                // it (never `Ok` with the URL as it was where the standard sets the host,
                // which would read as the standard's "ignored").
                let mut a = vec![0u8; 4 * href.len() + 64];
                let url = Url::parse(href, &mut a).unwrap();
                let mut b = vec![0u8; 4 * (href.len() + value.len()) + 64];
                let result = common::set(&url, setter, value, &mut b).map(|u| u.to_string());
                let unavailable = matches!(
                    result,
                    Err(microurl::Error::Parse(e)) if e.kind == microurl::ParseErrorKind::IdnaUnavailable
                );
                let expected = case["expected"]["href"].as_str();
                // (A non-special URL's opaque host needs no IDNA: the standard's answer.)
                assert!(
                    unavailable || result.as_deref().ok() == expected,
                    "{setter} = {value:?} on {href:?}: {result:?}"
                );
                left_out.push(format!("{setter} = {value:?} on {href:?}"));
                continue;
            }
            let mut a = vec![0u8; 4 * href.len() + 64];
            let url = Url::parse(href, &mut a).unwrap();
            let mut b = vec![0u8; 4 * (href.len() + value.len()) + 64];
            let new = apply(&url, setter, value, &mut b);
            new.check()
                .unwrap_or_else(|e| panic!("{setter} {value:?} on {href}: {e}"));
            let mut diffs = String::new();
            for (name, want) in case["expected"].as_object().unwrap() {
                let got = field(&new, name);
                if got != want.as_str().unwrap() {
                    diffs += &format!(" {name}: want {want} got {got:?};");
                }
            }
            if diffs.is_empty() {
                passed += 1;
            } else {
                failed += 1;
                eprintln!("FAIL {setter} = {value:?} on {href:?}:{diffs}");
            }
        }
    }
    for l in &left_out {
        println!("  left out (IDNA): {l}");
    }
    println!(
        "setters: {passed} passed, {failed} failed, {} left out (need IDNA)",
        left_out.len()
    );
    assert_eq!(failed, 0);
}

mod properties {
    use microurl::{Error, ParseErrorKind, Url, UrlBuf};
    use proptest::prelude::*;

    const SETTERS: [&str; 10] = [
        "href", "protocol", "username", "password", "host", "hostname", "port", "pathname",
        "search", "hash",
    ];

    fn urls() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "http://example.com/a/b?q#f",
            "https://u:p@h.example:8443/",
            "file:///C:/dir/x",
            "file://host/share",
            "sc://h/p?q#f",
            "sc:opaque?q#f",
            "sc:/a/b",
            "web+demo:/.//not-a-host/",
            "ws://127.0.0.1:81/",
            "http://[::1]/",
            "mailto:x@y",
            "foo://",
        ])
    }

    fn values() -> impl Strategy<Value = String> {
        let pieces = prop::sample::select(vec![
            "",
            "a",
            "B",
            ":",
            "/",
            "\\",
            "?",
            "#",
            "@",
            "%",
            "%41",
            " ",
            "\t",
            "[",
            "]",
            "::1",
            "80",
            "443",
            "65536",
            "x.y",
            "..",
            ".",
            "ü",
            "http",
            "file",
            "sc",
            "//",
            "C|",
            "localhost",
            "1.2.3.4",
            "0x7f",
            "+",
            "=",
        ]);
        prop::collection::vec(pieces, 0..6).prop_map(|v| v.concat())
    }

    fn set_buf<const N: usize>(u: &mut UrlBuf<N>, setter: &str, value: &str) -> Result<(), Error> {
        match setter {
            "href" => u.set_href(value),
            "protocol" => u.set_protocol(value),
            "username" => u.set_username(value),
            "password" => u.set_password(value),
            "host" => u.set_host(value),
            "hostname" => u.set_hostname(value),
            "port" => u.set_port(value),
            "pathname" => u.set_pathname(value),
            "search" => u.set_search(value),
            _ => u.set_hash(value),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// A setter's result is a URL whose href parses back to the same URL, and the owned
        /// buffer agrees with the borrowed setter; a buffer too small stays unchanged.
        #[test]
        fn setter_results_reparse_to_themselves(
            href in urls(), setter in prop::sample::select(SETTERS.to_vec()), value in values()
        ) {
            let mut a = vec![0u8; 256];
            let url = Url::parse(href, &mut a).unwrap();
            let mut b = vec![0u8; 512];
            let new = match super::common::set(&url, setter, &value, &mut b) {
                Ok(new) => new,
                // Without IDNA, the host setters refuse a domain that needs it, as `href`
                // does.
                Err(Error::Parse(e)) if e.kind == ParseErrorKind::IdnaUnavailable => {
                    prop_assert!(matches!(setter, "href" | "host" | "hostname"), "{setter}");
                    return Ok(());
                }
                Err(_) => {
                    prop_assert_eq!(setter, "href");
                    return Ok(());
                }
            };
            prop_assert!(new.check().is_ok(), "{:?}", new.check());
            let mut c = vec![0u8; 512];
            let again = Url::parse(new.as_str(), &mut c).unwrap();
            prop_assert_eq!(again.as_str(), new.as_str());
            prop_assert_eq!(again.path(), new.path());
            prop_assert_eq!(again.host_str(), new.host_str());
            prop_assert_eq!(again.port(), new.port());
            prop_assert_eq!(again.query(), new.query());
            prop_assert_eq!(again.fragment(), new.fragment());

            let mut owned: UrlBuf<512> = UrlBuf::parse(href).unwrap();
            set_buf(&mut owned, setter, &value).unwrap();
            prop_assert_eq!(owned.as_str(), new.as_str());

            let mut small: UrlBuf<40> = UrlBuf::parse(href).unwrap();
            let before = small.clone();
            match set_buf(&mut small, setter, &value) {
                Ok(()) => prop_assert_eq!(small.as_str(), new.as_str()),
                Err(_) => prop_assert_eq!(small, before),
            }
        }
    }
}

/// Without IDNA, a host setter's `IdnaUnavailable` is at the host's start in the value as
/// written, tabs and newlines counted (as a parse's is).
#[cfg(not(feature = "idna"))]
#[test]
fn idna_unavailable_is_at_the_hosts_start_in_the_value() {
    let mut a = [0u8; 64];
    let url = Url::parse("http://x/p", &mut a).unwrap();
    for (value, want) in [("bücher.de", 0), ("\t\t\tbücher.de", 3), ("\nb\tü", 1)] {
        let mut b = [0u8; 64];
        let e = url.set_host(value, &mut b).unwrap_err();
        let e = e.parse_error().unwrap();
        assert_eq!(
            (e.kind, e.position),
            (microurl::ParseErrorKind::IdnaUnavailable, want),
            "{value:?}"
        );
    }
}
