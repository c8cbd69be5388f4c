//! `firmware`: arbitrary bytes (lossy UTF-8) parsed with `Url::parse_with_zone`, then every
//! helper of the firmware layer, each output checked against its documented wire contract;
//! and the parsed URL's parts and serialization changed by the input's first bytes, which
//! `Url::from_parts` must refuse unless the change left the URL as the parser writes it.
//!
//! Properties:
//! - request-targets (`request_target`, `absolute_form_into`) hold visible ASCII only, no
//!   `#`; absolute-form has no userinfo and parses to the same URL without it;
//! - `host_header_into` and `authority_form_into` hold `reg-name` bytes without `,` (or an
//!   IPv6 literal), never a zone; a refusal names a host byte the field cannot carry;
//! - `credentials_into`: no `:` in the username, no control in either;
//! - `server_name`: letters, digits, `-`, `_`, `.`, no empty label, no trailing dot;
//! - `mqtt_broker`: a UTF-8 username without NUL;
//! - `coap_options`: every text value at most 255 bytes decoded;
//! - `from_parts` on changed parts: refused, or the very URL the parser gives for the
//!   changed serialization (so every helper's contract above still holds for it);
//! - `coap::url_from_options` on the input's bytes read as CoAP options off the wire: a URL
//!   only for a request with at most one Uri-Host and one Uri-Port and Uri-Host, Uri-Path
//!   and Uri-Query values of at most 255 bytes (RFC 7252 §5.4.5, §5.10), and that URL's
//!   own options and request-target within their contracts above.
#![no_main]

#[path = "common.rs"]
mod common;

use common::{host_field_byte, lone_percent, visible};
use libfuzzer_sys::fuzz_target;
use microurl::{HostKind, NetError, SchemeKind, ServerName, Url, UrlParts, coap};

fn unsafe_at(url: &Url<'_>, e: NetError, allowed: fn(u8) -> bool) -> bool {
    match e {
        NetError::UnsafeByte { position } => url
            .as_str()
            .as_bytes()
            .get(position)
            .is_some_and(|&b| !allowed(b)),
        _ => false,
    }
}

fn contracts(url: &Url<'_>) {
    let href = url.as_str();
    let mut buf = vec![0u8; href.len() + 16];
    match url.request_target() {
        Ok(t) => assert!(
            t.starts_with('/') && visible(t) && !t.contains('#'),
            "{href:?}"
        ),
        Err(NetError::OpaquePath) => {}
        Err(e) => assert!(
            unsafe_at(url, e, |b| b.is_ascii_graphic()),
            "{href:?} {e:?}"
        ),
    }
    match url.absolute_form_into(&mut buf) {
        Ok(s) => {
            assert!(visible(s) && !s.contains('#'), "{href:?} -> {s:?}");
            let mut arena = vec![0u8; 4 * s.len() + 64];
            let again = Url::parse(s, &mut arena).expect("absolute-form parses");
            assert!(
                again.username().is_empty() && again.password().is_empty(),
                "{s:?}"
            );
            assert_eq!((again.path(), again.query()), (url.path(), url.query()));
        }
        Err(e) => assert!(
            unsafe_at(url, e, |b| b.is_ascii_graphic()),
            "{href:?} {e:?}"
        ),
    }
    let has_host = !matches!(url.host_kind(), HostKind::None | HostKind::Empty);
    for r in [
        url.host_header_into(&mut buf).map(str::to_owned),
        url.authority_form_into(&mut buf).map(str::to_owned),
    ] {
        match r {
            Ok(s) => {
                assert!(
                    has_host && s.bytes().all(host_field_byte) && !s.contains(','),
                    "{s:?}"
                );
                assert!(
                    (0..s.len()).all(|i| !lone_percent(s.as_bytes(), i)),
                    "{s:?}"
                );
                assert!(
                    !s.contains("%25") || url.host_kind() != HostKind::Ipv6,
                    "zone in {s:?}"
                );
            }
            Err(NetError::NoHost) => assert!(!has_host),
            Err(NetError::NoPort) => assert!(url.port_or_known_default().is_none()),
            Err(e) => assert!(
                unsafe_at(url, e, host_field_byte)
                    || matches!(e, NetError::UnsafeByte { position }
                        if lone_percent(href.as_bytes(), position)),
                "{href:?} {e:?}"
            ),
        }
    }
    let (mut u, mut p) = (vec![0u8; href.len()], vec![0u8; href.len()]);
    if let Ok(Some((u, p))) = url.credentials_into(&mut u, &mut p) {
        assert!(!u.contains(&b':') && !u.iter().chain(p).any(u8::is_ascii_control));
    }
    if let Ok(ServerName::Dns(n)) = url.server_name() {
        assert!(!n.is_empty() && !n.starts_with('.') && !n.ends_with('.') && !n.contains(".."));
        assert!(
            n.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)),
            "{n:?}"
        );
    }
    if let Ok(b) = url.mqtt_broker()
        && let Some(user) = b.username
    {
        let bytes: Vec<u8> = user.decode().collect();
        assert!(std::str::from_utf8(&bytes).is_ok() && !bytes.contains(&0));
    }
    if let Ok(options) = url.coap_options() {
        let mut value = vec![0u8; href.len()];
        for o in options {
            assert!(o.value_into(&mut value).expect("fits").len() <= 255);
        }
    }
    let _ = url.socket_addr();
}

/// `data` read as CoAP options (a byte picking the number, a byte the length, times two
/// with its high bit, then the value) and turned into a URL.
fn options_back(head: &[u8], data: &[u8]) {
    let mut options: Vec<(u16, &[u8])> = Vec::new();
    let mut rest = data;
    while let [n, len, tail @ ..] = rest {
        let numbers = [
            coap::URI_HOST,
            coap::URI_PORT,
            coap::URI_PATH,
            coap::URI_QUERY,
            12,
        ];
        let number = numbers[usize::from(*n) % numbers.len()];
        let len = (usize::from(*len) << (n >> 7)).min(tail.len());
        options.push((number, &tail[..len]));
        rest = &tail[len..];
    }
    let pick = head.first().copied().unwrap_or(0);
    let scheme = [SchemeKind::Coap, SchemeKind::Coaps, SchemeKind::Other][usize::from(pick % 3)];
    let dest = if pick & 0x80 == 0 {
        "192.0.2.1:5683".parse().unwrap()
    } else {
        "[fe80::1]:5684".parse().unwrap()
    };
    let count = |n| options.iter().filter(|o| o.0 == n).count();
    let too_long = options.iter().any(|&(n, v)| {
        [coap::URI_HOST, coap::URI_PATH, coap::URI_QUERY].contains(&n) && v.len() > 255
    });
    let mut buf = vec![0u8; 4 * data.len() + 128];
    match coap::url_from_options(scheme, dest, options.iter().copied(), &mut buf) {
        Ok(url) => {
            assert!(count(coap::URI_HOST) <= 1 && count(coap::URI_PORT) <= 1 && !too_long);
            assert!(url.coap_options().is_ok(), "{url}");
            contracts(&url);
        }
        Err(NetError::BadOption { number }) => assert!(
            [coap::URI_HOST, coap::URI_PORT].contains(&number),
            "{number}"
        ),
        Err(NetError::OptionTooLong { .. }) => assert!(too_long),
        Err(_) => {}
    }
}

fuzz_target!(|data: &[u8]| {
    let (head, rest) = data.split_at(data.len().min(4));
    options_back(head, rest);
    let input = String::from_utf8_lossy(rest);
    let mut arena = vec![0u8; 8 * input.len() + 256];
    let Ok(url) = Url::parse_with_zone(&input, &mut arena) else {
        return;
    };
    contracts(&url);

    // A struct restored from storage, changed: one byte of the serialization and one field.
    let [pick, byte, field, value] = [0, 1, 2, 3].map(|i| head.get(i).copied().unwrap_or(0));
    let mut text = url.as_str().as_bytes().to_vec();
    let at = usize::from(pick) % (text.len() + 1);
    if let Some(b) = text.get_mut(at) {
        *b = byte & 0x7f;
    }
    let Ok(text) = String::from_utf8(text) else {
        return;
    };
    let p = url.parts();
    let v = u32::from(value);
    let parts = match field % 8 {
        0 => UrlParts {
            port: (value != 0).then_some(u16::from(value)),
            ..p
        },
        1 => UrlParts {
            host_kind: [
                HostKind::None,
                HostKind::Empty,
                HostKind::Domain,
                HostKind::Ipv4,
                HostKind::Ipv6,
                HostKind::Opaque,
            ][usize::from(value) % 6],
            ..p
        },
        2 => UrlParts {
            host_start: p.host_start.wrapping_add(v % 3).wrapping_sub(1),
            ..p
        },
        3 => UrlParts {
            path_start: p.path_start.wrapping_add(v % 3).wrapping_sub(1),
            ..p
        },
        4 => UrlParts {
            query_start: Some(v),
            ..p
        },
        _ => p,
    };
    if let Ok(changed) = Url::from_parts(&text, parts) {
        let mut arena = vec![0u8; 8 * text.len() + 256];
        let again = Url::parse_with_zone(&text, &mut arena).expect("accepted parts parse");
        assert_eq!(again.as_str(), changed.as_str());
        assert_eq!(again.parts().host_kind, changed.parts().host_kind);
        assert_eq!(again.port(), changed.port());
        assert_eq!(again.parts().path_start, changed.parts().path_start);
        contracts(&changed);
    }
});
