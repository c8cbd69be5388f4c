//! `blob:` origins (<https://url.spec.whatwg.org/#concept-url-origin>): the origin of the
//! http(s) URL in the blob URL's path, whatever its spelling. Expected origins are
//! whatwg-url 17.3.0's (`new URL(input).origin`, with tr46 6.0.0); the WPT cases are
//! `urltestdata.json`'s `blob:` entries.

use microurl::{Error, Origin, Url};
use serde_json::Value;

/// Input, and whatwg-url 17.3.0's origin for it.
const CASES: &[(&str, &str)] = &[
    ("blob:https://EXAMPLE.com/x", "https://example.com"),
    ("blob:HTTPS://example.com/x", "https://example.com"),
    ("blob:https:\\\\Example.com:0443\\x", "https://example.com"),
    ("blob:https:example.com/x", "https://example.com"),
    ("blob:  https://example.com/x", "https://example.com"),
    (
        "blob:http://Bücher.example:8080/p",
        "http://xn--bcher-kva.example:8080",
    ),
    ("blob:https://0x7f.1/x", "https://127.0.0.1"),
    ("blob:https://user:pw@EXAMPLE.com/x", "https://example.com"),
    ("blob:https://[0:0::1]:443/x", "https://[::1]"),
    ("blob:https://ex%41mple.com/x", "https://example.com"),
    ("blob:https://a b/x", "null"),
    ("blob:https://example.com:99999/x", "null"),
    ("blob:https://example.com?q", "https://example.com"),
    ("blob:https://EXAMPLE.com#f", "https://example.com"),
    ("blob:file:///x", "null"),
    ("blob:Https://h@g@EXAMPLE.org/x@y", "https://example.org"),
    // A space that ends the inner host or port before `\`, `?` or `#` is inside the
    // inner URL (only the whole path's ends are trimmed): the host or port fails.
    ("blob:https://u@example.com \\x", "null"),
    ("blob:https://example.com ?q", "null"),
    ("blob:https://example.com:80 #f", "null"),
    ("blob:https://example.com /x", "null"),
    ("blob:https://example.com ", "https://example.com"),
];

/// The origin through [`Url::origin_in`], growing the arena as it asks.
fn origin_in(input: &str) -> Option<String> {
    let mut a = vec![0u8; 4 * input.len() + 64];
    let url = Url::parse(input, &mut a).ok()?;
    let mut size = 0;
    loop {
        let mut b = vec![0u8; size];
        match url.origin_in(&mut b) {
            Ok(o) => return Some(o.to_string()),
            Err(Error::ArenaTooSmall { needed }) => {
                assert!(needed > size, "{input}: asked {needed} after {size}");
                size = needed;
            }
            Err(e) => panic!("{input}: {e}"),
        }
    }
}

#[test]
fn blob_origins_are_whatwg_urls() {
    let long = format!("blob:https://{}.com/x", "A".repeat(300));
    let long_origin = format!("https://{}.com", "a".repeat(300));
    let cases = CASES
        .iter()
        .map(|&(i, o)| (i.to_string(), o.to_string()))
        .chain([(long, long_origin)]);
    let mut n = 0;
    for (input, expected) in cases {
        assert_eq!(
            origin_in(&input).as_deref(),
            Some(expected.as_str()),
            "{input}"
        );
        // `origin` needs no arena: the same origin, or an opaque one when the path does
        // not hold the host as it serializes.
        let mut a = vec![0u8; 4 * input.len() + 64];
        let url = Url::parse(&input, &mut a).unwrap();
        let o = url.origin();
        assert!(o.is_opaque() || o.to_string() == expected, "{input}: {o}");
        n += 1;
    }
    assert_eq!(n, CASES.len() + 1);
}

#[test]
fn canonical_blob_origins_need_no_arena() {
    let mut a = [0u8; 64];
    let url = Url::parse("blob:https://example.com:8443/uuid", &mut a).unwrap();
    assert_eq!(
        url.origin(),
        Origin::Tuple {
            scheme: "https",
            host: "example.com",
            port: Some(8443)
        }
    );
    assert_eq!(url.origin_in(&mut []).unwrap(), url.origin());
}

#[test]
fn wpt_blob_origins() {
    let data: Value =
        serde_json::from_str(&std::fs::read_to_string("data/urltestdata.json").unwrap()).unwrap();
    let mut n = 0;
    for case in data.as_array().unwrap() {
        let (Some(input), Some(origin)) = (case["input"].as_str(), case["origin"].as_str()) else {
            continue;
        };
        if !input.to_ascii_lowercase().starts_with("blob:") || case["base"].is_string() {
            continue;
        }
        assert_eq!(origin_in(input).as_deref(), Some(origin), "{input}");
        n += 1;
    }
    println!("WPT blob cases with an origin: {n}");
    assert!(n >= 10, "{n}");
}
