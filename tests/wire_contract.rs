//! The firmware layer's wire contracts, on generated URLs: each helper's output holds only
//! the bytes its documentation allows, drops what it says it drops, and refuses only with
//! the errors it names, at the byte it names.
//!
//! Cases per property: `PROPTEST_CASES` (a few thousand by default, so the file runs in
//! seconds; raise it for a soak).

use microurl::coap::{self, CoapOption};
use microurl::percent::decode;
use microurl::{HostKind, NetError, SchemeKind, ServerName, Url};
use proptest::prelude::*;

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// Text with what breaks a wire: controls, spaces, `,` `"` `{` and percent escapes of them.
fn text(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => "[a-zA-Z0-9._~-]",
            2 => prop::sample::select(vec![
                " ", "\t", "\r", "\n", "\0", "\u{7f}", ",", "\"", "{", "}", "|", "^", "`", "'",
                ":", "@", "!", "$", "&", "(", ")", "*", "+", ";", "=", "[", "]", "\\", "<", ">",
                "é", "%", "%00", "%0D%0A", "%3A", "%20", "%FF", "%C3%B6", "%2C", "%22", "/",
                "?", ".", "..",
            ])
            .prop_map(str::to_owned),
        ],
        0..max,
    )
    .prop_map(|v| v.concat())
}

fn host() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => "[a-zA-Z0-9-]{1,8}(\\.[a-zA-Z0-9-]{1,8}){0,2}\\.?",
        2 => text(10),
        1 => prop::sample::select(vec![
            "127.0.0.1", "127.1", "0x7f.1", "017.0.0.1", "[::1]", "[fe80::1%25eth0]",
            "[fe80::1%253]", "[fe80::1%25%33]", "[fe80::1%254294967296]", "[FE80:0::1%25a-._~]",
            "[::ffff:1.2.3.4]", "a..b", ".", "a.", "xn--brker-kua.local", "bröker.local", "",
        ])
        .prop_map(str::to_owned),
        1 => "[a-z]{250,260}",
        // Numbers in the forms C resolvers read (inet_aton: octal, hex, fewer parts), and
        // near misses.
        1 => prop::collection::vec(
            prop::sample::select(vec![
                "0", "0x", "0X1f", "0x7f", "017", "08", "255", "256", "4294967295",
                "4294967296", "1e2", "a", "0xg", "00", "1",
            ]),
            1..6,
        )
        .prop_flat_map(|parts| (Just(parts.join(".")), prop::bool::ANY))
        .prop_map(|(h, dot)| if dot { h + "." } else { h }),
        // Zones of every kind a scope id may or may not be read from: decimal (up to and
        // past u32::MAX), escaped digits, names.
        1 => "\\[fe80::1%25([0-9]{1,11}|(%3[0-9]){1,3}|[a-z0-9._~-]{1,5})(%3[0-9]|[0-9])?\\]",
    ]
}

fn url_string() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![
            "http",
            "https",
            "ws",
            "wss",
            "ftp",
            "file",
            "mqtt",
            "mqtts",
            "coap",
            "coaps+tcp",
            "coap+ws",
            "sc",
        ]),
        prop::option::of((text(6), prop::option::of(text(6)))),
        prop::option::of(host()),
        prop::option::of(prop_oneof![Just(0u32), 1u32..70000]),
        prop::collection::vec(prop_oneof![4 => text(8), 1 => "[a-z]{250,260}"], 0..4),
        prop::option::of(prop_oneof![4 => text(10), 1 => "[a-z&=]{250,300}"]),
        prop::option::of(text(6)),
    )
        .prop_map(
            |(scheme, userinfo, host, port, segments, query, fragment)| {
                let mut s = format!("{scheme}:");
                if let Some(h) = host {
                    s += "//";
                    if let Some((u, p)) = userinfo {
                        s += &u;
                        if let Some(p) = p {
                            s += ":";
                            s += &p;
                        }
                        s += "@";
                    }
                    s += &h;
                    if let Some(p) = port {
                        s += &format!(":{p}");
                    }
                    s += "/";
                }
                s += &segments.join("/");
                if let Some(q) = query {
                    s += "?";
                    s += &q;
                }
                if let Some(f) = fragment {
                    s += "#";
                    s += &f;
                }
                s
            },
        )
}

/// Whether glibc's `inet_aton` reads `name` as an IPv4 address (and so would
/// `getaddrinfo` with or without `AI_NUMERICHOST`): one to four parts separated by `.`,
/// each starting with a digit, hexadecimal after `0x`, octal after `0`, decimal otherwise,
/// each but the last at most 255, the last filling the bytes left; then the end of the
/// string or a space. (glibc reads a part with `strtoul(.., 0)`; the cases of
/// `inet_aton_reads_what_glibc_reads` are glibc 2's answers, run in C.)
fn inet_aton_reads(name: &str) -> bool {
    let b = name.as_bytes();
    let (mut i, mut parts) = (0, Vec::new());
    loop {
        if !b.get(i).is_some_and(u8::is_ascii_digit) {
            return false;
        }
        let mut base = 10;
        if b[i] == b'0' {
            i += 1;
            base = 8;
            if matches!(b.get(i), Some(b'x' | b'X')) {
                base = 16;
                i += 1;
            }
        }
        let (mut value, start): (u64, usize) = (0, i);
        while let Some(d) = b.get(i).and_then(|&c| (c as char).to_digit(base)) {
            value = value * u64::from(base) + u64::from(d);
            if value > u64::from(u32::MAX) {
                return false;
            }
            i += 1;
        }
        // `0x` without a hex digit: `strtoul` reads the `0`, and the `x` is no separator.
        if base == 16 && i == start {
            return false;
        }
        // An 8 or 9 in an octal part: not a number (the loop above stopped at it).
        if base == 8 && b.get(i).is_some_and(u8::is_ascii_digit) {
            return false;
        }
        parts.push(value);
        match b.get(i) {
            Some(b'.') if parts.len() < 4 => i += 1,
            None | Some(b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c') => break,
            _ => return false,
        }
    }
    let last_max = u64::from(u32::MAX) >> (8 * (parts.len() - 1));
    let (last, rest) = parts.split_last().unwrap();
    *last <= last_max && rest.iter().all(|&p| p <= 255)
}

#[test]
fn inet_aton_reads_what_glibc_reads() {
    let read = [
        "127.1",
        "0x7f.1",
        "017.0.0.1",
        "1.0x7f",
        "4294967295",
        "1.2.3.4",
        "0",
        "1.2.65535",
        "127.1 x",
        "00",
        "0X1f.0x7f",
    ];
    let not_read = [
        "0x",
        "",
        "a",
        "1.",
        "1..2",
        "08",
        "1.2.3.4.5",
        "4294967296",
        "256.1.1.1",
        "1.2.3.256",
        "1e2",
        "0xg",
        "x1",
        ".1",
        "1.2.65536",
        "0x.1",
    ];
    for name in read {
        assert!(inet_aton_reads(name), "{name:?}");
    }
    for name in not_read {
        assert!(!inet_aton_reads(name), "{name:?}");
    }
}

/// The URL of `input` (zones allowed), in a leaked arena: `None` when it is no URL.
fn parse(input: &str) -> Option<Url<'static>> {
    let input: &'static str = Box::leak(input.to_owned().into_boxed_str());
    let arena = Box::leak(vec![0u8; 8 * input.len() + 256].into_boxed_slice());
    Url::parse_with_zone(input, arena).ok()
}

/// Whether `v` starts with `[` but is not `[` IPv6 address `]`.
fn not_ipv6_literal(v: &[u8]) -> bool {
    let inner = match v {
        [b'[', inner @ .., b']'] => inner,
        [b'[', ..] => return true,
        _ => return false,
    };
    std::str::from_utf8(inner).map_or(true, |s| s.parse::<std::net::Ipv6Addr>().is_err())
}

/// Whether every byte of `s` is visible ASCII (no space, no control): what a request-target
/// may hold.
fn visible(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_graphic())
}

/// RFC 3986 `reg-name` bytes, `:` and the brackets of an IPv6 literal: what a `Host` header
/// or an authority-form may hold (a `,` is refused separately).
fn host_field_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~%!$&'()*+;=[]:".contains(&b)
}

/// Whether the `%` at `i` in `s` starts no `%XX` escape (RFC 3986 `pct-encoded`).
fn lone_percent(s: &str, i: usize) -> bool {
    s.as_bytes()[i] == b'%'
        && !s
            .as_bytes()
            .get(i + 1..i + 3)
            .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit))
}

/// The host as it may go on the wire: without an IPv6 zone.
fn wire_host(url: &Url<'_>) -> String {
    let h = url.host_str().unwrap_or_default();
    match (url.host_kind(), h.find('%')) {
        (HostKind::Ipv6, Some(p)) => format!("{}]", &h[..p]),
        _ => h.to_owned(),
    }
}

/// An `UnsafeByte` names a byte of the serialization that the field cannot carry.
fn names_an_unsafe_byte(url: &Url<'_>, e: NetError, allowed: fn(u8) -> bool) -> bool {
    match e {
        NetError::UnsafeByte { position } => url
            .as_str()
            .as_bytes()
            .get(position)
            .is_some_and(|&b| !allowed(b)),
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(3000)))]

    /// Origin-form: `/` then visible ASCII, no `#`; the path and query as serialized.
    #[test]
    fn request_target(input in url_string()) {
        let Some(url) = parse(&input) else { return Ok(()) };
        match url.request_target() {
            Ok(t) => {
                prop_assert!(t.starts_with('/') && visible(t) && !t.contains('#'), "{t:?}");
                let end = url.as_str().find('#').unwrap_or(url.as_str().len());
                prop_assert!(t == "/" || url.as_str()[..end].ends_with(t));
            }
            Err(NetError::OpaquePath) => prop_assert!(!url.path().starts_with('/')),
            Err(e) => prop_assert!(names_an_unsafe_byte(&url, e, |b| b.is_ascii_graphic()), "{e:?}"),
        }
    }

    /// Absolute-form: visible ASCII, no userinfo, no zone, no fragment; the same URL
    /// otherwise.
    #[test]
    fn absolute_form(input in url_string()) {
        let Some(url) = parse(&input) else { return Ok(()) };
        let mut buf = vec![0u8; url.as_str().len()];
        match url.absolute_form_into(&mut buf) {
            Ok(s) => {
                prop_assert!(visible(s) && !s.contains('#'), "{s:?}");
                let mut arena = vec![0u8; 4 * s.len() + 64];
                let again = Url::parse(s, &mut arena);
                prop_assert!(again.is_ok(), "{s:?} does not parse: {again:?}");
                let again = again.unwrap();
                prop_assert_eq!(again.username(), "");
                prop_assert_eq!(again.password(), "");
                prop_assert_eq!(again.fragment(), None);
                prop_assert_eq!(again.scheme(), url.scheme());
                prop_assert_eq!(again.host(), url.host());
                prop_assert_eq!(again.host_str().map(str::to_owned), url.host_str().map(|_| wire_host(&url)));
                prop_assert_eq!(again.port(), url.port());
                prop_assert_eq!(again.path(), url.path());
                prop_assert_eq!(again.query(), url.query());
            }
            Err(e) => prop_assert!(names_an_unsafe_byte(&url, e, |b| b.is_ascii_graphic()), "{e:?}"),
        }
    }

    /// `Host` and authority-form: `reg-name` bytes without `,` (or an IPv6 literal without
    /// its zone), and the port; refusals name the host byte.
    #[test]
    fn host_header_and_authority_form(input in url_string()) {
        let Some(url) = parse(&input) else { return Ok(()) };
        let mut buf = vec![0u8; url.as_str().len() + 8];
        let has_host = !matches!(url.host_kind(), HostKind::None | HostKind::Empty);
        let host = wire_host(&url);
        let host_range = {
            let start = url.parts().host_start as usize;
            start..start + host.len()
        };
        let refused_at_host = |e: NetError| match e {
            NetError::UnsafeByte { position } if host_range.contains(&position) => {
                names_an_unsafe_byte(&url, e, host_field_byte) || lone_percent(url.as_str(), position)
            }
            _ => false,
        };
        // Every `%` of a host on the wire starts an escape (a `reg-name`'s `pct-encoded`).
        let escapes_whole = |s: &str| (0..s.len()).all(|i| !lone_percent(s, i));
        match url.host_header_into(&mut buf) {
            Ok(s) => {
                prop_assert!(has_host);
                prop_assert!(s.bytes().all(host_field_byte) && !s.contains(','), "{s:?}");
                prop_assert!(escapes_whole(s), "{s:?}");
                prop_assert!(s.starts_with(&host), "{s:?} {host:?}");
                let rest = &s[host.len()..];
                prop_assert!(rest.is_empty() || (rest.starts_with(':') && rest[1..].parse::<u16>().is_ok()));
            }
            Err(NetError::NoHost) => prop_assert!(!has_host),
            Err(e) => prop_assert!(refused_at_host(e), "{e:?}"),
        }
        match url.authority_form_into(&mut buf) {
            Ok(s) => {
                let port = url.port_or_known_default().unwrap();
                prop_assert_eq!(s, format!("{host}:{port}"));
                prop_assert!(s.bytes().all(host_field_byte) && !s.contains(','), "{s:?}");
                prop_assert!(escapes_whole(s), "{s:?}");
            }
            Err(NetError::NoHost) => prop_assert!(!has_host),
            Err(NetError::NoPort) => prop_assert!(url.port_or_known_default().is_none()),
            Err(e) => prop_assert!(refused_at_host(e), "{e:?}"),
        }
    }

    /// Basic credentials: decoded, no `:` in the username, no control in either.
    #[test]
    fn credentials(input in url_string()) {
        let Some(url) = parse(&input) else { return Ok(()) };
        let user: Vec<u8> = decode(url.username().as_bytes()).collect();
        let pass: Vec<u8> = decode(url.password().as_bytes()).collect();
        let (mut u, mut p) = (vec![0u8; user.len()], vec![0u8; pass.len()]);
        let ctl = |b: &u8| b.is_ascii_control();
        let bad = user.contains(&b':') || user.iter().any(ctl) || pass.iter().any(ctl);
        match url.credentials_into(&mut u, &mut p) {
            Ok(None) => prop_assert!(user.is_empty() && pass.is_empty()),
            Ok(Some((u, p))) => {
                prop_assert!(!bad);
                prop_assert_eq!(u, &user[..]);
                prop_assert_eq!(p, &pass[..]);
            }
            Err(e) => prop_assert!(bad && e == NetError::BadCredentials, "{e:?}"),
        }
    }

    /// Server name: a DNS name of letters, digits, `-`, `_`, `.` with no empty label and
    /// no trailing dot, as written; an opaque host is an address only in dotted decimal.
    #[test]
    fn server_name(input in url_string()) {
        let Some(url) = parse(&input) else { return Ok(()) };
        match url.server_name() {
            Ok(ServerName::Dns(n)) => {
                prop_assert!(!n.is_empty() && !n.starts_with('.') && !n.ends_with('.') && !n.contains(".."), "{n:?}");
                prop_assert!(n.len() <= 253 && n.split('.').all(|l| l.len() <= 63), "{n:?}");
                prop_assert!(n.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)), "{n:?}");
                let h = url.host_str().unwrap();
                prop_assert!(h == n || h.strip_suffix('.') == Some(n), "{h:?} {n:?}");
                let last = n.rsplit('.').next().unwrap();
                prop_assert!(!last.bytes().all(|b| b.is_ascii_digit()), "{n:?}");
                // A name a C resolver would take for an address goes to none.
                prop_assert!(!inet_aton_reads(n) && !inet_aton_reads(h), "{n:?}");
            }
            Ok(ServerName::Ip(ip)) => {
                if url.host_kind() == HostKind::Opaque {
                    prop_assert_eq!(url.host_str().unwrap(), ip.to_string());
                }
            }
            Ok(other) => prop_assert!(false, "a server name of an unknown kind: {other:?}"),
            Err(NetError::NoHost) => prop_assert!(matches!(url.host_kind(), HostKind::None | HostKind::Empty)),
            Err(NetError::NumericHost) => prop_assert_eq!(url.host_kind(), HostKind::Opaque),
            Err(NetError::HostNotAName { position }) => prop_assert!(position < url.host_str().unwrap().len()),
            Err(e) => prop_assert!(false, "{e:?}"),
        }
    }

    /// Socket address: the host's address (an IP host as written, or an opaque host in
    /// dotted decimal, which `server_name` checks) and the port; a zone is the scope id only
    /// when it is a decimal `u32`, decoded.
    #[test]
    fn socket_addr(input in url_string()) {
        let Some(url) = parse(&input) else { return Ok(()) };
        let Some(zone) = url.ipv6_zone() else {
            let host = url.host_str().unwrap_or_default();
            let ip: Option<std::net::IpAddr> = match url.host_kind() {
                HostKind::Ipv4 | HostKind::Opaque => host.parse().ok(),
                HostKind::Ipv6 => host.trim_start_matches('[').trim_end_matches(']').parse().ok(),
                _ => None,
            };
            let want = ip.zip(url.port_or_known_default()).map(|(ip, port)| std::net::SocketAddr::new(ip, port));
            prop_assert_eq!(url.socket_addr(), want, "{}", url.as_str());
            return Ok(());
        };
        let decoded = String::from_utf8(decode(zone.as_bytes()).collect()).unwrap_or_default();
        let scope = decoded.bytes().all(|b| b.is_ascii_digit()).then(|| decoded.parse::<u32>().ok()).flatten();
        match url.socket_addr() {
            Some(std::net::SocketAddr::V6(a)) => prop_assert_eq!(Some(a.scope_id()), scope),
            Some(a) => prop_assert!(false, "{a:?}"),
            None => prop_assert!(scope.is_none() || url.port_or_known_default().is_none()),
        }
    }

    /// MQTT: the username an MQTT UTF-8 string, both at most 65,535 bytes, the WebSocket
    /// path a request-target.
    #[test]
    fn mqtt_broker(input in url_string()) {
        let Some(url) = parse(&input) else { return Ok(()) };
        let user: Vec<u8> = decode(url.username().as_bytes()).collect();
        let good_user = std::str::from_utf8(&user).is_ok() && !user.contains(&0);
        match url.mqtt_broker() {
            Ok(b) => {
                prop_assert!(good_user);
                prop_assert!(matches!(b.server, ServerName::Ip(_)) || url.server_name() == Ok(b.server));
                // The zone of a link-local server comes with it: connecting to the address
                // alone would leave the interface to the stack.
                prop_assert_eq!(b.zone, url.ipv6_zone());
                if let microurl::mqtt::Transport::WebSocket { path } = b.transport {
                    prop_assert!(path.starts_with('/') && visible(path));
                }
            }
            Err(NetError::BadCredentials) => prop_assert!(!good_user || user.len() > 65_535
                || decode(url.password().as_bytes()).count() > 65_535),
            // The refusals its doc names: the scheme, server_name's, the WebSocket path's.
            Err(NetError::WrongScheme) => prop_assert!(!["mqtt", "mqtts", "ws", "wss"].contains(&url.scheme())),
            Err(e @ (NetError::NoHost | NetError::NumericHost | NetError::HostNotAName { .. })) => {
                prop_assert_eq!(url.server_name().err(), Some(e));
            }
            Err(e @ (NetError::OpaquePath | NetError::UnsafeByte { .. })) => {
                prop_assert!(["ws", "wss"].contains(&url.scheme()));
                prop_assert_eq!(url.request_target().err(), Some(e));
            }
            Err(e) => prop_assert!(false, "a refusal mqtt_broker does not name: {e:?}"),
        }
    }

    /// CoAP: every Uri-Host, Uri-Path and Uri-Query value at most 255 bytes decoded, or
    /// the URL refused with the number of one that is longer.
    #[test]
    fn coap_options(input in url_string()) {
        let Some(url) = parse(&input) else { return Ok(()) };
        let mut buf = vec![0u8; 512];
        match url.coap_options() {
            Ok(options) => {
                for o in options {
                    let v = o.value_into(&mut buf).unwrap();
                    prop_assert!(v.len() <= 255, "{o:?}");
                    if let CoapOption::UriHost(_) = o { prop_assert!(!v.is_empty()); }
                }
            }
            Err(NetError::OptionTooLong { number }) => {
                prop_assert!([coap::URI_HOST, coap::URI_PATH, coap::URI_QUERY].contains(&number));
            }
            // The refusals its doc names.
            Err(NetError::WrongScheme) => prop_assert!(!url.scheme().starts_with("coap")),
            Err(NetError::Fragment) => prop_assert!(url.fragment().is_some()),
            Err(NetError::NoHost) => prop_assert!(matches!(url.host_kind(), HostKind::None | HostKind::Empty)),
            Err(NetError::OpaquePath) => prop_assert!(!url.path().starts_with('/')),
            Err(e) => prop_assert!(false, "a refusal coap_options does not name: {e:?}"),
        }
    }

    /// CoAP back: a request with a repeated Uri-Host or Uri-Port, or a value over 255
    /// bytes, gives no URL.
    #[test]
    fn url_from_options(
        options in prop::collection::vec(
            (prop::sample::select(vec![coap::URI_HOST, coap::URI_PORT, coap::URI_PATH, coap::URI_QUERY, 12]),
             prop_oneof![4 => prop::collection::vec(any::<u8>(), 0..4), 1 => prop::collection::vec(any::<u8>(), 250..260)]),
            0..6),
    ) {
        let dest = "192.0.2.1:5683".parse().unwrap();
        let mut buf = vec![0u8; 8192];
        let pairs = options.iter().map(|(n, v)| (*n, &v[..]));
        let count = |n| options.iter().filter(|o| o.0 == n).count();
        let too_long = options.iter().any(|(n, v)| *n != coap::URI_PORT && *n != 12 && v.len() > 255);
        match coap::url_from_options(SchemeKind::Coap, dest, pairs, &mut buf) {
            Ok(url) => {
                prop_assert!(count(coap::URI_HOST) <= 1 && count(coap::URI_PORT) <= 1 && !too_long);
                prop_assert!(url.coap_options().is_ok(), "{}", url);
            }
            Err(NetError::BadOption { number: n }) if count(n) > 1 => {}
            // A Uri-Port over two bytes, an empty Uri-Host, one that starts with `[` but is no
            // IPv6 literal (`core`'s parser as the reference).
            Err(NetError::BadOption { number }) => prop_assert!(options.iter().any(|(n, v)| *n == number
                && ((number == coap::URI_PORT && v.len() > 2)
                    || (number == coap::URI_HOST && (v.is_empty() || not_ipv6_literal(v)))))),
            Err(NetError::OptionTooLong { .. }) => prop_assert!(too_long),
            Err(NetError::DotSegment) => prop_assert!(options.iter().any(|(n, v)| *n == coap::URI_PATH
                && (v.as_slice() == b"." || v.as_slice() == b".."))),
            Err(e) => prop_assert!(false, "a refusal url_from_options does not name: {e:?}"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(3000)))]

    /// A struct restored from storage: the serialization with bytes changed (a control, a
    /// space, a delimiter, any ASCII byte) and the parts with fields changed (offsets moved,
    /// the host kind, the port). `from_parts` gives back only the URL the parser makes of
    /// those bytes, with the same offsets, host kind and port (so every helper's contract
    /// above holds for it), and refuses everything else with an error.
    #[test]
    fn from_parts_accepts_only_the_parsers_url(
        input in url_string(),
        bytes in prop::collection::vec((any::<prop::sample::Index>(), prop_oneof![
            2 => prop::sample::select(b"\r\n\0 \t,\"@#%/?:[]{}.-".to_vec()),
            1 => 0u8..0x80,
        ]), 0..3),
        fields in prop::collection::vec((0u8..12, any::<u32>()), 0..3),
    ) {
        let Some(url) = parse(&input) else { return Ok(()) };
        let mut text = url.as_str().as_bytes().to_vec();
        for (at, b) in &bytes {
            if !text.is_empty() {
                let i = at.index(text.len());
                text[i] = *b;
            }
        }
        let text = String::from_utf8(text).expect("ASCII in, ASCII out");
        let mut parts = url.parts();
        let nudge = |x: u32, v: u32| x.wrapping_add(v % 5).wrapping_sub(2);
        for &(field, v) in &fields {
            match field {
                0 => parts.scheme_end = nudge(parts.scheme_end, v),
                1 => parts.username_end = nudge(parts.username_end, v),
                2 => parts.host_start = nudge(parts.host_start, v),
                3 => parts.host_end = nudge(parts.host_end, v),
                4 => parts.path_start = nudge(parts.path_start, v),
                5 => parts.query_start = (v & 1 == 1).then_some(v >> 24),
                6 => parts.fragment_start = (v & 1 == 1).then_some(v >> 24),
                7 => parts.port = (v & 1 == 1).then_some((v >> 8) as u16),
                8 => parts.port = parts.port.map(|p| p ^ (v as u16 | 1)),
                9 => {
                    parts.host_kind = [
                        HostKind::None, HostKind::Empty, HostKind::Domain, HostKind::Ipv4,
                        HostKind::Ipv6, HostKind::Opaque,
                    ][v as usize % 6]
                }
                10 => parts.query_start = parts.query_start.map(|q| nudge(q, v)),
                _ => parts.fragment_start = parts.fragment_start.map(|f| nudge(f, v)),
            }
        }
        let Ok(back) = Url::from_parts(&text, parts) else { return Ok(()) };
        let mut arena = vec![0u8; 8 * text.len() + 256];
        let again = Url::parse_with_zone(&text, &mut arena);
        prop_assert!(again.is_ok(), "accepted {:?}, which does not parse: {:?}", text, again);
        let again = again.unwrap();
        prop_assert_eq!(back.as_str(), again.as_str());
        let strip = |mut p: microurl::UrlParts| { p.validation = Default::default(); p };
        prop_assert_eq!(strip(back.parts()), strip(again.parts()), "{:?}", text);
        prop_assert_eq!(strip(back.parts()), strip(parts), "{:?}", text);
    }
}

/// The generator reaches every outcome the properties check: URLs that parse, zones,
/// refusals of each kind and successes.
#[test]
fn generator_reaches_every_outcome() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = url_string();
    let mut seen = std::collections::BTreeMap::<&str, usize>::new();
    let mut buf = vec![0u8; 4096];
    for _ in 0..4000 {
        let input = strategy.new_tree(&mut runner).unwrap().current();
        let Some(url) = parse(&input) else {
            *seen.entry("no URL").or_default() += 1;
            continue;
        };
        let mut note = |k: &'static str, hit: bool| {
            if hit {
                *seen.entry(k).or_default() += 1;
            }
        };
        note("parsed", true);
        note("zone", url.ipv6_zone().is_some());
        note("absolute ok", url.absolute_form_into(&mut buf).is_ok());
        note(
            "absolute unsafe",
            matches!(
                url.absolute_form_into(&mut buf),
                Err(NetError::UnsafeByte { .. })
            ),
        );
        note("host ok", url.host_header_into(&mut buf).is_ok());
        note(
            "host unsafe",
            matches!(
                url.host_header_into(&mut buf),
                Err(NetError::UnsafeByte { .. })
            ),
        );
        let (mut u, mut p) = (vec![0u8; 256], vec![0u8; 256]);
        note(
            "credentials refused",
            url.credentials_into(&mut u, &mut p) == Err(NetError::BadCredentials),
        );
        note(
            "credentials ok",
            matches!(url.credentials_into(&mut u, &mut p), Ok(Some(_))),
        );
        note("dns", matches!(url.server_name(), Ok(ServerName::Dns(_))));
        note(
            "not a name",
            matches!(url.server_name(), Err(NetError::HostNotAName { .. })),
        );
        note("mqtt ok", url.mqtt_broker().is_ok());
        note(
            "mqtt credentials refused",
            url.mqtt_broker() == Err(NetError::BadCredentials),
        );
        note(
            "zone scope id",
            url.ipv6_zone().is_some() && url.socket_addr().is_some(),
        );
        note(
            "zone no scope id",
            url.ipv6_zone().is_some() && url.socket_addr().is_none(),
        );
        note(
            "from_parts own",
            Url::from_parts(url.as_str(), url.parts()) == Ok(url),
        );
        let crlf = url.as_str().replacen('/', "\r", 1);
        note(
            "from_parts refused",
            crlf != url.as_str() && Url::from_parts(&crlf, url.parts()).is_err(),
        );
        note("coap ok", url.coap_options().is_ok());
        note(
            "coap too long",
            matches!(url.coap_options(), Err(NetError::OptionTooLong { .. })),
        );
    }
    eprintln!("{seen:?}");
    for k in [
        "parsed",
        "zone",
        "absolute ok",
        "absolute unsafe",
        "host ok",
        "host unsafe",
        "credentials refused",
        "credentials ok",
        "dns",
        "not a name",
        "mqtt ok",
        "mqtt credentials refused",
        "zone scope id",
        "zone no scope id",
        "from_parts own",
        "from_parts refused",
        "coap ok",
        "coap too long",
    ] {
        assert!(
            seen.get(k).copied().unwrap_or(0) > 0,
            "{k} never reached: {seen:?}"
        );
    }
}

/// Server names at DNS's lengths (RFC 1035 §2.3.4): labels of 62 to 65 bytes and names of
/// 251 to 256 bytes, with and without a root dot, for a special and a non-special scheme.
/// A name within both limits is given as written; any other is refused at the first byte
/// past a limit: a label's 64th, or the name's 254th.
#[test]
fn server_names_within_dns_lengths() {
    let mut names = Vec::new();
    for first in 62..=65 {
        names.push(format!("{}.example", "a".repeat(first)));
        names.push(format!("example.{}", "b".repeat(first)));
    }
    for total in 251..=256 {
        // Labels of 50 bytes and a last one that makes up the total.
        let mut name = String::new();
        while total - name.len() > 51 {
            name.push_str(&"c".repeat(50));
            name.push('.');
        }
        name.push_str(&"d".repeat(total - name.len()));
        names.push(name);
    }
    for name in names.clone() {
        names.push(format!("{name}."));
    }
    for scheme in ["https", "mqtt"] {
        for name in &names {
            let input = format!("{scheme}://{name}/");
            let mut arena = vec![0u8; input.len() + 16];
            let url = Url::parse(&input, &mut arena).unwrap();
            let bare = name.strip_suffix('.').unwrap_or(name);
            let mut past = None;
            let mut label = 0;
            for (i, b) in bare.bytes().enumerate() {
                label = if b == b'.' { 0 } else { label + 1 };
                if label > 63 || i >= 253 {
                    past = Some(i);
                    break;
                }
            }
            let want = match past {
                None => Ok(ServerName::Dns(bare)),
                Some(position) => Err(NetError::HostNotAName { position }),
            };
            assert_eq!(url.server_name(), want, "{input}");
        }
    }
}

/// A name that ends in an empty label once its root dot is dropped is refused at the dot
/// that ends that label.
#[test]
fn server_name_empty_last_label_at_its_dot() {
    for (input, position) in [("http://a.b../", 4), ("http://a../", 2), ("mqtt://a..", 2)] {
        let mut arena = [0u8; 64];
        let url = Url::parse(input, &mut arena).unwrap();
        assert_eq!(
            url.server_name(),
            Err(NetError::HostNotAName { position }),
            "{input}"
        );
    }
}
