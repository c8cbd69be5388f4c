//! User task 2: an OTA bootloader following redirects to its image, in fixed buffers.
//!
//! One buffer holds the current URL's href, one is the arena the next URL is resolved into:
//! [`microurl::Url::join`]'s result borrows only the arena (and the `Location` text), not the
//! URL it resolves against, so the new href is copied back over the old one and the loop goes
//! on with the same two buffers (no `UrlBuf` per hop, no alternating borrows). The
//! `Location` header is resolved as the bytes it arrives as ([`microurl::Url::join_bytes`]).
//!
//! ```text
//! python3 scripts/servers/redirect_server.py   # prints its port
//! cargo run --example ota_redirects -- http://127.0.0.1:PORT/fw/latest
//! ```
//! (scripts/real-servers.sh does both.)

use microurl::{NetError, Url};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

const MAX_HOPS: usize = 8;

/// The status code and the `Location` header (if any) of a response head in `response`.
fn status_and_location(response: &[u8]) -> Option<(u16, Option<&[u8]>)> {
    let head_end = response.windows(4).position(|w| w == b"\r\n\r\n")?;
    let mut lines = response[..head_end].split(|&b| b == b'\n');
    let status_line = lines.next()?;
    let code = std::str::from_utf8(status_line.get(9..12)?)
        .ok()?
        .parse()
        .ok()?;
    let location = lines.find_map(|l| {
        let (name, value) = l.split_at(l.iter().position(|&b| b == b':')?);
        name.eq_ignore_ascii_case(b"location")
            .then(|| value[1..].trim_ascii())
    });
    Some((code, location))
}

/// GET `url` with a request head written from the URL; the response (at most
/// `response.len()` bytes) goes into `response`.
fn get<'r>(url: &Url<'_>, response: &'r mut [u8]) -> Result<&'r [u8], Box<dyn std::error::Error>> {
    let addr = url.socket_addr().ok_or(NetError::NoHost)?;
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(5))?;
    stream.set_read_timeout(Some(Duration::from_secs(5)))?;
    let mut head = [0u8; 512];
    let mut host = [0u8; 128];
    let mut w = &mut head[..];
    write!(
        w,
        "GET {} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        url.request_target()?,
        url.host_header_into(&mut host)?
    )?;
    let n = 512 - w.len();
    stream.write_all(&head[..n])?;
    let mut len = 0;
    while len < response.len() {
        match stream.read(&mut response[len..])? {
            0 => break,
            k => len += k,
        }
    }
    Ok(&response[..len])
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let start = std::env::args()
        .nth(1)
        .ok_or("usage: ota_redirects http://127.0.0.1:PORT/fw/latest")?;
    let mut href = [0u8; 256]; // the current URL
    let mut arena = [0u8; 256]; // where the next one is resolved
    let mut response = [0u8; 1024];
    let first = Url::parse(&start, &mut arena)?;
    let mut len = first.as_str().len();
    href.get_mut(..len)
        .ok_or("start URL too long")?
        .copy_from_slice(first.as_str().as_bytes());
    let mut codes = Vec::new();
    for _ in 0..=MAX_HOPS {
        // The href is canonical: parsing it again borrows it, no arena.
        let url = Url::parse(std::str::from_utf8(&href[..len])?, &mut [])?;
        let resp = get(&url, &mut response)?;
        let (code, location) = status_and_location(resp).ok_or("bad response head")?;
        println!("{code} {url}");
        match (code, location) {
            (301 | 302 | 303 | 307 | 308, Some(location)) => {
                codes.push(code);
                // The header as it came off the socket: bytes, checked for UTF-8 by the join.
                let next = url.join_bytes(location, &mut arena)?;
                let shown = String::from_utf8_lossy(location);
                println!("    Location: {shown} -> {next}");
                len = next.as_str().len();
                href.get_mut(..len)
                    .ok_or("redirect URL too long")?
                    .copy_from_slice(next.as_str().as_bytes());
            }
            (200, _) => {
                let body_start = resp
                    .windows(4)
                    .position(|w| w == b"\r\n\r\n")
                    .ok_or("no body")?
                    + 4;
                let body = &resp[body_start..];
                println!(
                    "image: {} bytes after {} redirects {:?}: {:?}",
                    body.len(),
                    codes.len(),
                    codes,
                    String::from_utf8_lossy(body)
                );
                return Ok(());
            }
            _ => return Err(format!("unexpected status {code}").into()),
        }
    }
    Err("too many redirects".into())
}
