//! IPv6 zone identifiers (RFC 6874) through `Url::parse_with_zone`: an opt-in extension
//! outside the URL Standard. `Url::parse` must keep refusing them.

use microurl::{Error, Host, ParseErrorKind, Url};
use proptest::prelude::*;
use std::net::{Ipv6Addr, SocketAddr};

fn parse_error(e: Error) -> (ParseErrorKind, usize) {
    let p = e.parse_error().expect("a parse error");
    (p.kind, p.position)
}

/// Parses with the zone option, retrying once with `needed` when the arena is too small
/// (the retry must succeed: no second `ArenaTooSmall`).
fn with_zone(input: &str) -> Result<String, Error> {
    let mut arena = vec![0u8; 8];
    match Url::parse_with_zone(input, &mut arena) {
        Ok(url) => Ok(url.as_str().to_owned()),
        Err(Error::ArenaTooSmall { needed }) => {
            let mut arena = vec![0u8; needed];
            let r = Url::parse_with_zone(input, &mut arena).map(|u| u.as_str().to_owned());
            assert!(
                !matches!(r, Err(Error::ArenaTooSmall { .. })),
                "{input:?}: retry with needed = {needed} failed: {r:?}"
            );
            r
        }
        Err(e) => Err(e),
    }
}

#[test]
fn default_parse_still_refuses_zones() {
    // The URL Standard's IPv6 parser fails at the `%` (IPv6-invalid-code-point), which
    // is where the error is.
    for (input, percent) in [
        ("coap://[fe80::1%25wlan0]/", 15),
        ("http://[fe80::1%251]:8080/", 15),
        ("coap://u@[::1%25x]", 13),
    ] {
        let mut arena = [0u8; 64];
        let e = Url::parse(input, &mut arena).unwrap_err();
        assert_eq!(
            parse_error(e),
            (ParseErrorKind::Ipv6InvalidCodePoint, percent),
            "{input}"
        );
        let mut arena = [0u8; 64];
        let e2 = Url::parse_with(input, None, &mut arena, microurl::Options::default());
        assert_eq!(e2.unwrap_err(), e);
        assert!(!Url::can_parse(input, None));
    }
}

#[test]
fn accepted_zones() {
    let cases: &[(&str, &str, &str, &str)] = &[
        // input, href, zone, address
        (
            "coap://[fe80::1%25wlan0]/",
            "coap://[fe80::1%25wlan0]/",
            "wlan0",
            "fe80::1",
        ),
        (
            "coap://[FE80:0:0::1%25eth0]:61616/a?b#c",
            "coap://[fe80::1%25eth0]:61616/a?b#c",
            "eth0",
            "fe80::1",
        ),
        (
            "http://user:pw@[fe80::a%251]:8080/x",
            "http://user:pw@[fe80::a%251]:8080/x",
            "1",
            "fe80::a",
        ),
        (
            "coap://[fe80::1%25en%2F0]",
            "coap://[fe80::1%25en%2F0]",
            "en%2F0",
            "fe80::1",
        ),
        (
            "coap://[fe80::1%25A-._~9]",
            "coap://[fe80::1%25A-._~9]",
            "A-._~9",
            "fe80::1",
        ),
        (
            "coap://[::ffff:192.0.2.1%25x]/",
            "coap://[::ffff:c000:201%25x]/",
            "x",
            "::ffff:192.0.2.1",
        ),
        // Special-scheme slashes and case, trimming, a tab after the host, a default port.
        (
            " HTTP:\\\\[fe80::1%25x]:80 ",
            "http://[fe80::1%25x]/",
            "x",
            "fe80::1",
        ),
        (
            "coap://[fe80::1%25x]/a\tb",
            "coap://[fe80::1%25x]/ab",
            "x",
            "fe80::1",
        ),
        (
            "https://[fe80::1%25x]/a/../b c",
            "https://[fe80::1%25x]/b%20c",
            "x",
            "fe80::1",
        ),
        (
            "wss://a@b@[fe80::1%25x]",
            "wss://a%40b@[fe80::1%25x]/",
            "x",
            "fe80::1",
        ),
        (
            "file://[fe80::1%25x]/c:/",
            "file://[fe80::1%25x]/c:/",
            "x",
            "fe80::1",
        ),
    ];
    for &(input, href, zone, address) in cases {
        let mut arena = [0u8; 128];
        let url =
            Url::parse_with_zone(input, &mut arena).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(url.as_str(), href, "{input}");
        url.check().unwrap();
        assert_eq!(url.ipv6_zone(), Some(zone), "{input}");
        let address: Ipv6Addr = address.parse().unwrap();
        assert_eq!(url.host(), Some(Host::Ipv6(address)), "{input}");
        let host = format!("[{}%25{zone}]", address_text(href));
        assert_eq!(url.host_str(), Some(host.as_str()), "{input}");
        // Round trip: the href parses to itself with the option, and not without it.
        let mut again = [0u8; 128];
        assert_eq!(
            Url::parse_with_zone(href, &mut again).unwrap().as_str(),
            href
        );
        assert!(Url::parse(href, &mut again).is_err(), "{href}");
    }
}

/// The address text between `[` and `%` of an href.
fn address_text(href: &str) -> &str {
    let open = href.find('[').unwrap();
    let percent = open + href[open..].find('%').unwrap();
    &href[open + 1..percent]
}

#[test]
fn components_after_the_zone() {
    let mut arena = [0u8; 128];
    let url =
        Url::parse_with_zone("coap://u:p@[fe80::1%25eth0]:61616/a/b?q=1#f", &mut arena).unwrap();
    assert_eq!(url.username(), "u");
    assert_eq!(url.password(), "p");
    assert_eq!(url.hostname(), "[fe80::1%25eth0]");
    assert_eq!(url.host_with_port(), "[fe80::1%25eth0]:61616");
    assert_eq!(url.port(), Some(61616));
    assert_eq!(url.path(), "/a/b");
    assert_eq!(url.query(), Some("q=1"));
    assert_eq!(url.fragment(), Some("f"));
    // RFC 6874 §4: the zone is not sent.
    let mut buf = [0u8; 64];
    assert_eq!(url.host_header_into(&mut buf), Ok("[fe80::1]:61616"));
}

#[test]
fn socket_addresses() {
    let mut arena = [0u8; 64];
    let url = Url::parse_with_zone("coap://[fe80::1%2542]/", &mut arena).unwrap();
    let expected: SocketAddr = "[fe80::1%42]:5683".parse().unwrap();
    assert_eq!(url.socket_addr(), Some(expected));
    let SocketAddr::V6(v6) = url.socket_addr().unwrap() else {
        panic!("not V6")
    };
    assert_eq!(v6.scope_id(), 42);
    // A name: no socket address (never scope 0), the caller maps `ipv6_zone()`.
    let url = Url::parse_with_zone("coap://[fe80::1%25wlan0]:1/", &mut arena).unwrap();
    assert_eq!(url.socket_addr(), None);
    assert_eq!(url.ipv6_zone(), Some("wlan0"));
    // Too large for a u32: no interface has that index, so no socket address.
    let url = Url::parse_with_zone("coap://[fe80::1%254294967296]/", &mut arena).unwrap();
    assert_eq!(url.socket_addr(), None);
    // The largest u32 is an index.
    let url = Url::parse_with_zone("coap://[fe80::1%254294967295]/", &mut arena).unwrap();
    assert_eq!(
        url.socket_addr(),
        Some("[fe80::1%4294967295]:5683".parse().unwrap())
    );
    // `%33` is `3` percent-encoded (RFC 3986 §2.3): the same zone as `%253`.
    let url = Url::parse_with_zone("coap://[fe80::1%25%33]/", &mut arena).unwrap();
    assert_eq!(url.socket_addr(), Some("[fe80::1%3]:5683".parse().unwrap()));
}

#[test]
fn rejected_zones() {
    let invalid = ParseErrorKind::Ipv6InvalidCodePoint;
    for (input, position) in [
        // `%25` with an empty zone: at the `]`.
        ("coap://[fe80::1%25]/", 18),
        // Characters outside unreserved / pct-encoded.
        ("coap://[fe80::1%25wl!an0]/", 20),
        ("coap://[fe80::1%25wl an0]/", 20),
        ("coap://[fe80::1%25wl%2]/", 22),
        ("coap://[fe80::1%25wl%zz]/", 21),
        ("coap://[fe80::1%25é]/", 18),
        // `%` not followed by `25`: the standard parser's error (at the `%`).
        ("coap://[fe80::1%wlan0]/", 15),
        ("coap://[fe80::1%2]/", 15),
        ("coap://[fe80::1%]/", 15),
        // A tab inside the zone: not looked for, the standard parser's error.
        ("coap://[fe80::1%25wl\tan0]/", 15),
    ] {
        let e = with_zone(input).unwrap_err();
        assert_eq!(parse_error(e), (invalid, position), "{input}");
    }
    // An `@` ends the credentials for the standard, before any zone: its error.
    let input = "coap://[fe80::1%25wl@an0]/";
    let mut a = [0u8; 64];
    assert_eq!(
        with_zone(input).unwrap_err(),
        Url::parse(input, &mut a).unwrap_err()
    );
    // A bad address with a good zone: the standard's error, at its place in the input.
    let e = with_zone("coap://[fe80::1::2%25x]/").unwrap_err();
    assert_eq!(parse_error(e).0, ParseErrorKind::Ipv6MultipleCompression);
    let e = with_zone("coap://[fe80::1%25x]:99999/").unwrap_err();
    // At the digit that takes the port past 65535.
    assert_eq!(parse_error(e), (ParseErrorKind::PortOutOfRange, 25));
}

#[test]
fn zones_only_on_ipv6_literals() {
    // Special schemes: `%25` in an IPv4 address or a domain fails as in the standard.
    for input in ["http://192.0.2.1%25eth0/", "http://example.com%25eth0/"] {
        let mut a = [0u8; 64];
        let standard = Url::parse(input, &mut a).unwrap_err();
        assert!(matches!(standard, Error::Parse(_)));
        assert_eq!(with_zone(input).unwrap_err(), standard, "{input}");
    }
    // Non-special: the standard keeps it as an opaque host; it is no zone.
    let mut arena = [0u8; 64];
    let url = Url::parse_with_zone("coap://192.0.2.1%25eth0/", &mut arena).unwrap();
    assert_eq!(url.host(), Some(Host::Opaque("192.0.2.1%25eth0")));
    assert_eq!(url.ipv6_zone(), None);
    assert_eq!(url.ip_addr(), None);
    // A bracket in the path or after an empty authority is not a host.
    for input in [
        "coap:///[fe80::1%25x]",
        "coap://h/[fe80::1%25x]",
        "coap:[::1%25x]",
    ] {
        let mut a = [0u8; 64];
        let standard = Url::parse(input, &mut a).unwrap().as_str().to_owned();
        assert_eq!(with_zone(input).unwrap(), standard, "{input}");
    }
}

#[test]
fn without_a_zone_same_as_parse() {
    for input in [
        "coap://[fe80::1]/",
        "HTTP://EXAMPLE.com/a/../b",
        "http://[::1",
        "not a url",
        "mailto:x%25y",
        "coap://h/%25x",
        "",
    ] {
        let mut a = [0u8; 64];
        let standard = Url::parse(input, &mut a).map(|u| u.as_str().to_owned());
        assert_eq!(with_zone(input), standard, "{input}");
    }
}

#[test]
fn setters_on_a_zoned_url() {
    let mut a = [0u8; 64];
    let url = Url::parse_with_zone("coap://[fe80::1%25x]/a", &mut a).unwrap();
    // The setters that keep the host take it as written when they parse their result
    // again: the zone stays.
    let cases: [(&str, &str, &str); 7] = [
        ("pathname", "/b", "coap://[fe80::1%25x]/b"),
        ("search", "q=1", "coap://[fe80::1%25x]/a?q=1"),
        ("hash", "f", "coap://[fe80::1%25x]/a#f"),
        ("port", "5683", "coap://[fe80::1%25x]:5683/a"),
        ("username", "u", "coap://u@[fe80::1%25x]/a"),
        ("password", "p", "coap://:p@[fe80::1%25x]/a"),
        ("protocol", "coaps", "coaps://[fe80::1%25x]/a"),
    ];
    for (setter, value, want) in cases {
        let mut b = [0u8; 64];
        let edited = match setter {
            "pathname" => url.set_pathname(value, &mut b),
            "search" => url.set_search(value, &mut b),
            "hash" => url.set_hash(value, &mut b),
            "port" => url.set_port(value, &mut b),
            "username" => url.set_username(value, &mut b),
            "password" => url.set_password(value, &mut b),
            _ => url.set_protocol(value, &mut b),
        }
        .unwrap();
        assert_eq!(edited.as_str(), want, "{setter}");
        assert_eq!(edited.ipv6_zone(), Some("x"), "{setter}");
        assert_eq!(edited.hostname(), "[fe80::1%25x]", "{setter}");
    }
    // A new host with a zone does not parse: the host setters leave the URL as it is, as
    // the standard's do with any host that does not parse; `set_href` fails.
    for new in ["[fe80::2%25y]", "[fe80::2%25y]:1"] {
        let mut b = [0u8; 64];
        assert_eq!(url.set_host(new, &mut b).unwrap().as_str(), url.as_str());
        assert_eq!(
            url.set_hostname(new, &mut b).unwrap().as_str(),
            url.as_str()
        );
        let href = format!("coap://{new}/a");
        assert!(url.set_href(&href, &mut b).is_err());
    }
    // Replacing the host is fine (the zone goes with it).
    let mut b = [0u8; 64];
    assert_eq!(
        url.set_hostname("h", &mut b).unwrap().as_str(),
        "coap://h/a"
    );
}

#[test]
fn needed_always_suffices() {
    for input in [
        "coap://[fe80::1%25wlan0]/",
        "coap://[FE80:0:0:0:0:0:0:1%25wlan0]/a/../b",
        "coap://[::1%25aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa]",
        "http:[fe80::1%25x]",
        "coap://[fe80::1%25x]/\t\t\t\tä ö",
        "  https://[fe80::1%25x]/ü?ü#ü  ",
    ] {
        let mut full = vec![0u8; 1024];
        let expected = Url::parse_with_zone(input, &mut full)
            .unwrap()
            .as_str()
            .to_owned();
        for size in 0..expected.len() + input.len() + 8 {
            let mut arena = vec![0u8; size];
            match Url::parse_with_zone(input, &mut arena) {
                Ok(url) => assert_eq!(url.as_str(), expected, "{input} in {size}"),
                Err(Error::ArenaTooSmall { needed }) => {
                    assert!(needed > size, "{input} in {size}: needed {needed}");
                    let mut arena = vec![0u8; needed];
                    let url = Url::parse_with_zone(input, &mut arena)
                        .unwrap_or_else(|e| panic!("{input} in {size}, retry {needed}: {e}"));
                    assert_eq!(url.as_str(), expected);
                }
                Err(e) => panic!("{input} in {size}: {e}"),
            }
        }
    }
}

fn zone_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[A-Za-z0-9._~-]{1,8}",
        "[A-Za-z0-9._~%-]{0,8}",
        any::<u32>().prop_map(|n| n.to_string()),
        "\\PC{0,6}",
    ]
}

fn valid_zone(z: &str) -> bool {
    let b = z.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_alphanumeric() || b"-._~".contains(&b[i]) {
            i += 1;
        } else if b[i] == b'%'
            && b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
        {
            i += 3;
        } else {
            return false;
        }
    }
    !b.is_empty()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// Generated zoned URLs: no panic; a valid zone is accepted with the address
    /// compressed (as `Ipv6Addr`'s Display writes it) and the zone as written, the href
    /// reparses to itself, and the standard parser refuses it; an invalid zone is refused.
    #[test]
    fn zoned_urls(
        scheme in prop::sample::select(vec!["coap", "coaps", "mqtt", "http", "HTTPS", "ws", "file", "x-y"]),
        user in prop::option::of("[a-z@:%]{0,4}"),
        address in any::<u128>(),
        zone in zone_text(),
        port in prop::option::of(any::<u16>()),
        rest in "[/?#a-z%\t .]{0,12}",
    ) {
        let address = Ipv6Addr::from(address);
        let user = match (&user, scheme) {
            (_, "file") | (None, _) => String::new(),
            (Some(u), _) => format!("{u}@"),
        };
        let port = match (port, scheme) {
            (_, "file") | (None, _) => String::new(),
            (Some(p), _) => format!(":{p}"),
        };
        let input = format!("{scheme}://{user}[{address}%25{zone}]{port}{rest}");
        let result = with_zone(&input);
        // The zone ends at the first `]`: with one in the generated text, what follows
        // it belongs to the rest of the URL, not to the zone.
        let (zone, cut) = match zone.find(']') {
            Some(end) => (zone[..end].to_owned(), true),
            None => (zone, false),
        };
        if !valid_zone(&zone) {
            // Refused, or (a `@`, `/`, `?` or `#` in the "zone") not a zone at all to the
            // standard, which then reads the input its own way.
            let mut b = vec![0u8; 4096];
            let standard = Url::parse(&input, &mut b).map(|u| u.as_str().to_owned());
            prop_assert!(result.is_err() || result == standard, "{input:?} -> {result:?}");
        } else if rest.is_empty() && !cut {
            // Nothing after the host but a valid port: always accepted.
            prop_assert!(result.is_ok(), "{input:?} -> {result:?}");
        }
        if let (true, Ok(href)) = (valid_zone(&zone), result) {
            let mut a = vec![0u8; href.len() + 64];
            let url = Url::parse_with_zone(&href, &mut a).unwrap();
            prop_assert_eq!(url.as_str(), href.as_str());
            prop_assert!(url.check().is_ok());
            prop_assert_eq!(url.ipv6_zone(), Some(zone.as_str()));
            prop_assert_eq!(url.host(), Some(Host::Ipv6(address)));
            let host = format!("[{address}%25{zone}]");
            prop_assert_eq!(url.host_str(), Some(host.as_str()));
            let mut b = vec![0u8; href.len() + 64];
            prop_assert!(Url::parse(&href, &mut b).is_err());
            // The origin leaves the zone out (RFC 6874 §4): it serializes as the URL's
            // without the zone, and is the same origin.
            let plain = href.replacen(&format!("%25{zone}]"), "]", 1);
            let mut c = vec![0u8; href.len() + 64];
            let unzoned = Url::parse(&plain, &mut c).unwrap();
            let (origin, unzoned) = (url.origin(), unzoned.origin());
            prop_assert_eq!(origin.to_string(), unzoned.to_string());
            #[cfg(feature = "idna")]
            {
                let mut d = vec![0u8; href.len() + 64];
                let mut e = vec![0u8; href.len() + 64];
                prop_assert_eq!(
                    origin.unicode_serialization(&mut d),
                    unzoned.unicode_serialization(&mut e)
                );
            }
            prop_assert_eq!(origin.is_same_origin(&unzoned), !unzoned.is_opaque());
        }
    }

    /// Any input: no panic, and what is accepted reparses to itself (and equals the
    /// standard's result when there is no zone).
    #[test]
    fn any_input(prefix in prop::sample::select(vec!["coap://[", "http://[", "coap://a@[::1", "x:", ""]),
                 body in "\\PC{0,24}") {
        let input = format!("{prefix}{body}");
        if let Ok(href) = with_zone(&input) {
            let mut a = vec![0u8; href.len() + 64];
            let url = Url::parse_with_zone(&href, &mut a).unwrap();
            prop_assert_eq!(url.as_str(), href.as_str());
            prop_assert!(url.check().is_ok());
            if url.ipv6_zone().is_none() {
                let mut b = vec![0u8; 4096];
                let standard = Url::parse(&input, &mut b).map(|u| u.as_str().to_owned());
                prop_assert_eq!(standard, Ok(href.clone()));
            }
        }
    }
}

#[test]
fn relative_references_against_a_zoned_base() {
    let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    let base = Url::parse_with_zone("coap://[fe80::1%25wlan0]/sensors/", &mut a).unwrap();
    let url = base.join("temp?u=c", &mut b).unwrap();
    assert_eq!(url.as_str(), "coap://[fe80::1%25wlan0]/sensors/temp?u=c");
    assert_eq!(url.ipv6_zone(), Some("wlan0"));
    assert_eq!(url.query(), Some("u=c"));
    url.check().unwrap();
    let mut c = [0u8; 64];
    let other = base.join("//[fe80::2]/x", &mut c).unwrap();
    assert_eq!(other.ipv6_zone(), None);
}
