//! Property tests for the network helpers and everyday tools: CoAP options to a
//! URL and back, the builder's output reparsing to itself, path segments rejoining to the
//! path, raw query pairs decoding to what was encoded, and `needed` sufficing on retry.

mod common;
use common::{arena_needed, needs_what_it_says};
use microurl::coap::{self, CoapOption};
use microurl::{Error, NetError, SchemeKind, Url, UrlBuf, UrlBuilder};
use proptest::prelude::*;
use std::net::SocketAddr;

/// The `needed` of a builder's `ArenaTooSmall`, for [`needs_what_it_says`].
fn net_needed(e: &NetError) -> Option<usize> {
    match e {
        NetError::Url(e) => arena_needed(e),
        _ => None,
    }
}

/// Uri-Path / Uri-Query values: any bytes, but not a dot segment (no URL stands for one).
fn value() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(any::<u8>(), 0..12)
}

fn host() -> impl Strategy<Value = Option<String>> {
    prop::option::of("[a-z0-9][a-z0-9-]{0,8}(\\.[a-z0-9]{1,6}){0,2}")
        // A name ending in a number is still a CoAP name (an opaque host), but keep it a
        // name a resolver would also take.
        .prop_filter("not an IPv4 address", |h| {
            h.as_deref()
                .is_none_or(|h| h.parse::<std::net::Ipv4Addr>().is_err())
        })
}

fn scheme() -> impl Strategy<Value = SchemeKind> {
    prop::sample::select(vec![
        SchemeKind::Coap,
        SchemeKind::Coaps,
        SchemeKind::CoapTcp,
        SchemeKind::CoapsTcp,
        SchemeKind::CoapWs,
        SchemeKind::CoapsWs,
    ])
}

fn destination() -> impl Strategy<Value = SocketAddr> {
    prop::sample::select(vec![
        "192.0.2.1:5683".parse().unwrap(),
        "[2001:db8::1]:5684".parse().unwrap(),
        "[fe80::1:2]:61616".parse().unwrap(),
        "127.0.0.1:80".parse().unwrap(),
    ])
}

/// The options of `url`, decoded: (number, value).
fn decoded(url: &Url<'_>) -> Vec<(u16, Vec<u8>)> {
    let mut buf = [0u8; 256];
    url.coap_options()
        .expect("a CoAP URL")
        .map(|o| (o.number(), o.value_into(&mut buf).expect("fits").to_vec()))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Options -> URL -> options gives the options back (the Uri-Port only when it differs
    /// from the default, a lone empty Uri-Path as no Uri-Path), and URL -> options -> URL
    /// gives the URL back.
    #[test]
    fn coap_options_round_trip(
        scheme in scheme(),
        dest in destination(),
        host in host(),
        port in prop::option::of(any::<u16>()),
        path in prop::collection::vec(value(), 0..5),
        query in prop::collection::vec(value(), 0..4),
    ) {
        prop_assume!(!path.iter().any(|s| s == b"." || s == b".."));
        // A lone empty Uri-Query is `?`, which RFC 7252 §6.4 (and libcoap) read as no
        // Uri-Query: the one option list no URL tells apart from the empty one.
        prop_assume!(!(query.len() == 1 && query[0].is_empty()));
        let mut options: Vec<(u16, Vec<u8>)> = Vec::new();
        if let Some(h) = &host { options.push((coap::URI_HOST, h.as_bytes().to_vec())); }
        if let Some(p) = port {
            let be = p.to_be_bytes();
            let skip = be.iter().take_while(|&&b| b == 0).count();
            options.push((coap::URI_PORT, be[skip..].to_vec()));
        }
        options.extend(path.iter().map(|s| (coap::URI_PATH, s.clone())));
        options.extend(query.iter().map(|q| (coap::URI_QUERY, q.clone())));

        let mut buf = [0u8; 2048];
        let wire = options.iter().map(|(n, v)| (*n, v.as_slice()));
        let url = coap::url_from_options(scheme, dest, wire, &mut buf).expect("composes");
        let back = decoded(&url);

        let effective_port = port.unwrap_or(dest.port());
        let mut expected: Vec<(u16, Vec<u8>)> = Vec::new();
        if let Some(h) = &host { expected.push((coap::URI_HOST, h.as_bytes().to_vec())); }
        if Some(effective_port) != scheme.default_port() {
            let be = effective_port.to_be_bytes();
            let skip = be.iter().take_while(|&&b| b == 0).count();
            expected.push((coap::URI_PORT, be[skip..].to_vec()));
        }
        if !(path.len() == 1 && path[0].is_empty()) {
            expected.extend(path.iter().map(|s| (coap::URI_PATH, s.clone())));
        }
        expected.extend(query.iter().map(|q| (coap::URI_QUERY, q.clone())));
        prop_assert_eq!(&back, &expected, "{}", url);

        // And the URL again from its own options, in a request sent where the URL says:
        // without a Uri-Port the port is the request's destination port (RFC 7252 §6.5 step
        // 4), and the options leave out a default Uri-Port because a client sends to it.
        let sent_to = SocketAddr::new(dest.ip(), url.port_or_known_default().expect("a CoAP port"));
        let mut buf2 = [0u8; 2048];
        let wire = back.iter().map(|(n, v)| (*n, v.as_slice()));
        let again = coap::url_from_options(scheme, sent_to, wire, &mut buf2).expect("composes");
        prop_assert_eq!(again.as_str(), url.as_str());
    }

    /// The builder's output is a parsed URL that reparses to itself; its segments and raw
    /// query pairs decode to the parts given.
    #[test]
    fn builder_reparses_to_itself(
        scheme in prop::sample::select(vec!["http", "https", "coap", "mqtt", "foo"]),
        host in "[a-z][a-z0-9-]{0,8}(\\.[a-z]{1,6}){0,2}",
        port in prop::option::of(any::<u16>()),
        segments in prop::collection::vec(".{0,8}", 0..5),
        pairs in prop::collection::vec((".{0,6}", ".{0,6}"), 0..4),
    ) {
        prop_assume!(!segments.iter().any(|s| s == "." || s == ".."));
        let mut buf = vec![0u8; 4096];
        let mut b = UrlBuilder::new(scheme, &mut buf).host(&host);
        if let Some(p) = port { b = b.port(p); }
        for s in &segments { b = b.segment(s); }
        for (n, v) in &pairs { b = b.query_pair(n, v); }
        let url = b.build().expect("builds");
        let mut arena = vec![0u8; 4096];
        let again = Url::parse(url.as_str(), &mut arena).expect("reparses");
        prop_assert_eq!(again.as_str(), url.as_str());
        prop_assert!(again == url);

        let mut dec = [0u8; 64];
        let got: Vec<String> = url.path_segments().expect("a list path")
            .map(|s| microurl::percent::decode_utf8_into(s.as_bytes(), &mut dec).expect("UTF-8").to_owned())
            .collect();
        // No segment: `/` for special URLs, an empty path for others; one empty segment
        // either way.
        let want: Vec<String> = if segments.is_empty() { vec![String::new()] } else { segments.clone() };
        prop_assert_eq!(got, want);
        let got: Vec<(String, String)> = url.query_pairs_raw()
            .map(|(n, v)| {
                let mut a = [0u8; 64];
                let mut b = [0u8; 64];
                (n.decode_utf8_into(&mut a).unwrap().to_owned(), v.decode_utf8_into(&mut b).unwrap().to_owned())
            })
            .collect();
        prop_assert_eq!(got, pairs);
    }

    /// Path segments rejoin to the path, for any URL that parses.
    #[test]
    fn path_segments_rejoin(input in "(http://h|foo://h|foo:|file://)[ -~]{0,24}") {
        let mut arena = vec![0u8; 1024];
        if let Ok(url) = Url::parse(&input, &mut arena) {
            match url.path_segments() {
                Some(segs) => {
                    let joined: String = segs.map(|s| format!("/{s}")).collect();
                    if url.path().is_empty() {
                        prop_assert_eq!(joined, "/");
                    } else {
                        prop_assert_eq!(joined, url.path());
                    }
                }
                None => prop_assert!(url.has_opaque_path()),
            }
        }
    }

    /// Too small a buffer is `ArenaTooSmall`, and `needed` bytes always suffice (builder
    /// and CoAP composition).
    #[test]
    fn needed_suffices(
        host in "[a-zA-Z][a-zA-Z0-9]{0,8}",
        segments in prop::collection::vec(".{0,8}", 0..4),
        small in 0usize..64,
    ) {
        prop_assume!(!segments.iter().any(|s| s == "." || s == ".."));
        let build = |buf: &mut [u8]| -> Result<String, NetError> {
            let mut b = UrlBuilder::new("http", buf).host(&host);
            for s in &segments { b = b.segment(s); }
            b.build().map(|u| u.as_str().to_owned())
        };
        let mut buf = vec![0u8; small];
        match build(&mut buf) {
            Ok(_) => {}
            Err(NetError::Url(Error::ArenaTooSmall { needed })) => {
                let mut buf = vec![0u8; needed];
                prop_assert!(build(&mut buf).is_ok(), "needed {} did not suffice", needed);
            }
            Err(e) => prop_assert!(false, "{e:?}"),
        }
    }
}

/// `build_buf` says which buffer was short, and each `needed` suffices for its buffer: the
/// scratch (the builder's text and the parse's output) and the `UrlBuf` (the href).
#[test]
fn build_buf_names_the_short_buffer() {
    fn build<const N: usize>(scratch: &mut [u8]) -> Result<UrlBuf<N>, NetError> {
        UrlBuilder::new("HTTPS", scratch)
            .host("Example.COM")
            .segment("firmware image")
            .query_pair("v", "1 2")
            .build_buf()
    }
    // 20 + 16 + 8 bytes.
    let want = "https://example.com/firmware%20image?v=1%202";
    // Counts the scratch sizes found too small, so the retry path is known to be taken.
    let mut short_scratch = 0;
    let run = |scratch: &mut [u8]| {
        let r = build::<64>(scratch).map(|u| u.as_str().to_owned());
        if r.as_ref().is_err_and(|e| net_needed(e).is_some()) {
            short_scratch += 1;
        }
        r
    };
    needs_what_it_says("build_buf", 0..128, &Ok(want.to_owned()), net_needed, run);
    assert!(short_scratch > 40, "{short_scratch}");
    let mut scratch = [0u8; 256];
    let short = NetError::UrlBufTooSmall { needed: 44 };
    assert_eq!(build::<8>(&mut scratch).unwrap_err(), short);
    assert_eq!(build::<43>(&mut scratch).unwrap_err(), short);
    assert_eq!(build::<44>(&mut scratch).unwrap().as_str(), want);
    assert_eq!(short.to_string(), "UrlBuf too small: 44 bytes needed");
}

/// Dot segments are refused by both writers, never written.
#[test]
fn dot_segments_refused() {
    let mut buf = [0u8; 128];
    let dest: SocketAddr = "192.0.2.1:5683".parse().unwrap();
    for dot in [&b"."[..], b".."] {
        let options = [(coap::URI_PATH, &b"a"[..]), (coap::URI_PATH, dot)];
        assert_eq!(
            coap::url_from_options(SchemeKind::Coap, dest, options, &mut buf).unwrap_err(),
            NetError::DotSegment
        );
    }
    let mut buf = [0u8; 128];
    let e = UrlBuilder::new("coap", &mut buf)
        .host("h")
        .segment(".")
        .build();
    assert_eq!(e.unwrap_err(), NetError::DotSegment);
}

/// The Uri-Host rule of RFC 7252 §6.4 step 5: none for an IP literal or a dotted-decimal
/// IPv4 address, one (lowercased) for a name, including a name that looks numeric.
#[test]
fn uri_host_only_for_names() {
    let cases: [(&str, Option<&[u8]>); 5] = [
        ("coap://[::1]/", None),
        ("coap://192.0.2.1/", None),
        ("coap://Sensor.Example/", Some(b"sensor.example")),
        ("coap://127.1/", Some(b"127.1")),
        ("coap://h%41/", Some(b"hA")),
    ];
    for (input, host) in cases {
        let mut arena = [0u8; 64];
        let url = Url::parse(input, &mut arena).unwrap();
        let got = decoded(&url);
        let got_host = got
            .iter()
            .find(|(n, _)| *n == coap::URI_HOST)
            .map(|(_, v)| v.as_slice());
        assert_eq!(got_host, host, "{input}");
        // Uri-Host, when present, is the first option (option-number order).
        let first_is_host = matches!(
            url.coap_options().unwrap().next(),
            Some(CoapOption::UriHost(_))
        );
        assert_eq!(first_is_host, host.is_some(), "{input}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// `Url::host` reads an IP host with the crate's own parsers (`core::net`'s
    /// links panic paths): the same address as `core::net` reads from the host's text.
    #[test]
    fn ip_hosts_read_as_core_reads_them(v4 in any::<u32>(), v6 in any::<u128>(), mapped in any::<u32>()) {
        let v4 = std::net::Ipv4Addr::from(v4);
        let mut arena = [0u8; 128];
        let input = format!("http://{v4}:81/");
        let url = Url::parse(&input, &mut arena).unwrap();
        prop_assert_eq!(url.host(), Some(microurl::Host::Ipv4(v4)));
        for v6 in [std::net::Ipv6Addr::from(v6), std::net::Ipv4Addr::from(mapped).to_ipv6_mapped()] {
            let mut arena = [0u8; 128];
            let input = format!("coap://[{v6}]/");
            let url = Url::parse(&input, &mut arena).unwrap();
            prop_assert_eq!(url.host(), Some(microurl::Host::Ipv6(v6)));
            let text = url.host_str().unwrap();
            prop_assert_eq!(text[1..text.len() - 1].parse::<std::net::Ipv6Addr>().unwrap(), v6);
        }
    }

    /// The builder and `url_from_options` write an IP address with the crate's serializers
    /// (not `core`'s `Display`): the URL is the one parsed from `core`'s text.
    #[test]
    fn ip_addresses_written_as_the_parser_reads_them(v4 in any::<u32>(), v6 in any::<u128>(), mapped in any::<u32>(), port in 1u16..5683) {
        let ips = [
            std::net::IpAddr::V4(v4.into()),
            std::net::IpAddr::V6(v6.into()),
            std::net::IpAddr::V6(std::net::Ipv4Addr::from(mapped).to_ipv6_mapped()),
        ];
        for ip in ips {
            let host = match ip {
                std::net::IpAddr::V4(a) => format!("{a}"),
                std::net::IpAddr::V6(a) => format!("[{a}]"),
            };
            let parsed = |text: String| {
                let mut arena = [0u8; 128];
                Url::parse(&text, &mut arena).unwrap().as_str().to_owned()
            };
            let mut buf = [0u8; 256];
            let built = UrlBuilder::new("coap", &mut buf).ip(ip).port(port).build().unwrap();
            prop_assert_eq!(built.as_str(), parsed(format!("coap://{host}:{port}")));
            let mut buf = [0u8; 256];
            let options: [(u16, &[u8]); 0] = [];
            let destination = SocketAddr::new(ip, port);
            let from = coap::url_from_options(SchemeKind::Coap, destination, options, &mut buf).unwrap();
            prop_assert_eq!(from.as_str(), parsed(format!("coap://{host}:{port}/")));
        }
    }
}

/// The builder writes its raw parts (scheme, host) without tabs and newlines, which the
/// parser would remove: the URL is the one parsed from the text with them, and `needed`
/// from a small buffer still suffices.
#[test]
fn builder_raw_parts_with_tabs_and_newlines() {
    let mut buf = [0u8; 128];
    let url = UrlBuilder::new("ht\ttp", &mut buf)
        .host("EX\nample.c\rom")
        .segment("a\tb")
        .build()
        .unwrap();
    let mut arena = [0u8; 128];
    let want = Url::parse("ht\ttp://EX\nample.c\rom/a%09b", &mut arena).unwrap();
    assert_eq!(url.as_str(), want.as_str());
    assert_eq!(url.as_str(), "http://example.com/a%09b");
    let build = |buf: &mut [u8]| {
        UrlBuilder::new("ht\ttp", buf)
            .host("EX\nample.c\rom")
            .build()
            .map(|u| u.as_str().to_owned())
    };
    let full = Ok("http://example.com/".to_owned());
    needs_what_it_says("tabs and newlines", 0..40, &full, net_needed, build);
}

/// Text with tabs and newlines dropped, as the URL parser drops them.
fn tab_free(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    /// Whatever text is given as the scheme and the host, a URL the builder returns has the
    /// parts given and no others: its scheme is the text given (lowercased), it has no
    /// credentials, its port is the one given (none for a special scheme's default), its
    /// path, query and fragment are the ones written after the host. Text that would move
    /// into another part is refused ([`NetError::BadPart`]), at a byte of the text that is
    /// not a tab or newline.
    #[test]
    fn builder_parts_stay_in_place(
        scheme in prop_oneof![
            prop::sample::select(vec!["http", "HTTPS", "ws", "file", "coap", "mqtt", "foo", "ht\ttp"])
                .prop_map(str::to_owned),
            "[ -~\t\n]{0,10}",
        ],
        host in prop_oneof![
            "[a-z0-9.:@/?#\\\\\\[\\]|%-]{0,10}",
            "[ -~\t]{0,16}",
            "[a-zA-Z][|:]",
            "[a-z.／＠：。ß]{0,6}",
        ],
        port in prop::option::of(any::<u16>()),
    ) {
        let mut buf = vec![0u8; 4096];
        let mut b = UrlBuilder::new(&scheme, &mut buf).host(&host);
        if let Some(p) = port { b = b.port(p); }
        let url = match b.segment("s").query_pair("k", "v").build() {
            Ok(url) => url,
            Err(NetError::BadPart { position }) => {
                let in_scheme = scheme.as_bytes().get(position);
                let in_host = host.as_bytes().get(position);
                let at_end = position == scheme.len() || position == 0;
                prop_assert!(
                    in_scheme.is_some_and(|b| !b"\t\n\r".contains(b))
                        || in_host.is_some_and(|b| !b"\t\n\r".contains(b))
                        || at_end,
                    "position {} in {:?} / {:?}", position, scheme, host
                );
                return Ok(());
            }
            Err(_) => return Ok(()),
        };
        let scheme = tab_free(&scheme).to_ascii_lowercase();
        prop_assert_eq!(url.scheme(), scheme.as_str(), "{}", url.as_str());
        prop_assert_eq!(url.username(), "", "{}", url.as_str());
        prop_assert_eq!(url.password(), "", "{}", url.as_str());
        let want_port = port.filter(|&p| microurl::default_port(&scheme) != Some(p));
        prop_assert_eq!(url.port(), want_port, "{}", url.as_str());
        prop_assert_eq!(url.pathname(), "/s", "{}", url.as_str());
        prop_assert_eq!(url.query(), Some("k=v"), "{}", url.as_str());
        prop_assert_eq!(url.fragment(), None, "{}", url.as_str());
    }
}

/// The cases the property above stands for, each at the byte that would have moved: a path,
/// credentials or a port from the host, the rest of a URL from the scheme, the first
/// segment taken for an empty special host, a drive letter taken for a `file` path.
#[test]
fn builder_refuses_parts_that_would_move() {
    let cases: [(&str, &str, usize); 9] = [
        ("https", "evil.example/x?", 12),
        ("https", "user@evil.example", 4),
        ("https", "good.example:1", 12),
        ("https", "a\\b", 1),
        ("coap", "h#f", 1),
        ("https", "", 0),
        ("file", "C|", 1),
        ("https://evil.example/?", "good.example", 5),
        ("1http", "h", 0),
    ];
    for (scheme, host, position) in cases {
        let mut buf = [0u8; 128];
        let r = UrlBuilder::new(scheme, &mut buf)
            .host(host)
            .segment("s")
            .build();
        assert_eq!(
            r.map(|u| u.as_str().to_owned()),
            Err(NetError::BadPart { position }),
            "{scheme:?} {host:?}"
        );
    }
    // Kept: an IPv6 literal's `:` inside brackets, an empty host where it is one (`file`,
    // a non-special scheme), a one-letter `file` host.
    for (scheme, host, want) in [
        ("http", "[::1]", "http://[::1]/s"),
        ("file", "", "file:///s"),
        ("foo", "", "foo:///s"),
        ("file", "c", "file://c/s"),
    ] {
        let mut buf = [0u8; 128];
        let url = UrlBuilder::new(scheme, &mut buf)
            .host(host)
            .segment("s")
            .build();
        assert_eq!(url.map(|u| u.as_str().to_owned()), Ok(want.to_owned()));
    }
}

/// Parts a reviewer found moving or growing: segments with no host (a special scheme's
/// would become its host, an empty first one `//host`), a host's trailing space or control
/// (the parser drops them at the text's end), a special query's `'` (which the parse
/// encodes: `needed` then fell short).
#[test]
fn builder_segments_hosts_and_queries_stay_as_given() {
    let path_only = |scheme: &str, segments: &[&str]| {
        let mut buf = [0u8; 128];
        let b = segments
            .iter()
            .fold(UrlBuilder::new(scheme, &mut buf), |b, s| b.segment(s));
        b.build().map(|u| {
            (
                u.as_str().to_owned(),
                u.host_str().map(str::to_owned),
                u.path().to_owned(),
            )
        })
    };
    assert_eq!(
        path_only("http", &["evil.example", "x"]),
        Err(NetError::NoHost)
    );
    assert_eq!(path_only("wss", &[""]), Err(NetError::NoHost));
    assert_eq!(
        path_only("foo", &["", "evil", "x"]),
        Ok(("foo:/.//evil/x".into(), None, "//evil/x".into()))
    );
    assert_eq!(
        path_only("foo", &["a", "", "b"]),
        Ok(("foo:/a//b".into(), None, "/a//b".into()))
    );
    assert_eq!(
        path_only("foo", &[""]),
        Ok(("foo:/".into(), None, "/".into()))
    );
    assert_eq!(
        path_only("file", &["", "evil"]),
        Ok(("file:////evil".into(), Some(String::new()), "//evil".into()))
    );
    assert_eq!(
        path_only("file", &["x"]),
        Ok(("file:///x".into(), Some(String::new()), "/x".into()))
    );
    for (host, position) in [("0 ", 1), ("p\0", 1), ("s\u{8}", 1), (" a", 0), ("a b", 1)] {
        for scheme in ["https", "coap"] {
            let mut buf = [0u8; 64];
            let r = UrlBuilder::new(scheme, &mut buf).host(host).build();
            assert_eq!(
                r.map(|u| u.as_str().to_owned()),
                Err(NetError::BadPart { position }),
                "{scheme} {host:?}"
            );
        }
    }
    let value = "'".repeat(60);
    for scheme in ["https", "coap"] {
        let build = |buf: &mut [u8]| {
            UrlBuilder::new(scheme, buf)
                .host("h")
                .query_pair("q", &value)
                .build()
                .map(|u| u.as_str().to_owned())
        };
        let whole = build(&mut [0u8; 4096]).unwrap();
        assert!(whole.ends_with(&"%27".repeat(60)), "{whole}");
        needs_what_it_says(scheme, 0..whole.len() * 2, &Ok(whole), net_needed, build);
    }
}

/// A host only a special URL's parse sends through UTS46: an opaque host's escapes grow
/// it by at most 2 bytes a byte, so the builder's `needed` for it is not UTS46's 128 a byte
/// (`coap` with the host `é` asked 338 bytes where 22 work). With every buffer size:
/// `needed` suffices, and stays within 4 times what works.
#[test]
fn builder_needs_no_uts46_room_for_an_opaque_host() {
    for host in ["é", "%C3%A9.example", "é.é.é.é.é.é.é.é.example"] {
        let build = |buf: &mut [u8]| {
            UrlBuilder::new("coap", buf)
                .host(host)
                .segment("temp")
                .build()
                .map(|u| u.as_str().to_owned())
        };
        let full = build(&mut [0u8; 1024]);
        needs_what_it_says(host, 0..=256, &full, net_needed, build);
        let needed = net_needed(&build(&mut []).unwrap_err()).unwrap();
        let smallest = (0..=needed)
            .find(|&n| build(&mut vec![0u8; n]).is_ok())
            .unwrap();
        assert!(
            needed <= 4 * smallest,
            "{host}: needed {needed}, {smallest} work"
        );
    }
}
