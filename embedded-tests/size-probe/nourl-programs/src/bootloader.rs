//! The bootloader of microurl-programs with nourl: the redirect resolved by hand (its path
//! after the base's last `/`, `..` and all), the URL written out and parsed again.
#![no_std]
#![no_main]
include!("../../programs.rs");

static OTA: &str = "https://ota.example.com/fw/v1/image.bin?dev=42";
static LOCATION: &str = "../v2/image.bin?dev=42";

/// `location` against `base`, into `out`: as is when it has a scheme, on the base's host
/// when it starts with `/`, else after the last `/` of the base's path.
fn join<'o>(base: &nourl::Url<'_>, location: &str, out: &'o mut [u8]) -> Option<&'o str> {
    let mut w = Out::new(out);
    if location.contains("://") {
        w.put(location.as_bytes())?;
    } else {
        w.put(base.scheme().as_str().as_bytes())?;
        w.put(b"://")?;
        w.put(base.host().as_bytes())?;
        if let Some(port) = base.port() {
            w.put(b":")?;
            w.put_decimal(u32::from(port))?;
        }
        if !location.starts_with('/') {
            let path = base.path().split(['?', '#']).next()?;
            w.put(path.get(..=path.rfind('/')?)?.as_bytes())?;
        }
        w.put(location.as_bytes())?;
    }
    let n = w.len;
    core::str::from_utf8(out.get(..n)?).ok()
}

fn request_head(next: &mut [u8], head: &mut Out<'_>) -> Option<()> {
    let url = nourl::Url::parse(opaque(OTA)).ok()?;
    let url = nourl::Url::parse(join(&url, opaque(LOCATION), next)?).ok()?;
    head.put(b"GET ")?;
    head.put(url.path().split('#').next()?.as_bytes())?;
    head.put(b" HTTP/1.1\r\nHost: ")?;
    head.put(url.host().as_bytes())?;
    if let Some(port) = url.port().filter(|&p| p != url.scheme().default_port()) {
        head.put(b":")?;
        head.put_decimal(u32::from(port))?;
    }
    head.put(b"\r\n\r\n")
}

#[entry]
fn main() -> ! {
    let (mut next, mut buf) = ([0u8; 128], [0u8; 128]);
    let mut head = Out::new(&mut buf);
    let ok = request_head(&mut next, &mut head).is_some();
    print(head.written());
    finish(ok)
}
