//! A firmware-style use: build an OTA request URL from a configured base, a path and query
//! parameters, with every byte in fixed buffers (one of them a `static`), no allocation.
//!
//! ```text
//! cargo run --example firmware_request
//! ```
use microurl::{Url, UrlBuf, form::SearchParams};
use std::sync::Mutex;

/// The arena the request URL is built in: a static buffer, as firmware would reserve.
static REQUEST_ARENA: Mutex<[u8; 256]> = Mutex::new([0; 256]);

/// The provisioned base URL, owned, in a `static` (no allocation: `UrlBuf` is inline bytes).
static OTA_BASE: Mutex<Option<UrlBuf<128>>> = Mutex::new(None);

fn main() -> Result<(), microurl::Error> {
    // Provisioned configuration, e.g. read from flash (not canonical: uppercase, default port).
    let configured = "HTTPS://OTA.Example.COM:443/fleet/";

    // The base lives in an owned, fixed-capacity URL, here in a `static`.
    *OTA_BASE.lock().expect("base lock") = Some(UrlBuf::parse(configured)?);
    let base_slot = OTA_BASE.lock().expect("base lock");
    let base = base_slot.as_ref().expect("provisioned");
    println!("base:    {base}");

    // Resolve the firmware path against it.
    let mut resolved_arena = [0u8; 160];
    let image = base
        .as_url()
        .join("devices/esp32-c6/image.bin", &mut resolved_arena)?;

    // Query parameters, form-urlencoded into fixed storage.
    let mut storage = [0u8; 96];
    let mut params = SearchParams::new(&mut storage[..]);
    params.append("version", "1.4.2")?;
    params.append("serial", "AB 12/34")?;

    let mut arena = REQUEST_ARENA.lock().expect("arena lock");
    let request: Url<'_> = image.with_search_params(&params, &mut arena[..])?;
    println!("request: {request}");
    println!(
        "host {} port {} path {} query {}",
        request.hostname(),
        request.port_or_known_default().unwrap_or(0),
        request.path(),
        request.query().unwrap_or("")
    );
    assert_eq!(
        request.as_str(),
        "https://ota.example.com/fleet/devices/esp32-c6/image.bin?version=1.4.2&serial=AB+12%2F34"
    );
    Ok(())
}
