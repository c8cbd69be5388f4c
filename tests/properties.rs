//! Property tests: no panics, idempotence, offset invariants, arena size behaviour.

use microurl::{Error, Url};
use proptest::prelude::*;

/// Parses with exactly the arena size the parser asks for; returns the href and the size.
fn parse_grow(input: &str, base: Option<&Url<'_>>) -> Result<(String, usize), Error> {
    let mut arena = Vec::new();
    for _ in 0..3 {
        match Url::parse_with_base(input, base, &mut arena) {
            Ok(url) => return Ok((url.as_str().to_owned(), arena.len())),
            Err(Error::ArenaTooSmall { needed }) => {
                assert!(
                    needed > arena.len(),
                    "{input:?}: needed {needed} but had {}",
                    arena.len()
                );
                arena = vec![0; needed];
            }
            Err(e) => return Err(e),
        }
    }
    panic!("{input:?}: the reported arena size did not suffice");
}

fn components(url: &Url<'_>) -> [String; 10] {
    [
        url.protocol().into(),
        url.username().into(),
        url.password().into(),
        url.host_with_port().into(),
        url.hostname().into(),
        url.port().map(|p| p.to_string()).unwrap_or_default(),
        url.pathname().into(),
        url.search().into(),
        url.hash().into(),
        url.origin().to_string(),
    ]
}

/// The checks every successful parse must pass.
fn check_properties(input: &str, base: Option<&Url<'_>>) {
    let Ok((href, size)) = parse_grow(input, base) else {
        return;
    };
    let mut arena = vec![0u8; size];
    let url = Url::parse_with_base(input, base, &mut arena).unwrap();
    url.check()
        .unwrap_or_else(|e| panic!("{input:?}: {e}: {url:?}"));
    // A larger arena gives the same URL.
    let mut big = vec![0u8; size * 2 + 64];
    let url_big = Url::parse_with_base(input, base, &mut big).unwrap();
    assert_eq!(url_big.as_str(), href);
    assert_eq!(components(&url_big), components(&url));
    // Idempotence: the href parses to itself with the same components, using no arena.
    let mut again_arena = vec![0u8; href.len() * 3 + 64];
    let again = Url::parse(&href, &mut again_arena)
        .unwrap_or_else(|e| panic!("{input:?} -> {href:?} does not reparse: {e}"));
    assert_eq!(again.as_str(), href, "{input:?}");
    assert_eq!(components(&again), components(&url), "{input:?}");
    let zero = Url::parse(&href, &mut []).unwrap_or_else(|e| panic!("{href:?} needs arena: {e}"));
    assert_eq!(zero.as_str(), href);
    assert!(Url::can_parse(input, base.map(|b| b.as_str())) || base.is_some());
    // Every smaller arena reports the capacity error (never a wrong result).
    if size > 0 {
        let mut small = vec![0u8; size - 1];
        match Url::parse_with_base(input, base, &mut small) {
            Err(Error::ArenaTooSmall { needed }) => assert!(needed >= size),
            Ok(u) => assert_eq!(u.as_str(), href),
            Err(e) => panic!("{input:?}: smaller arena gave {e}"),
        }
    }
}

fn url_shaped() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec![
        "http:",
        "https:",
        "HTTP:",
        "file:",
        "ws:",
        "wss:",
        "ftp:",
        "foo:",
        "mqtt:",
        "sc:",
        "blob:",
        "",
        "a+b.c-d:",
        "javascript:",
        "data:",
        "coap:",
    ]);
    let slashes = prop::sample::select(vec!["", "/", "//", "///", "\\\\", "/\\", "\\"]);
    let userinfo = prop::sample::select(vec!["", "user@", "u:p@", ":@", "a@b@", "u%41:p w@", "@"]);
    let host = prop::sample::select(vec![
        "",
        "example.com",
        "EXAMPLE.com.",
        "127.0.0.1",
        "0x7f.1",
        "1.2.3",
        "999999999999",
        "[::1]",
        "[1:0::0:1]",
        "[::ffff:1.2.3.4]",
        "[::",
        "localhost",
        "C:",
        "c|",
        "%41.com",
        "xn--abc",
        "a b",
        "ex%2Ample",
        "09.1",
        "host.0x",
        "1.2.3.4.5",
        "[0:0:0:0:0:0:0:0]",
    ]);
    let port = prop::sample::select(vec![
        "", ":", ":80", ":443", ":0", ":65535", ":65536", ":8a",
    ]);
    let path = prop::collection::vec(
        prop::sample::select(vec![
            "/", "a", "..", ".", "%2e", "%2E.", "\\", "C|", "d:", "ü", " ", "%", "%zz", "?", "#",
            "//", "\t", "\n", "x y", "<>", "'", "`", "{}", "^", "|",
        ]),
        0..10,
    )
    .prop_map(|v| v.concat());
    (scheme, slashes, userinfo, host, port, path)
        .prop_map(|(s, sl, u, h, p, pa)| format!("{s}{sl}{u}{h}{p}{pa}"))
}

fn bases() -> impl Strategy<Value = Option<&'static str>> {
    prop::sample::select(vec![
        None,
        Some("http://example.org/foo/bar?q#f"),
        Some("file:///C:/dir/file"),
        Some("file://host/a/b"),
        Some("sc://h/a/b"),
        Some("sc:opaque"),
        Some("web+demo:/.//not-a-host/"),
        Some("https://u:p@h:8080/"),
    ])
}

fn with_base(input: &str, base: Option<&str>) {
    match base {
        None => check_properties(input, None),
        Some(b) => {
            let mut arena = vec![0u8; 256];
            let base = Url::parse(b, &mut arena).unwrap();
            check_properties(input, Some(&base));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn arbitrary_strings(input in any::<String>(), base in bases()) {
        with_base(&input, base);
    }

    #[test]
    fn url_shaped_strings(input in url_shaped(), base in bases()) {
        with_base(&input, base);
    }

    #[test]
    fn arbitrary_bytes_as_lossy_strings(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let input = String::from_utf8_lossy(&bytes);
        with_base(&input, None);
        with_base(&input, Some("http://example.org/foo/bar?q#f"));
    }
}

#[test]
fn canonical_input_uses_no_arena() {
    for href in [
        "https://example.com/",
        "http://user:pass@sub.example.com:8080/p/a/t/h?query=4#frag",
        "file:///C:/Windows/",
        "mqtts://broker.local:8883/telemetry",
        "coap://[fe80::1]/sensors/temp?unit=c",
        "mailto:someone@example.com",
        "data:text/plain,hi",
        "http://127.0.0.1:8080/ota/fw.bin",
    ] {
        let url = Url::parse(href, &mut []).unwrap();
        assert_eq!(url.as_str(), href);
        // The href is the caller's input itself, not a copy.
        assert!(core::ptr::eq(url.as_str().as_ptr(), href.as_ptr()));
    }
}

#[test]
fn arena_too_small_reports_a_sufficient_size() {
    let input = "HTTP://EXAMPLE.COM/a b/../c?d e#f g";
    let err = Url::parse(input, &mut [0u8; 8]).unwrap_err();
    let Error::ArenaTooSmall { needed } = err else {
        panic!("{err:?}")
    };
    let mut arena = vec![0u8; needed];
    assert_eq!(
        Url::parse(input, &mut arena).unwrap().as_str(),
        "http://example.com/c?d%20e#f%20g"
    );
}
