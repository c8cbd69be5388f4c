//! The CoAP client of microurl-programs with nourl: the options (RFC 7252 §6.4) split out
//! of nourl's host, port and path (which holds the query) by hand.
#![no_std]
#![no_main]
include!("../../programs.rs");
include!("helpers.rs");

use nourl::UrlScheme;

static RESOURCE: &str = "coap://sensor.local:61616/sensors/temp%20c?unit=c&avg=1";

fn option(number: u16, value: &[u8]) {
    print_decimal(u32::from(number));
    print(b" ");
    match number {
        7 => print_hex(value),
        _ => print(value),
    }
    print(b"\n");
}

fn options(value: &mut [u8]) -> Option<()> {
    let url = nourl::Url::parse(opaque(RESOURCE)).ok()?;
    if !matches!(url.scheme(), UrlScheme::CoAP | UrlScheme::CoAPS) {
        return None;
    }
    if url.host_ip().is_none() {
        option(3, url.host().as_bytes());
    }
    if let Some(port) = url.port().filter(|&p| p != url.scheme().default_port()) {
        let bytes = port.to_be_bytes();
        option(7, bytes.get(usize::from(port < 256)..)?);
    }
    if url.path().contains('#') {
        return None;
    }
    let (path, query) = match url.path().split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (url.path(), None),
    };
    if path != "/" {
        for segment in path.strip_prefix('/')?.split('/') {
            option(11, percent_decode(segment, value)?);
        }
    }
    for argument in query.into_iter().flat_map(|q| q.split('&')) {
        option(15, percent_decode(argument, value)?);
    }
    Some(())
}

#[entry]
fn main() -> ! {
    let mut value = [0u8; 64];
    let ok = options(&mut value).is_some();
    finish(ok)
}
