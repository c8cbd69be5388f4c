//! A reqwless request from a microurl URL (no_std: built for thumbv7em-none-eabihf in the
//! test command, run on the host): the request-target is the path and query only (reqwless
//! would otherwise send the `#fragment` of an href on the wire), `Host` comes from the URL,
//! and the credentials are percent-decoded for `Authorization: Basic`. The head is written
//! into a fixed buffer through reqwless' own `write_header`.
//!
//! ```text
//! cargo run -p microurl-examples --example reqwless_request
//! cargo build -p microurl-examples --example reqwless_request --target thumbv7em-none-eabihf
//! ```
#![cfg_attr(target_os = "none", no_std, no_main)]

use core::convert::Infallible;
use core::future::Future;
use core::pin::pin;
use core::task::{Context, Poll, Waker};
use microurl::{NetError, Url};
use reqwless::request::{Request, RequestBuilder};

/// A fixed buffer as an `embedded_io_async::Write` (what a TCP socket would be).
struct Buffer<'b> {
    buf: &'b mut [u8],
    len: usize,
}

impl embedded_io::ErrorType for Buffer<'_> {
    type Error = Infallible;
}

impl embedded_io_async::Write for Buffer<'_> {
    async fn write(&mut self, data: &[u8]) -> Result<usize, Infallible> {
        let n = data.len().min(self.buf.len() - self.len);
        self.buf[self.len..self.len + n].copy_from_slice(&data[..n]);
        self.len += n;
        Ok(n)
    }

    async fn flush(&mut self) -> Result<(), Infallible> {
        Ok(())
    }
}

/// Runs a future that never waits (writing into memory) to completion.
fn block_on<F: Future>(f: F) -> Option<F::Output> {
    let mut f = pin!(f);
    let mut cx = Context::from_waker(Waker::noop());
    for _ in 0..1000 {
        if let Poll::Ready(v) = f.as_mut().poll(&mut cx) {
            return Some(v);
        }
    }
    None
}

const INPUT: &str = "http://fleet:s3cr%21t@ota.example:8080/fw/image.bin?v=2#section";
const EXPECTED: &[u8] =
    b"GET /fw/image.bin?v=2 HTTP/1.1\r\nAuthorization: Basic ZmxlZXQ6czNjciF0\r\n\
Host: ota.example:8080\r\n\r\n";

/// The request head for [`INPUT`], written by reqwless into `out`; its length.
fn head(out: &mut [u8]) -> Result<usize, NetError> {
    let mut arena = [0u8; 128];
    let url = Url::parse(INPUT, &mut arena)?;
    let (mut user, mut pass) = ([0u8; 32], [0u8; 32]);
    let user = microurl::percent::decode_utf8_into(url.username().as_bytes(), &mut user)?;
    let pass = microurl::percent::decode_utf8_into(url.password().as_bytes(), &mut pass)?;
    let mut host = [0u8; 64];
    let request = Request::get(url.request_target()?)
        .host(url.host_header_into(&mut host)?)
        .basic_auth(user, pass)
        .build();
    let mut buffer = Buffer { buf: out, len: 0 };
    match block_on(request.write_header(&mut buffer)) {
        Some(Ok(())) => Ok(buffer.len),
        _ => Err(NetError::Url(microurl::Error::ArenaTooSmall {
            needed: 512,
        })),
    }
}

#[cfg(not(target_os = "none"))]
fn main() -> Result<(), NetError> {
    let mut out = [0u8; 512];
    let n = head(&mut out)?;
    print!("{}", String::from_utf8_lossy(&out[..n]));
    assert_eq!(&out[..n], EXPECTED, "reqwless head");
    println!(
        "reqwless_request: the head reqwless wrote has no fragment and the decoded credentials"
    );
    Ok(())
}

#[cfg(target_os = "none")]
mod device {
    #[panic_handler]
    fn panic(_: &core::panic::PanicInfo) -> ! {
        loop {}
    }

    #[allow(unsafe_code)]
    #[unsafe(no_mangle)]
    pub extern "C" fn _start() -> ! {
        let mut out = [0u8; 512];
        let ok = matches!(super::head(&mut out), Ok(n) if &out[..n] == super::EXPECTED);
        core::hint::black_box(ok);
        loop {}
    }
}
