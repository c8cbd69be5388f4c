//! User task 5: a URL built from parts (scheme, host, port, path segments from data, query
//! pairs), into a fixed buffer and into a `UrlBuf`, its query from form pairs kept in a
//! `heapless::Vec` (no_std: also built for thumbv7em-none-eabihf by `microurl-examples`).
//!
//! ```text
//! cargo run --example url_from_parts
//! ```
#![cfg_attr(target_os = "none", no_std, no_main)]

use microurl::form::SearchParams;
use microurl::{NetError, UrlBuf, UrlBuilder};

const EXPECTED: &str =
    "coap://[fe80::1]:61616/devices/node%2F7/temp?unit=%C2%B0C&since=2026-11-23T22%3A00";

/// The OTA server's port, as a provisioning record holds it: an integer.
const OTA_PORT: u16 = 8443;

/// Builds the URL twice (in a buffer, in a `UrlBuf`), checks both, and shows that a segment
/// `..` from data is refused rather than deleting `devices`; then the OTA URL, with the
/// provisioned port set as an integer and the query the OTA server wants, kept as a
/// `heapless::String`.
fn demo() -> Result<heapless::String<128>, NetError> {
    let device = "node/7"; // data: its `/` must stay inside the segment
    let mut buf = [0u8; 192];
    let url = UrlBuilder::new("coap", &mut buf)
        .ip("fe80::1".parse().map_err(|_| NetError::NoHost)?)
        .port(61616)
        .segment("devices")
        .segment(device)
        .segment("temp")
        .query_pair("unit", "°C")
        .query_pair("since", "2026-11-23T22:00")
        .build()?;
    // The builder's output is a parsed URL: it reparses to itself.
    let mut arena = [0u8; 192];
    let again = microurl::Url::parse(url.as_str(), &mut arena)?;
    if again != url || url.as_str() != EXPECTED {
        return Err(NetError::WrongScheme);
    }
    let mut scratch = [0u8; 192];
    let refused = UrlBuilder::new("coap", &mut scratch)
        .host("sensor.lan")
        .segment("devices")
        .segment("..")
        .build();
    if refused.err() != Some(NetError::DotSegment) {
        return Err(NetError::WrongScheme);
    }
    let mut scratch = [0u8; 192];
    let mut ota: UrlBuf<128> = UrlBuilder::new("https", &mut scratch)
        .credentials("fleet", "s3cret")
        .host("OTA.Example.com")
        .segment("fw")
        .segment("image v2.bin")
        .build_buf()?;
    ota.set_port_number(Some(OTA_PORT))?;
    // The device's serial and running version as form pairs in a `heapless::Vec` (the
    // URLSearchParams rules: a space is `+`, `/` is `%2F`), written as the URL's query.
    let mut query = SearchParams::from(heapless::Vec::<u8, 64>::new());
    query.append("serial", device)?;
    query.append("running", "1.4.2 beta")?;
    let mut text = [0u8; 64];
    ota.set_search(query.serialize_into(&mut text)?)?;
    // The `UrlBuf`'s storage is a `heapless::String`: handed over as it is, no copy.
    Ok(ota.into())
}

#[cfg(not(target_os = "none"))]
fn main() -> Result<(), NetError> {
    let owned = demo()?;
    println!("{EXPECTED}");
    println!("{owned}");
    assert_eq!(
        owned.as_str(),
        "https://fleet:s3cret@ota.example.com:8443/fw/image%20v2.bin?serial=node%2F7&running=1.4.2+beta"
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
        core::hint::black_box(super::demo().is_ok());
        loop {}
    }
}
