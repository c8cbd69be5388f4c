//! The firmware layer's outputs on the wire: each reproducer of a request that broke, a secret
//! that leaked or a limit that was not kept, with the answer the RFCs give.

use microurl::coap::{self, CoapOption};
use microurl::mqtt::Transport;
use microurl::{NetError, SchemeKind, ServerName, Url};

fn parse(input: &str) -> Url<'static> {
    let input: &'static str = Box::leak(input.to_owned().into_boxed_str());
    let arena = Box::leak(vec![0u8; 4 * input.len() + 64].into_boxed_slice());
    Url::parse(input, arena).unwrap()
}

fn zoned(input: &str) -> Url<'static> {
    let input: &'static str = Box::leak(input.to_owned().into_boxed_str());
    let arena = Box::leak(vec![0u8; 4 * input.len() + 64].into_boxed_slice());
    Url::parse_with_zone(input, arena).unwrap()
}

fn absolute(url: &Url<'_>) -> Result<String, NetError> {
    let mut buf = [0u8; 1024];
    url.absolute_form_into(&mut buf).map(str::to_owned)
}

fn host_header(url: &Url<'_>) -> Result<String, NetError> {
    let mut buf = [0u8; 1024];
    url.host_header_into(&mut buf).map(str::to_owned)
}

fn authority(url: &Url<'_>) -> Result<String, NetError> {
    let mut buf = [0u8; 1024];
    url.authority_form_into(&mut buf).map(str::to_owned)
}

/// RFC 9110 §4.2.4: a sender must not send userinfo; RFC 9112 §3.2.2: no fragment.
#[test]
fn absolute_form_sends_no_credentials() {
    let url = parse("http://user:secret@h/x#f");
    assert_eq!(absolute(&url), Ok("http://h/x".into()));
    let url = parse("https://user@example.com:8443/a?b");
    assert_eq!(absolute(&url), Ok("https://example.com:8443/a?b".into()));
    let url = parse("ftp://:pw@h/");
    assert_eq!(absolute(&url), Ok("ftp://h/".into()));
}

/// A space or a control on the request line ends the target: refused, as origin-form is.
#[test]
fn absolute_form_refuses_a_second_request_line() {
    let url = parse("sc:GET / HTTP/1.1");
    assert_eq!(url.request_target(), Err(NetError::OpaquePath));
    assert_eq!(
        absolute(&url),
        Err(NetError::UnsafeByte { position: 6 }),
        "the space after `sc:GET`"
    );
    // An opaque path without a space is an absolute-URI (RFC 3986 §4.3).
    let url = parse("mailto:a@b.example");
    assert_eq!(absolute(&url), Ok("mailto:a@b.example".into()));
    // `/.` keeps a path starting with `//` from reading as a host.
    let url = parse("web+demo:/.//not-a-host/");
    assert_eq!(absolute(&url), Ok("web+demo:/.//not-a-host/".into()));
}

#[test]
fn absolute_form_reports_the_exact_size() {
    let url = parse("http://u:p@h/x");
    let mut small = [0u8; 9];
    assert_eq!(
        url.absolute_form_into(&mut small),
        Err(NetError::Url(microurl::Error::ArenaTooSmall { needed: 10 }))
    );
}

/// RFC 6066 §3: "The hostname is represented ... without a trailing dot."
#[test]
fn sni_has_no_trailing_dot() {
    let url = parse("https://example.com./");
    assert_eq!(url.server_name(), Ok(ServerName::Dns("example.com")));
    // The URL keeps it (the absolute DNS name, for a resolver with a search list).
    assert_eq!(url.host_str(), Some("example.com."));
    let url = parse("mqtts://broker.example./");
    assert_eq!(
        url.mqtt_broker().map(|b| b.server),
        Ok(ServerName::Dns("broker.example"))
    );
    // An empty label is no DNS name.
    let url = parse("http://a..b/");
    assert_eq!(
        url.server_name(),
        Err(NetError::HostNotAName { position: 2 })
    );
    // `a.` once the root dot is dropped: its empty label ends at that dot.
    let url = parse("mqtt://a../");
    assert_eq!(
        url.server_name(),
        Err(NetError::HostNotAName { position: 2 })
    );
}

/// RFC 6874 §4: the zone is not sent in `Host`, nor in any request-target.
#[test]
fn ipv6_zone_stays_on_the_device() {
    let url = zoned("http://[fe80::1%25eth0]:8080/");
    assert_eq!(host_header(&url), Ok("[fe80::1]:8080".into()));
    assert_eq!(authority(&url), Ok("[fe80::1]:8080".into()));
    assert_eq!(absolute(&url), Ok("http://[fe80::1]:8080/".into()));
    assert_eq!(url.request_target(), Ok("/"));
    let url = zoned("http://u:p@[fe80::1%25eth0]/a#f");
    assert_eq!(host_header(&url), Ok("[fe80::1]".into()));
    assert_eq!(authority(&url), Ok("[fe80::1]:80".into()));
    assert_eq!(absolute(&url), Ok("http://[fe80::1]/a".into()));
}

/// A zone that is no interface index gives no socket address, never scope 0.
#[test]
fn socket_addr_never_guesses_a_scope() {
    assert_eq!(zoned("coap://[fe80::1%254294967296]/").socket_addr(), None);
    assert_eq!(
        zoned("coap://[fe80::1%25%33]/").socket_addr(),
        Some("[fe80::1%3]:5683".parse().unwrap())
    );
    assert_eq!(zoned("coap://[fe80::1%25eth0]/").socket_addr(), None);
    assert_eq!(
        zoned("coap://[fe80::1]/").socket_addr(),
        Some("[fe80::1]:5683".parse().unwrap())
    );
}

/// RFC 7252 §5.10: Uri-Path and Uri-Query values are 0-255 bytes, Uri-Host 1-255.
#[test]
fn coap_option_lengths() {
    let x = |n| "x".repeat(n);
    let url = parse(&format!("coap://h/{}", x(300)));
    assert_eq!(
        url.coap_options().err(),
        Some(NetError::OptionTooLong {
            number: coap::URI_PATH
        })
    );
    let url = parse(&format!("coap://h/a?{}", x(256)));
    assert_eq!(
        url.coap_options().err(),
        Some(NetError::OptionTooLong {
            number: coap::URI_QUERY
        })
    );
    let url = parse(&format!("coap://{}/", x(256)));
    assert_eq!(
        url.coap_options().err(),
        Some(NetError::OptionTooLong {
            number: coap::URI_HOST
        })
    );
    // Decoded lengths: 255 `%41` are 255 bytes.
    let url = parse(&format!("coap://h/{}?{}", "%41".repeat(255), x(255)));
    let options: Vec<_> = url.coap_options().unwrap().collect();
    assert_eq!(options.len(), 3);
    assert!(matches!(options[1], CoapOption::UriPath(_)));
    let url = parse(&format!("coap://{}/", x(255)));
    assert_eq!(url.coap_options().unwrap().count(), 1);
}

/// RFC 7252 §5.4.5: a repeated Uri-Host or Uri-Port is an unrecognized critical option.
#[test]
fn coap_repeated_host_or_port_refused() {
    let dest = "192.0.2.1:5683".parse().unwrap();
    let mut buf = [0u8; 256];
    let two_hosts: [(u16, &[u8]); 2] = [
        (coap::URI_HOST, b"allowed.example"),
        (coap::URI_HOST, b"internal.example"),
    ];
    assert_eq!(
        coap::url_from_options(SchemeKind::Coap, dest, two_hosts, &mut buf).err(),
        Some(NetError::BadOption {
            number: coap::URI_HOST
        })
    );
    let two_ports: [(u16, &[u8]); 2] = [(coap::URI_PORT, &[1]), (coap::URI_PORT, &[2])];
    assert_eq!(
        coap::url_from_options(SchemeKind::Coap, dest, two_ports, &mut buf).err(),
        Some(NetError::BadOption {
            number: coap::URI_PORT
        })
    );
    let long = vec![b'x'; 256];
    let long_path: [(u16, &[u8]); 1] = [(coap::URI_PATH, &long)];
    assert_eq!(
        coap::url_from_options(SchemeKind::Coap, dest, long_path, &mut buf).err(),
        Some(NetError::OptionTooLong {
            number: coap::URI_PATH
        })
    );
    // One of each is a request.
    let one: [(u16, &[u8]); 3] = [
        (coap::URI_HOST, b"allowed.example"),
        // 5683, the default: no port in the URL.
        (coap::URI_PORT, &[0x16, 0x33]),
        (coap::URI_PATH, b"a"),
    ];
    let url = coap::url_from_options(SchemeKind::Coap, dest, one, &mut buf).unwrap();
    assert_eq!(url.as_str(), "coap://allowed.example/a");
}

/// RFC 7252 §6.5 step 2 and §5.10.1: a Uri-Host that is an IP-literal is the URL's host
/// (the URL Standard's IPv6 serialization), not a name with its brackets and colons
/// percent-encoded; one that starts with `[` but holds no IPv6 address (an IPvFuture, a
/// zone, an IPv4 address) gives no URL. Such a URL gives no Uri-Host back (§6.4 step 5:
/// an IP-literal host is the destination's).
#[test]
fn coap_uri_host_ip_literal() {
    let dest = "192.0.2.1:5683".parse().unwrap();
    for (host, want) in [
        (&b"[2001:db8::1]"[..], "coap://[2001:db8::1]/a"),
        (b"[2001:DB8:0:0::1]", "coap://[2001:db8::1]/a"),
        (b"[::ffff:192.0.2.1]", "coap://[::ffff:c000:201]/a"),
    ] {
        let mut buf = [0u8; 256];
        let options: [(u16, &[u8]); 2] = [(coap::URI_HOST, host), (coap::URI_PATH, b"a")];
        let url = coap::url_from_options(SchemeKind::Coap, dest, options, &mut buf).unwrap();
        assert_eq!(url.as_str(), want);
        assert_eq!(url.host_kind(), microurl::HostKind::Ipv6);
        let hosts = url
            .coap_options()
            .unwrap()
            .filter(|o| o.number() == coap::URI_HOST)
            .count();
        assert_eq!(hosts, 0, "{want}");
    }
    for host in [
        &b"[v7.x]"[..],
        b"[fe80::1%25eth0]",
        b"[1.2.3.4]",
        b"[::1",
        b"[]",
    ] {
        let mut buf = [0u8; 256];
        let options: [(u16, &[u8]); 1] = [(coap::URI_HOST, host)];
        assert_eq!(
            coap::url_from_options(SchemeKind::Coap, dest, options, &mut buf).err(),
            Some(NetError::BadOption {
                number: coap::URI_HOST
            }),
            "{}",
            String::from_utf8_lossy(host)
        );
    }
}

/// RFC 7617 §2: the user-id cannot hold a `:`, and neither part a control character.
#[test]
fn basic_credentials() {
    let (mut u, mut p) = ([0u8; 32], [0u8; 32]);
    let url = parse("http://ad%3Amin:x@h/");
    assert_eq!(
        url.credentials_into(&mut u, &mut p),
        Err(NetError::BadCredentials)
    );
    let url = parse("http://admin:x%0D%0Ay@h/");
    assert_eq!(
        url.credentials_into(&mut u, &mut p),
        Err(NetError::BadCredentials)
    );
    // A `:` in the password is the password's (the first `:` splits).
    let url = parse("http://admin:a%3Ab@h/");
    assert_eq!(
        url.credentials_into(&mut u, &mut p),
        Ok(Some((&b"admin"[..], &b"a:b"[..])))
    );
}

/// MQTT 3.1.1 §1.5.3: a UTF-8 string without U+0000; the password is binary data.
#[test]
fn mqtt_usernames_are_mqtt_strings() {
    for bad in [
        "mqtt://a%00b@h/",
        "mqtt://%FF@h/",
        "mqtt://%C3@h/",
        "mqtt://%ED%A0%80@h/",
    ] {
        assert_eq!(
            parse(bad).mqtt_broker(),
            Err(NetError::BadCredentials),
            "{bad}"
        );
    }
    // UTF-8 across the decoding window, and a `:` (usernames such as `vhost:user`).
    let long = format!("mqtt://{}%C3%B6:u@h/", "a".repeat(31));
    assert!(parse(&long).mqtt_broker().is_ok());
    assert!(parse("mqtt://vhost:user:pw@h/").mqtt_broker().is_ok());
    // Binary data: any byte.
    let b = parse("mqtt://u:%00%FF@h/").mqtt_broker().unwrap();
    let mut buf = [0u8; 4];
    assert_eq!(
        b.password.unwrap().decode_into(&mut buf),
        Ok(&[0, 0xFF][..])
    );
    // At most 65,535 bytes.
    let long = format!("mqtt://{}@h/", "a".repeat(65_536));
    assert_eq!(parse(&long).mqtt_broker(), Err(NetError::BadCredentials));
    let max = format!("mqtt://{}@h/", "a".repeat(65_535));
    assert!(parse(&max).mqtt_broker().is_ok());
}

/// A `,` reads as two `Host` values (RFC 9110 §5.3), a `"` is outside `reg-name`.
#[test]
fn host_header_only_reg_name() {
    let url = parse("http://a,b/");
    assert_eq!(url.host_str(), Some("a,b"));
    assert_eq!(host_header(&url), Err(NetError::UnsafeByte { position: 8 }));
    assert_eq!(authority(&url), Err(NetError::UnsafeByte { position: 8 }));
    let url = parse("http://a\"b/");
    assert_eq!(host_header(&url), Err(NetError::UnsafeByte { position: 8 }));
    let url = parse("sc://a{b/");
    assert_eq!(host_header(&url), Err(NetError::UnsafeByte { position: 6 }));
    let url = parse("file:///x");
    assert_eq!(host_header(&url), Err(NetError::NoHost));
    let url = parse("sc://h!$&'()*+;=~/");
    assert_eq!(host_header(&url), Ok("h!$&'()*+;=~".into()));
    let url = parse("sc://h:99/");
    assert_eq!(host_header(&url), Ok("h:99".into()));
}

/// The broker's name as written: an international opaque host is no ASCII name, the case
/// is kept.
#[test]
fn broker_names() {
    let url = parse("mqtt://bröker.local");
    assert_eq!(url.host_str(), Some("br%C3%B6ker.local"));
    assert_eq!(
        url.mqtt_broker(),
        Err(NetError::HostNotAName { position: 2 })
    );
    let url = parse("mqtt://Broker.LOCAL");
    let b = url.mqtt_broker().unwrap();
    assert_eq!(b.server, ServerName::Dns("Broker.LOCAL"));
    assert_eq!(b.transport, Transport::Tcp);
    // A special scheme's domain goes through IDNA in the parser.
    #[cfg(feature = "idna")]
    assert_eq!(
        parse("wss://bröker.local/mqtt").server_name(),
        Ok(ServerName::Dns("xn--brker-kua.local"))
    );
}

/// Parts and serializations changed by hand, as a struct restored from storage may be:
/// each refused by `from_parts`, so no helper answers for them.
#[test]
fn tampered_parts_are_refused() {
    use microurl::{HostKind, UrlParts};
    let url = parse("http://example.com:8080/ab?q");
    let (href, parts) = (url.as_str(), url.parts());
    assert_eq!(Url::from_parts(href, parts), Ok(url));
    // Path bytes `ab` turned into CR LF: the offsets still fit.
    let crlf_path = href.replace("/ab", "/\r\n");
    assert!(Url::from_parts(&crlf_path, parts).is_err());
    // Host bytes turned into CR LF.
    let crlf_host = href.replace("example.com", "\r\nample.com");
    assert!(Url::from_parts(&crlf_host, parts).is_err());
    // A port the serialization does not hold.
    let port = UrlParts {
        port: Some(22),
        ..parts
    };
    assert!(Url::from_parts(href, port).is_err());
    // A host kind of Domain over an opaque host a resolver reads as an address.
    let url = parse("mqtt://127.1/");
    let domain = UrlParts {
        host_kind: HostKind::Domain,
        ..url.parts()
    };
    assert!(Url::from_parts(url.as_str(), domain).is_err());
    // The validation errors are the original parse's and are kept as given.
    let url = parse("HTTP:h/");
    let kept = Url::from_parts(url.as_str(), url.parts()).map(|u| u.parts().validation);
    assert_eq!(kept, Ok(url.parts().validation));
    #[cfg(feature = "validation-errors")]
    assert!(!url.parts().validation.is_empty());
}

/// A URL with a zone goes through `from_parts` too, and a changed zone or address does not.
#[test]
fn zoned_parts() {
    for input in [
        "coap://[fe80::1%25wlan0]/temp",
        "http://u:p@[fe80::1%2542]:8080/a?b#c",
        "coap://[fe80::1%25a-._~%2F9]",
    ] {
        let url = zoned(input);
        assert_eq!(
            Url::from_parts(url.as_str(), url.parts()),
            Ok(url),
            "{input}"
        );
    }
    let url = zoned("coap://[fe80::1%25wlan0]/temp");
    let (href, parts) = (url.as_str(), url.parts());
    for bad in [
        href.replace("wlan0", "wl\r\n0"),
        href.replace("wlan0", "wl n0"),
        href.replace("fe80::1", "FE80::1"),
        href.replace("fe80::1", "fe80:0:1"),
        href.replace("%25", "%2F"),
        href.replace("coap", "COAP"),
        href.replace("temp", "te p"),
        // The host's `]` changed: the host as written would run on past the zone.
        href.replace("]/", "A/"),
    ] {
        assert!(Url::from_parts(&bad, parts).is_err(), "{bad:?}");
    }
}

/// A zoned `file` URL comes back from its parts exactly when `parse_with_zone` writes that
/// serialization with those parts: never with credentials or a port (a `file` URL cannot
/// have them), nor with a drive letter `C|` (a parse writes `C:`). The parts are an `http`
/// URL's, the scheme swapped for `file` (four letters each: the offsets stay).
#[test]
fn zoned_file_parts_are_what_a_parse_writes() {
    for input in [
        "http://u@[fe80::1%25x]/",
        "http://u:p@[fe80::1%25x]/",
        "http://:p@[fe80::1%25x]/a",
        "http://[fe80::1%25x]:8080/",
        "http://[fe80::1%25x]/C|/",
        "http://[fe80::1%25x]/c|",
        "http://[fe80::1%25x]/C:/",
        "http://[fe80::1%25x]/x/C|",
        "http://[fe80::1%25x]/x?q#f",
    ] {
        let url = zoned(input);
        let href = url.as_str().replacen("http", "file", 1);
        let mut arena = [0u8; 128];
        let parsed = Url::parse_with_zone(&href, &mut arena);
        let writes = parsed.is_ok_and(|u| u.as_str() == href && u.parts() == url.parts());
        let from_parts = Url::from_parts(&href, url.parts());
        assert_eq!(from_parts.is_ok(), writes, "{href}: {from_parts:?}");
    }
}

/// `url!`'s constructor takes its parts unchecked: whatever they are, the getters and
/// `check` answer without a panic.
#[test]
fn unchecked_parts_never_panic() {
    use microurl::{HostKind, UrlParts, ValidationErrors};
    let kinds = [
        HostKind::None,
        HostKind::Empty,
        HostKind::Domain,
        HostKind::Opaque,
        HostKind::Ipv4,
        HostKind::Ipv6,
    ];
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |n: u32| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % u64::from(n)) as u32
    };
    for s in [
        "",
        "a:",
        "a:b",
        "http://[::1]/",
        "http://h/?q#f",
        "x://u:p@[::1]:1/p?q#f",
    ] {
        let n = s.len() as u32 + 3;
        for _ in 0..20_000 {
            let parts = UrlParts {
                scheme_end: next(n),
                username_end: next(n),
                host_start: next(n),
                host_end: next(n),
                path_start: next(n),
                query_start: (next(2) == 0).then(|| next(n)),
                fragment_start: (next(2) == 0).then(|| next(n)),
                port: (next(2) == 0).then(|| next(65_536) as u16),
                host_kind: kinds[next(6) as usize],
                validation: ValidationErrors::EMPTY,
            };
            let url = Url::__from_canonical_parts(s, parts);
            let _ = (
                url.check(),
                url.host(),
                url.host_str(),
                url.hostname(),
                url.port(),
            );
            let _ = (
                url.username(),
                url.password(),
                url.path(),
                url.query(),
                url.fragment(),
            );
            let _ = (url.origin(), url.to_string(), format!("{url:?}"));
        }
    }
}

/// Every URL of the WPT corpus, and its href parsed again, comes back from its parts: the
/// full check refuses no URL the parser made.
#[test]
fn every_parsed_url_comes_back_from_its_parts() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/urltestdata.json"
    ))
    .unwrap();
    let cases: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut n = 0;
    for case in cases.as_array().unwrap() {
        let Some(input) = case.get("input").and_then(|v| v.as_str()) else {
            continue;
        };
        let base = case.get("base").and_then(|v| v.as_str());
        let mut base_arena = vec![0u8; 4 * base.map_or(0, str::len) + 64];
        let base = match base.map(|b| Url::parse(b, &mut base_arena)) {
            Some(Ok(b)) => Some(b),
            Some(Err(_)) => continue,
            None => None,
        };
        let mut arena = vec![0u8; 8 * input.len() + 256];
        let Ok(url) = Url::parse_with_base(input, base.as_ref(), &mut arena) else {
            continue;
        };
        assert_eq!(
            Url::from_parts(url.as_str(), url.parts()),
            Ok(url),
            "{input:?}"
        );
        n += 1;
    }
    assert!(n > 500, "{n}");
}
