//! Bootloader: the OTA image's URL from the configuration, one redirect whose `Location`
//! is relative, and the request head for where it points (request line and `Host`), with
//! microurl's firmware layer.
#![no_std]
#![no_main]
include!("../../programs.rs");

use microurl::Url;

/// The image's URL, as configured.
static OTA: &str = "https://ota.example.com/fw/v1/image.bin?dev=42";
/// The server's redirect.
static LOCATION: &str = "../v2/image.bin?dev=42";

/// Parses the OTA URL into `arena`, resolves the redirect against it into `next` and writes
/// the request head for the result into `head`.
fn request_head(arena: &mut [u8], next: &mut [u8], head: &mut Out<'_>) -> Option<()> {
    let url = Url::parse(opaque(OTA), arena).ok()?;
    let url = url.join(opaque(LOCATION), next).ok()?;
    head.put(b"GET ")?;
    head.put(url.request_target().ok()?.as_bytes())?;
    head.put(b" HTTP/1.1\r\nHost: ")?;
    let host = url.host_header_into(head.rest()).ok()?.len();
    head.grow(host);
    head.put(b"\r\n\r\n")
}

#[entry]
fn main() -> ! {
    let (mut arena, mut next, mut buf) = ([0u8; 128], [0u8; 128], [0u8; 128]);
    let mut head = Out::new(&mut buf);
    let ok = request_head(&mut arena, &mut next, &mut head).is_some();
    print(head.written());
    finish(ok)
}
