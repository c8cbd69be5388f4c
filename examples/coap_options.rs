//! User task 4: a CoAP URL into its request options and back (RFC 7252 §6.4 and §6.5), in
//! fixed buffers.
//!
//! ```text
//! cargo run --example coap_options -- 'coap://sensor.example:61616/.well-known/core?rt=temp'
//! cargo run --example coap_options -- --dump < uris.txt   # scripts/coap-compare.sh
//! ```
//!
//! With `--dump`, each line of stdin is a URL and each output line is what libcoap's harness
//! (scripts/coap/libcoap_split.c) prints for it: `ok`, the host, the port, the Uri-Path values
//! and the Uri-Query values (hex, comma-separated), or `fail`.

use microurl::coap::{self, CoapOption};
use microurl::{SchemeKind, Url};
use std::io::BufRead;
use std::net::SocketAddr;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// One line of the comparison format for `input`.
fn dump(input: &str) -> String {
    let mut arena = [0u8; 4096];
    let Ok(url) = Url::parse(input, &mut arena) else {
        return "fail".into();
    };
    let Ok(options) = url.coap_options() else {
        return "fail".into();
    };
    // The host: the Uri-Host value, or (no Uri-Host) the IP address as libcoap gives it,
    // without brackets.
    let mut host = url
        .host_str()
        .unwrap_or("")
        .trim_matches(['[', ']'])
        .as_bytes()
        .to_vec();
    let (mut path, mut query) = (Vec::new(), Vec::new());
    let mut buf = [0u8; 4096];
    for o in options {
        let Ok(value) = o.value_into(&mut buf) else {
            return "fail".into();
        };
        match o {
            CoapOption::UriHost(_) => host = value.to_vec(),
            CoapOption::UriPath(_) => path.push(hex(value)),
            CoapOption::UriQuery(_) => query.push(hex(value)),
            // Uri-Port: the port compared is the URL's, below; the enum is non-exhaustive,
            // and an option a later version adds is not in libcoap's split either.
            _ => {}
        }
    }
    let port = url.port_or_known_default().unwrap_or(0);
    format!(
        "ok\t{}\t{port}\t{}\t{}",
        hex(&host),
        path.join(","),
        query.join(",")
    )
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let arg = std::env::args().nth(1);
    if arg.as_deref() == Some("--dump") {
        for line in std::io::stdin().lock().lines() {
            println!("{}", dump(&line?));
        }
        return Ok(());
    }
    let input =
        arg.unwrap_or_else(|| "coap://Sensor.example:61616/.well-known/core?rt=temp%20c".into());
    let mut arena = [0u8; 256];
    let url = Url::parse(&input, &mut arena)?;
    println!("URL      {url}");
    // The options, decoded as they go on the wire, kept in one fixed buffer, and their
    // numbers and places in a `heapless::Vec`, as on a device.
    let mut values = [0u8; 256];
    let mut used = 0;
    let mut wire: heapless::Vec<(u16, std::ops::Range<usize>), 16> = heapless::Vec::new();
    for o in url.coap_options()? {
        let v = o.value_into(&mut values[used..])?;
        println!(
            "option   {:>2} {:<9} {:?}",
            o.number(),
            name(o.number()),
            String::from_utf8_lossy(v)
        );
        let n = v.len();
        wire.push((o.number(), used..used + n))
            .map_err(|_| "more than 16 options")?;
        used += n;
    }
    // And back: the server's view, from the options and the address the request came to.
    let dest: SocketAddr = match url.socket_addr() {
        Some(a) => a,
        None => SocketAddr::from(([192, 0, 2, 1], url.port_or_known_default().unwrap_or(5683))),
    };
    let options = wire.iter().map(|(n, r)| (*n, &values[r.clone()]));
    let mut buf = [0u8; 512];
    let back = coap::url_from_options(
        SchemeKind::from_scheme(url.scheme()),
        dest,
        options,
        &mut buf,
    )?;
    println!("back     {back}");
    Ok(())
}

fn name(number: u16) -> &'static str {
    match number {
        coap::URI_HOST => "Uri-Host",
        coap::URI_PORT => "Uri-Port",
        coap::URI_PATH => "Uri-Path",
        coap::URI_QUERY => "Uri-Query",
        _ => "?",
    }
}
