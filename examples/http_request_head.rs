//! User task 1: an HTTP/1.1 request head from a URL, in a fixed buffer (no_std: this file
//! also builds for thumbv7em-none-eabihf, as `microurl-examples`' example of the same name).
//!
//! The request-target is the path and query only: the fragment never goes on the wire, and
//! the credentials become an `Authorization: Basic` header, percent-decoded first.
//!
//! ```text
//! cargo run --example http_request_head -- 'http://dev%40fleet:p%3Ass@ota.example:8080/fw/image.bin?v=2#top'
//! ```
#![cfg_attr(target_os = "none", no_std, no_main)]

use microurl::{Error, NetError, Url};

/// Appends bytes to a fixed buffer; too long is an error, never a panic.
struct Head<'b> {
    buf: &'b mut [u8],
    len: usize,
}

impl Head<'_> {
    fn put(&mut self, bytes: &[u8]) -> Result<(), NetError> {
        let end = self.len + bytes.len();
        let room = self
            .buf
            .get_mut(self.len..end)
            .ok_or(NetError::Url(Error::ArenaTooSmall { needed: end }))?;
        room.copy_from_slice(bytes);
        self.len = end;
        Ok(())
    }

    /// `bytes` in base64 (RFC 4648), for the Basic credentials.
    fn put_base64(&mut self, bytes: &[u8]) -> Result<(), NetError> {
        const ALPHABET: &[u8; 64] =
            b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for chunk in bytes.chunks(3) {
            let b = [
                chunk[0],
                *chunk.get(1).unwrap_or(&0),
                *chunk.get(2).unwrap_or(&0),
            ];
            let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
            let mut out = [b'='; 4];
            for (i, o) in out.iter_mut().enumerate().take(chunk.len() + 1) {
                *o = ALPHABET[((n >> (18 - 6 * i)) & 63) as usize];
            }
            self.put(&out)?;
        }
        Ok(())
    }
}

/// Writes the request head for `GET url` into `buf`; returns its length.
fn request_head(url: &Url<'_>, buf: &mut [u8]) -> Result<usize, NetError> {
    let mut head = Head { buf, len: 0 };
    head.put(b"GET ")?;
    head.put(url.request_target()?.as_bytes())?;
    head.put(b" HTTP/1.1\r\nHost: ")?;
    let mut host = [0u8; 128];
    head.put(url.host_header_into(&mut host)?.as_bytes())?;
    head.put(b"\r\n")?;
    let (mut user, mut pass) = ([0u8; 64], [0u8; 64]);
    if let Some((user, pass)) = url.credentials_into(&mut user, &mut pass)? {
        // user ":" pass, base64-encoded, without another buffer: encode the three parts
        // as one stream.
        let mut joined = [0u8; 129];
        let n = user.len() + 1 + pass.len();
        joined[..user.len()].copy_from_slice(user);
        joined[user.len()] = b':';
        joined[user.len() + 1..n].copy_from_slice(pass);
        head.put(b"Authorization: Basic ")?;
        head.put_base64(&joined[..n])?;
        head.put(b"\r\n")?;
    }
    head.put(b"Connection: close\r\n\r\n")?;
    Ok(head.len)
}

/// The example's check: the head for a URL with credentials, a port and a fragment.
fn demo(input: &str, out: &mut [u8]) -> Result<usize, NetError> {
    let mut arena = [0u8; 256];
    let url = Url::parse(input, &mut arena)?;
    request_head(&url, out)
}

const DEFAULT: &str = "http://dev%40fleet:p%3Ass@OTA.example:8080/fw/image.bin?v=2#top";
const EXPECTED: &[u8] = b"GET /fw/image.bin?v=2 HTTP/1.1\r\nHost: ota.example:8080\r\n\
Authorization: Basic ZGV2QGZsZWV0OnA6c3M=\r\nConnection: close\r\n\r\n";

#[cfg(not(target_os = "none"))]
fn main() -> Result<(), NetError> {
    let input = std::env::args().nth(1);
    let mut out = [0u8; 512];
    let n = demo(input.as_deref().unwrap_or(DEFAULT), &mut out)?;
    print!("{}", String::from_utf8_lossy(&out[..n]));
    if input.is_none() {
        assert_eq!(&out[..n], EXPECTED);
    }
    Ok(())
}

#[cfg(target_os = "none")]
mod device {
    #[panic_handler]
    fn panic(_: &core::panic::PanicInfo) -> ! {
        loop {}
    }

    /// The entry: builds the head and parks (non-zero result on a mismatch, for a debugger).
    #[allow(unsafe_code)]
    #[unsafe(no_mangle)]
    pub extern "C" fn _start() -> ! {
        let mut out = [0u8; 512];
        let ok =
            matches!(super::demo(super::DEFAULT, &mut out), Ok(n) if &out[..n] == super::EXPECTED);
        core::hint::black_box(ok);
        loop {}
    }
}
