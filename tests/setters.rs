//! WPT `setters_tests.json`: every setter entry, every expected field.

use microurl::Url;
use serde_json::Value;

fn field(url: &Url<'_>, name: &str) -> String {
    match name {
        "href" => url.href().into(),
        "protocol" => url.protocol().into(),
        "username" => url.username().into(),
        "password" => url.password().into(),
        "host" => url.host_with_port().into(),
        "hostname" => url.hostname().into(),
        "port" => url.port().map(|p| p.to_string()).unwrap_or_default(),
        "pathname" => url.pathname().into(),
        "search" => url.search().into(),
        "hash" => url.hash().into(),
        "origin" => url.origin().to_string(),
        other => panic!("unknown field {other}"),
    }
}

fn apply<'b>(url: &Url<'b>, setter: &str, value: &'b str, arena: &'b mut [u8]) -> Url<'b> {
    let result = match setter {
        "protocol" => url.set_protocol(value, arena),
        "username" => url.set_username(value, arena),
        "password" => url.set_password(value, arena),
        "host" => url.set_host(value, arena),
        "hostname" => url.set_hostname(value, arena),
        "port" => url.set_port(value, arena),
        "pathname" => url.set_pathname(value, arena),
        "search" => url.set_search(value, arena),
        "hash" => url.set_hash(value, arena),
        // The href setter throws on failure, leaving the URL unchanged.
        "href" => return Url::parse(value, arena).unwrap_or(*url),
        other => panic!("unknown setter {other}"),
    };
    result.unwrap_or_else(|e| panic!("{setter} {value:?} on {url}: {e}"))
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
    let text = std::fs::read_to_string("tests/data/setters_tests.json").unwrap();
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
